import { describe, expect, it, beforeAll } from 'vitest';
import { TEMPLATE_BY_ACTION } from '../../supabase/functions/send-email/templates.ts';
import { admin, createMember, errorOf, queryAs, sqlState, createAdmin, type TestUser, asActor } from '../helpers/db.ts';
import { createEmailTemplate, createSmtpConfig, type SmtpRow } from '../helpers/content-factories.ts';
import {
  checkLedgerAfterEachTest,
  claimWithdrawal,
  fundWallet,
  pendingWithdrawal,
  txHash,
} from '../helpers/money-factories.ts';

// Account security (issue 9): the attacks on sign-up that the database must stop, each reproduced
// the way Auth writes its tables (a user row, an e-mail identity, a confirmation), then the rule.
describe('account security', () => {
  describe('the send-email hook’s templates', () => {
    it('are listed in one place in the database, the same map the function uses', async () => {
      const { rows } = await admin().query<{ action: string; template: string }>(
        'select action, template from private.auth_hook_email_templates() order by action',
      );
      expect(Object.fromEntries(rows.map((row) => [row.action, row.template]))).toEqual(TEMPLATE_BY_ACTION);
      expect(await sqlState(queryAs('anon', 'select * from private.auth_hook_email_templates()'))).toBe('42501');
    });
  });
});

// Admin area (issue 13): the second factor for admin rights, the hook templates' guard, member
// deletion that keeps money records and returns the member's files, the moderation and payout lists.
describe('admin area', () => {
  const HOOK_TEMPLATES = [
    'account-activation',
    'magic-link',
    'password-reset',
    'email-change',
    'reauthentication',
    'password-changed',
    'email-changed',
    'mfa-factor-enrolled',
    'mfa-factor-unenrolled',
  ];

  checkLedgerAfterEachTest();

  describe('templates of the send-email hook', () => {
    async function hookTemplate(name: string): Promise<string> {
      await admin().query(
        `insert into public.email_templates (name, subject, html_content) values ($1, 'Temat', '<p>Treść</p>')
       on conflict (name) do nothing`,
        [name],
      );
      const { rows } = await admin().query<{ id: string }>('select id from public.email_templates where name = $1', [
        name,
      ]);
      return rows[0]!.id;
    }

    it('protects exactly the templates of the hook action list (private.auth_hook_email_templates)', async () => {
      const { rows } = await admin().query<{ names: string[] }>('select private.hook_template_names() as names');
      expect(rows[0]?.names).toEqual([...HOOK_TEMPLATES].sort());
    });

    it('come with the migrations (a hosted project gets no seed), sending through the default SMTP config', async () => {
      const { rows } = await admin().query<{ name: string; smtp_config_id: string | null; html_content: string }>(
        `select t.name, t.smtp_config_id, t.html_content from private.auth_hook_email_templates() h
         join public.email_templates t on t.name = h.template order by t.name`,
      );
      expect(rows.map((row) => row.name)).toEqual([...HOOK_TEMPLATES].sort());
      for (const row of rows) {
        expect(row.smtp_config_id).toBeNull();
        expect(row.html_content).toContain('{{fname}}');
      }
    });

    it.each(HOOK_TEMPLATES)('%s cannot be deleted or renamed, by an admin or by server code', async (name) => {
      const id = await hookTemplate(name);
      const adminUser = await createAdmin();
      const refused = { code: 'P0001', message: 'templates.hook_template_protected' };
      expect(await errorOf(queryAs(adminUser, 'delete from public.email_templates where id = $1', [id]))).toEqual(
        refused,
      );
      expect(
        await errorOf(queryAs(adminUser, "update public.email_templates set name = 'inna-nazwa' where id = $1", [id])),
      ).toEqual(refused);
      expect(await errorOf(admin().query('delete from public.email_templates where id = $1', [id]))).toEqual(refused);
      const { rows } = await admin().query('select name from public.email_templates where id = $1', [id]);
      expect(rows).toEqual([{ name }]);
    });

    it('the admin list flags the hook templates; members may not read it', async () => {
      const adminUser = await createAdmin();
      await hookTemplate('magic-link');
      const other = await createEmailTemplate();
      const rows = await queryAs<{ name: string; used_by_hook: boolean }>(
        adminUser,
        'select name, used_by_hook from public.admin_list_email_templates()',
      );
      expect(rows.find((row) => row.name === 'magic-link')?.used_by_hook).toBe(true);
      expect(rows.find((row) => row.name === other.name)?.used_by_hook).toBe(false);
      expect(await errorOf(queryAs(await createMember(), 'select * from public.admin_list_email_templates()'))).toEqual(
        {
          code: '42501',
          message: 'auth.forbidden',
        },
      );
    });

    it('a hook template can still be edited, other templates deleted and renamed', async () => {
      const adminUser = await createAdmin();
      const id = await hookTemplate('account-activation');
      const [edited] = await queryAs<{ subject: string }>(
        adminUser,
        "update public.email_templates set subject = subject, name = name, html_content = '<p>Nowa treść</p>' where id = $1 returning subject",
        [id],
      );
      expect(edited?.subject).toBeTruthy();

      const other = await createEmailTemplate();
      expect(
        await queryAs(adminUser, 'update public.email_templates set name = $2 where id = $1 returning name', [
          other.id,
          `${other.name}-2`,
        ]),
      ).toEqual([{ name: `${other.name}-2` }]);
      expect(
        await queryAs(adminUser, 'delete from public.email_templates where id = $1 returning id', [other.id]),
      ).toEqual([{ id: other.id }]);
    });
  });
});

