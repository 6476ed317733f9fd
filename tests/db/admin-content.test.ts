import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, createAdmin, createMember, errorOf, queryAs, sqlState, type TestUser } from '../helpers/db.ts';
import {
  createAnnouncement,
  createEmailTemplate,
  createSmtpConfig,
  type SmtpRow,
} from '../helpers/content-factories.ts';

const MASK = '••••••••';
const smtpColumns = 'id, name, host, port, username, from_email, from_name, is_default, secure, created_at, updated_at';

async function storedSmtp(id: string): Promise<SmtpRow | undefined> {
  const { rows } = await admin().query<SmtpRow>('select * from public.smtp_configs where id = $1', [id]);
  return rows[0];
}

describe('admin content', () => {
  let member: TestUser;
  let otherMember: TestUser;
  let adminUser: TestUser;

  beforeAll(async () => {
    member = await createMember();
    otherMember = await createMember();
    adminUser = await createAdmin();
  });

  describe('announcements', () => {
    it('shows members only active announcements, admins all, anon nothing', async () => {
      const active = await createAnnouncement({ active: true });
      const inactive = await createAnnouncement({ active: false });
      const ids = [active.id, inactive.id];
      for (const actor of [member, otherMember]) {
        expect(await queryAs(actor, 'select id from public.announcements where id = any($1)', [ids])).toEqual([
          { id: active.id },
        ]);
      }
      const adminRows = await queryAs<{ id: string }>(
        adminUser,
        'select id from public.announcements where id = any($1)',
        [ids],
      );
      expect(adminRows.map((row) => row.id).sort()).toEqual([...ids].sort());
      expect(await sqlState(queryAs('anon', 'select id from public.announcements'))).toBe('42501');
    });

    it('lets admins create, edit, toggle and delete announcements', async () => {
      const [created] = await queryAs<{ id: string; active: boolean }>(
        adminUser,
        "insert into public.announcements (content) values ('Zobacz [regulamin](https://example.test/regulamin)') returning id, active",
      );
      expect(created!.active).toBe(true);
      expect(
        await queryAs(
          adminUser,
          "update public.announcements set active = false, content = 'Nowa treść' where id = $1 returning active, content",
          [created!.id],
        ),
      ).toEqual([{ active: false, content: 'Nowa treść' }]);
      expect(
        await queryAs(adminUser, 'delete from public.announcements where id = $1 returning id', [created!.id]),
      ).toEqual([{ id: created!.id }]);
    });

    it('denies members writing (insert refused, update and delete affect nothing) and anon', async () => {
      const announcement = await createAnnouncement({ content: 'Stała treść' });
      expect(await sqlState(queryAs(member, "insert into public.announcements (content) values ('Spam')"))).toBe(
        '42501',
      );
      expect(
        await queryAs(member, "update public.announcements set content = 'Hacked' where id = $1 returning id", [
          announcement.id,
        ]),
      ).toEqual([]);
      expect(
        await queryAs(member, 'delete from public.announcements where id = $1 returning id', [announcement.id]),
      ).toEqual([]);
      expect(await sqlState(queryAs('anon', "insert into public.announcements (content) values ('Spam')"))).toBe(
        '42501',
      );
      expect(await sqlState(queryAs('anon', 'delete from public.announcements where id = $1', [announcement.id]))).toBe(
        '42501',
      );
      const { rows } = await admin().query('select content from public.announcements where id = $1', [announcement.id]);
      expect(rows).toEqual([{ content: 'Stała treść' }]);
    });

    it('requires content', async () => {
      expect(await sqlState(queryAs(adminUser, "insert into public.announcements (content) values ('  ')"))).toBe(
        '23514',
      );
      expect(
        await sqlState(
          queryAs(adminUser, 'insert into public.announcements (content, created_at) values ($1, now())', ['X']),
        ),
      ).toBe('42501');
    });
  });

  describe('site_settings', () => {
    let original: Record<string, unknown>;
    beforeAll(async () => {
      const { rows } = await admin().query('select * from public.site_settings');
      original = rows[0]!;
    });
    afterAll(async () => {
      await admin().query('update public.site_settings set site_title = $1, og_title = $2, twitter_card = $3', [
        original.site_title,
        original.og_title,
        original.twitter_card,
      ]);
    });

    it('holds exactly one row, seeded with Polish defaults', async () => {
      const { rows } = await admin().query(
        'select id, site_title, site_description, twitter_card from public.site_settings',
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: true, site_title: 'Klub', twitter_card: 'summary_large_image' });
      expect(rows[0]!.site_description).toMatch(/inwestorów/);
      expect(
        await sqlState(admin().query("insert into public.site_settings (id, site_title) values (true, 'Drugi')")),
      ).toBe('23505');
      expect(
        await sqlState(admin().query("insert into public.site_settings (id, site_title) values (false, 'Drugi')")),
      ).toBe('23514');
    });

    it('is readable by anon (page title before sign-in), members and admins', async () => {
      for (const actor of ['anon', member, adminUser] as const) {
        const rows = await queryAs<{ site_title: string }>(
          actor,
          'select site_title, favicon, og_title, twitter_card from public.site_settings',
        );
        expect(rows).toHaveLength(1);
      }
    });

    it('lets admins update the settings (updated_at follows)', async () => {
      await admin().query("update public.site_settings set updated_at = '2020-01-01'");
      const [row] = await queryAs<{ site_title: string; updated_at: Date }>(
        adminUser,
        "update public.site_settings set site_title = 'Klub Inwestorów', og_title = 'Klub', twitter_card = 'summary' returning site_title, updated_at",
      );
      expect(row!.site_title).toBe('Klub Inwestorów');
      expect(row!.updated_at.getFullYear()).toBeGreaterThan(2020);
      expect(await sqlState(queryAs(adminUser, "update public.site_settings set twitter_card = 'huge'"))).toBe('23514');
      expect(
        await sqlState(queryAs(adminUser, "update public.site_settings set og_image = 'javascript:alert(1)'")),
      ).toBe('23514');
    });

    it('keeps the privacy notice address admins set (http(s) or a path only); members cannot change it', async () => {
      const [row] = await queryAs<{ privacy_url: string }>(
        adminUser,
        "update public.site_settings set privacy_url = 'https://klub.example/prywatnosc' returning privacy_url",
      );
      expect(row!.privacy_url).toBe('https://klub.example/prywatnosc');
      expect(
        await sqlState(queryAs(adminUser, "update public.site_settings set privacy_url = 'javascript:alert(1)'")),
      ).toBe('23514');
      expect(await queryAs(member, "update public.site_settings set privacy_url = '/x' returning id")).toEqual([]);
      const [read] = await queryAs<{ privacy_url: string }>('anon', 'select privacy_url from public.site_settings');
      expect(read!.privacy_url).toBe('https://klub.example/prywatnosc');
      await admin().query('update public.site_settings set privacy_url = null');
    });

    it('changes nothing for members, denies anon, and allows no insert or delete even for admins', async () => {
      const before = (await admin().query('select site_title from public.site_settings')).rows[0]!.site_title;
      expect(await queryAs(member, "update public.site_settings set site_title = 'Hacked' returning id")).toEqual([]);
      expect(await sqlState(queryAs('anon', "update public.site_settings set site_title = 'Hacked'"))).toBe('42501');
      for (const actor of [member, adminUser, 'anon'] as const) {
        expect(
          await sqlState(queryAs(actor, "insert into public.site_settings (id, site_title) values (true, 'X')")),
        ).toBe('42501');
        expect(await sqlState(queryAs(actor, 'delete from public.site_settings'))).toBe('42501');
      }
      expect((await admin().query('select site_title from public.site_settings')).rows[0]!.site_title).toBe(before);
    });
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
