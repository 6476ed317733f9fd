// npm run deploy:headers: writes the production response headers from deploy/security-headers.ts
// (the one source) for the Supabase project of the production build (VITE_SUPABASE_URL from
// .env.production.local, .env.production or the shell):
//   deploy/security-headers.conf   the nginx include of deploy/nginx.conf
//   dist/_headers, dist/_redirects Netlify's headers and SPA fallback (when dist/ exists)
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadEnv } from 'vite';
import { NETLIFY_REDIRECTS, netlifyHeaders, nginxHeaders } from '../deploy/security-headers.ts';
import { ROOT } from './lib/root.ts';

const env = loadEnv('production', ROOT, 'VITE_');
const supabaseUrl = env.VITE_SUPABASE_URL ?? '';
if (!/^https:\/\/\S+$/.test(supabaseUrl)) {
  console.error(`VITE_SUPABASE_URL must be the project's https URL for production, not "${supabaseUrl}"`);
  process.exit(1);
}
await writeFile(path.join(ROOT, 'deploy/security-headers.conf'), nginxHeaders({ supabaseUrl }));
console.log('wrote deploy/security-headers.conf');
if (existsSync(path.join(ROOT, 'dist'))) {
  await writeFile(path.join(ROOT, 'dist/_headers'), netlifyHeaders({ supabaseUrl }));
  await writeFile(path.join(ROOT, 'dist/_redirects'), NETLIFY_REDIRECTS);
  console.log('wrote dist/_headers and dist/_redirects');
}
