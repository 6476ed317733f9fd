import { describe, expect, it, beforeAll } from 'vitest';
import {
  addMfaFactor,
  admin,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  withClaims,
  type TestUser,
} from '../helpers/db.ts';
import { checkLedgerAfterEachTest } from '../helpers/money-factories.ts';

// Admin area (issue 13): the second factor for admin rights, the hook templates' guard, member
// deletion that keeps money records and returns the member's files, the moderation and payout lists.
describe('admin area', () => {
  /** An admin whose account has a verified TOTP factor, signed in with the password only (aal1). */
  async function adminWithFactor(): Promise<{ aal1: TestUser; aal2: TestUser }> {
    const adminUser = await createAdmin({ aal: 'aal1' });
    await addMfaFactor(adminUser.id);
    return { aal1: adminUser, aal2: withClaims(adminUser, { aal: 'aal2' }) };
  }

  checkLedgerAfterEachTest();

  describe('admin rights need the second factor (aal2)', () => {
    it('an admin with a verified factor is no admin at aal1: RPCs, policies and reads refuse', async () => {
      const { aal1 } = await adminWithFactor();
      const member = await createMember();

      expect(await errorOf(queryAs(aal1, 'select * from public.admin_list_users()'))).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
      expect(
        await errorOf(queryAs(aal1, "select public.admin_update_user($1, p_membership_level => 'VIP')", [member.id])),
      ).toEqual({ code: '42501', message: 'auth.forbidden' });
      expect(
        await errorOf(queryAs(aal1, "select * from public.admin_assign_ccc_package($1, 'START', 1)", [member.id])),
      ).toEqual({ code: '42501', message: 'auth.forbidden' });
      // Admin write policies: an insert is refused, an update or delete touches nothing.
      expect(
        await sqlState(queryAs(aal1, "insert into public.announcements (content) values ('Bez drugiego składnika')")),
      ).toBe('42501');
      expect(
        await queryAs(aal1, "update public.site_settings set site_title = 'Przejęte' where id returning site_title"),
      ).toEqual([]);
      // Admin read policies: other members' profiles are not visible.
      expect(await queryAs(aal1, 'select user_id from public.profiles where user_id = $1', [member.id])).toEqual([]);
      expect(
        (await admin().query('select membership_level from public.profiles where user_id = $1', [member.id])).rows,
      ).toEqual([{ membership_level: 'FREE' }]);
    });

    it('the same admin at aal2 is an admin', async () => {
      const { aal2 } = await adminWithFactor();
      const member = await createMember();
      const [profile] = await queryAs<{ membership_level: string }>(
        aal2,
        "select * from public.admin_update_user($1, p_membership_level => 'START')",
        [member.id],
      );
      expect(profile?.membership_level).toBe('START');
      const [announcement] = await queryAs<{ id: string }>(
        aal2,
        "insert into public.announcements (content, active) values ('Z drugim składnikiem', false) returning id",
      );
      expect(announcement?.id).toBeTruthy();
      await admin().query('delete from public.announcements where id = $1', [announcement!.id]);
    });

    it('an admin without a verified factor (none, or only an unverified one) is no admin at aal1 either', async () => {
      const plain = await createAdmin({ aal: 'aal1' });
      const enrolling = await createAdmin({ aal: 'aal1' });
      await addMfaFactor(enrolling.id, { status: 'unverified' });
      for (const actor of [plain, enrolling]) {
        expect(await errorOf(queryAs(actor, 'select * from public.admin_list_users(p_limit => 1)'))).toEqual({
          code: '42501',
          message: 'auth.forbidden',
        });
      }
    });

    it('aal2 never makes a member an admin', async () => {
      const member = await createMember();
      await addMfaFactor(member.id);
      expect(
        await errorOf(queryAs(withClaims(member, { aal: 'aal2' }), 'select * from public.admin_list_users()')),
      ).toEqual({ code: '42501', message: 'auth.forbidden' });
    });

    it('members pay no factor lookup: the check stops at the missing admin claim', async () => {
      const member = await createMember();
      const [row] = await queryAs<{ admin: boolean }>(member, 'select private.is_admin() as admin');
      expect(row?.admin).toBe(false);
      // The helper is not reachable through the API schema (private is not exposed), but runs for callers.
      expect(await sqlState(queryAs('anon', 'select private.admin_assurance_ok()'))).toBe('42501');
    });
  });
});

