// send-outbox: only the service role key runs it; each claimed e-mail is rendered from its template
// (as migrated) and sent through a real SMTP server, then marked sent; failures are recorded without
// secrets and do not stop the others; batches are claimed until the outbox is empty.
import assert from 'node:assert/strict';
import type { EmailTemplate, TemplateStore } from '../_shared/email-templates.ts';
import { createNodemailerMailer, type Mailer, MailerError, type SmtpConfig } from '../_shared/mailer.ts';
import { defaultTemplates } from '../_shared/testing/default-templates.ts';
import { closedPort, startSmtpServer } from '../_shared/testing/smtp-server.ts';
import { createSendOutboxHandler, type SendOutboxDeps } from './handler.ts';
import type { SendOutboxSettings } from './settings.ts';
import { settingsFromEnv } from './settings.ts';
import type { OutboxEmail, OutboxStore } from './store.ts';

const SERVICE_ROLE_KEY = 'service-role-key';
const quietLogger = { info: () => {}, error: () => {} };

function testSettings(overrides: Partial<SendOutboxSettings> = {}): SendOutboxSettings {
  return {
    supabaseUrl: 'http://127.0.0.1:54321',
    serviceRoleKey: SERVICE_ROLE_KEY,
    smtpPolicy: { allowedPorts: [25, 465, 587, 2525], allowPrivateHosts: true },
    problems: [],
    ...overrides,
  };
}

/** The templates as the e-mail domain's migration inserts them (payment decisions and money e-mails among them). */
async function migratedTemplates(): Promise<Map<string, EmailTemplate>> {
  return await defaultTemplates();
}

function smtpAt(port: number, overrides: Partial<SmtpConfig> = {}): SmtpConfig {
  return {
    host: '127.0.0.1',
    port,
    username: 'klub',
    password: 'very-secret-password',
    from_email: 'no-reply@klub.local',
    from_name: 'Klub',
    ...overrides,
  };
}

function templateStore(templates: Map<string, EmailTemplate>, smtp: SmtpConfig | null): TemplateStore {
  return {
    findTemplate: (name) => Promise.resolve(templates.get(name) ?? null),
    findDefaultSmtpConfig: () => Promise.resolve(smtp),
    findMemberName: () => Promise.resolve(null),
  };
}

/** An outbox in memory, with the RPCs' semantics: a claim takes due rows once. */
function memoryOutbox(emails: Omit<OutboxEmail, 'id' | 'attempts'>[], options: { failClaim?: Error } = {}) {
  const rows = emails.map((email, index) => ({ ...email, id: index + 1, attempts: 0, claimed: false }));
  const sent: number[] = [];
  const failed: { id: number; error: string }[] = [];
  const claims: number[] = [];
  const store: OutboxStore = {
    claim(limit) {
      if (options.failClaim) return Promise.reject(options.failClaim);
      const due = rows.filter((row) => !row.claimed).slice(0, limit);
      for (const row of due) {
        row.claimed = true;
        row.attempts++;
      }
      claims.push(due.length);
      return Promise.resolve(due.map(({ claimed: _claimed, ...row }) => ({ ...row })));
    },
    complete(id) {
      sent.push(id);
      return Promise.resolve();
    },
    fail(id, error) {
      failed.push({ id, error });
      return Promise.resolve();
    },
  };
  return { store, sent, failed, claims };
}

const confirmed = (to: string, reference = 'KLB-7F3K2Q') => ({
  template: 'payment-confirmed',
  to_email: to,
  variables: { fname: 'Anna <Nowak>', reference, item: 'Plan START', amount: '4997.00 PLN', valid_until: '' },
});

function post(token: string | null = SERVICE_ROLE_KEY, method = 'POST'): Request {
  const headers = new Headers();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  return new Request('http://127.0.0.1/functions/v1/send-outbox', { method, headers });
}

function handler(overrides: Partial<SendOutboxDeps> & Pick<SendOutboxDeps, 'outbox' | 'templates'>) {
  return createSendOutboxHandler({
    settings: testSettings(),
    mailer: createNodemailerMailer({ timeoutMs: 2_000 }),
    logger: quietLogger,
    ...overrides,
  });
}

