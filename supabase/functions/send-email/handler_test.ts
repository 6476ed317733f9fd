// The handler with a fake template store (the seed's templates) and a recording mailer: which
// e-mails each auth action produces, how they render, and every refusal and failure answer.
import assert from 'node:assert/strict';
import type { EmailTemplate } from '../_shared/email-templates.ts';
import { TemplateStoreError } from '../_shared/email-templates.ts';
import { seedTemplates } from '../_shared/testing/seed-templates.ts';
import { newHookSecret, signature, signedRequest } from '../_shared/testing/webhook.ts';
import { createSendEmailHandler, type SendEmailDeps } from './handler.ts';
import {
  assertHookError,
  assertSuccess,
  AUTH_URL,
  defaultSmtp,
  fakeStore,
  hookPayload,
  type PayloadOptions,
  quietLogger,
  recordingMailer,
  settings,
  SITE,
} from './testing.ts';

const secret = newHookSecret();

/** A URL as it appears in an href: the query's & escaped. */
const inHtml = (url: string) => url.replaceAll('&', '&amp;');

async function setup(overrides: Partial<SendEmailDeps> = {}) {
  const templates = await fakeStore();
  const mailer = recordingMailer();
  const handler = createSendEmailHandler({
    settings: settings(secret),
    templates,
    mailer,
    logger: quietLogger,
    ...overrides,
  });
  return { handler, templates, mailer };
}

async function send(options: PayloadOptions, overrides: Partial<SendEmailDeps> = {}) {
  const context = await setup(overrides);
  const response = await context.handler(signedRequest(secret, hookPayload(options)));
  return { ...context, response };
}

// --- what each action sends ---------------------------------------------------------------

Deno.test('signup: account-activation to the user, with fname and the {app origin}/activate?token= link', async () => {
  const { response, mailer } = await send({ action: 'signup', tokenHash: 'pkce_5e1f', redirectTo: `${SITE}/activate` });
  await assertSuccess(response);
  assert.equal(mailer.sent.length, 1);
  const [{ config, email }] = mailer.sent as [(typeof mailer.sent)[number]];
  const link = `${SITE}/activate?token=pkce_5e1f`;
  assert.deepEqual(config, defaultSmtp);
  assert.equal(email.to, 'anna@example.com');
  assert.equal(email.subject, 'Aktywuj swoje konto w Klubie');
  assert.equal(
    email.html,
    `<p>Cześć Anna Nowak,</p><p>dziękujemy za rejestrację w Klubie. Kliknij poniższy link, aby aktywować konto:</p><p><a href="${link}">Aktywuj konto</a></p><p>Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.</p>`,
  );
  assert.equal(
    email.text,
    `Cześć Anna Nowak,\n\ndziękujemy za rejestrację w Klubie. Aktywuj konto, otwierając link:\n${link}\n\nJeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.`,
  );
});

Deno.test('signup: the link keeps an allowed redirect origin and replaces a foreign one with SITE_URL', async () => {
  const allowed = await send({ action: 'signup', tokenHash: 't1', redirectTo: 'http://localhost:5173/activate' });
  assert.match(allowed.mailer.sent[0]?.email.text ?? '', /^http:\/\/localhost:5173\/activate\?token=t1$/m);
  const foreign = await send({ action: 'signup', tokenHash: 't2', redirectTo: 'https://evil.example/activate' });
  assert.match(foreign.mailer.sent[0]?.email.text ?? '', /^http:\/\/127\.0\.0\.1:5173\/activate\?token=t2$/m);
  assert.ok(!foreign.mailer.sent[0]?.email.html.includes('evil.example'));
});

Deno.test('signup: fname falls back to the e-mail when the full name is missing or blank', async () => {
  for (const fullName of [null, '', '   ', 42]) {
    const { mailer } = await send({ action: 'signup', fullName, email: 'jan@example.com' });
    assert.match(mailer.sent[0]?.email.text ?? '', /^Cześć jan@example\.com,/, JSON.stringify(fullName));
  }
});

Deno.test('signup: a hostile full name is escaped in HTML and plain in the text and subject', async () => {
  const hostile = `<script>alert("x")</script> O'Brien & Co`;
  const templates = await seedTemplates();
  const activation = templates.get('account-activation') as EmailTemplate;
  templates.set('account-activation', { ...activation, subject: 'Witaj {{fname}}' });
  const { mailer } = await send({ action: 'signup', fullName: hostile }, { templates: await fakeStore({ templates }) });
  const email = mailer.sent[0]?.email;
  assert.ok(email);
  assert.ok(
    email.html.startsWith('<p>Cześć &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; Co,</p>'),
    email.html,
  );
  assert.ok(!email.html.includes('<script>'));
  assert.ok(email.text?.startsWith(`Cześć ${hostile},`));
  assert.equal(email.subject, `Witaj ${hostile}`);
});