// The bootstrap must behave like Supabase's image: these are the properties migrations rely on.
describe('platform', () => {
  /** One statement on the migrations' connection (postgres), rolled back whatever happens. */
  async function asPostgres(sql: string): Promise<void> {
    const client = await admin().connect();
    try {
      await client.query('begin');
      await client.query(sql);
    } finally {
      await client.query('rollback').catch(() => undefined);
      client.release();
    }
  }

  const noop = `create function private.platform_test_noop() returns trigger language plpgsql as $$ begin return null; end $$;`;

  describe('Supabase platform bootstrap', () => {
    it('reads auth.uid(), auth.role(), auth.email() and auth.jwt() from request.jwt.claims', async () => {
      const member = await createMember();
      const [row] = await queryAs<{ uid: string; role: string; email: string; admin: unknown; current: string }>(
        member,
        "select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() -> 'app_metadata' -> 'admin' as admin, current_user as current",
      );
      expect(row).toEqual({
        uid: member.id,
        role: 'authenticated',
        email: member.email,
        admin: null,
        current: 'authenticated',
      });
    });

    it('gives anon no uid', async () => {
      const [row] = await queryAs<{ uid: string | null; current: string }>(
        'anon',
        'select auth.uid() as uid, current_user as current',
      );
      expect(row).toEqual({ uid: null, current: 'anon' });
    });

    it('has the API roles with the documented attributes', async () => {
      const { rows } = await admin().query<{
        rolname: string;
        rolcanlogin: boolean;
        rolinherit: boolean;
        rolbypassrls: boolean;
      }>(
        "select rolname, rolcanlogin, rolinherit, rolbypassrls from pg_roles where rolname in ('anon','authenticated','service_role','authenticator') order by rolname",
      );
      expect(rows).toEqual([
        { rolname: 'anon', rolcanlogin: false, rolinherit: false, rolbypassrls: false },
        { rolname: 'authenticated', rolcanlogin: false, rolinherit: false, rolbypassrls: false },
        { rolname: 'authenticator', rolcanlogin: true, rolinherit: false, rolbypassrls: false },
        { rolname: 'service_role', rolcanlogin: false, rolinherit: false, rolbypassrls: true },
      ]);
    });

    it('has the storage path helpers and the realtime publication', async () => {
      const { rows } = await admin().query(
        "select storage.foldername('u1/sub/a.jpg') as folders, storage.filename('u1/sub/a.jpg') as file, storage.extension('u1/sub/a.jpg') as ext, exists(select from pg_publication where pubname = 'supabase_realtime') as realtime",
      );
      expect(rows[0]).toEqual({ folders: ['u1', 'sub'], file: 'a.jpg', ext: 'jpg', realtime: true });
    });

    it('was migrated by the Supabase CLI (its history table lists every migration file)', async () => {
      const { rows } = await admin().query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      );
      expect(rows.map((row) => row.version)).toContain('20261122000100');
    });
  });

  // A hosted project's `postgres` is not a superuser (supabase/postgres' demote-postgres and
  // revoke_admin_roles migrations, supautils' policy grants): the harness applies the migrations as
  // that role, so what a hosted project refuses, the migrations here cannot do either.
  describe('postgres has the privileges of a hosted project', () => {
    it('is the connection the migrations ran on, and not a superuser nor a member of the service roles', async () => {
      const { rows } = await admin().query<Record<string, unknown>>(
        `select current_user as who, r.rolsuper as super, r.rolbypassrls as bypassrls, r.rolcreaterole as createrole,
              pg_has_role('postgres', 'supabase_auth_admin', 'member') as auth_admin,
              pg_has_role('postgres', 'supabase_storage_admin', 'member') as storage_admin,
              pg_has_role('postgres', 'authenticated', 'member') as authenticated,
              (select pg_get_userbyid(relowner) from pg_class where oid = 'auth.users'::regclass) as users_owner,
              (select pg_get_userbyid(relowner) from pg_class where oid = 'storage.objects'::regclass) as objects_owner,
              (select string_agg(distinct pg_get_userbyid(c.relowner), ',') from pg_class c
                 where c.relnamespace = 'public'::regnamespace and c.relkind = 'r') as public_owners
         from pg_roles r where r.rolname = current_user`,
      );
      expect(rows[0]).toEqual({
        who: 'postgres',
        super: false,
        bypassrls: true,
        createrole: true,
        auth_admin: false,
        storage_admin: false,
        authenticated: true,
        users_owner: 'supabase_auth_admin',
        objects_owner: 'supabase_storage_admin',
        public_owners: 'postgres',
      });
    });

    it('cannot create or change objects in auth and storage', async () => {
      expect(await sqlState(asPostgres('create table auth.platform_test (id int)'))).toBe('42501');
      expect(await sqlState(asPostgres('create table storage.platform_test (id int)'))).toBe('42501');
      expect(
        await sqlState(asPostgres('create function auth.platform_test() returns int language sql as $$ select 1 $$')),
      ).toBe('42501');
      expect(await sqlState(asPostgres('alter table storage.objects add column platform_test int'))).toBe('42501');
      expect(await sqlState(asPostgres('create index on auth.users (phone_change)'))).toBe('42501');
      expect(
        await sqlState(asPostgres('insert into storage.migrations (id, name, hash) values (-1, $$x$$, $$x$$)')),
      ).toBe('42501');
    });

    it('may put triggers only on the tables Supabase allows (auth.users yes, auth.mfa_factors no)', async () => {
      await asPostgres(
        `${noop} create trigger platform_test after insert on auth.users for each row execute function private.platform_test_noop();
       drop trigger platform_test on auth.users;`,
      );
      await asPostgres(
        `${noop} create constraint trigger platform_test after update on auth.sessions deferrable initially deferred
         for each row execute function private.platform_test_noop();`,
      );
      for (const table of ['auth.mfa_factors', 'auth.mfa_challenges', 'auth.one_time_tokens', 'auth.flow_state']) {
        expect(
          await sqlState(
            asPostgres(
              `${noop} create trigger platform_test after insert on ${table} for each row execute function private.platform_test_noop();`,
            ),
          ),
        ).toBe('42501');
      }
    });

    it('may manage policies on storage.objects and auth.users, not on other tables of the services', async () => {
      await asPostgres(`create policy platform_test on storage.objects for select to authenticated using (false);
      alter policy platform_test on storage.objects using (true);
      drop policy platform_test on storage.objects;`);
      await asPostgres('create policy platform_test on auth.users for select to authenticated using (false)');
      expect(
        await sqlState(
          asPostgres('create policy platform_test on auth.mfa_factors for select to authenticated using (false)'),
        ),
      ).toBe('42501');
      expect(
        await sqlState(
          asPostgres('drop policy storage_objects_select_authenticated on storage.objects; drop table auth.flow_state'),
        ),
      ).toBe('42501');
      // The grant that lets a policy through lasts one command only.
      const { rows } = await admin().query(
        "select pg_has_role('postgres', 'supabase_storage_admin', 'member') as member",
      );
      expect(rows[0]).toEqual({ member: false });
    });

    it('reads every auth table and keeps the API roles out of auth', async () => {
      await asPostgres('select count(*) from auth.mfa_factors, auth.flow_state, auth.one_time_tokens');
      expect(await sqlState(queryAs('service_role', 'select count(*) from auth.users'))).toBe('42501');
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

    describe('8. admin rights need aal2', () => {
      it('an admin without any factor is no admin at aal1', async () => {
        const aal1 = withClaims(adminUser, { aal: 'aal1' });
        expect(await errorOf(queryAs(aal1, 'select * from public.admin_list_users()'))).toEqual({
          code: '42501',
          message: 'auth.forbidden',
        });
        expect(await queryAs(aal1, 'select private.is_admin() as ok')).toEqual([{ ok: false }]);
      });

      it('the same admin with a verified factor at aal2 is an admin', async () => {
        const secured = await createAdmin();
        await addMfaFactor(secured.id);
        expect(await queryAs(withClaims(secured, { aal: 'aal2' }), 'select private.is_admin() as ok')).toEqual([
          { ok: true },
        ]);
      });
    });

    describe('11. no NaN or Infinity in numeric columns', () => {
      it('every numeric column of the project’s tables refuses NaN and ±Infinity', async () => {
        const { rows } = await admin().query<{ column: string }>(
          `select c.table_schema || '.' || c.table_name || '.' || c.column_name as column
           from information_schema.columns c
           join information_schema.tables t using (table_schema, table_name)
          where c.table_schema in ('public', 'private') and t.table_type = 'BASE TABLE'
            and c.data_type = 'numeric' and c.is_generated = 'NEVER'
            and not exists (
              select 1 from pg_constraint k
               where k.conrelid = format('%I.%I', c.table_schema, c.table_name)::regclass
                 and k.contype = 'c'
                 and pg_get_constraintdef(k.oid) like '%' || quote_ident(c.column_name) || '%NaN%Infinity%')`,
        );
        expect(rows).toEqual([]);
      });

      it('refuses an admin’s NaN in a plan’s profit share and an app’s revenue', async () => {
        expect(
          await sqlState(admin().query("update public.membership_plans set profit_share = 'NaN' where tier = 'VIP'")),
        ).toBe('23514');
        expect(
          await sqlState(
            admin().query(
              "insert into public.apps (name, description, category, revenue) values ('X', 'Y', 'games', 'NaN')",
            ),
          ),
        ).toBe('23514');
      });
    });
  });
});
