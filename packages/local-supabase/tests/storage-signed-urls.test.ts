// Signed download URLs and info() through supabase-js, as hosted Storage answers them (storage-api at
// commit 4fa61fba): creating a URL asks the select policy ("own folder only" on contract-tests);
// downloading with its token asks none, needs no key, and stops at the token's expiry.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { JWT_KEY } from '../src/keys.ts';
import { activatedMember } from './helpers/accounts.ts';
import { appClient, claimsOf, serviceClient, stack } from './helpers/clients.ts';

const BUCKET = 'contract-tests';
const text = (content: string) => new Blob([content], { type: 'text/plain' });

/** What a browser gets for the URL: no apikey, no Authorization. */
async function open(url: string) {
  const response = await fetch(url);
  return { response, body: await response.text() };
}

const signedPath = (path: string, token: string) =>
  `${stack().apiUrl}/storage/v1/object/sign/${BUCKET}/${path}?token=${token}`;

describe('signed URLs', () => {
  it('signs what the caller may select; the URL serves anyone, without a key, until it expires', async () => {
    const owner = await activatedMember('signed-owner');
    const stranger = await activatedMember('signed-stranger');
    const path = `${owner.session.user.id}/raport roczny.txt`;
    await owner.client.storage.from(BUCKET).upload(path, text('raport'));

    const { data, error } = await owner.client.storage.from(BUCKET).createSignedUrl(path, 60);
    expect(error).toBeNull();
    const signed = new URL(data?.signedUrl ?? '');
    expect(`${signed.origin}${decodeURIComponent(signed.pathname)}`).toBe(
      `${stack().apiUrl}/storage/v1/object/sign/${BUCKET}/${path}`,
    );
    const token = signed.searchParams.get('token') ?? '';
    const claims = claimsOf(token);
    expect(claims).toEqual({
      url: `${BUCKET}/${path}`,
      scope: 'download',
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(60);

    const { response, body } = await open(data?.signedUrl ?? '');
    expect(response.status).toBe(200);
    expect(body).toBe('raport');
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(response.headers.get('expires')).toBe(new Date((claims.exp as number) * 1000).toUTCString());
    expect(response.headers.get('cache-control')).toBeNull();
    expect(response.headers.get('content-disposition')).toBeNull();

    // Signing needs the select policy (the stranger's and anonymous attempts see no object)…
    for (const client of [stranger.client, appClient()]) {
      const denied = await client.storage.from(BUCKET).createSignedUrl(path, 60);
      expect(denied.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
    }
    // …and a service-role signature needs none.
    expect((await serviceClient().storage.from(BUCKET).createSignedUrl(path, 60)).error).toBeNull();

    const past = Math.floor(Date.now() / 1000) - 120;
    const expired = await new SignJWT({ url: `${BUCKET}/${path}`, scope: 'download' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(past - 60)
      .setExpirationTime(past)
      .sign(JWT_KEY);
    const refusals: [string, Record<string, string>][] = [
      [
        signedPath(encodeURI(path), expired),
        { statusCode: '400', code: 'InvalidJWT', message: '"exp" claim timestamp check failed' },
      ],
      [
        signedPath(`${owner.session.user.id}/other.txt`, token),
        { code: 'InvalidSignature', message: 'Invalid signature' },
      ],
      [
        signedPath(
          encodeURI(path),
          await new SignJWT({ url: `${BUCKET}/${path}`, upsert: false })
            .setProtectedHeader({ alg: 'HS256' })
            .setExpirationTime('1m')
            .sign(JWT_KEY),
        ),
        { code: 'InvalidSignature', message: 'Token is not scoped for download' },
      ],
      [
        `${stack().apiUrl}/storage/v1/object/sign/${BUCKET}/${encodeURI(path)}`,
        { code: 'InvalidRequest', message: "querystring must have required property 'token'" },
      ],
    ];
    for (const [url, answer] of refusals) {
      const refused = await open(url);
      expect(refused.response.status).toBe(400);
      expect(JSON.parse(refused.body)).toMatchObject(answer);
    }
  });

  it('asks for a download with the `download` option: an attachment, named or not', async () => {
    const member = await activatedMember('signed-download');
    const bucket = member.client.storage.from(BUCKET);
    const path = `${member.session.user.id}/dane.txt`;
    await bucket.upload(path, text('dane'));

    const unnamed = await bucket.createSignedUrl(path, 60, { download: true });
    expect((await open(unnamed.data?.signedUrl ?? '')).response.headers.get('content-disposition')).toBe('attachment;');
    const named = await bucket.createSignedUrl(path, 60, { download: 'moje dane.txt' });
    const { response, body } = await open(named.data?.signedUrl ?? '');
    expect(body).toBe('dane');
    expect(response.headers.get('content-disposition')).toBe(
      "attachment; filename=moje%20dane.txt; filename*=UTF-8''moje%20dane.txt",
    );
  });

  it('signs many paths at once: a URL for each selectable object, an error for the others', async () => {
    const owner = await activatedMember('signed-many');
    const other = await activatedMember('signed-many-other');
    const bucket = owner.client.storage.from(BUCKET);
    const [first, second] = [`${owner.session.user.id}/1.txt`, `${owner.session.user.id}/2.txt`];
    await bucket.upload(first, text('jeden'));
    await bucket.upload(second, text('dwa'));
    const theirs = `${other.session.user.id}/3.txt`;
    await other.client.storage.from(BUCKET).upload(theirs, text('trzy'));
    const missing = `${owner.session.user.id}/missing.txt`;

    const { data, error } = await bucket.createSignedUrls([first, missing, second, theirs], 120);
    expect(error).toBeNull();
    const noAccess = 'Either the object does not exist or you do not have access to it';
    expect(data?.map(({ path, error: itsError }) => [path, itsError])).toEqual([
      [first, null],
      [missing, noAccess],
      [second, null],
      [theirs, noAccess],
    ]);
    expect(data?.[1]).toMatchObject({ signedURL: null, signedUrl: null });
    expect((await open(data?.[0]?.signedUrl ?? '')).body).toBe('jeden');
    expect((await open(data?.[2]?.signedUrl ?? '')).body).toBe('dwa');

    const invalid = await bucket.createSignedUrl(first, 0);
    expect(invalid.error).toMatchObject({ statusCode: '400', message: 'body/expiresIn must be >= 1' });
    const none = await bucket.createSignedUrls([], 60);
    expect(none.error).toMatchObject({ statusCode: '400', message: 'body/paths must NOT have fewer than 1 items' });
  });
});

describe('info()', () => {
  it("describes an object the caller may select, and a public bucket's to anyone", async () => {
    const member = await activatedMember('info');
    const stranger = await activatedMember('info-stranger');
    const path = `${member.session.user.id}/notatka.txt`;
    const uploaded = await member.client.storage
      .from(BUCKET)
      .upload(path, text('notatka'), { cacheControl: '120', metadata: { kind: 'note' } });

    const { data, error } = await member.client.storage.from(BUCKET).info(path);
    expect(error).toBeNull();
    expect(data).toEqual({
      id: uploaded.data?.id,
      name: path,
      version: expect.any(String),
      bucketId: BUCKET,
      size: 7,
      contentType: 'text/plain',
      cacheControl: 'max-age=120',
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      metadata: { kind: 'note' },
      lastModified: expect.any(String),
      createdAt: expect.any(String),
    });
    const hidden = await stranger.client.storage.from(BUCKET).info(path);
    expect(hidden.error).toMatchObject({ statusCode: '404', message: 'Object not found' });

    const avatar = `contract/${Date.now()}-info.png`;
    await serviceClient()
      .storage.from('avatars')
      .upload(avatar, new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }));
    expect((await appClient().storage.from('avatars').info(avatar)).data).toMatchObject({
      size: 4,
      contentType: 'image/png',
    });
    const noKey = await fetch(`${stack().apiUrl}/storage/v1/object/info/${BUCKET}/${path}`);
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket', message: 'Bucket not found' });
  });
});
