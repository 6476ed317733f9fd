// Runs `fn` with a migrated database: DATABASE_URL when set, else a fresh temporary one.
import { startDatabase } from '@klub/local-supabase';

export async function withDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const db = await startDatabase();
  try {
    return await fn(db.url);
  } finally {
    await db.stop();
  }
}
