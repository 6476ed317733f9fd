// The mail catcher: SMTP on one port, the web inbox and its API on another.
import type { Server } from 'node:http';
import type { SMTPServer } from 'smtp-server';
import { closeServer, listen } from '../http.ts';
import type { Logger } from '../log.ts';
import { mailApi } from './api.ts';
import { startSmtp, stopSmtp } from './smtp.ts';
import { MailStore } from './store.ts';

export interface MailCatcher {
  store: MailStore;
  stop(): Promise<void>;
}

export async function startMail({ smtpPort, webPort, log }: { smtpPort: number; webPort: number; log: Logger }) {
  const store = new MailStore();
  const smtp: SMTPServer = await startSmtp(smtpPort, store, log);
  let web: Server;
  try {
    web = await listen(mailApi(store), webPort);
  } catch (error) {
    await stopSmtp(smtp);
    throw error;
  }
  return {
    store,
    stop: async () => {
      await Promise.all([stopSmtp(smtp), closeServer(web)]);
    },
  } satisfies MailCatcher;
}
