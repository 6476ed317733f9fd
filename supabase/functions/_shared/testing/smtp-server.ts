// Test helper: a real SMTP server (npm smtp-server) on 127.0.0.1 and a free port that keeps every
// message it accepts, parsed with mailparser, with the login it saw. `refuse` makes it answer the
// recipient with a permanent failure, as a server that does not take the message would.
// @ts-types="@types/smtp-server"
import { SMTPServer } from 'smtp-server';
// @ts-types="@types/mailparser"
import { type ParsedMail, simpleParser } from 'mailparser';
import { createServer, type Socket } from 'node:net';

export interface ReceivedMail {
  parsed: ParsedMail;
  envelope: { from: string; to: string[] };
  login: { username: string; password: string } | undefined;
}

export interface TestSmtpServer {
  port: number;
  messages: ReceivedMail[];
  /** Every login the server saw, whether or not a message followed. */
  logins: { username: string; password: string }[];
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** Refuse every recipient with this SMTP reply (e.g. 550). */
  refuse?: { code: number; message: string };
  /** Accept only this login (others get 535 Authentication failed); by default any login passes. */
  credentials?: { username: string; password: string };
}

export async function startSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const logins = new Map<string, { username: string; password: string }>();
  const allLogins: { username: string; password: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, session, callback) {
      const { credentials } = options;
      if (credentials && (auth.username !== credentials.username || auth.password !== credentials.password)) {
        return callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
      }
      logins.set(session.id, { username: auth.username ?? '', password: auth.password ?? '' });
      allLogins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username ?? '' });
    },
    onRcptTo(_address, _session, callback) {
      if (!options.refuse) return callback();
      const error = Object.assign(new Error(options.refuse.message), { responseCode: options.refuse.code });
      callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const { mailFrom, rcptTo } = session.envelope;
          messages.push({
            parsed,
            envelope: { from: mailFrom ? mailFrom.address : '', to: rcptTo.map((rcpt) => rcpt.address) },
            login: logins.get(session.id),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    port,
    messages,
    logins: allLogins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A TCP server on 127.0.0.1 that accepts connections and never says a word (no SMTP greeting): a
 * mail server that hangs. Every socket is kept until close().
 */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 where nothing listens (taken, then released). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  const port = await new Promise<number>((resolve) => {
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
