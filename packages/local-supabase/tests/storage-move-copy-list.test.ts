// move(), copy() and listV2() through supabase-js, as hosted Storage answers them (storage-api at
// commit 4fa61fba), with the fixture policy "own folder only" on contract-tests deciding.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatedMember } from './helpers/accounts.ts';
import { serviceClient, stack } from './helpers/clients.ts';

const BUCKET = 'contract-tests';
const text = (content: string) => new Blob([content], { type: 'text/plain' });

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: stack().dbUrl });
  await db.connect();
});
afterAll(() => db.end());

async function ownerIdOf(name: string): Promise<string | undefined> {
  const { rows } = await db.query<{ owner_id: string }>(
    'select owner_id from storage.objects where bucket_id = $1 and name = $2',
    [BUCKET, name],
  );
  return rows[0]?.owner_id;
}

describe('move() and copy()', () => {
  it('moves within what the policies allow: the bytes follow, the old name is gone', async () => {
    const member = await activatedMember('move');
    const other = await activatedMember('move-other');
    const bucket = member.client.storage.from(BUCKET);
    const folder = member.session.user.id;
    await bucket.upload(`${folder}/draft.txt`, text('szkic'));
    await bucket.upload(`${folder}/taken.txt`, text('zajęte'));

    const moved = await bucket.move(`${folder}/draft.txt`, `${folder}/final/report.txt`);
    expect(moved).toEqual({ data: { message: 'Successfully moved' }, error: null });
    expect(await (await bucket.download(`${folder}/final/report.txt`)).data?.text()).toBe('szkic');
    expect((await bucket.download(`${folder}/draft.txt`)).error).toMatchObject({ statusCode: '404' });

    const refusals = [
      // the update policy's with check: not into another member's folder
      [
        bucket.move(`${folder}/final/report.txt`, `${other.session.user.id}/x.txt`),
        '403',
        'new row violates row-level security policy',
      ],
      // nor onto an existing name
      [bucket.move(`${folder}/final/report.txt`, `${folder}/taken.txt`), '409', 'The resource already exists'],
      // nor anything the select policy hides
      [
        other.client.storage.from(BUCKET).move(`${folder}/taken.txt`, `${other.session.user.id}/t.txt`),
        '404',
        'Object not found',
      ],
    ] as const;
    for (const [attempt, statusCode, message] of refusals) {
      expect((await attempt).error).toMatchObject({ status: 400, statusCode, message });
    }
    expect(await (await bucket.download(`${folder}/final/report.txt`)).data?.text()).toBe('szkic');
  });

  it('copies into a new name (the copier owns it), refusing what an upload would refuse', async () => {
    const member = await activatedMember('copy');
    const other = await activatedMember('copy-other');
    const bucket = member.client.storage.from(BUCKET);
    const folder = member.session.user.id;
    await bucket.upload(`${folder}/original.txt`, text('oryginał'), { metadata: { version: 1 } });

    const copied = await bucket.copy(`${folder}/original.txt`, `${folder}/copy.txt`);
    expect(copied).toEqual({ data: { path: `${BUCKET}/${folder}/copy.txt` }, error: null });
    const copy = await bucket.download(`${folder}/copy.txt`);
    expect(await copy.data?.text()).toBe('oryginał');
    expect(copy.data?.type).toBe('text/plain');
    expect((await bucket.info(`${folder}/copy.txt`)).data).toMatchObject({ metadata: { version: 1 } });
    expect(await (await bucket.download(`${folder}/original.txt`)).data?.text()).toBe('oryginał');

    const duplicate = await bucket.copy(`${folder}/original.txt`, `${folder}/copy.txt`);
    expect(duplicate.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    const intoOther = await bucket.copy(`${folder}/original.txt`, `${other.session.user.id}/copy.txt`);
    expect(intoOther.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const fromOther = await other.client.storage
      .from(BUCKET)
      .copy(`${folder}/original.txt`, `${other.session.user.id}/c.txt`);
    expect(fromOther.error).toMatchObject({ statusCode: '404', message: 'Object not found' });

    // The service role copies anything; a copy made by a member is the member's.
    const byService = await serviceClient()
      .storage.from(BUCKET)
      .copy(`${folder}/original.txt`, `${other.session.user.id}/gift.txt`);
    expect(byService.error).toBeNull();
    expect(
      await (await other.client.storage.from(BUCKET).download(`${other.session.user.id}/gift.txt`)).data?.text(),
    ).toBe('oryginał');
    expect(await ownerIdOf(`${folder}/copy.txt`)).toBe(folder);
  });
});

describe('listV2()', () => {
  it('pages through objects and folders under a prefix, showing only what the caller may select', async () => {
    const member = await activatedMember('list-v2');
    const stranger = await activatedMember('list-v2-stranger');
    const bucket = member.client.storage.from(BUCKET);
    const folder = member.session.user.id;
    for (const name of ['docs/a.txt', 'docs/b.txt', 'docs/deep/c.txt', 'top.txt']) {
      expect((await bucket.upload(`${folder}/${name}`, text(name))).error).toBeNull();
    }

    const level = await bucket.listV2({ prefix: `${folder}/`, with_delimiter: true });
    expect(level.error).toBeNull();
    expect(level.data).toEqual({
      hasNext: false,
      folders: [
        {
          key: 'docs',
          name: `${folder}/docs/`,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        },
      ],
      objects: [
        {
          key: 'top.txt',
          name: `${folder}/top.txt`,
          id: expect.any(String),
          updated_at: expect.any(String),
          created_at: expect.any(String),
          last_accessed_at: expect.any(String),
          metadata: expect.objectContaining({ mimetype: 'text/plain', size: 7 }),
        },
      ],
    });

    const flat = await bucket.listV2({ prefix: `${folder}/` });
    expect(flat.data?.folders).toEqual([]);
    expect(flat.data?.objects.map((object) => object.name)).toEqual(
      ['docs/a.txt', 'docs/b.txt', 'docs/deep/c.txt', 'top.txt'].map((name) => `${folder}/${name}`),
    );
    expect(flat.data?.objects[0]).not.toHaveProperty('key');

    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await bucket.listV2({ prefix: `${folder}/docs/`, with_delimiter: true, limit: 1, cursor });
      expect(page.error).toBeNull();
      pages.push([...(page.data?.folders ?? []), ...(page.data?.objects ?? [])].map((entry) => entry.name));
      cursor = page.data?.hasNext ? page.data.nextCursor : undefined;
    } while (cursor && pages.length < 5);
    expect(pages).toEqual([[`${folder}/docs/a.txt`], [`${folder}/docs/b.txt`], [`${folder}/docs/deep/`]]);

    const newestFirst = await bucket.listV2({ prefix: `${folder}/`, sortBy: { column: 'created_at', order: 'desc' } });
    expect(newestFirst.data?.objects.map((object) => object.name)).toEqual(
      ['top.txt', 'docs/deep/c.txt', 'docs/b.txt', 'docs/a.txt'].map((name) => `${folder}/${name}`),
    );

    const hidden = await stranger.client.storage.from(BUCKET).listV2({ prefix: `${folder}/`, with_delimiter: true });
    expect(hidden.data).toEqual({ hasNext: false, folders: [], objects: [] });
    const invalid = await bucket.listV2({ limit: 0 });
    expect(invalid.error).toMatchObject({ statusCode: '400', message: 'body/limit must be >= 1' });
  });
});
