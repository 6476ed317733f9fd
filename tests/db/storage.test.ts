import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, createAdmin, createMember, queryAs, sqlState, type Actor, type TestUser } from '../helpers/db.ts';

// Storage policies, exercised the way the Storage API runs them (storage-api uploader.ts canUpload,
// database/pg.ts): an upload is first tried as the caller with the metadata Storage knows before
// reading the body, {"mimetype", "contentLength"} (contentLength = the request's Content-Length),
// by a plain INSERT (create) or by INSERT … ON CONFLICT DO UPDATE … RETURNING * (upsert, x-upsert
// and PUT); the row it keeps is written afterwards without RLS. List/download select and remove
// delete as the caller.
/** What Storage passes to the policies of an upload; contentLength is absent when the request had no length. */
const trialMetadata = (contentLength: number | null, mimetype = 'image/png') =>
  JSON.stringify(contentLength === null ? { mimetype } : { mimetype, contentLength });

const ownerOf = (actor: Actor) => (typeof actor === 'object' ? actor.id : null);

/** POST /object/{bucket}/{name}: the trial insert of a new object (no RETURNING, as storage-api). */
const upload = (actor: Actor, bucket: string, name: string, contentLength: number | null = 1000) =>
  queryAs(
    actor,
    `insert into storage.objects (name, owner, owner_id, bucket_id, metadata, version)
     values ($1, $2::uuid, $2::text, $3, $4, '1')`,
    [name, ownerOf(actor), bucket, trialMetadata(contentLength)],
  );

/** x-upsert: true or PUT: storage-api's upsertObject, as the caller. */
const upsert = (actor: Actor, bucket: string, name: string, contentLength: number | null = 1000) =>
  queryAs<{ id: string }>(
    actor,
    `insert into storage.objects (name, owner, owner_id, bucket_id, metadata, version)
     values ($1, $2::uuid, $2::text, $3, $4, $5)
     on conflict (name, bucket_id) do update set metadata = excluded.metadata, version = excluded.version,
       owner = excluded.owner, owner_id = excluded.owner_id
     returning *`,
    [name, ownerOf(actor), bucket, trialMetadata(contentLength), randomUUID()],
  );

