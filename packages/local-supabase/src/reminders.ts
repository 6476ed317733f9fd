// The local stand-in for the hosted pg_cron job: runs private.run_membership_reminders() (renewal
// reminders 30 days before a membership ends, expiry notices after it; each sent once) when the
// stack starts and then once a day, as the superuser.
import pg from 'pg';
import type { Logger } from './log.ts';

export const REMINDERS_INTERVAL_MS = 24 * 60 * 60 * 1000;

export async function runMembershipReminders(dbUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ sent: number }>('select private.run_membership_reminders() as sent');
    return rows[0]?.sent ?? 0;
  } finally {
    await client.end();
  }
}

/** Starts the daily timer (the first run at once); `stop` clears it. A failed run is logged, never fatal. */
export function startMembershipReminders(dbUrl: string, log: Logger, intervalMs = REMINDERS_INTERVAL_MS) {
  const run = async () => {
    try {
      const sent = await runMembershipReminders(dbUrl);
      if (sent > 0) log.info('db', `membership reminders: ${sent} sent`);
    } catch (error) {
      log.warn('db', `membership reminders failed: ${(error as Error).message}`);
    }
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
    },
  };
}