Deno.test("magiclink: magic-link with Auth's verify link (type magiclink, redirect_to encoded)", async () => {
  const { response, mailer } = await send({
    action: 'magiclink',
    tokenHash: 'pkce_m1',
    redirectTo: `${SITE}/dashboard`,
  });
  await assertSuccess(response);
  const link = `${AUTH_URL}/verify?token=pkce_m1&type=magiclink&redirect_to=http%3A%2F%2F127.0.0.1%3A5173%2Fdashboard`;
  assert.deepEqual(
    mailer.sent.map(({ email }) => email),
    [
      {
        to: 'anna@example.com',
        subject: 'Twój link do logowania',
        html: `<p>Cześć Anna Nowak,</p><p>kliknij, aby zalogować się do Klubu:</p><p><a href="${inHtml(link)}">Zaloguj się</a></p><p>Link jest jednorazowy.</p>`,
        text: `Cześć Anna Nowak,\n\nzaloguj się do Klubu, otwierając link (jednorazowy):\n${link}`,
      },
    ],
  );
});

Deno.test("recovery: password-reset with Auth's verify link (type recovery) back to /reset-password", async () => {
  const { response, mailer } = await send({
    action: 'recovery',
    tokenHash: 'pkce_r1',
    redirectTo: `${SITE}/reset-password`,
  });
  await assertSuccess(response);
  const link = `${AUTH_URL}/verify?token=pkce_r1&type=recovery&redirect_to=http%3A%2F%2F127.0.0.1%3A5173%2Freset-password`;
  const email = mailer.sent[0]?.email;
  assert.equal(email?.to, 'anna@example.com');
  assert.equal(email?.subject, 'Zmiana hasła w Klubie');
  assert.ok(email?.html.includes(`<a href="${inHtml(link)}">Ustaw nowe hasło</a>`), email?.html);
  assert.equal(
    email?.text,
    `Cześć Anna Nowak,\n\nustaw nowe hasło, otwierając link:\n${link}\n\nJeśli to nie Ty, zignoruj tę wiadomość.`,
  );
});

Deno.test(
  'email_change: the new address gets token_hash, the current one token_hash_new (double confirmation)',
  async () => {
    const { response, mailer } = await send({
      action: 'email_change',
      newEmail: 'anna.nowa@example.com',
      tokenHash: 'hash_for_new',
      tokenHashNew: 'hash_for_current',
      redirectTo: `${SITE}/dashboard`,
    });
    await assertSuccess(response);
    const link = (hash: string) =>
      `${AUTH_URL}/verify?token=${hash}&type=email_change&redirect_to=http%3A%2F%2F127.0.0.1%3A5173%2Fdashboard`;
    const byRecipient = Object.fromEntries(mailer.sent.map(({ email }) => [email.to, email]));
    assert.deepEqual(Object.keys(byRecipient).sort(), ['anna.nowa@example.com', 'anna@example.com']);
    for (const [to, hash] of [
      ['anna.nowa@example.com', 'hash_for_new'],
      ['anna@example.com', 'hash_for_current'],
    ] as const) {
      const email = byRecipient[to];
      assert.equal(email?.subject, 'Potwierdź nowy adres email');
      assert.equal(
        email?.html,
        `<p>Cześć Anna Nowak,</p><p>potwierdź zmianę adresu email na anna.nowa@example.com:</p><p><a href="${inHtml(link(hash))}">Potwierdź adres</a></p>`,
      );
      assert.equal(
        email?.text,
        `Cześć Anna Nowak,\n\npotwierdź zmianę adresu email na anna.nowa@example.com:\n${link(hash)}`,
      );
    }
  },
);

Deno.test('email_change: only the new address when Auth sends a single token', async () => {
  const { mailer } = await send({ action: 'email_change', newEmail: 'anna.nowa@example.com', tokenHash: 'h' });
  assert.deepEqual(
    mailer.sent.map(({ email }) => email.to),
    ['anna.nowa@example.com'],
  );
});

Deno.test("a template's own SMTP config wins over the default one", async () => {
  const own = { ...defaultSmtp, host: 'smtp.example.com', port: 465 };
  const templates = await seedTemplates();
  templates.set('magic-link', { ...(templates.get('magic-link') as EmailTemplate), smtp_config: own });
  const store = await fakeStore({ templates });
  const { mailer } = await send({ action: 'magiclink' }, { templates: store });
  assert.deepEqual(mailer.sent[0]?.config, own);
  assert.deepEqual(store.reads, ['template:magic-link']);
});

// --- refusals -------------------------------------------------------------------------------

Deno.test(
  '401 without the signature headers, with a wrong secret or a stale timestamp; nothing read or sent',
  async () => {
    const { handler, templates, mailer } = await setup();
    const body = JSON.stringify(hookPayload({ action: 'signup' }));
    const unsigned = new Request('http://x/', {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
    });
    await assertHookError(await handler(unsigned), 401, /^Invalid webhook signature$/);

    await assertHookError(await handler(signedRequest(newHookSecret(), body)), 401);

    const stale = Math.floor(Date.now() / 1000) - 6 * 60;
    await assertHookError(await handler(signedRequest(secret, body, { timestamp: stale })), 401);
    const future = Math.floor(Date.now() / 1000) + 6 * 60;
    await assertHookError(await handler(signedRequest(secret, body, { timestamp: future })), 401);

    const id = 'msg_1';
    const now = Math.floor(Date.now() / 1000);
    for (const missing of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const headers = new Headers({
        'webhook-id': id,
        'webhook-timestamp': String(now),
        'webhook-signature': signature(secret, id, now, body),
      });
      headers.delete(missing);
      await assertHookError(await handler(new Request('http://x/', { method: 'POST', body, headers })), 401);
    }
    assert.deepEqual(templates.reads, []);
    assert.deepEqual(mailer.sent, []);
  },
);

