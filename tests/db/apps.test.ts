import { beforeAll, describe, expect, it } from 'vitest';
import { admin, createAdmin, createMember, queryAs, sqlState, withClaims, type TestUser } from '../helpers/db.ts';
import { createApp } from '../helpers/content-factories.ts';

describe('apps', () => {
  const validApp = {
    name: 'Budżet Domowy',
    description: 'Aplikacja do planowania budżetu',
    category: 'productivity',
    website_url: 'https://budzet.example.com',
    app_store_url: 'https://apps.apple.com/pl/app/budzet/id123456',
    google_play_url: 'https://play.google.com/store/apps/details?id=pl.budzet',
  };

  async function appName(id: string): Promise<string | undefined> {
    const { rows } = await admin().query<{ name: string }>('select name from public.apps where id = $1', [id]);
    return rows[0]?.name;
  }

  describe('apps: catalogue read by members, written by admins', () => {
    let member: TestUser;
    let adminUser: TestUser;

    beforeAll(async () => {
      member = await createMember();
      adminUser = await createAdmin();
    });

    describe('select', () => {
      it('denies anon (no privilege on the table)', async () => {
        await createApp();
        expect(await sqlState(queryAs('anon', 'select id from public.apps'))).toBe('42501');
      });

      it('lets a member and an admin read the catalogue newest first', async () => {
        const older = await createApp({ created_at: new Date(Date.now() - 60_000) });
        const newer = await createApp();
        for (const actor of [member, adminUser]) {
          const rows = await queryAs<{ id: string }>(actor, 'select id from public.apps order by created_at desc');
          const ids = rows.map((row) => row.id);
          expect(ids).toEqual(expect.arrayContaining([older.id, newer.id]));
          expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
        }
      });
    });

    describe('insert', () => {
      it('lets an admin create an app with the spec fields', async () => {
        const [row] = await queryAs<{ id: string; revenue: string; rating: string; growth_rate: string }>(
          adminUser,
          `insert into public.apps (name, description, category, website_url, app_store_url, google_play_url, revenue, rating, growth_rate,
           downloads, active_users, image_url, image_width, image_height, image_size)
         values ($1, $2, $3, $4, $5, $6, 125000.5, 4.7, 12.35, 1000, 250, 'https://cdn.example.com/a.png', 512, 512, 204800)
         returning id, revenue, rating, growth_rate`,
          [
            validApp.name,
            validApp.description,
            validApp.category,
            validApp.website_url,
            validApp.app_store_url,
            validApp.google_play_url,
          ],
        );
        expect(row).toMatchObject({ revenue: '125000.50', rating: '4.7', growth_rate: '12.4' });
        expect(await appName(row!.id)).toBe('Budżet Domowy');
      });

      it('denies a member (RLS) and anon (no privilege)', async () => {
        expect(
          await sqlState(
            queryAs(member, 'insert into public.apps (name, description, category) values ($1, $2, $3)', [
              'X',
              'Y',
              'games',
            ]),
          ),
        ).toBe('42501');
        expect(
          await sqlState(
            queryAs('anon', 'insert into public.apps (name, description, category) values ($1, $2, $3)', [
              'X',
              'Y',
              'games',
            ]),
          ),
        ).toBe('42501');
      });

      it('ignores admin claimed in user_metadata', async () => {
        const forged = withClaims(member, { user_metadata: { admin: true } });
        expect(
          await sqlState(
            queryAs(forged, 'insert into public.apps (name, description, category) values ($1, $2, $3)', [
              'X',
              'Y',
              'games',
            ]),
          ),
        ).toBe('42501');
      });

      it('does not let even an admin forge created_at or updated_at', async () => {
        expect(
          await sqlState(
            queryAs(
              adminUser,
              "insert into public.apps (name, description, category, created_at) values ('X', 'Y', 'games', '2000-01-01')",
            ),
          ),
        ).toBe('42501');
      });

      it.each([
        ['app_store_url', 'https://example.com/app/123'],
        ['app_store_url', 'ftp://apps.apple.com/app/123'],
        ['google_play_url', 'https://play.google.evil.com/store'],
        ['website_url', 'javascript:alert(1)'],
        ['website_url', 'budzet.example.com'],
        ['image_url', 'data:image/png;base64,AAAA'],
      ])('rejects an invalid link in %s (%s)', async (column, value) => {
        expect(
          await sqlState(
            queryAs(
              adminUser,
              `insert into public.apps (name, description, category, ${column}) values ('X', 'Y', 'games', $1)`,
              [value],
            ),
          ),
        ).toBe('23514');
      });

      it('accepts itunes.apple.com and plain http links', async () => {
        const rows = await queryAs(
          adminUser,
          "insert into public.apps (name, description, category, app_store_url, website_url) values ('X', 'Y', 'games', 'https://itunes.apple.com/pl/app/id1', 'http://example.org') returning id",
        );
        expect(rows).toHaveLength(1);
      });

      it.each([
        ['rating', '5.5'],
        ['rating', '-1'],
        ['image_width', '99'],
        ['image_height', '2049'],
        ['image_size', '2097153'],
        ['downloads', '-1'],
        ['revenue', '-0.01'],
      ])('rejects an out-of-range %s (%s)', async (column, value) => {
        const extra = column === 'image_width' ? ', image_height' : column === 'image_height' ? ', image_width' : '';
        const extraValue = extra ? ', 500' : '';
        expect(
          await sqlState(
            queryAs(
              adminUser,
              `insert into public.apps (name, description, category, ${column}${extra}) values ('X', 'Y', 'games', $1${extraValue})`,
              [value],
            ),
          ),
        ).toBe('23514');
      });

      it('rejects a blank name and an unknown category', async () => {
        expect(
          await sqlState(
            queryAs(adminUser, "insert into public.apps (name, description, category) values ('   ', 'Y', 'games')"),
          ),
        ).toBe('23514');
        expect(
          await sqlState(
            queryAs(adminUser, "insert into public.apps (name, description, category) values ('X', 'Y', 'finance')"),
          ),
        ).toBe('22P02');
      });
    });

    describe('update', () => {
      it('lets an admin edit an app and bumps updated_at', async () => {
        const app = await createApp({ updated_at: new Date('2020-01-01') });
        const [row] = await queryAs<{ name: string; updated_at: Date }>(
          adminUser,
          "update public.apps set name = 'Nowa nazwa' where id = $1 returning name, updated_at",
          [app.id],
        );
        expect(row!.name).toBe('Nowa nazwa');
        expect(row!.updated_at.getFullYear()).toBeGreaterThan(2020);
      });

      it('changes nothing for a member (RLS hides the row from updates)', async () => {
        const app = await createApp({ name: 'Nietykalna' });
        expect(
          await queryAs(member, "update public.apps set name = 'Hacked' where id = $1 returning id", [app.id]),
        ).toEqual([]);
        expect(await appName(app.id)).toBe('Nietykalna');
      });

      it('denies anon', async () => {
        const app = await createApp();
        expect(await sqlState(queryAs('anon', "update public.apps set name = 'Hacked' where id = $1", [app.id]))).toBe(
          '42501',
        );
      });
    });

    describe('delete', () => {
      it('lets an admin delete an app', async () => {
        const app = await createApp();
        expect(await queryAs(adminUser, 'delete from public.apps where id = $1 returning id', [app.id])).toEqual([
          { id: app.id },
        ]);
        expect(await appName(app.id)).toBeUndefined();
      });

      it('deletes nothing for a member and is denied for anon', async () => {
        const app = await createApp({ name: 'Zostaje' });
        expect(await queryAs(member, 'delete from public.apps where id = $1 returning id', [app.id])).toEqual([]);
        expect(await sqlState(queryAs('anon', 'delete from public.apps where id = $1', [app.id]))).toBe('42501');
        expect(await appName(app.id)).toBe('Zostaje');
      });
    });

    it('gives service_role (server code) full access', async () => {
      const app = await createApp();
      const rows = await queryAs(
        'service_role',
        'update public.apps set downloads = 5 where id = $1 returning downloads',
        [app.id],
      );
      expect(rows).toEqual([{ downloads: '5' }]);
    });
  });
});
