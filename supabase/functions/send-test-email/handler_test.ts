// send-test-email's rules without a network: request validation, the target policy (SSRF guard),
// implicit TLS at 465, CORS and settings. The SMTP conversations are in smtp_test.ts.
import assert from 'node:assert/strict';
import { type Mailer, type OutgoingEmail, type SmtpConfig, transportOptions } from '../_shared/mailer.ts';
import type { AccessGate, SmtpConfigStore, StoredSmtpConfig } from './access.ts';
import { createSendTestEmailHandler } from './handler.ts';
import { settingsFromEnv } from './settings.ts';
import { checkTarget, isPrivateAddress } from '../_shared/smtp-target.ts';
import { quietLogger, storedConfig, testSettings } from './testing.ts';

function recordingMailer() {
  const sent: { config: SmtpConfig; email: OutgoingEmail }[] = [];
  const mailer: Mailer = {
    send: (config, email) => {
      sent.push({ config, email });
      return Promise.resolve();
    },
  };
  return { mailer, sent };
}

const adminGate: AccessGate = { check: () => Promise.resolve('admin') };
const storeOf = (configs: StoredSmtpConfig[]): SmtpConfigStore => ({
  find: (id) => Promise.resolve(configs.find((config) => config.id === id) ?? null),
});

function handler(
  options: {
    configs?: StoredSmtpConfig[];
    settings?: Parameters<typeof testSettings>[0];
    resolve?: (host: string) => Promise<string[]>;
  } = {},
) {
  const { mailer, sent } = recordingMailer();
  const handle = createSendTestEmailHandler({
    settings: testSettings(options.settings),
    access: adminGate,
    configs: storeOf(options.configs ?? []),
    mailer,
    resolve: options.resolve,
    logger: quietLogger,
  });
  const post = async (body: unknown) => {
    const response = await handle(
      new Request('http://localhost/send-test-email', {
        method: 'POST',
        headers: { Authorization: 'Bearer jwt', 'Content-Type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
    return { status: response.status, body: await response.json() };
  };
  return { handle, post, sent };
}

const unsaved = {
  host: 'smtp.example.com',
  port: 465,
  username: 'klub',
  password: 'haslo',
  fromEmail: 'no-reply@example.com',
  fromName: 'Klub',
};
const publicAddress = () => Promise.resolve(['93.184.215.14']);

Deno.test('the recipient must be one e-mail address (invalid_email)', async () => {
  const { post, sent } = handler({ resolve: publicAddress });
  for (const to of ['', 'bez-malpy', 'a@b', 'a@b.pl, c@d.pl', 'a b@c.pl', 42]) {
    assert.deepEqual(
      await post({ to, config: unsaved }),
      { status: 400, body: { error: 'invalid_email' } },
      String(to),
    );
  }
  assert.equal(sent.length, 0);
});

Deno.test('an incomplete configuration is invalid_config: host, port, user name, password, sender', async () => {
  const { post, sent } = handler({ resolve: publicAddress });
  const broken = [
    { ...unsaved, host: '' },
    { ...unsaved, host: 'smtp example.com' },
    { ...unsaved, host: 'http://smtp.example.com' },
    { ...unsaved, port: 0 },
    { ...unsaved, port: 70000 },
    { ...unsaved, port: '587' },
    { ...unsaved, username: ' ' },
    { ...unsaved, password: '' },
    { ...unsaved, fromEmail: 'nadawca' },
    { ...unsaved, fromName: '' },
  ];
  for (const config of broken) {
    assert.deepEqual(
      await post({ to: 'a@example.com', config }),
      { status: 400, body: { error: 'invalid_config' } },
      JSON.stringify(config),
    );
  }
  assert.deepEqual(await post({ to: 'a@example.com' }), { status: 400, body: { error: 'invalid_config' } });
  assert.deepEqual(await post({ to: 'a@example.com', configId: 'not-a-uuid' }), {
    status: 400,
    body: { error: 'invalid_config' },
  });
  assert.deepEqual(await post('not json'), { status: 400, body: { error: 'invalid_request' } });
  assert.equal(sent.length, 0);
});

Deno.test('an unknown configuration id is 404', async () => {
  const { post } = handler();
  assert.deepEqual(await post({ to: 'a@example.com', configId: crypto.randomUUID() }), {
    status: 404,
    body: { error: 'config_not_found' },
  });
});

Deno.test(
  'port 465 goes out with implicit TLS to the checked address, the certificate checked for the host',
  async () => {
    const config = storedConfig(465, { host: 'smtp.example.com' });
    const { post, sent } = handler({ configs: [config], resolve: publicAddress });
    assert.deepEqual(await post({ to: 'a@example.com', configId: config.id }), { status: 200, body: { ok: true } });
    assert.equal(sent.length, 1);
    const options = transportOptions(sent[0]!.config);
    assert.equal(options.host, '93.184.215.14');
    assert.equal(options.port, 465);
    assert.equal(options.secure, true);
    assert.deepEqual(options.tls, { servername: 'smtp.example.com' });
    assert.equal(transportOptions({ ...sent[0]!.config, port: 587 }).secure, false);
  },
);

Deno.test('only SMTP ports on public hosts (port_not_allowed); the list comes from the settings', async () => {
  const { post, sent } = handler({ resolve: publicAddress });
  for (const port of [80, 443, 6379, 8080, 54325]) {
    assert.deepEqual(await post({ to: 'a@example.com', config: { ...unsaved, port } }), {
      status: 422,
      body: { error: 'port_not_allowed', port, allowedPorts: [25, 465, 587, 2525] },
    });
  }
  for (const port of [25, 465, 587, 2525]) {
    assert.equal((await post({ to: 'a@example.com', config: { ...unsaved, port } })).status, 200);
  }
  assert.equal(sent.length, 4);
});

Deno.test('private, loopback and metadata addresses are refused unless the local stack allows them', async () => {
  const strict = handler({ settings: { allowPrivateHosts: false } });
  for (const host of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '192.168.0.10', '172.20.0.1', '0.0.0.0']) {
    assert.deepEqual(await strict.post({ to: 'a@example.com', config: { ...unsaved, host, port: 587 } }), {
      status: 422,
      body: { error: 'host_not_allowed', host },
    });
  }
  // A public-looking name that resolves inside the network is refused too.
  const rebinding = handler({
    settings: { allowPrivateHosts: false },
    resolve: () => Promise.resolve(['93.184.215.14', '10.0.0.5']),
  });
  assert.equal((await rebinding.post({ to: 'a@example.com', config: unsaved })).status, 422);
  assert.equal(strict.sent.length + rebinding.sent.length, 0);

  const local = handler({ settings: { allowPrivateHosts: true } });
  assert.equal(
    (await local.post({ to: 'a@example.com', config: { ...unsaved, host: '127.0.0.1', port: 54325 } })).status,
    200,
  );
});

Deno.test('a host that does not resolve is host_not_found', async () => {
  const { post } = handler({ resolve: () => Promise.reject(new Error('ENOTFOUND')) });
  assert.deepEqual(await post({ to: 'a@example.com', config: { ...unsaved, host: 'brak.example' } }), {
    status: 422,
    body: { error: 'host_not_found', host: 'brak.example' },
  });
});

Deno.test('address classes', () => {
  for (const address of [
    '127.0.0.1',
    '10.0.0.1',
    '100.64.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '224.0.0.1',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:10.0.0.1',
  ]) {
    assert.equal(isPrivateAddress(address), true, address);
  }
  for (const address of ['93.184.215.14', '172.32.0.1', '8.8.8.8', '2a00:1450:4001:829::200e']) {
    assert.equal(isPrivateAddress(address), false, address);
  }
});

Deno.test('checkTarget picks an IPv4 address when the host has both', async () => {
  const result = await checkTarget('smtp.example.com', 587, {
    allowedPorts: [587],
    allowPrivateHosts: false,
    resolve: () => Promise.resolve(['2a00:1450:4001:829::200e', '93.184.215.14']),
  });
  assert.deepEqual(result, { ok: true, address: '93.184.215.14', plaintextAllowed: false });
});

Deno.test('CORS preflight, other methods, and a misconfigured function', async () => {
  const { handle } = handler();
  const preflight = await handle(new Request('http://localhost/send-test-email', { method: 'OPTIONS' }));
  assert.equal(preflight.status, 204);
  assert.match(preflight.headers.get('Access-Control-Allow-Headers') ?? '', /authorization/);
  assert.equal((await handle(new Request('http://localhost/send-test-email'))).status, 405);

  const misconfigured = createSendTestEmailHandler({
    settings: testSettings({ problems: ['SUPABASE_ANON_KEY is not set'] }),
    access: adminGate,
    configs: storeOf([]),
    mailer: recordingMailer().mailer,
    logger: quietLogger,
  });
  const response = await misconfigured(new Request('http://localhost/', { method: 'POST', body: '{}' }));
  assert.equal(response.status, 500);
  assert.deepEqual(await response.json(), { error: 'server_error', message: 'SUPABASE_ANON_KEY is not set' });
});

Deno.test('settings: defaults, the port list, private hosts and the timeout', () => {
  const env = (values: Record<string, string>) => (name: string) => values[name];
  const base = { SUPABASE_URL: 'http://127.0.0.1:54321/', SUPABASE_ANON_KEY: 'a', SUPABASE_SERVICE_ROLE_KEY: 's' };
  const defaults = settingsFromEnv(env(base));
  assert.deepEqual(
    { ...defaults, problems: defaults.problems },
    {
      supabaseUrl: 'http://127.0.0.1:54321',
      anonKey: 'a',
      serviceRoleKey: 's',
      allowedPorts: [25, 465, 587, 2525],
      allowPrivateHosts: false,
      timeoutMs: 10_000,
      problems: [],
    },
  );
  const custom = settingsFromEnv(
    env({ ...base, SMTP_ALLOWED_PORTS: '465, 2525', SMTP_ALLOW_PRIVATE_HOSTS: 'true', SMTP_TEST_TIMEOUT_MS: '5000' }),
  );
  assert.deepEqual([custom.allowedPorts, custom.allowPrivateHosts, custom.timeoutMs], [[465, 2525], true, 5000]);
  assert.deepEqual(settingsFromEnv(env({ SMTP_ALLOWED_PORTS: 'abc' })).problems, [
    'SUPABASE_URL is not set or not an http(s) URL',
    'SUPABASE_ANON_KEY is not set',
    'SUPABASE_SERVICE_ROLE_KEY is not set',
    'SMTP_ALLOWED_PORTS is not a list of ports: abc',
  ]);
});

Deno.test(
  'settings: private SMTP hosts only on a local stack (the rule send-outbox and send-email apply)',
  async () => {
    const env = (values: Record<string, string>) => (name: string) => values[name];
    const keys = { SUPABASE_ANON_KEY: 'a', SUPABASE_SERVICE_ROLE_KEY: 's', SMTP_ALLOW_PRIVATE_HOSTS: 'true' };
    const refusal = 'SMTP_ALLOW_PRIVATE_HOSTS is for local stacks only: remove it from a hosted project';

    const hosted = settingsFromEnv(env({ ...keys, SUPABASE_URL: 'https://abcd.supabase.co' }));
    assert.deepEqual(hosted.problems, [refusal]);
    // A hosted project without the setting is fine; so is a local stack with it (ours or `supabase start`).
    const { SMTP_ALLOW_PRIVATE_HOSTS: _, ...withoutPrivate } = keys;
    assert.deepEqual(
      settingsFromEnv(env({ ...withoutPrivate, SUPABASE_URL: 'https://abcd.supabase.co' })).problems,
      [],
    );
    for (const url of ['http://127.0.0.1:54321', 'http://localhost:54321', 'http://kong:8000']) {
      assert.deepEqual(settingsFromEnv(env({ ...keys, SUPABASE_URL: url })).problems, [], url);
    }

    // The function answers every call with a 500 naming the problem and sends nothing.
    const { mailer, sent } = recordingMailer();
    const refused = createSendTestEmailHandler({
      settings: hosted,
      access: adminGate,
      configs: storeOf([]),
      mailer,
      logger: quietLogger,
    });
    const response = await refused(
      new Request('http://localhost/send-test-email', {
        method: 'POST',
        headers: { Authorization: 'Bearer jwt', 'Content-Type': 'application/json' },
        body: JSON.stringify({ to: 'admin@example.com', config: unsaved }),
      }),
    );
    assert.equal(response.status, 500);
    assert.deepEqual(await response.json(), { error: 'server_error', message: refusal });
    assert.equal(sent.length, 0);
  },
);