Deno.test('the signature covers the exact body: a changed payload is refused', async () => {
  const { handler } = await setup();
  const signed = signedRequest(secret, hookPayload({ action: 'signup' }));
  const tampered = new Request(signed.url, {
    method: 'POST',
    headers: signed.headers,
    body: JSON.stringify(hookPayload({ action: 'signup', email: 'eve@example.com' })),
  });
  await assertHookError(await handler(tampered), 401);
});

Deno.test('405 for anything but POST', async () => {
  const { handler } = await setup();
  await assertHookError(await handler(new Request('http://x/', { method: 'GET' })), 405);
});

Deno.test('400 for a signed body that is not a Send Email Hook payload', async () => {
  const { handler, mailer } = await setup();
  await assertHookError(await handler(signedRequest(secret, 'not json')), 400, /not JSON/);
  await assertHookError(await handler(signedRequest(secret, { user: {} })), 400, /user and email_data/);
  const noEmail = hookPayload({ action: 'signup', email: '' });
  await assertHookError(await handler(signedRequest(secret, noEmail)), 400, /user\.email/);
  await assertHookError(
    await handler(signedRequest(secret, hookPayload({ action: 'signup', tokenHash: '' }))),
    400,
    /token_hash/,
  );
  await assertHookError(
    await handler(signedRequest(secret, hookPayload({ action: 'email_change' }))),
    400,
    /new_email/,
  );
  assert.deepEqual(mailer.sent, []);
});

// --- failures -------------------------------------------------------------------------------

Deno.test('500 naming the template when it does not exist; nothing sent', async () => {
  const templates = await seedTemplates();
  templates.delete('account-activation');
  const { response, mailer } = await send({ action: 'signup' }, { templates: await fakeStore({ templates }) });
  await assertHookError(response, 500, /E-mail template "account-activation" not found/);
  assert.deepEqual(mailer.sent, []);
});

Deno.test('500 naming the template when neither it nor the default has an SMTP config', async () => {
  const { response, mailer } = await send(
    { action: 'recovery' },
    { templates: await fakeStore({ defaultSmtp: null }) },
  );
  await assertHookError(response, 500, /No SMTP config for e-mail template "password-reset"/);
  assert.deepEqual(mailer.sent, []);
});

Deno.test('500 when the templates cannot be read', async () => {
  const fail = new TemplateStoreError('reading email template "magic-link" failed: permission denied');
  const { response } = await send({ action: 'magiclink' }, { templates: await fakeStore({ fail }) });
  await assertHookError(response, 500, /permission denied/);
});

Deno.test('500 naming the SMTP server when it refuses, also when one of two e-mails fails', async () => {
  const refusing = recordingMailer(['anna@example.com']);
  const signup = await send({ action: 'signup' }, { mailer: refusing });
  await assertHookError(signup.response, 500, /^SMTP server 127\.0\.0\.1:54325 did not take the message/);

  const change = await send(
    { action: 'email_change', newEmail: 'anna.nowa@example.com', tokenHash: 'a', tokenHashNew: 'b' },
    { mailer: recordingMailer(['anna@example.com']) },
  );
  await assertHookError(change.response, 500);
});

Deno.test('500 for an auth action without a template (invite, reauthentication, …)', async () => {
  for (const action of ['invite', 'reauthentication', 'email', 'something_new']) {
    const { response, mailer } = await send({ action });
    await assertHookError(response, 500, new RegExp(`No e-mail template for the auth action "${action}"`));
    assert.deepEqual(mailer.sent, []);
  }
});

Deno.test('500 naming the variable when the function is misconfigured (after the signature check)', async () => {
  const problems = ['SUPABASE_SERVICE_ROLE_KEY is not set'];
  const { response, templates } = await send({ action: 'signup' }, { settings: settings(secret, { problems }) });
  await assertHookError(response, 500, /SUPABASE_SERVICE_ROLE_KEY is not set/);
  assert.deepEqual(templates.reads, []);

  const { handler } = await setup({ settings: settings(secret, { problems }) });
  await assertHookError(await handler(signedRequest(newHookSecret(), hookPayload({ action: 'signup' }))), 401);

  const noSecret = await send({ action: 'signup' }, { settings: settings('') });
  await assertHookError(noSecret.response, 500, /SEND_EMAIL_HOOK_SECRET is not set/);
  const badSecret = await send({ action: 'signup' }, { settings: settings('v1,whsec_***') });
  await assertHookError(badSecret.response, 500, /SEND_EMAIL_HOOK_SECRET is invalid/);
});