Deno.test(
  'only the service role key runs it: no token, the anon key or a user JWT get 401 and claim nothing',
  async () => {
    const outbox = memoryOutbox([confirmed('anna@example.com')]);
    const handle = handler({ outbox: outbox.store, templates: templateStore(await migratedTemplates(), null) });
    for (const token of [null, '', 'anon-key', 'eyJhbGciOiJIUzI1NiJ9.member.jwt', `${SERVICE_ROLE_KEY}x`]) {
      const response = await handle(post(token));
      assert.equal(response.status, 401);
      await response.body?.cancel();
    }
    const get = await handle(post(SERVICE_ROLE_KEY, 'GET'));
    assert.equal(get.status, 405);
    await get.body?.cancel();
    assert.deepEqual(outbox.claims, []);
  },
);

Deno.test('renders each claimed e-mail from its template, sends it over SMTP and marks it sent', async () => {
  const smtp = await startSmtpServer();
  try {
    const outbox = memoryOutbox([
      confirmed('anna@example.com'),
      {
        template: 'withdrawal-completed',
        to_email: 'jan@example.com',
        variables: {
          fname: 'Jan',
          amount: '25.00 USDT',
          network: 'BSC',
          tx_hash: '0xabc',
          tx_link: 'https://bscscan.com/tx/0xabc',
        },
      },
    ]);
    const handle = handler({
      outbox: outbox.store,
      templates: templateStore(await migratedTemplates(), smtpAt(smtp.port)),
    });
    const response = await handle(post());
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { claimed: 2, sent: 2, failed: 0 });
    assert.deepEqual(outbox.sent.sort(), [1, 2]);
    assert.equal(smtp.messages.length, 2);
    const anna = smtp.messages.find((m) => m.envelope.to[0] === 'anna@example.com');
    assert.equal(anna?.parsed.subject, 'Potwierdziliśmy Twoją płatność KLB-7F3K2Q');
    assert.match(String(anna?.parsed.html), /Cześć Anna &lt;Nowak&gt;/);
    assert.match(String(anna?.parsed.text), /Plan START, 4997\.00 PLN/);
    assert.deepEqual(anna?.login, { username: 'klub', password: 'very-secret-password' });
    const jan = smtp.messages.find((m) => m.envelope.to[0] === 'jan@example.com');
    assert.equal(jan?.parsed.subject, 'Wypłata 25.00 USDT zrealizowana');
    assert.match(String(jan?.parsed.html), /href="https:\/\/bscscan\.com\/tx\/0xabc"/);
  } finally {
    await smtp.close();
  }
});

Deno.test('a failed send is recorded without the SMTP password and does not stop the others', async () => {
  const refusing: Mailer & { sent: string[] } = {
    sent: [],
    send(config, email) {
      if (email.to === 'bad@example.com') {
        return Promise.reject(
          new MailerError(`SMTP server ${config.host}:${config.port} did not take the message: 550`),
        );
      }
      this.sent.push(email.to);
      return Promise.resolve();
    },
  };
  const outbox = memoryOutbox([confirmed('bad@example.com'), confirmed('good@example.com', 'KLB-222222')]);
  const handle = handler({
    outbox: outbox.store,
    templates: templateStore(await migratedTemplates(), smtpAt(2525)),
    mailer: refusing,
  });
  const response = await handle(post());
  assert.deepEqual(await response.json(), { claimed: 2, sent: 1, failed: 1 });
  assert.deepEqual(refusing.sent, ['good@example.com']);
  assert.deepEqual(outbox.sent, [2]);
  assert.equal(outbox.failed.length, 1);
  assert.equal(outbox.failed[0]?.id, 1);
  assert.match(outbox.failed[0]!.error, /^SMTP: .*did not take the message: 550/);
  assert.doesNotMatch(outbox.failed[0]!.error, /very-secret-password/);
});

Deno.test('an unreachable server, a missing template or SMTP config are failures of that e-mail', async () => {
  const port = await closedPort();
  const templates = await migratedTemplates();
  const unreachable = memoryOutbox([confirmed('anna@example.com')]);
  const response = await handler({ outbox: unreachable.store, templates: templateStore(templates, smtpAt(port)) })(
    post(),
  );
  assert.deepEqual(await response.json(), { claimed: 1, sent: 0, failed: 1 });
  assert.match(unreachable.failed[0]!.error, /^SMTP: /);

  const missing = memoryOutbox([{ ...confirmed('anna@example.com'), template: 'gone' }]);
  await handler({ outbox: missing.store, templates: templateStore(templates, smtpAt(port)) })(post());
  assert.equal(missing.failed[0]?.error, 'e-mail template "gone" not found');

  const noSmtp = memoryOutbox([confirmed('anna@example.com')]);
  await handler({ outbox: noSmtp.store, templates: templateStore(templates, null) })(post());
  assert.match(noSmtp.failed[0]!.error, /no SMTP config/);
});