const MASK = '••••••••';

const smtpColumns = 'id, name, host, port, username, from_email, from_name, is_default, secure, created_at, updated_at';

async function storedSmtp(id: string): Promise<SmtpRow | undefined> {
  const { rows } = await admin().query<SmtpRow>('select * from public.smtp_configs where id = $1', [id]);
  return rows[0];
}

describe('admin content', () => {
  let member: TestUser;
  let adminUser: TestUser;

  beforeAll(async () => {
    member = await createMember();
    adminUser = await createAdmin();
  });

  describe('smtp_configs', () => {
    it('is invisible to anon (no privilege) and to members (no rows)', async () => {
      await createSmtpConfig();
      expect(await sqlState(queryAs('anon', `select ${smtpColumns} from public.smtp_configs`))).toBe('42501');
      expect(await queryAs(member, `select ${smtpColumns} from public.smtp_configs`)).toEqual([]);
    });

    it('never lets a client read the password column, not even an admin', async () => {
      await createSmtpConfig();
      for (const actor of [member, adminUser, 'anon'] as const) {
        expect(await sqlState(queryAs(actor, 'select password from public.smtp_configs'))).toBe('42501');
        expect(await sqlState(queryAs(actor, 'select * from public.smtp_configs'))).toBe('42501');
      }
    });

    it('lets admins read every other column', async () => {
      const config = await createSmtpConfig({ port: 465 });
      const rows = await queryAs(adminUser, `select host, port, secure from public.smtp_configs where id = $1`, [
        config.id,
      ]);
      expect(rows).toEqual([{ host: config.host, port: 465, secure: true }]);
    });

    it('gives service_role (the mail-sending server code) the password in clear, read-only', async () => {
      const config = await createSmtpConfig({ password: 'jawne-haslo' });
      expect(
        await queryAs('service_role', 'select password from public.smtp_configs where id = $1', [config.id]),
      ).toEqual([{ password: 'jawne-haslo' }]);
      expect(
        await sqlState(
          queryAs('service_role', "update public.smtp_configs set password = 'x' where id = $1", [config.id]),
        ),
      ).toBe('42501');
    });

    it('admits no direct insert or update, even by admins (writes go through admin_upsert_smtp_config)', async () => {
      const config = await createSmtpConfig();
      expect(
        await sqlState(
          queryAs(
            adminUser,
            "insert into public.smtp_configs (name, host, username, from_email, from_name) values ('X', 'smtp.x.test', 'u', 'a@x.test', 'X')",
          ),
        ),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs(adminUser, "update public.smtp_configs set host = 'evil.test' where id = $1", [config.id]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(queryAs(member, "update public.smtp_configs set host = 'evil.test' where id = $1", [config.id])),
      ).toBe('42501');
    });

    it('lets admins delete a configuration (templates keep existing without it); members delete nothing', async () => {
      const config = await createSmtpConfig();
      const template = await createEmailTemplate({ smtp_config_id: config.id });
      expect(await queryAs(member, 'delete from public.smtp_configs where id = $1 returning id', [config.id])).toEqual(
        [],
      );
      expect(await sqlState(queryAs('anon', 'delete from public.smtp_configs where id = $1', [config.id]))).toBe(
        '42501',
      );
      expect(await storedSmtp(config.id)).toBeDefined();
      expect(
        await queryAs(adminUser, 'delete from public.smtp_configs where id = $1 returning id', [config.id]),
      ).toEqual([{ id: config.id }]);
      const { rows } = await admin().query('select smtp_config_id from public.email_templates where id = $1', [
        template.id,
      ]);
      expect(rows).toEqual([{ smtp_config_id: null }]);
    });

    it('allows at most one default configuration and derives secure from port 465', async () => {
      const first = await createSmtpConfig({ is_default: false });
      expect(first.secure).toBe(false);
      await admin().query('update public.smtp_configs set is_default = false');
      await createSmtpConfig({ is_default: true });
      expect(await sqlState(createSmtpConfig({ is_default: true }))).toBe('23505');
    });
  });

  describe('admin_list_smtp_configs', () => {
    it('shows admins every configuration with the password masked (null when empty)', async () => {
      const withPassword = await createSmtpConfig({ password: 'tajne' });
      const withoutPassword = await createSmtpConfig({ password: '' });
      const rows = await queryAs<{ id: string; password: string | null; host: string }>(
        adminUser,
        'select id, host, password from public.admin_list_smtp_configs()',
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(withPassword.id)).toEqual({ id: withPassword.id, host: withPassword.host, password: MASK });
      expect(byId.get(withoutPassword.id)?.password).toBeNull();
      expect(JSON.stringify(rows)).not.toContain('tajne');
    });

    it('refuses members with auth.forbidden and anon entirely', async () => {
      expect(await errorOf(queryAs(member, 'select * from public.admin_list_smtp_configs()'))).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
      expect(await sqlState(queryAs('anon', 'select * from public.admin_list_smtp_configs()'))).toBe('42501');
    });
  });

  describe('admin_upsert_smtp_config', () => {
    const upsert = (actor: TestUser, args: Record<string, unknown>) => {
      const names = Object.keys(args);
      return queryAs<SmtpRow>(
        actor,
        `select * from public.admin_upsert_smtp_config(${names.map((name, i) => `${name} => $${i + 1}`).join(', ')})`,
        Object.values(args),
      );
    };
    const valid = {
      p_name: 'Główny',
      p_host: 'smtp.example.test',
      p_port: 587,
      p_username: 'mailer',
      p_password: 'bardzo-tajne',
      p_from_email: 'noreply@example.test',
      p_from_name: 'Klub',
    };

    it('creates a configuration and answers with the password masked', async () => {
      const [row] = await upsert(adminUser, valid);
      expect(row).toMatchObject({
        name: 'Główny',
        host: 'smtp.example.test',
        port: 587,
        secure: false,
        password: MASK,
        is_default: false,
      });
      expect((await storedSmtp(row!.id))?.password).toBe('bardzo-tajne');
    });

    it('keeps the stored password when the new one is null or empty, and replaces it otherwise', async () => {
      const [created] = await upsert(adminUser, valid);
      await upsert(adminUser, { ...valid, p_id: created!.id, p_password: null, p_from_name: 'Klub Inwestora' });
      expect(await storedSmtp(created!.id)).toMatchObject({ password: 'bardzo-tajne', from_name: 'Klub Inwestora' });
      await upsert(adminUser, { ...valid, p_id: created!.id, p_password: '' });
      expect((await storedSmtp(created!.id))?.password).toBe('bardzo-tajne');
      await upsert(adminUser, { ...valid, p_id: created!.id, p_password: 'nowe-haslo' });
      expect((await storedSmtp(created!.id))?.password).toBe('nowe-haslo');
    });

    it('moves the default flag to the chosen configuration', async () => {
      const [one] = await upsert(adminUser, { ...valid, p_is_default: true });
      const [two] = await upsert(adminUser, { ...valid, p_is_default: true });
      expect((await storedSmtp(one!.id))?.is_default).toBe(false);
      expect((await storedSmtp(two!.id))?.is_default).toBe(true);
      const { rows } = await admin().query<{ n: string }>(
        'select count(*) as n from public.smtp_configs where is_default',
      );
      expect(rows[0]!.n).toBe('1');
    });

    it('uses the host as the name when none is given', async () => {
      const [row] = await upsert(adminUser, { ...valid, p_name: null });
      expect(row!.name).toBe('smtp.example.test');
    });

    it.each([
      [{ p_host: null }, 'smtp.invalid_host'],
      [{ p_host: 'smtp example' }, 'smtp.invalid_host'],
      [{ p_port: 0 }, 'smtp.invalid_port'],
      [{ p_port: 65536 }, 'smtp.invalid_port'],
      [{ p_username: ' ' }, 'smtp.username_required'],
      [{ p_password: null }, 'smtp.password_required'],
      [{ p_password: '' }, 'smtp.password_required'],
      [{ p_password: 'x'.repeat(1025) }, 'smtp.invalid_password'],
      [{ p_from_email: 'brak-malpy' }, 'smtp.invalid_from_email'],
      [{ p_from_name: '' }, 'smtp.from_name_required'],
    ])('rejects %o with %s', async (patch, message) => {
      expect(await errorOf(upsert(adminUser, { ...valid, ...patch }))).toEqual({ code: '22023', message });
    });

    it('refuses an unknown id with smtp.not_found', async () => {
      expect(await errorOf(upsert(adminUser, { ...valid, p_id: '00000000-0000-4000-8000-000000000000' }))).toEqual({
        code: 'P0002',
        message: 'smtp.not_found',
      });
    });

    it('refuses members with auth.forbidden (nothing changes) and anon entirely', async () => {
      const config = await createSmtpConfig({ host: 'smtp.safe.test' });
      expect(await errorOf(upsert(member, { ...valid, p_id: config.id, p_host: 'evil.test' }))).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
      expect((await storedSmtp(config.id))?.host).toBe('smtp.safe.test');
      expect(await sqlState(queryAs('anon', "select * from public.admin_upsert_smtp_config(p_host => 'x')"))).toBe(
        '42501',
      );
    });
  });

  describe('email_templates', () => {
    it('lets admins create, read, edit and delete templates', async () => {
      const config = await createSmtpConfig();
      const [created] = await queryAs<{ id: string; variables: unknown }>(
        adminUser,
        `insert into public.email_templates (name, subject, html_content, text_content, variables, smtp_config_id)
         values ('account-activation-test', 'Aktywuj konto', '<a href="{{activate}}">Aktywuj</a>', 'Cześć {{fname}}', $1, $2) returning id, variables`,
        [
          JSON.stringify([
            { name: 'fname', description: 'Imię', example: 'Anna' },
            { name: 'activate', description: 'Link', example: 'https://x' },
          ]),
          config.id,
        ],
      );
      expect(created!.variables).toHaveLength(2);
      expect(await queryAs(adminUser, 'select name from public.email_templates where id = $1', [created!.id])).toEqual([
        { name: 'account-activation-test' },
      ]);
      expect(
        await queryAs(
          adminUser,
          "update public.email_templates set subject = 'Nowy temat' where id = $1 returning subject",
          [created!.id],
        ),
      ).toEqual([{ subject: 'Nowy temat' }]);
      expect(
        await queryAs(adminUser, 'delete from public.email_templates where id = $1 returning id', [created!.id]),
      ).toEqual([{ id: created!.id }]);
    });

    it('hides templates from members (no rows, no writes) and anon (no privilege)', async () => {
      const template = await createEmailTemplate({ subject: 'Stały temat' });
      expect(await queryAs(member, 'select id from public.email_templates')).toEqual([]);
      expect(
        await sqlState(
          queryAs(member, "insert into public.email_templates (name, subject, html_content) values ('x', 'y', 'z')"),
        ),
      ).toBe('42501');
      expect(
        await queryAs(member, "update public.email_templates set subject = 'Hacked' where id = $1 returning id", [
          template.id,
        ]),
      ).toEqual([]);
      expect(
        await queryAs(member, 'delete from public.email_templates where id = $1 returning id', [template.id]),
      ).toEqual([]);
      for (const sql of [
        'select id from public.email_templates',
        "insert into public.email_templates (name, subject, html_content) values ('x', 'y', 'z')",
        'delete from public.email_templates',
      ]) {
        expect(await sqlState(queryAs('anon', sql))).toBe('42501');
      }
      const { rows } = await admin().query('select subject from public.email_templates where id = $1', [template.id]);
      expect(rows).toEqual([{ subject: 'Stały temat' }]);
    });

    it('is readable (only) by service_role, with its SMTP configuration', async () => {
      const config = await createSmtpConfig({ password: 'dla-serwera' });
      const template = await createEmailTemplate({ smtp_config_id: config.id });
      const rows = await queryAs(
        'service_role',
        'select t.name, s.password from public.email_templates t join public.smtp_configs s on s.id = t.smtp_config_id where t.id = $1',
        [template.id],
      );
      expect(rows).toEqual([{ name: template.name, password: 'dla-serwera' }]);
      expect(
        await sqlState(
          queryAs('service_role', "update public.email_templates set subject = 'x' where id = $1", [template.id]),
        ),
      ).toBe('42501');
    });

    it.each([
      ['a name that is not a key', { name: 'Aktywacja Konta' }],
      ['variables that are not an array', { variables: JSON.stringify({ name: 'fname' }) }],
      ['a variable without a name', { variables: JSON.stringify([{ description: 'Imię' }]) }],
      ['a variable that is not an object', { variables: JSON.stringify(['fname']) }],
      ['a variable whose name is not text', { variables: JSON.stringify([{ name: 'fname' }, { name: 1 }]) }],
      ['variables nested in an array', { variables: JSON.stringify([[{ name: 'fname' }]]) }],
      ['a blank subject', { subject: ' ' }],
    ])('rejects %s', async (_label, patch) => {
      expect(await sqlState(createEmailTemplate(patch))).toBe('23514');
    });

    it('keeps template names unique', async () => {
      const template = await createEmailTemplate();
      expect(await sqlState(createEmailTemplate({ name: template.name }))).toBe('23505');
    });
  });
});

// The e-mail outbox (issues 19 and 20): the sender's RPCs (service_role only; claim with skip
// locked, attempts, backoff, a maximum), and the money e-mails queued with their notifications
// unless the member switched the kind off in notification_preferences.
describe('e-mail outbox', () => {
  // Credits, withdrawals and a payout run move money here: the books must agree after every test.
  checkLedgerAfterEachTest();

  interface OutboxRow {
    id: string;
    template: string;
    to_email: string;
    variables: Record<string, string>;
    attempts: number;
    sent_at: Date | null;
    last_error: string | null;
    next_attempt_at: Date;
  }

  async function outboxOf(userId: string): Promise<OutboxRow[]> {
    const { rows } = await admin().query<OutboxRow>(
      'select * from private.email_outbox where user_id = $1 order by id',
      [userId],
    );
    return rows;
  }

  /** Queues an e-mail as a business function would, due long ago (so a claim takes it first). */
  async function queued(user: TestUser, template = 'payment-confirmed'): Promise<string> {
    const { rows } = await admin().query<{ id: string }>(
      `insert into private.email_outbox (template, user_id, to_email, variables, next_attempt_at)
     values ($1, $2, $3, '{"reference":"KLB-TEST01"}', now() - interval '1 day') returning id`,
      [template, user.id, user.email],
    );
    return rows[0]!.id;
  }

  const CLAIM = 'select * from public.claim_email_outbox($1)';

  const setPrefs = (member: TestUser, value: Record<string, boolean>) =>
    queryAs(member, 'update public.user_settings set notification_preferences = $2 where user_id = $1', [
      member.id,
      JSON.stringify(value),
    ]);

  describe('the sender RPCs', () => {
    it('are callable by service_role only', async () => {
      const member = await createMember();
      const adminUser = await createAdmin();
      for (const actor of ['anon', member, adminUser] as const) {
        expect(await sqlState(queryAs(actor, CLAIM, [1]))).toBe('42501');
        expect(await sqlState(queryAs(actor, 'select public.complete_email_outbox(1)'))).toBe('42501');
        expect(await sqlState(queryAs(actor, "select public.fail_email_outbox(1, 'x')"))).toBe('42501');
        expect(await sqlState(queryAs(actor, 'select * from private.email_outbox'))).toBe('42501');
      }
    });

    it('claims due e-mails once, counts the attempt, and marks them sent', async () => {
      const member = await createMember();
      const first = await queued(member);
      const second = await queued(member);
      const claimed = await queryAs<{ id: string; template: string; to_email: string; attempts: number }>(
        'service_role',
        CLAIM,
        [2],
      );
      expect(claimed.map((row) => row.id).sort()).toEqual([first, second].sort());
      expect(claimed[0]).toMatchObject({ template: 'payment-confirmed', to_email: member.email, attempts: 1 });
      // Leased: a second claim does not take them again.
      const again = await queryAs<{ id: string }>('service_role', CLAIM, [100]);
      expect(again.map((row) => row.id)).not.toContain(first);

      expect(await queryAs('service_role', 'select public.complete_email_outbox($1) as done', [first])).toEqual([
        { done: true },
      ]);
      expect(await queryAs('service_role', 'select public.complete_email_outbox($1) as done', [first])).toEqual([
        { done: false },
      ]);
      const [sent] = await outboxOf(member.id);
      expect(sent).toMatchObject({ id: first, attempts: 1, last_error: null });
      expect(sent!.sent_at).toBeInstanceOf(Date);
    });

    it('skips rows another sender holds instead of waiting for them', async () => {
      const member = await createMember();
      const held = await queued(member);
      const free = await queued(member);
      const client = await admin().connect();
      try {
        await client.query('begin');
        await client.query('select 1 from private.email_outbox where id = $1 for update', [held]);
        const claimed = await queryAs<{ id: string }>('service_role', CLAIM, [2]);
        expect(claimed.map((row) => row.id)).toContain(free);
        expect(claimed.map((row) => row.id)).not.toContain(held);
      } finally {
        await client.query('rollback');
        client.release();
      }
    });

    it('backs off after a failure, keeps the error, and gives up after 5 attempts', async () => {
      const member = await createMember();
      const id = await queued(member);
      for (let attempt = 1; attempt <= 5; attempt++) {
        const claimed = await queryAs<{ id: string; attempts: number }>('service_role', CLAIM, [100]);
        expect(claimed.find((row) => row.id === id)?.attempts).toBe(attempt);
        await queryAs('service_role', 'select public.fail_email_outbox($1, $2)', [id, `SMTP 451 try ${attempt}`]);
        const [row] = await outboxOf(member.id);
        const waitMinutes = (row!.next_attempt_at.getTime() - Date.now()) / 60_000;
        expect(waitMinutes).toBeGreaterThan(2 ** (attempt - 1) - 0.5);
        expect(waitMinutes).toBeLessThanOrEqual(2 ** (attempt - 1));
        expect(row!.last_error).toBe(`SMTP 451 try ${attempt}`);
        // Due again at once (as if the backoff had passed).
        await admin().query(
          `update private.email_outbox set next_attempt_at = now() - interval '1 day' where id = $1`,
          [id],
        );
      }
      const claimed = await queryAs<{ id: string }>('service_role', CLAIM, [100]);
      expect(claimed.map((row) => row.id)).not.toContain(id);
      expect((await outboxOf(member.id))[0]).toMatchObject({ attempts: 5, sent_at: null });
    });

    it('an e-mail carries the id of the request that queued it: x-request-id, else the traceparent’s trace id (issue 40)', async () => {
      const member = await createMember();
      const queueWithHeaders = async (headers: Record<string, string> | null) => {
        const client = await admin().connect();
        try {
          await client.query('begin');
          if (headers) await client.query("select set_config('request.headers', $1, true)", [JSON.stringify(headers)]);
          await client.query(`select private.queue_member_email('payment-confirmed', $1, '{}'::jsonb)`, [member.id]);
          await client.query('commit');
        } finally {
          client.release();
        }
      };
      await queueWithHeaders({
        'x-request-id': 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
        traceparent: `00-${'1'.repeat(32)}-${'2'.repeat(16)}-01`,
      });
      await queueWithHeaders({ traceparent: `00-${'3'.repeat(32)}-${'4'.repeat(16)}-01` });
      await queueWithHeaders({ 'x-request-id': 'bad id; drop', traceparent: 'garbage' });
      await queueWithHeaders(null);
      expect(
        (await outboxOf(member.id)).map((row) => (row as unknown as { request_id: string | null }).request_id),
      ).toEqual(['a1b2c3d4e5f60718293a4b5c6d7e8f90', '3'.repeat(32), null, null]);
    });

    it('keeps at most 500 characters of an error', async () => {
      const member = await createMember();
      const id = await queued(member);
      await queryAs('service_role', 'select public.fail_email_outbox($1, $2)', [id, 'x'.repeat(2000)]);
      expect((await outboxOf(member.id))[0]!.last_error).toHaveLength(500);
    });
  });

  describe('money e-mails', () => {
    it('queue with the withdrawal notifications: requested, completed with the transaction link, failed with the reason', async () => {
      const adminUser = await createAdmin();
      const member = await createMember({ fullName: 'Ewa Wypłacająca' });
      const done = await pendingWithdrawal(member, 25, 'BSC');
      const hash = txHash();
      await claimWithdrawal(adminUser, done.id);
      await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [done.id, hash]);
      const failed = await pendingWithdrawal(member, 10, 'ERC20');
      await claimWithdrawal(adminUser, failed.id);
      await queryAs(adminUser, 'select public.admin_fail_withdrawal($1, $2)', [failed.id, 'Nieprawidłowy adres']);

      const mails = (await outboxOf(member.id)).filter((m) => m.template.startsWith('withdrawal-'));
      expect(mails.map((m) => m.template)).toEqual([
        'withdrawal-requested',
        'withdrawal-completed',
        'withdrawal-requested',
        'withdrawal-failed',
      ]);
      expect(mails[0]!.variables).toMatchObject({
        fname: 'Ewa Wypłacająca',
        amount: '25.00 USDT',
        network: 'BSC',
        address: done.address,
      });
      expect(mails[1]!.variables).toMatchObject({ tx_hash: hash, tx_link: `https://bscscan.com/tx/${hash}` });
      expect(mails[3]!.variables).toMatchObject({ amount: '10.00 USDT', reason: 'Nieprawidłowy adres' });
      expect(mails.every((m) => m.to_email === member.email)).toBe(true);
    });

    it('queue with a credit (admin or server code) and a profit payout notification', async () => {
      const adminUser = await createAdmin();
      const member = await createMember();
      await queryAs(
        adminUser,
        `select public.admin_adjust_wallet($1, 'credit', 50, 'Premia za październik', gen_random_uuid())`,
        [member.id],
      );
      await queryAs('service_role', `select public.admin_credit_wallet($1, 12.5, 'Zwrot', true)`, [member.id]);
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'debit', 5, 'Korekta', gen_random_uuid())`, [
        member.id,
      ]);
      // What admin_run_payout sends each member (its payout data).
      await admin().query(
        `select private.notify($1, 'profit', 'Wypłata zysków', 'x',
         jsonb_build_object('kind', 'profit_payout', 'amount', 125.5, 'currency', 'PLN', 'percentage', 15,
                            'tier', 'PREMIUM', 'amountUsdt', 31.37))`,
        [member.id],
      );
      const mails = await outboxOf(member.id);
      expect(mails.map((m) => [m.template, m.variables.amount, m.variables.reason])).toEqual([
        ['wallet-credited', '50.00 USDT', 'Premia za październik'],
        ['wallet-credited', '12.50 USDT', 'Zwrot'],
        ['profit-payout', '125.50 PLN', undefined],
      ]);
      expect(mails[2]!.variables).toMatchObject({ amount_usdt: '31.37 USDT', percentage: '15%', tier: 'PREMIUM' });
    });

    it('a payout run queues one e-mail per paid member, with the rate', async () => {
      const adminUser = await createAdmin();
      const vip = await createMember();
      // VIP on the entry's day (a year of its own, so only this member is paid).
      await admin().query(
        `insert into public.membership_periods (user_id, level, first_day, last_day, source)
         values ($1, 'VIP', '2051-01-01', '2051-12-31', 'backfill')`,
        [vip.id],
      );
      await admin().query('select private.sync_membership_cache($1)', [vip.id]);
      const { rows } = await admin().query<{ id: string }>(
        `insert into public.ecommerce_revenue (amount, created_at) values (1000, '2051-05-05 12:00+02') returning id`,
      );
      const [preview] = await queryAs<{
        run_members: number;
        run_total_pln: string;
        run_total_usdt: string;
        previous_rate: string | null;
        rate_far: boolean;
      }>(adminUser, 'select * from public.admin_preview_payout($1, 0.25)', [rows[0]!.id]);
      await queryAs(adminUser, 'select * from public.admin_run_payout($1, 0.25, $2, $3, $4, $5)', [
        rows[0]!.id,
        preview!.run_members,
        preview!.run_total_pln,
        preview!.run_total_usdt,
        preview!.rate_far ? preview!.previous_rate : null,
      ]);
      const mails = await outboxOf(vip.id);
      expect(mails.map((m) => m.template)).toEqual(['profit-payout']);
      expect(mails[0]!.variables).toMatchObject({ percentage: '20%', tier: 'VIP', rate: '0.25' });
    });

    it('are not queued for a kind the member switched off; other kinds still are', async () => {
      const adminUser = await createAdmin();
      const member = await createMember();
      await setPrefs(member, { wallet_credited: false, withdrawal_requested: true });
      await fundWallet(member, 5);
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 50, 'Premia', gen_random_uuid())`, [
        member.id,
      ]);
      await pendingWithdrawal(member, 10);
      expect((await outboxOf(member.id)).map((m) => m.template)).toEqual(['withdrawal-requested']);
      // The in-app notification is still there.
      const { rows } = await admin().query<{ n: number }>(
        `select count(*)::int as n from public.notifications where user_id = $1 and data ->> 'kind' = 'wallet_credited'`,
        [member.id],
      );
      expect(rows[0]!.n).toBe(1);
    });

    it('a failed notification insert takes its e-mail with it (one transaction)', async () => {
      const adminUser = await createAdmin();
      const member = await createMember();
      await expect(
        asActor(adminUser, async (query) => {
          await query(`select public.admin_adjust_wallet($1, 'credit', 50, 'Premia', gen_random_uuid())`, [member.id]);
          throw new Error('the request failed after the RPC');
        }),
      ).rejects.toThrow('the request failed');
      expect(await outboxOf(member.id)).toEqual([]);
    });

    it('the templates are editable ones in the admin list', async () => {
      const adminUser = await createAdmin();
      const rows = await queryAs<{ name: string }>(
        adminUser,
        `select name from public.email_templates where name in
         ('withdrawal-requested', 'withdrawal-completed', 'withdrawal-failed', 'wallet-credited', 'profit-payout')
       order by name`,
      );
      expect(rows).toHaveLength(5);
    });
  });
});

