import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, createAdmin, createMember, queryAs, sqlState, type TestUser } from '../helpers/db.ts';
import { createAnnouncement } from '../helpers/content-factories.ts';

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
});