Deno.test('the SMTP target policy applies: a private host is refused where private hosts are not allowed', async () => {
  let called = false;
  const mailer: Mailer = {
    send() {
      called = true;
      return Promise.resolve();
    },
  };
  const outbox = memoryOutbox([confirmed('anna@example.com')]);
  const handle = handler({
    outbox: outbox.store,
    templates: templateStore(await migratedTemplates(), smtpAt(587, { host: 'mail.internal.example' })),
    mailer,
    settings: testSettings({ smtpPolicy: { allowedPorts: [587], allowPrivateHosts: false } }),
    resolve: () => Promise.resolve(['10.0.0.5']),
  });
  await (await handle(post())).body?.cancel();
  assert.equal(called, false);
  assert.match(outbox.failed[0]!.error, /refused by the target policy \(host_not_allowed\)/);
});

Deno.test('claims batch after batch until the outbox is empty, and stops at the time budget', async () => {
  const sink: Mailer = { send: () => Promise.resolve() };
  const emails = Array.from({ length: 7 }, (_, index) => confirmed(`m${index}@example.com`));
  const templates = templateStore(await migratedTemplates(), smtpAt(2525));
  const all = memoryOutbox(emails);
  const response = await handler({ outbox: all.store, templates, mailer: sink, batchSize: 3 })(post());
  assert.deepEqual(await response.json(), { claimed: 7, sent: 7, failed: 0 });
  assert.deepEqual(all.claims, [3, 3, 1]);

  let clock = 0;
  const budget = memoryOutbox(emails);
  const limited = handler({
    outbox: budget.store,
    templates,
    mailer: { send: () => ((clock += 600), Promise.resolve()) },
    batchSize: 3,
    budgetMs: 1_000,
    now: () => clock,
  });
  assert.deepEqual(await (await limited(post())).json(), { claimed: 3, sent: 3, failed: 0 });
});

Deno.test('500 when the outbox cannot be claimed or the function is misconfigured', async () => {
  const templates = templateStore(await migratedTemplates(), smtpAt(2525));
  const broken = memoryOutbox([], { failClaim: new Error('claim_email_outbox failed: connection refused') });
  const response = await handler({ outbox: broken.store, templates })(post());
  assert.equal(response.status, 500);
  await response.body?.cancel();

  const settings = settingsFromEnv(
    (name) => ({ SUPABASE_URL: 'https://abc.supabase.co', SMTP_ALLOW_PRIVATE_HOSTS: 'true' })[name],
  );
  assert.deepEqual(settings.problems, [
    'SUPABASE_SERVICE_ROLE_KEY is not set',
    'SMTP_ALLOW_PRIVATE_HOSTS is for local stacks only: remove it from a hosted project',
  ]);
  const misconfigured = await handler({ outbox: memoryOutbox([]).store, templates, settings })(post());
  assert.equal(misconfigured.status, 500);
  assert.match((await misconfigured.json()).error, /SUPABASE_SERVICE_ROLE_KEY is not set/);
});

Deno.test('each run reports itself to the health view: success with the SMTP policy, or why it stopped', async () => {
  const runs: { ok: boolean; error: string | null; details: Record<string, unknown> }[] = [];
  const recordRun = (ok: boolean, error: string | null, details: Record<string, unknown>) => {
    runs.push({ ok, error, details });
    return Promise.resolve();
  };
  const empty = memoryOutbox([]);
  const ok = await handler({
    outbox: { ...empty.store, recordRun },
    templates: templateStore(await migratedTemplates(), null),
  })(post());
  assert.equal(ok.status, 200);
  await ok.body?.cancel();

  const broken = memoryOutbox([], { failClaim: new Error('claim_email_outbox failed: connection refused') });
  const stopped = await handler({
    outbox: { ...broken.store, recordRun },
    templates: templateStore(await migratedTemplates(), null),
  })(post());
  assert.equal(stopped.status, 500);
  await stopped.body?.cancel();

  const refused = await handler({
    outbox: { ...empty.store, recordRun },
    templates: templateStore(await migratedTemplates(), null),
  })(post('anon-key'));
  assert.equal(refused.status, 401);
  await refused.body?.cancel();

  const smtpPolicy = { allowedPorts: [25, 465, 587, 2525], allowPrivateHosts: true };
  assert.deepEqual(runs, [
    { ok: true, error: null, details: { smtpPolicy } },
    { ok: false, error: 'run stopped: claim_email_outbox failed: connection refused', details: { smtpPolicy } },
  ]);
});
