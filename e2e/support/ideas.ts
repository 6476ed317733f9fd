// Ideas made behind the screens (through the stack's Auth, Storage and REST API, as the app's
// client would), for journeys that are not about submitting them.
import { ANON_KEY, API_URL } from './env';
import { pngImage } from './images';
import pg from 'pg';
import { STACK_DATABASE_URL } from './env';

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export async function accessToken(email: string, password: string): Promise<{ token: string; userId: string }> {
  const session = await json<{ access_token: string; user: { id: string } }>(
    await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
    'sign-in',
  );
  return { token: session.access_token, userId: session.user.id };
}

export interface StoredIdea {
  id: string;
  title: string;
  imagePaths: string[];
  imageUrls: string[];
}

/** Uploads `images` PNGs into the member's folder and inserts a pending idea showing them. */
export async function createIdeaWithImages(
  who: { email: string; password: string },
  title: string,
  images = 2,
): Promise<StoredIdea> {
  const { token, userId } = await accessToken(who.email, who.password);
  const headers = { apikey: ANON_KEY, Authorization: `Bearer ${token}` };
  const imagePaths: string[] = [];
  for (let n = 0; n < images; n += 1) {
    const path = `${userId}/${Date.now()}-e2e${n}.png`;
    await json(
      await fetch(`${API_URL}/storage/v1/object/idea-images/${path}`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'image/png' },
        body: new Uint8Array(pngImage(8, 8, [40 * n, 120, 200])),
      }),
      'upload',
    );
    imagePaths.push(path);
  }
  const imageUrls = imagePaths.map((path) => `${API_URL}/storage/v1/object/public/idea-images/${path}`);
  const [row] = await json<{ id: string }[]>(
    await fetch(`${API_URL}/rest/v1/app_ideas?select=id`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({
        title,
        description: 'Pomysł utworzony przez test do usunięcia przez administratora.',
        category: 'games',
        target_audience: 'Testerzy',
        monetization_strategy: 'Brak',
        image_urls: imageUrls,
      }),
    }),
    'insert idea',
  );
  return { id: row!.id, title, imagePaths, imageUrls };
}

/** Which of these idea-images objects Storage still holds (its table, read-only). */
export async function storedObjects(paths: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: STACK_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select name from storage.objects where bucket_id = 'idea-images' and name = any($1) order by name",
      [paths],
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}
