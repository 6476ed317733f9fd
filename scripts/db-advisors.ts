// `npm run db:advisors`: Supabase's security and performance advisors on the migrated database,
// failing on any warning (`supabase db advisors --db-url … --fail-on warn`).
import { supabaseCli } from './db/supabase-cli.ts';
import { withDatabase } from './db/with-database.ts';

const result = await withDatabase((url) =>
  supabaseCli(['db', 'advisors', '--db-url', url, '--type', 'all', '--level', 'info', '--fail-on', 'warn']),
);
const output = `${result.stdout}${result.stderr}`
  .split('\n')
  .filter((line) => !/deprecated|without TLS|^│$|^Target:/.test(line))
  .join('\n')
  .trim();
console.log(output);
if (result.code !== 0) {
  console.error('Advisors found warnings or errors (see above).');
  process.exit(1);
}
