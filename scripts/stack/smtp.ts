// The seed's SMTP configuration (supabase/seed.sql) for the local stack's mail catcher.
import pg from 'pg';

/** The id of the seeded loopback SMTP configuration (supabase/seed.sql). */
export const LOCAL_SMTP_CONFIG_ID = 'd0000000-0000-4000-8000-000000000001';

/**
 * The seed points its SMTP configuration at the mail catcher's default port (54325). When
 * STACK_SMTP_PORT (or a test) moves the catcher, that configuration follows it, on every start
 * (the data folder outlives a change of ports). Only the seeded loopback configuration is touched.
 */
export async function pointLocalSmtpAtMailCatcher(dbUrl: string, smtpPort: number): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(
      `update public.smtp_configs set port = $2
        where id = $1 and host in ('127.0.0.1', 'localhost') and port <> $2`,
      [LOCAL_SMTP_CONFIG_ID, smtpPort],
    );
  } finally {
    await client.end();
  }
}
