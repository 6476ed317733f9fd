// `npm run db:start`: a PostgreSQL with the Supabase platform, the migrations and the seed, kept in
// .data/postgres between runs (`--reset` starts clean). Prints the URL and waits for Ctrl-C.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { startDatabase } from '@klub/local-supabase';
import { ROOT } from './lib/root.ts';

const dataDir = path.join(ROOT, '.data/postgres');
if (process.argv.includes('--reset')) await rm(dataDir, { recursive: true, force: true });
const port = Number(process.env.DB_PORT ?? 54322);
const db = await startDatabase({ dataDir, port, seed: true, log: (line) => console.log(`• ${line}`) });
console.log(`\nPostgreSQL ready in ${(db.readyInMs / 1000).toFixed(1)} s\n  DATABASE_URL=${db.url}\nCtrl-C stops it.`);
const shutdown = async () => {
  await db.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