// Issue 21, the second attack run: each rule here was missing before that review.
describe('security review', () => {
  checkLedgerAfterEachTest();

  describe('security review (issue 21)', () => {
    let adminUser: TestUser;

    beforeAll(async () => {
      adminUser = await createAdmin({ fullName: 'Ewa Zarząd' });
    });

    describe('5. SMTP passwords stay with their server', () => {
      const upsert = (config: { id: string; host: string; port: number; username: string }, password: string | null) =>
        queryAs<{ host: string; password: string | null }>(
          adminUser,
          `select host, password from public.admin_upsert_smtp_config(p_id => $1, p_name => 'Serwer', p_host => $2,
           p_port => $3, p_username => $4, p_password => $5, p_from_email => 'noreply@example.test', p_from_name => 'Klub')`,
          [config.id, config.host, config.port, config.username, password],
        );

      it('a change of host, port or username needs the password again', async () => {
        const config = await createSmtpConfig();
        for (const change of [{ host: 'smtp.attacker.example' }, { port: 2525 }, { username: 'someone-else' }]) {
          expect(await errorOf(upsert({ ...config, ...change }, null))).toEqual({
            code: '22023',
            message: 'smtp.password_required',
          });
        }
        expect(await upsert({ ...config, host: 'smtp.new.example' }, 'nowe-haslo')).toEqual([
          { host: 'smtp.new.example', password: '••••••••' },
        ]);
        // Other fields keep the stored password.
        expect(await upsert({ ...config, host: 'smtp.new.example' }, null)).toHaveLength(1);
      });
    });

    describe('13. small ones', () => {
      it('editing the default SMTP configuration without the flag keeps it the default', async () => {
        await admin().query('update public.smtp_configs set is_default = false');
        const config = await createSmtpConfig({ is_default: true });
        const [row] = await queryAs<{ is_default: boolean }>(
          adminUser,
          `select is_default from public.admin_upsert_smtp_config(p_id => $1, p_name => 'Nowa nazwa', p_host => $2,
           p_port => $3, p_username => $4, p_from_email => 'noreply@example.test', p_from_name => 'Klub', p_is_default => false)`,
          [config.id, config.host, config.port, config.username],
        );
        expect(row).toEqual({ is_default: true });
      });
    });
  });
});
