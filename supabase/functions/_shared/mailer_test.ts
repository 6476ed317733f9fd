import assert from 'node:assert/strict';
import { createNodemailerMailer, MailerError, type SmtpConfig, transportOptions } from './mailer.ts';
import { closedPort, startSmtpServer } from './testing/smtp-server.ts';

function config(port: number, overrides: Partial<SmtpConfig> = {}): SmtpConfig {
  return {
    host: '127.0.0.1',
    port,
    username: 'klub',
    password: 'klub-local',
    from_email: 'no-reply@klub.local',
    from_name: 'Klub Inwestora',
    // The test servers offer no TLS: like the local stack's mail catcher, they are allowed in clear.
    allowPlaintext: true,
    ...overrides,
  };
}

Deno.test('transportOptions: port 465 uses implicit TLS, other ports require STARTTLS', () => {
  assert.equal(transportOptions(config(465, { allowPlaintext: false })).secure, true);
  for (const port of [25, 587, 2525]) {
    const options = transportOptions(config(port, { allowPlaintext: false }));
    assert.equal(options.secure, false, String(port));
    assert.equal(options.requireTLS, true, String(port));
  }
  // Only the local stack's mail catcher (a loopback target of a stack that allows private hosts).
  assert.equal(transportOptions(config(54325)).requireTLS, false);
  assert.deepEqual(transportOptions(config(587)).auth, { user: 'klub', pass: 'klub-local' });
  assert.equal(transportOptions(config(587, { password: '' })).auth, undefined);
  assert.equal(transportOptions(config(587), { timeoutMs: 1234 }).connectionTimeout, 1234);
});

Deno.test('the mailer delivers to a real SMTP server: sender, recipient, login, subject and both bodies', async () => {
  const server = await startSmtpServer();
  try {
    await createNodemailerMailer().send(config(server.port), {
      to: 'anna@example.com',
      subject: 'Zażółć gęślą jaźń',
      html: '<p>Cześć &lt;Anna&gt;</p>',
      text: 'Cześć <Anna>',
    });
    assert.equal(server.messages.length, 1);
    const [mail] = server.messages;
    assert.ok(mail);
    assert.deepEqual(mail.envelope, { from: 'no-reply@klub.local', to: ['anna@example.com'] });
    assert.deepEqual(mail.login, { username: 'klub', password: 'klub-local' });
    assert.deepEqual(mail.parsed.from?.value, [{ name: 'Klub Inwestora', address: 'no-reply@klub.local' }]);
    assert.equal(mail.parsed.subject, 'Zażółć gęślą jaźń');
    assert.equal(mail.parsed.html, '<p>Cześć &lt;Anna&gt;</p>');
    assert.equal(mail.parsed.text?.trim(), 'Cześć <Anna>');
  } finally {
    await server.close();
  }
});

Deno.test('a server that offers no STARTTLS gets neither the password nor the message', async () => {
  const server = await startSmtpServer();
  try {
    await assert.rejects(
      () =>
        createNodemailerMailer().send(config(server.port, { allowPlaintext: false }), {
          to: 'anna@example.com',
          subject: 's',
          html: 'h',
        }),
      (error: unknown) => error instanceof MailerError,
    );
    assert.equal(server.messages.length, 0);
    assert.equal(server.logins.length, 0);
  } finally {
    await server.close();
  }
});

Deno.test('the mailer reports a refusing SMTP server as a MailerError naming it', async () => {
  const server = await startSmtpServer({ refuse: { code: 550, message: 'Mailbox unavailable' } });
  try {
    const error = await createNodemailerMailer()
      .send(config(server.port), { to: 'anna@example.com', subject: 's', html: 'h' })
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    assert.ok(error instanceof MailerError, String(error));
    assert.match(error.message, new RegExp(`^SMTP server 127\\.0\\.0\\.1:${server.port} `));
    assert.match(error.message, /550/);
    assert.equal(server.messages.length, 0);
  } finally {
    await server.close();
  }
});

Deno.test('the mailer reports an unreachable SMTP server as a MailerError naming it', async () => {
  const port = await closedPort();
  await assert.rejects(
    () => createNodemailerMailer().send(config(port), { to: 'anna@example.com', subject: 's', html: 'h' }),
    (error: unknown) =>
      error instanceof MailerError &&
      error.message.startsWith(`SMTP server 127.0.0.1:${port} did not take the message`),
  );
});
