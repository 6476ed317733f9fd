// A real SMTP server (npm smtp-server) that accepts every message and every login, like the mail
// catcher of `supabase start`, and parses what it receives with mailparser.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Logger } from '../log.ts';
import type { MailStore } from './store.ts';

const MAX_SIZE = 10 * 1024 * 1024;

export async function startSmtp(port: number, store: MailStore, log: Logger): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: MAX_SIZE,
    banner: 'local stack mail catcher',
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            const envelope = {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              username: typeof session.user === 'string' ? session.user : '',
            };
            const summary = store.add(parsed, raw, envelope);
            log.info('mail', `✉ "${summary.Subject}" → ${envelope.to.join(', ')}`);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => log.error('mail', `SMTP: ${error.message}`));
  return server;
}

export function stopSmtp(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
