// No secret in any log line (issue 40 §5): the functions run as they are deployed (their default
// console loggers, wrapped in withRequestId) through their failure paths, with every log line of the
// process captured; none may hold the SMTP password, the hook secret or a CRC key, nor a full e-mail.
import assert from 'node:assert/strict';
import type { TemplateStore } from './email-templates.ts';
import { MailerError, type Mailer } from './mailer.ts';
import { withRequestId } from './request.ts';
import { defaultTemplates } from './testing/default-templates.ts';
import { newHookSecret, signedRequest } from './testing/webhook.ts';
import { createSendOutboxHandler } from '../send-outbox/handler.ts';
import { createSendEmailHandler } from '../send-email/handler.ts';
import { hookPayload, settings as sendEmailSettings } from '../send-email/testing.ts';

const SMTP_PASSWORD = 'smtp-Pa55word-never-logged';
const CRC_KEY = 'crc-0f1e2d3c4b5a6978';
const MEMBER_EMAIL = 'jan.kowalski@example.com';

/** Runs `body` with console.* captured; returns every line written. */
async function capturedLog(body: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const original = { info: console.info, error: console.error, warn: console.warn, log: console.log };
  const keep = (...args: unknown[]) => lines.push(args.map(String).join(' '));
  Object.assign(console, { info: keep, error: keep, warn: keep, log: keep });
  try {
    await body();
  } finally {
    Object.assign(console, original);
  }
  return lines;
}

const smtp = {
  host: '127.0.0.1',
  port: 2525,
  username: 'klub',
  password: SMTP_PASSWORD,
  from_email: 'no-reply@klub.local',
  from_name: 'Klub',
};

function store(): TemplateStore {
  const templates = defaultTemplates();
  return {
    findTemplate: async (name) => (await templates).get(name) ?? null,
    findDefaultSmtpConfig: () => Promise.resolve(smtp),
    findMemberName: () => Promise.resolve(null),
  };
}

/** A server that refuses the login, as a real one answers a wrong password. */
const refusingMailer: Mailer = {
  send: () =>
    Promise.reject(new MailerError('Invalid login', { code: 'EAUTH', response: '535 5.7.8 Authentication failed' })),
};

Deno.test(
  'the log lines of the functions’ failure paths hold no SMTP password, hook secret, CRC key or full e-mail',
  async () => {
    const hookSecret = newHookSecret();
    const hookKey = hookSecret.replace(/^v1,whsec_/, '');
    const lines = await capturedLog(async () => {
      const outbox = withRequestId(
        'send-outbox',
        createSendOutboxHandler({
          settings: {
            supabaseUrl: 'http://127.0.0.1:54321',
            serviceRoleKey: 'service-role-key',
            smtpPolicy: { allowedPorts: [2525], allowPrivateHosts: true },
            problems: [],
          },
          outbox: {
            claim: (() => {
              let done = false;
              return () => {
                if (done) return Promise.resolve([]);
                done = true;
                const variables = { crc: CRC_KEY, amount: '10.00' };
                return Promise.resolve([
                  { id: 1, template: 'withdrawal-completed', to_email: MEMBER_EMAIL, variables, attempts: 5 },
                ]);
              };
            })(),
            complete: () => Promise.resolve(),
            fail: () => Promise.resolve(),
          },
          templates: store(),
          mailer: refusingMailer,
          resolve: () => Promise.resolve(['127.0.0.1']),
        }),
      );
      const authorized = { method: 'POST', headers: { Authorization: 'Bearer service-role-key' } };
      assert.equal((await outbox(new Request('http://127.0.0.1/functions/v1/send-outbox', authorized))).status, 200);
      assert.equal(
        (await outbox(new Request('http://127.0.0.1/functions/v1/send-outbox', { method: 'POST' }))).status,
        401,
      );

      const hook = withRequestId(
        'send-email',
        createSendEmailHandler({
          settings: sendEmailSettings(hookSecret),
          templates: store(),
          mailer: refusingMailer,
          resolve: () => Promise.resolve(['127.0.0.1']),
        }),
      );
      const payload = hookPayload({ action: 'recovery', tokenHash: 'pkce_1', email: MEMBER_EMAIL });
      await hook(signedRequest(hookSecret, payload));
      await hook(signedRequest(newHookSecret(), payload));
    });

    assert.ok(lines.length >= 5, `the paths were logged (${lines.length} lines)`);
    assert.ok(lines.some((line) => line.includes('"function":"send-outbox"')));
    assert.ok(lines.some((line) => line.includes('"function":"send-email"')));
    for (const line of lines) {
      for (const secret of [SMTP_PASSWORD, hookSecret, hookKey, CRC_KEY, MEMBER_EMAIL, 'service-role-key']) {
        assert.ok(!line.includes(secret), `a log line holds a secret: ${line}`);
      }
    }
  },
);
