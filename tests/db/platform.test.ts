// The bootstrap must behave like Supabase's image: these are the properties migrations rely on.
import { describe, expect, it } from 'vitest';
import { admin, createMember, queryAs } from '../helpers/db.ts';

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
    expect(rows.map((row) => row.version)).toContain('20261122090000');
  });
});
