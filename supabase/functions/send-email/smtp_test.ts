// End to end through HTTP and SMTP: the handler served by Deno.serve, called as Supabase Auth calls
// the hook, sending with the real nodemailer mailer to a real SMTP server started by the test.
import assert from 'node:assert/strict';
import { createNodemailerMailer } from '../_shared/mailer.ts';
import { closedPort, startSmtpServer, type TestSmtpOptions } from '../_shared/testing/smtp-server.ts';
import { newHookSecret, signedRequest } from '../_shared/testing/webhook.ts';
import { createSendEmailHandler } from './handler.ts';
import {
  assertHookError,
  assertSuccess,
  defaultSmtp,
  fakeStore,
  hookPayload,
  type PayloadOptions,
  quietLogger,
  settings,
  SITE,
} from './testing.ts';

const secret = newHookSecret();

async function withFunction(
  smtpPort: number,
  run: (call: (options: PayloadOptions) => Promise<Response>) => Promise<void>,
): Promise<void> {
  const handler = createSendEmailHandler({
    settings: settings(secret),
    templates: await fakeStore({ defaultSmtp: { ...defaultSmtp, port: smtpPort } }),
    mailer: createNodemailerMailer({ timeoutMs: 2_000 }),
    logger: quietLogger,
  });
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, handler);
  const url = `http://127.0.0.1:${server.addr.port}/functions/v1/send-email`;
  try {
    await run((options) => fetch(signedRequest(secret, hookPayload(options), { url })));
  } finally {
    await server.shutdown();
  }
}

async function withSmtp(
  options: TestSmtpOptions,
  run: (smtp: Awaited<ReturnType<typeof startSmtpServer>>) => Promise<void>,
) {
  const smtp = await startSmtpServer(options);
  try {
    await run(smtp);
  } finally {
    await smtp.close();
  }
}

Deno.test('signup over HTTP: the activation e-mail reaches the SMTP server, escaped and linked', async () => {
  await withSmtp({}, async (smtp) => {
    await withFunction(smtp.port, async (call) => {
      const hostile = `<script>alert("x")</script> O'Brien & Co`;
      await assertSuccess(await call({ action: 'signup', fullName: hostile, tokenHash: 'pkce_0f9e' }));

      assert.equal(smtp.messages.length, 1);
      const [{ parsed, envelope, login }] = smtp.messages as [(typeof smtp.messages)[number]];
      const link = `${SITE}/activate?token=pkce_0f9e`;
      assert.deepEqual(envelope, { from: 'no-reply@klub.local', to: ['anna@example.com'] });
      assert.deepEqual(login, { username: 'klub', password: 'klub-local' });
      assert.deepEqual(parsed.from?.value, [{ name: 'Klub', address: 'no-reply@klub.local' }]);
      assert.equal(parsed.subject, 'Aktywuj swoje konto w Klubie');
      assert.ok(
        String(parsed.html).startsWith(
          '<p>Cześć &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; Co,</p>',
        ),
        String(parsed.html),
      );
      assert.ok(String(parsed.html).includes(`<a href="${link}">Aktywuj konto</a>`));
      assert.ok(parsed.text?.startsWith(`Cześć ${hostile},\n`), String(parsed.text));
      assert.ok(parsed.text?.includes(`\n${link}\n`), String(parsed.text));
    });
  });
});

Deno.test('email change over HTTP: both addresses receive their own link', async () => {
  await withSmtp({}, async (smtp) => {
    await withFunction(smtp.port, async (call) => {
      await assertSuccess(
        await call({
          action: 'email_change',
          newEmail: 'anna.nowa@example.com',
          tokenHash: 'new1',
          tokenHashNew: 'cur1',
        }),
      );
      const links = Object.fromEntries(
        smtp.messages.map(({ envelope, parsed }) => [
          envelope.to.join(),
          /token_hash=(\w+)&type=email_change/.exec(parsed.text ?? '')?.[1],
        ]),
      );
      assert.deepEqual(links, { 'anna.nowa@example.com': 'new1', 'anna@example.com': 'cur1' });
    });
  });
});

Deno.test('an SMTP server refusing the message ends in a 502 hook error', async () => {
  await withSmtp({ refuse: { code: 550, message: 'Mailbox unavailable' } }, async (smtp) => {
    await withFunction(smtp.port, async (call) => {
      const message = await assertHookError(await call({ action: 'magiclink' }), 502);
      // The server's reply goes to the log, never back to Auth (and whoever triggered the e-mail).
      assert.match(message, /^Sending the e-mail failed \(ref [0-9a-f-]{36}\)$/);
      assert.equal(smtp.messages.length, 0);
    });
  });
});

Deno.test('an SMTP server that is down ends in a 502 hook error', async () => {
  const port = await closedPort();
  await withFunction(port, async (call) => {
    await assertHookError(await call({ action: 'recovery' }), 502, /^Sending the e-mail failed \(ref [0-9a-f-]{36}\)$/);
  });
});
