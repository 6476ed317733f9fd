// Storage through supabase-js: the project's policies decide (here the fixture policy "own folder
// only" on the contract-tests bucket), bucket limits are enforced, public buckets serve by URL.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { activatedMember } from './helpers/accounts.ts';
import { appClient, serviceClient, stack } from './helpers/clients.ts';

const BUCKET = 'contract-tests';
const text = (content: string) => new Blob([content], { type: 'text/plain' });

describe('storage objects', () => {
  it('lets a member upload into their own folder and read it back', async () => {
    const member = await activatedMember('storage-own');
    const bucket = member.client.storage.from(BUCKET);
    const path = `${member.session.user.id}/notes/hello.txt`;

    const uploaded = await bucket.upload(path, text('cześć'));
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path, fullPath: `${BUCKET}/${path}`, id: expect.any(String) });
    const downloaded = await bucket.download(path);
    expect(downloaded.error).toBeNull();
    expect(await downloaded.data?.text()).toBe('cześć');
    expect(downloaded.data?.type).toBe('text/plain');
  });

  it('accepts raw bytes with a content type (ArrayBuffer uploads) and answers exists() with HEAD', async () => {
    const member = await activatedMember('storage-raw');
    const bucket = member.client.storage.from(BUCKET);
    const path = `${member.session.user.id}/raw.png`;
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);

    expect((await bucket.upload(path, bytes.buffer, { contentType: 'image/png' })).error).toBeNull();
    const downloaded = await bucket.download(path);
    expect(new Uint8Array(await (downloaded.data as Blob).arrayBuffer())).toEqual(bytes);
    expect(downloaded.data?.type).toBe('image/png');
    expect((await bucket.exists(path)).data).toBe(true);
    expect((await bucket.exists(`${member.session.user.id}/missing.png`)).data).toBe(false);
  });

  it("denies uploads into another member's folder and anonymous uploads (the policy decides)", async () => {
    const member = await activatedMember('storage-other');
    const other = await activatedMember('storage-victim');
    const denied = await member.client.storage.from(BUCKET).upload(`${other.session.user.id}/x.txt`, text('x'));
    expect(denied.error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const anonymous = await appClient().storage.from(BUCKET).upload(`${member.session.user.id}/y.txt`, text('y'));
    expect(anonymous.error).toMatchObject({ statusCode: '403' });
  });

  it("hides other members' objects from download and list", async () => {
    const owner = await activatedMember('storage-owner');
    const stranger = await activatedMember('storage-stranger');
    const path = `${owner.session.user.id}/secret.txt`;
    await owner.client.storage.from(BUCKET).upload(path, text('secret'));

    const download = await stranger.client.storage.from(BUCKET).download(path);
    expect(download.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
    const listed = await stranger.client.storage.from(BUCKET).list(owner.session.user.id);
    expect(listed.data).toEqual([]);
    const own = await owner.client.storage.from(BUCKET).list(owner.session.user.id);
    expect(own.data?.map((entry) => entry.name)).toEqual(['secret.txt']);
  });

  it('refuses a second upload to the same path unless upsert is asked for', async () => {
    const member = await activatedMember('storage-upsert');
    const bucket = member.client.storage.from(BUCKET);
    const path = `${member.session.user.id}/same.txt`;
    await bucket.upload(path, text('one'));

    const duplicate = await bucket.upload(path, text('two'));
    expect(duplicate.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect((await bucket.upload(path, text('three'), { upsert: true })).error).toBeNull();
    expect(await (await bucket.download(path)).data?.text()).toBe('three');
    expect((await bucket.update(path, text('four'))).error).toBeNull();
    expect(await (await bucket.download(path)).data?.text()).toBe('four');
  });

  it("enforces the bucket's file_size_limit and allowed_mime_types", async () => {
    const member = await activatedMember('storage-limits');
    const bucket = member.client.storage.from(BUCKET);
    const folder = member.session.user.id;

    const big = await bucket.upload(`${folder}/big.txt`, text('x'.repeat(2048)));
    expect(big.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const pdf = await bucket.upload(`${folder}/doc.pdf`, new Blob(['%PDF'], { type: 'application/pdf' }));
    expect(pdf.error).toMatchObject({ statusCode: '415', message: 'mime type application/pdf is not supported' });
  });

  it('removes only what the caller may delete and answers the removed objects', async () => {
    const member = await activatedMember('storage-remove');
    const other = await activatedMember('storage-keep');
    const mine = `${member.session.user.id}/gone.txt`;
    const theirs = `${other.session.user.id}/kept.txt`;
    await member.client.storage.from(BUCKET).upload(mine, text('a'));
    await other.client.storage.from(BUCKET).upload(theirs, text('b'));

    const { data, error } = await member.client.storage.from(BUCKET).remove([mine, theirs]);
    expect(error).toBeNull();
    expect(data?.map((object) => object.name)).toEqual([mine]);
    expect((await member.client.storage.from(BUCKET).download(mine)).error).toMatchObject({ statusCode: '404' });
    expect(await (await other.client.storage.from(BUCKET).download(theirs)).data?.text()).toBe('b');
  });

  it('serves objects of a public bucket (config.toml) by their public URL, without a key', async () => {
    const service = serviceClient().storage.from('avatars');
    const path = `contract/${Date.now()}.png`;
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    expect((await service.upload(path, png)).error).toBeNull();

    const response = await fetch(service.getPublicUrl(path).data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    const privateUrl = serviceClient().storage.from(BUCKET).getPublicUrl('anything.txt').data.publicUrl;
    expect((await fetch(privateUrl)).status).toBe(400);
  });

  it('names what it does not emulate (signed upload URLs)', async () => {
    const member = await activatedMember('storage-signed');
    const { error } = await member.client.storage.from(BUCKET).createSignedUploadUrl(`${member.session.user.id}/a.txt`);
    expect(error).toMatchObject({ statusCode: '501', message: expect.stringContaining('not emulated') });
  });

  it('asks the policies with what Storage knows before storing: {mimetype, contentLength} of the request', async () => {
    const member = await activatedMember('storage-dropbox');
    const bucket = member.client.storage.from('contract-dropbox');
    const folder = member.session.user.id;
    const bytes = (length: number) => new TextEncoder().encode('x'.repeat(length)).buffer;

    expect((await bucket.upload(`${folder}/16.txt`, bytes(16), { contentType: 'text/plain' })).error).toBeNull();
    const tooLong = await bucket.upload(`${folder}/17.txt`, bytes(17), { contentType: 'text/plain' });
    expect(tooLong.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    // A form (a Blob through supabase-js) is longer than its file: the framing counts.
    const form = await bucket.upload(`${folder}/form.txt`, text('x'));
    expect(form.error).toMatchObject({ statusCode: '403' });

    // The object Storage keeps carries the stored file's metadata.
    const db = new pg.Client({ connectionString: stack().dbUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        "select metadata ->> 'size' as size, metadata ->> 'mimetype' as mimetype from storage.objects where bucket_id = 'contract-dropbox' and name = $1",
        [`${folder}/16.txt`],
      );
      expect(rows).toEqual([{ size: '16', mimetype: 'text/plain' }]);
    } finally {
      await db.end();
    }
  });

  it('upserts with INSERT … ON CONFLICT … RETURNING: without a select policy an upsert is refused', async () => {
    const member = await activatedMember('storage-dropbox-upsert');
    const bucket = member.client.storage.from('contract-dropbox');
    const path = `${member.session.user.id}/again.txt`;
    const upserted = await bucket.upload(path, new TextEncoder().encode('x').buffer, {
      contentType: 'text/plain',
      upsert: true,
    });
    expect(upserted.error).toMatchObject({ statusCode: '403' });
    expect(
      (await bucket.upload(path, new TextEncoder().encode('x').buffer, { contentType: 'text/plain' })).error,
    ).toBeNull();
  });

  it('treats PUT (update) as an upsert: it creates a missing object', async () => {
    const member = await activatedMember('storage-put');
    const bucket = member.client.storage.from(BUCKET);
    const path = `${member.session.user.id}/put-new.txt`;
    expect((await bucket.update(path, text('made by PUT'))).error).toBeNull();
    expect(await (await bucket.download(path)).data?.text()).toBe('made by PUT');
  });
});
