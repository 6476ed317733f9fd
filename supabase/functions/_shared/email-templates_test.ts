// The data access against a fake PostgREST: the fetch answers as PostgREST would (JSON arrays for
// GET, its error object with a status otherwise), so these tests check the request the store sends
// and how it reads answers, not the database itself.
import assert from 'node:assert/strict';
import { createServiceRoleClient, supabaseTemplateStore, TemplateStoreError } from './email-templates.ts';

const SERVICE_ROLE_KEY = 'service-role-key';

const smtpRow = {
  host: 'smtp.example.com',
  port: 465,
  username: 'klub',
  password: 'sekret',
  from_email: 'no-reply@example.com',
  from_name: 'Klub',
};

function fakePostgrest(answer: (url: URL) => { status: number; body: unknown }) {
  const requests: { url: URL; headers: Headers }[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    requests.push({ url, headers: request.headers });
    const { status, body } = answer(url);
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
  };
  const store = supabaseTemplateStore(createServiceRoleClient('http://127.0.0.1:54321', SERVICE_ROLE_KEY, fetchImpl));
  return { store, requests };
}

Deno.test('findTemplate reads the template by name with its SMTP config, as the service role', async () => {
  const row = { name: 'account-activation', subject: 'S', html_content: 'H', text_content: 'T', smtp_config: smtpRow };
  const { store, requests } = fakePostgrest(() => ({ status: 200, body: [row] }));

  assert.deepEqual(await store.findTemplate('account-activation'), row);

  const [{ url, headers }] = requests as [(typeof requests)[number]];
  assert.equal(url.pathname, '/rest/v1/email_templates');
  assert.equal(url.searchParams.get('name'), 'eq.account-activation');
  assert.equal(
    url.searchParams.get('select')?.replace(/\s/g, ''),
    'name,subject,html_content,text_content,smtp_config:smtp_configs(host,port,username,password,from_email,from_name)',
  );
  assert.equal(headers.get('apikey'), SERVICE_ROLE_KEY);
  assert.equal(headers.get('authorization'), `Bearer ${SERVICE_ROLE_KEY}`);
});

Deno.test('findTemplate: no linked config gives smtp_config null, a missing template gives null', async () => {
  const row = { name: 'magic-link', subject: 'S', html_content: 'H', text_content: null, smtp_config: null };
  assert.deepEqual(await fakePostgrest(() => ({ status: 200, body: [row] })).store.findTemplate('magic-link'), row);
  assert.equal(await fakePostgrest(() => ({ status: 200, body: [] })).store.findTemplate('magic-link'), null);
});

Deno.test('findDefaultSmtpConfig reads the config marked is_default', async () => {
  const { store, requests } = fakePostgrest(() => ({ status: 200, body: [smtpRow] }));
  assert.deepEqual(await store.findDefaultSmtpConfig(), smtpRow);
  const [{ url }] = requests as [(typeof requests)[number]];
  assert.equal(url.pathname, '/rest/v1/smtp_configs');
  assert.equal(url.searchParams.get('is_default'), 'eq.true');
  assert.equal(await fakePostgrest(() => ({ status: 200, body: [] })).store.findDefaultSmtpConfig(), null);
});

Deno.test('a PostgREST error becomes a TemplateStoreError naming what was read', async () => {
  const denied = {
    status: 401,
    body: { code: '42501', details: null, hint: null, message: 'permission denied for table email_templates' },
  };
  const { store } = fakePostgrest(() => denied);
  await assert.rejects(
    () => store.findTemplate('password-reset'),
    (error: unknown) => {
      assert.ok(error instanceof TemplateStoreError);
      assert.match(error.message, /email template "password-reset".*permission denied/);
      return true;
    },
  );
  await assert.rejects(() => store.findDefaultSmtpConfig(), /default SMTP config.*permission denied/);
});

Deno.test('a row of an unexpected shape is refused rather than half-used', async () => {
  const row = {
    name: 'x',
    subject: 'S',
    html_content: 'H',
    text_content: null,
    smtp_config: { ...smtpRow, port: '465' },
  };
  await assert.rejects(
    () => fakePostgrest(() => ({ status: 200, body: [row] })).store.findTemplate('x'),
    TemplateStoreError,
  );
});
