// The seeded accounts for the local stack's start-up summary: who is in auth.users after the seed,
// with the password the seed's header comment documents ("--   email / password   description").
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export interface SeededAccount {
  email: string;
  confirmed: boolean;
  admin: boolean;
}

/** The accounts in auth.users (after the seed), oldest first; admin is app_metadata.admin. */
export async function seededAccounts(dbUrl: string, limit = 20): Promise<SeededAccount[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<SeededAccount>(
      `select email, email_confirmed_at is not null as confirmed,
              coalesce((raw_app_meta_data ->> 'admin')::boolean, false) as admin
         from auth.users where email is not null order by created_at limit $1`,
      [limit],
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** "--   email / password" lines of the seed's header comment, by lower-case e-mail. */
export async function documentedPasswords(seedFile: string): Promise<Map<string, string>> {
  const seed = await readFile(seedFile, 'utf8').catch(() => '');
  const passwords = new Map<string, string>();
  for (const match of seed.matchAll(/^--\s+(\S+@\S+)\s+\/\s+(\S+)/gm)) {
    passwords.set((match[1] as string).toLowerCase(), match[2] as string);
  }
  return passwords;
}

/** One line per account: "e-mail / password (admin, not activated)". */
export async function accountLines(dbUrl: string, projectDir: string): Promise<string[]> {
  const [accounts, passwords] = await Promise.all([
    seededAccounts(dbUrl).catch(() => []),
    documentedPasswords(path.join(projectDir, 'supabase/seed.sql')),
  ]);
  if (!accounts.length) return ['none (supabase/seed.sql creates none)'];
  return accounts.map((account) => {
    const password = passwords.get(account.email.toLowerCase());
    const notes = [account.admin ? 'admin' : '', account.confirmed ? '' : 'not activated'].filter(Boolean).join(', ');
    return `${account.email}${password ? ` / ${password}` : ''}${notes ? ` (${notes})` : ''}`;
  });
}
