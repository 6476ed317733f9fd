// The pg_cron stand-in (src/scheduler.ts): the app's job file is validated, SQL jobs run as the
// superuser and function jobs through the gateway with the service role key, once at start and then
// on their interval, one run at a time; a failed run is logged and the schedule goes on.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKDIR } from '../src/db/harness.ts';
import { memoryLogger } from '../src/log.ts';
import { loadScheduledJobs, startScheduler } from '../src/scheduler.ts';
import { stack } from './helpers/clients.ts';

let folder: string;
let db: pg.Client;
const sequence = `private.scheduler_probe_${process.pid}_${Date.now()}`;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'klub-jobs-'));
  db = new pg.Client({ connectionString: stack().dbUrl });
  await db.connect();
  await db.query(`create sequence ${sequence}`);
});

afterAll(async () => {
  await db.query(`drop sequence if exists ${sequence}`);
  await db.end();
  await rm(folder, { recursive: true, force: true });
});

async function runs(): Promise<number> {
  const { rows } = await db.query<{ last_value: string; is_called: boolean }>(
    `select last_value, is_called from ${sequence}`,
  );
  return rows[0]!.is_called ? Number(rows[0]!.last_value) : 0;
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('scheduled jobs', () => {
  it("reads the app's file: the jobs of supabase/scheduled-jobs.json; none without a file; a bad file fails loudly", async () => {
    const jobs = await loadScheduledJobs(path.join(WORKDIR, 'supabase/scheduled-jobs.json'));
    expect(jobs.map((job) => [job.name, job.sql ?? job.function])).toEqual([
      [
        'membership-reminders',
        "select private.run_membership_reminders(); select public.record_job_run('membership-reminders', true)",
      ],
      ['payment-jobs', "select private.run_payment_jobs(); select public.record_job_run('payment-jobs', true)"],
      ['send-outbox', 'send-outbox'],
      [
        'audit-chain-head',
        "select private.publish_audit_chain_head(); select public.record_job_run('audit-chain-head', true)",
      ],
      ['przelewy24-reconcile', 'przelewy24-reconcile'],
      ['health-checks', "select private.run_health_checks(); select public.record_job_run('health-checks', true)"],
      ['privacy-purge', "select private.run_privacy_purge(); select public.record_job_run('privacy-purge', true)"],
      ['remove-stored-files', 'remove-stored-files'],
      ['usdt-verify-payment', 'usdt-verify-payment'],
      ['usdt-watch', 'usdt-watch'],
    ]);
    expect(await loadScheduledJobs(path.join(folder, 'missing.json'))).toEqual([]);
    const bad = path.join(folder, 'bad.json');
    await writeFile(bad, JSON.stringify({ jobs: [{ name: 'x', every: 5, sql: 'select 1', function: 'y' }] }));
    await expect(loadScheduledJobs(bad)).rejects.toThrow(/either "sql" or "function"/);
    await writeFile(bad, JSON.stringify({ jobs: [{ name: 'x', every: 0, sql: 'select 1' }] }));
    await expect(loadScheduledJobs(bad)).rejects.toThrow(/not a valid scheduled-jobs file/);
    const twice = { name: 'x', every: 5, sql: 'select 1' };
    await writeFile(bad, JSON.stringify({ jobs: [twice, twice] }));
    await expect(loadScheduledJobs(bad)).rejects.toThrow(/listed twice/);
  });

  it('runs a SQL job at start and on its interval; a failing job is logged and keeps its schedule', async () => {
    const log = memoryLogger();
    const scheduler = startScheduler({
      jobs: [
        { name: 'probe', every: 0.2, sql: `select nextval('${sequence}')` },
        { name: 'broken', every: 0.2, sql: 'select private.no_such_function()' },
      ],
      dbUrl: stack().dbUrl,
      apiUrl: stack().apiUrl,
      serviceRoleKey: stack().serviceRoleKey,
      log,
    });
    try {
      await until(async () => (await runs()) >= 3);
      await until(async () => log.lines.filter((line) => line.startsWith('warn cron: broken failed')).length >= 2);
    } finally {
      await scheduler.stop();
    }
    const after = await runs();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await runs()).toBe(after);
  });

  it('calls a function job through the gateway with the service role key; runNow waits for the run', async () => {
    const log = memoryLogger();
    const scheduler = startScheduler({
      jobs: [{ name: 'echo', every: 3600, function: 'echo', body: { hello: 'cron' } }],
      dbUrl: stack().dbUrl,
      apiUrl: stack().apiUrl,
      serviceRoleKey: stack().serviceRoleKey,
      log,
    });
    try {
      await scheduler.runNow('echo');
      const lines = log.lines.filter((line) => line.startsWith('debug cron: echo:'));
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.at(-1)).toContain('cron');
      await expect(scheduler.runNow('nothing')).rejects.toThrow('no scheduled job "nothing"');
    } finally {
      await scheduler.stop();
    }
  });
});
