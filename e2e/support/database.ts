// Facts the UI does not show yet, read from the stack's database (read-only). The referral page that
// lists a member's referred users is a later issue; until then the relationship is checked here.
import pg from 'pg';
import { STACK_DATABASE_URL } from './env';

async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: STACK_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Who referred the member with this e-mail (the referrer's e-mail and the code used), if anyone. */
export async function referralOf(email: string): Promise<{ referrer: string; code: string | null } | null> {
  const rows = await query<{ referrer: string; code: string | null }>(
    `select referrer.email as referrer, c.code
       from public.referral_relationships r
       join auth.users referred on referred.id = r.referred_id
       join auth.users referrer on referrer.id = r.referrer_id
       left join public.referral_codes c on c.id = r.code_id
      where referred.email = lower($1)`,
    [email],
  );
  return rows[0] ?? null;
}

/** How many visits a referral code has counted (`track_referral_visit`). */
export async function referralVisits(code: string): Promise<number> {
  const rows = await query<{ visits: number }>(
    'select visits_count as visits from public.referral_codes where code = $1',
    [code],
  );
  if (!rows[0]) throw new Error(`no referral code ${code}`);
  return rows[0].visits;
}
