// The handler with a fake template store (the default templates of the migrations) and a recording mailer: which
// e-mails each auth action produces, how they render, and every refusal and failure answer.
import assert from 'node:assert/strict';
import type { EmailTemplate } from '../_shared/email-templates.ts';
import { TemplateStoreError } from '../_shared/email-templates.ts';
import { defaultTemplates } from '../_shared/testing/default-templates.ts';
import { newHookSecret, signature, signedRequest } from '../_shared/testing/webhook.ts';
import { createSendEmailHandler, DELIVERY_FAILURE, type SendEmailDeps, TEMPLATE_BY_ACTION } from './handler.ts';
import {
  assertHookError,
  assertSuccess,
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

/** A logger that keeps what goes to the function's log. */
function recordingLogger() {
  const lines: string[] = [];
  return { lines, info: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
}

async function setup(overrides: Partial<SendEmailDeps> = {}) {
  const templates = await fakeStore();
  const mailer = recordingMailer();
  const handler = createSendEmailHandler({
    settings: settings(secret),
    templates,
    mailer,
    logger: quietLogger,
    resolve: () => Promise.resolve(['93.184.215.14']),
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
  // The local stack's mail catcher: a checked loopback address, the only target allowed in clear.
  assert.deepEqual(config, { ...defaultSmtp, address: '127.0.0.1', allowPlaintext: true });
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
  const templates = await defaultTemplates();
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

Deno.test('magiclink: magic-link with the app link /dashboard?token_hash=…&type=magiclink', async () => {
  const { response, mailer } = await send({
    action: 'magiclink',
    tokenHash: 'pkce_m1',
    redirectTo: `${SITE}/dashboard`,
  });
  await assertSuccess(response);
  const link = `${SITE}/dashboard?token_hash=pkce_m1&type=magiclink`;
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

Deno.test('recovery: password-reset with the app link /reset-password?code={token_hash}', async () => {
  const { response, mailer } = await send({
    action: 'recovery',
    tokenHash: 'pkce_r1',
    redirectTo: `${SITE}/reset-password`,
  });
  await assertSuccess(response);
  const link = `${SITE}/reset-password?code=pkce_r1`;
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
  'no link is built from the payload’s URLs: a hostile site_url or redirect_to host never appears',
  async () => {
    for (const action of ['signup', 'magiclink', 'recovery']) {
      const { mailer } = await send({
        action,
        siteUrl: 'https://evil.example/auth/v1',
        redirectTo: 'https://evil.example/dashboard',
      });
      const email = mailer.sent[0]?.email;
      assert.ok(email, action);
      assert.ok(!email.html.includes('evil.example') && !email.text?.includes('evil.example'), action);
      assert.match(email.text ?? '', /http:\/\/127\.0\.0\.1:5173\//, action);
    }
  },
);

Deno.test(
  'email_change: the new address gets token_hash, the current one token_hash_new (double confirmation)',
  async () => {
    const { response, mailer } = await send({
      action: 'email_change',
      newEmail: 'anna.nowa@example.com',
      tokenHash: 'hash_for_new',
      tokenHashNew: 'hash_for_current',
      redirectTo: `${SITE}/dashboard/settings?email_change=1`,
    });
    await assertSuccess(response);
    const link = (hash: string) => `${SITE}/dashboard/settings?email_change=1&token_hash=${hash}&type=email_change`;
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
  const templates = await defaultTemplates();
  templates.set('magic-link', { ...(templates.get('magic-link') as EmailTemplate), smtp_config: own });
  const store = await fakeStore({ templates });
  const { mailer } = await send({ action: 'magiclink' }, { templates: store });
  // Sent to the address the target check resolved and allowed, with TLS required.
  assert.deepEqual(mailer.sent[0]?.config, { ...own, address: '93.184.215.14', allowPlaintext: false });
  assert.deepEqual(store.reads.sort(), ['name:8484b834-f29e-4af2-bf42-80644d154f76', 'template:magic-link']);
});

Deno.test('fname: the profile’s name first (Auth’s metadata holds none once the profile exists)', async () => {
  const userId = '11111111-2222-4333-8444-555555555555';
  const { mailer } = await send(
    { action: 'recovery', userId, fullName: null },
    { templates: await fakeStore({ names: { [userId]: 'Zofia Wiśniewska' } }) },
  );
  assert.match(mailer.sent[0]?.email.text ?? '', /^Cześć Zofia Wiśniewska,/);
});

Deno.test(
  'fname: during sign-up (no profile committed yet) the copy in the e-mail identity, else the e-mail',
  async () => {
    const fromIdentity = await send({
      action: 'signup',
      fullName: null,
      identityData: { sub: 'x', email: 'anna@example.com', full_name: 'Anna Z Tożsamości' },
    });
    assert.match(fromIdentity.mailer.sent[0]?.email.text ?? '', /^Cześć Anna Z Tożsamości,/);

    const failing = await send(
      { action: 'signup', fullName: null },
      { templates: await fakeStore({ failName: new TemplateStoreError('permission denied') }) },
    );
    await assertSuccess(failing.response);
    assert.match(failing.mailer.sent[0]?.email.text ?? '', /^Cześć anna@example\.com,/);
  },
);

Deno.test('reauthentication: the 6-digit code to the member', async () => {
  const { response, mailer } = await send({ action: 'reauthentication', token: '482913' });
  await assertSuccess(response);
  const email = mailer.sent[0]?.email;
  assert.equal(email?.to, 'anna@example.com');
  assert.equal(email?.subject, 'Kod potwierdzający zmianę hasła');
  assert.ok(email?.html.includes('<strong>482913</strong>'), email?.html);
  assert.match(email?.text ?? '', /Twój kod potwierdzający zmianę hasła w Klubie: 482913/);
});

Deno.test('security notifications: password, e-mail (to the old address) and 2FA changes', async () => {
  const password = await send({ action: 'password_changed_notification' });
  await assertSuccess(password.response);
  assert.equal(password.mailer.sent[0]?.email.subject, 'Hasło do Twojego konta zostało zmienione');

  const email = await send({
    action: 'email_changed_notification',
    email: 'anna.nowa@example.com',
    oldEmail: 'anna@example.com',
  });
  assert.equal(email.mailer.sent[0]?.email.to, 'anna@example.com');
  assert.match(email.mailer.sent[0]?.email.text ?? '', /zmieniony z anna@example\.com na anna\.nowa@example\.com/);

  for (const [action, subject] of [
    ['mfa_factor_enrolled_notification', 'Włączono weryfikację dwuetapową'],
    ['mfa_factor_unenrolled_notification', 'Wyłączono weryfikację dwuetapową'],
  ] as const) {
    const { mailer } = await send({ action, factorType: 'totp' });
    assert.equal(mailer.sent[0]?.email.subject, subject);
    assert.match(mailer.sent[0]?.email.text ?? '', /\(totp\)/);
  }
});

Deno.test('every action with a template finds its template among the migrated defaults', async () => {
  const templates = await defaultTemplates();
  for (const name of Object.values(TEMPLATE_BY_ACTION)) assert.ok(templates.has(name), name);
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
  const templates = await defaultTemplates();
  templates.delete('account-activation');
  const { response, mailer } = await send({ action: 'signup' }, { templates: await fakeStore({ templates }) });
  await assertHookError(response, 500, /^E-mail setup is missing: e-mail template "account-activation" not found/);
  assert.deepEqual(mailer.sent, []);
});

Deno.test('500 naming the template when neither it nor the default has an SMTP config', async () => {
  const { response, mailer } = await send(
    { action: 'recovery' },
    { templates: await fakeStore({ defaultSmtp: null }) },
  );
  await assertHookError(response, 500, /^E-mail setup is missing: no SMTP config for e-mail template "password-reset"/);
  assert.deepEqual(mailer.sent, []);
});

Deno.test('500 when the templates cannot be read', async () => {
  const fail = new TemplateStoreError('reading email template "magic-link" failed: permission denied');
  const logger = recordingLogger();
  const { response } = await send({ action: 'magiclink' }, { templates: await fakeStore({ fail }), logger });
  await assertHookError(response, 500, /^Unexpected error \(ref [0-9a-f-]{36}\)$/);
  assert.ok(logger.lines.some((line) => line.includes('permission denied')));
});

Deno.test(
  '502 when the SMTP server refuses, also when one of two e-mails fails: Auth gets a reference, the log the reply',
  async () => {
    const logger = recordingLogger();
    const signup = await send({ action: 'signup' }, { mailer: recordingMailer(['anna@example.com']), logger });
    const message = await assertHookError(
      signup.response,
      502,
      new RegExp(`^${DELIVERY_FAILURE} \\(ref [0-9a-f-]{36}\\)$`),
    );
    const ref = /ref ([0-9a-f-]{36})/.exec(message)?.[1] ?? '';
    assert.ok(
      logger.lines.some(
        (line) => line.includes(ref) && line.includes('SMTP server 127.0.0.1:54325 did not take the message'),
      ),
      logger.lines.join('\n'),
    );

    const change = await send(
      { action: 'email_change', newEmail: 'anna.nowa@example.com', tokenHash: 'a', tokenHashNew: 'b' },
      { mailer: recordingMailer(['anna@example.com']) },
    );
    await assertHookError(change.response, 502);
  },
);

Deno.test(
  'the target policy on every send: a private or non-canonical SMTP target of a hosted project gets nothing',
  async () => {
    const hosted = settings(secret, {
      supabaseUrl: 'https://abcd.supabase.co',
      smtpPolicy: { allowedPorts: [25, 465, 587, 2525], allowPrivateHosts: false },
    });
    for (const smtp of [
      { ...defaultSmtp, host: '10.0.0.5', port: 587 },
      { ...defaultSmtp, host: '012.0.0.5', port: 587 },
      { ...defaultSmtp, host: 'smtp.example.com', port: 6379 },
    ]) {
      const logger = recordingLogger();
      const { response, mailer } = await send(
        { action: 'recovery' },
        { settings: hosted, templates: await fakeStore({ defaultSmtp: smtp }), logger },
      );
      const message = await assertHookError(response, 502, new RegExp(`^${DELIVERY_FAILURE} \\(ref [0-9a-f-]{36}\\)$`));
      assert.equal(message.includes(smtp.host), false);
      assert.equal(mailer.sent.length, 0, smtp.host);
      assert.ok(
        logger.lines.some((line) => line.includes(smtp.host)),
        logger.lines.join('\n'),
      );
    }
    const resolvedPrivate = await send(
      { action: 'recovery' },
      {
        settings: hosted,
        templates: await fakeStore({ defaultSmtp: { ...defaultSmtp, host: 'smtp.example.com', port: 587 } }),
        resolve: () => Promise.resolve(['169.254.169.254']),
      },
    );
    await assertHookError(resolvedPrivate.response, 502);
    assert.equal(resolvedPrivate.mailer.sent.length, 0);
  },
);

Deno.test('500 for an auth action without a template or a deliberate answer', async () => {
  for (const action of ['email', 'something_new']) {
    const { response, mailer } = await send({ action });
    await assertHookError(
      response,
      500,
      new RegExp(`^E-mail setup is missing: no e-mail template for the auth action "${action}"`),
    );
    assert.deepEqual(mailer.sent, []);
  }
});

Deno.test('invite: refused on purpose (members register themselves), nothing read or sent', async () => {
  const { response, mailer, templates } = await send({ action: 'invite' });
  await assertHookError(response, 400, /^Invitations are not used/);
  assert.deepEqual(mailer.sent, []);
  assert.deepEqual(templates.reads, []);
});

Deno.test(
  'phone and identity notifications: answered 200 without sending (features the club does not have)',
  async () => {
    for (const action of [
      'phone_changed_notification',
      'identity_linked_notification',
      'identity_unlinked_notification',
    ]) {
      const { response, mailer, templates } = await send({ action });
      await assertSuccess(response);
      assert.deepEqual(mailer.sent, [], action);
      assert.deepEqual(templates.reads, [], action);
    }
  },
);

Deno.test('500 naming the variable when the function is misconfigured (after the signature check)', async () => {
  const problems = ['SUPABASE_SERVICE_ROLE_KEY is not set'];
  const { response, templates } = await send({ action: 'signup' }, { settings: settings(secret, { problems }) });
  await assertHookError(response, 500, /^E-mail setup is missing: .*SUPABASE_SERVICE_ROLE_KEY is not set/);
  assert.deepEqual(templates.reads, []);

  const { handler } = await setup({ settings: settings(secret, { problems }) });
  await assertHookError(await handler(signedRequest(newHookSecret(), hookPayload({ action: 'signup' }))), 401);

  const noSecret = await send({ action: 'signup' }, { settings: settings('') });
  await assertHookError(noSecret.response, 500, /SEND_EMAIL_HOOK_SECRET is not set/);
  const badSecret = await send({ action: 'signup' }, { settings: settings('v1,whsec_***') });
  await assertHookError(badSecret.response, 500, /SEND_EMAIL_HOOK_SECRET is invalid/);
});