/** An object put in place by an earlier upload: written without RLS, with the stored file's metadata. */
async function existing(bucket: string, name: string, owner: TestUser | null = null): Promise<string> {
  const { rows } = await admin().query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata)
     values ($1, $2, $3::uuid, $3::text, '1', '{"size": 1000, "contentLength": 1000, "mimetype": "image/png"}')
     returning id`,
    [bucket, name, owner?.id ?? null],
  );
  return rows[0]!.id;
}

async function objectExists(id: string): Promise<boolean> {
  const { rows } = await admin().query('select 1 from storage.objects where id = $1', [id]);
  return rows.length === 1;
}

const file = (folder: string, ext = 'png') => `${folder}/${Date.now()}-${randomUUID().slice(0, 8)}.${ext}`;

describe('storage buckets and policies', () => {
  let member: TestUser;
  let otherMember: TestUser;
  let adminUser: TestUser;

  beforeAll(async () => {
    member = await createMember();
    otherMember = await createMember();
    adminUser = await createAdmin();
  });

  it('creates the four public buckets with their limits set on the bucket', async () => {
    const { rows } = await admin().query(
      "select id, public, file_size_limit, allowed_mime_types from storage.buckets where id in ('avatars', 'idea-images', 'app-images', 'site-images') order by id",
    );
    const images = ['image/jpeg', 'image/png', 'image/webp'];
    expect(rows).toEqual([
      { id: 'app-images', public: true, file_size_limit: '2097152', allowed_mime_types: images },
      { id: 'avatars', public: true, file_size_limit: '2097152', allowed_mime_types: images },
      { id: 'idea-images', public: true, file_size_limit: '5242880', allowed_mime_types: images },
      {
        id: 'site-images',
        public: true,
        file_size_limit: '2097152',
        allowed_mime_types: [...images, 'image/x-icon', 'image/vnd.microsoft.icon'],
      },
    ]);
  });

  describe.each(['avatars', 'idea-images'])('%s (own folder)', (bucket) => {
    it('lets a member upload into their own folder only', async () => {
      await upload(member, bucket, file(member.id, 'jpg'));
      expect(await sqlState(upload(member, bucket, file(otherMember.id)))).toBe('42501');
      expect(await sqlState(upload(member, bucket, `avatar-${randomUUID()}.jpg`))).toBe('42501');
      expect(await sqlState(upload(member, bucket, file(`${member.id}x`)))).toBe('42501');
    });

    it('denies anon uploads and admins uploading into a member’s folder', async () => {
      expect(await sqlState(upload('anon', bucket, file(member.id)))).toBe('42501');
      expect(await sqlState(upload(adminUser, bucket, file(member.id)))).toBe('42501');
      await upload(adminUser, bucket, file(adminUser.id));
    });

    it('lets the owner overwrite (upsert) their file; another member cannot take it over', async () => {
      const name = file(member.id);
      const id = await existing(bucket, name, member);
      expect((await upsert(member, bucket, name)).map((row) => row.id)).toEqual([id]);
      expect(await sqlState(upsert(otherMember, bucket, name))).toBe('42501');
      const { rows } = await admin().query('select owner_id from storage.objects where id = $1', [id]);
      expect(rows).toEqual([{ owner_id: member.id }]);
    });

    it('changes nothing when another member updates the owner’s file or moves their own out of their folder', async () => {
      const name = file(member.id);
      const id = await existing(bucket, name, member);
      expect(
        await queryAs(otherMember, "update storage.objects set version = 'x' where id = $1 returning id", [id]),
      ).toEqual([]);
      expect(
        await sqlState(
          queryAs(member, 'update storage.objects set name = $2 where id = $1', [id, file(otherMember.id)]),
        ),
      ).toBe('42501');
      const { rows } = await admin().query('select name, version from storage.objects where id = $1', [id]);
      expect(rows).toEqual([{ name, version: '1' }]);
    });

    it('lists the owner’s own files (and all for admins), nothing of others', async () => {
      const id = await existing(bucket, file(member.id), member);
      expect(await queryAs(member, 'select id from storage.objects where id = $1', [id])).toEqual([{ id }]);
      expect(await queryAs(otherMember, 'select id from storage.objects where id = $1', [id])).toEqual([]);
      expect(await queryAs('anon', 'select id from storage.objects where id = $1', [id])).toEqual([]);
      expect(await queryAs(adminUser, 'select id from storage.objects where id = $1', [id])).toEqual([{ id }]);
    });

    it('lets the owner and admins remove a file; another member or anon removes nothing', async () => {
      const mine = await existing(bucket, file(member.id), member);
      const other = await existing(bucket, file(member.id), member);
      expect(await queryAs(otherMember, 'delete from storage.objects where id = $1 returning id', [mine])).toEqual([]);
      expect(await queryAs('anon', 'delete from storage.objects where id = $1 returning id', [mine])).toEqual([]);
      expect(await objectExists(mine)).toBe(true);
      expect(await queryAs(member, 'delete from storage.objects where id = $1 returning id', [mine])).toEqual([
        { id: mine },
      ]);
      expect(await queryAs(adminUser, 'delete from storage.objects where id = $1 returning id', [other])).toEqual([
        { id: other },
      ]);
      expect(await objectExists(other)).toBe(false);
    });
  });

  describe.each(['app-images', 'site-images'])('%s (admins only)', (bucket) => {
    it('lets admins upload, overwrite, list and remove', async () => {
      const name = file('apps');
      await upload(adminUser, bucket, name);
      const [row] = await upsert(adminUser, bucket, name);
      expect(row).toBeDefined();
      expect((await upsert(adminUser, bucket, name)).map((again) => again.id)).toEqual([row!.id]);
      expect(await queryAs(adminUser, 'select id from storage.objects where id = $1', [row!.id])).toEqual([
        { id: row!.id },
      ]);
      expect(await queryAs(adminUser, 'delete from storage.objects where id = $1 returning id', [row!.id])).toEqual([
        { id: row!.id },
      ]);
    });

    it('denies members (even in their own folder) and anon', async () => {
      expect(await sqlState(upload(member, bucket, file(member.id)))).toBe('42501');
      expect(await sqlState(upload(member, bucket, file('apps')))).toBe('42501');
      expect(await sqlState(upload('anon', bucket, file('apps')))).toBe('42501');
      const id = await existing(bucket, file('apps'));
      expect(await queryAs(member, 'select id from storage.objects where id = $1', [id])).toEqual([]);
      expect(
        await queryAs(member, "update storage.objects set version = 'x' where id = $1 returning id", [id]),
      ).toEqual([]);
      expect(await queryAs(member, 'delete from storage.objects where id = $1 returning id', [id])).toEqual([]);
      expect(await objectExists(id)).toBe(true);
    });
  });

  it('refuses a favicon over 100 KB by the length Storage reports, also when overwriting', async () => {
    await upload(adminUser, 'site-images', file('favicon', 'ico'), 100 * 1024);
    expect(await sqlState(upload(adminUser, 'site-images', file('favicon', 'ico'), 100 * 1024 + 1))).toBe('42501');
    // A request without a length cannot prove the limit.
    expect(await sqlState(upload(adminUser, 'site-images', file('favicon', 'ico'), null))).toBe('42501');
    const name = file('favicon', 'ico');
    expect(await upsert(adminUser, 'site-images', name, 2048)).toHaveLength(1);
    expect(await sqlState(upsert(adminUser, 'site-images', name, 100 * 1024 + 1))).toBe('42501');
    // Other site images follow the bucket's limit only (checked by Storage itself).
    await upload(adminUser, 'site-images', file('og', 'png'), 1024 * 1024);
    await upload(adminUser, 'site-images', file('og', 'png'), null);
  });

  it('needs the select policy for an upsert (RETURNING): members cannot upsert into app-images', async () => {
    expect(await sqlState(upsert(member, 'app-images', file('apps')))).toBe('42501');
  });

  it('keeps members out of buckets the app does not know', async () => {
    await admin().query(
      "insert into storage.buckets (id, name) values ('private-test', 'private-test') on conflict do nothing",
    );
    expect(await sqlState(upload(member, 'private-test', file(member.id)))).toBe('42501');
    expect(await sqlState(upload(adminUser, 'private-test', file(adminUser.id)))).toBe('42501');
  });
});
