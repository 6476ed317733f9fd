// The local stand-in for pg_cron (+ pg_net): jobs the app lists in supabase/scheduled-jobs.json, each
// either a SQL statement run as the superuser (as pg_cron runs a job as its owner) or an edge
// function called through the gateway with POST and the service role key (as pg_net does from a
// cron job). Every job runs once when the stack is up and then every `every` seconds; a run never
// overlaps the previous one of the same job; a failed run is logged, never fatal. Nothing here knows
// what the jobs are: the app's file says so.
//
//   { "jobs": [
//       { "name": "membership-reminders", "every": 86400, "sql": "select private.run_membership_reminders()" },
//       { "name": "send-outbox", "every": 5, "function": "send-outbox" }
//   ] }
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { z } from 'zod';
import type { Logger } from './log.ts';

const jobSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/),
    /** Seconds between runs. */
    every: z
      .number()
      .positive()
      .max(7 * 24 * 60 * 60),
    sql: z.string().min(1).optional(),
    function: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]*$/)
      .optional(),
    /** The JSON body of a function call (default {}). */
    body: z.unknown().optional(),
    comment: z.string().optional(),
  })
  .strict()
  .refine((job) => (job.sql === undefined) !== (job.function === undefined), {
    message: 'a job has either "sql" or "function"',
  });

const fileSchema = z.object({ $comment: z.string().optional(), jobs: z.array(jobSchema) }).strict();

export type ScheduledJob = z.infer<typeof jobSchema>;

/** The jobs of a scheduled-jobs file; none when it does not exist; a malformed file fails loudly. */
export async function loadScheduledJobs(file: string): Promise<ScheduledJob[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const parsed = fileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`${file} is not a valid scheduled-jobs file: ${problems}`);
  }
  const names = new Set<string>();
  for (const job of parsed.data.jobs) {
    if (names.has(job.name)) throw new Error(`${file}: job "${job.name}" is listed twice`);
    names.add(job.name);
  }
  return parsed.data.jobs;
}

export interface SchedulerOptions {
  jobs: ScheduledJob[];
  dbUrl: string;
  /** The gateway's URL (function jobs go through it, as pg_net's call goes to the project URL). */
  apiUrl: string;
  serviceRoleKey: string;
  log: Logger;
}

export interface Scheduler {
  /** Runs a job now (waiting for a run in progress first); rejects when the run fails. */
  runNow(name: string): Promise<void>;
  stop(): Promise<void>;
}

async function runSql(dbUrl: string, sql: string): Promise<string> {
  const client = new pg.Client({ connectionString: dbUrl });
  // When PostgreSQL goes away while this client is between its calls, node-postgres emits 'error';
  // unheard, that event was an uncaught exception that ended the whole stack with "Unexpected
  // error" instead of its crash report. The call in progress fails with the same error anyway.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const result = await client.query(sql);
    const rows = Array.isArray(result) ? result.at(-1)?.rows : result.rows;
    return rows?.length ? JSON.stringify(rows[0]) : '';
  } finally {
    await client.end();
  }
}

async function callFunction(options: SchedulerOptions, job: ScheduledJob): Promise<string> {
  const response = await fetch(`${options.apiUrl}/functions/v1/${job.function}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${options.serviceRoleKey}`,
      apikey: options.serviceRoleKey,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(job.body ?? {}),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
  return text.slice(0, 300);
}

export function startScheduler(options: SchedulerOptions): Scheduler {
  const { log } = options;
  let stopped = false;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();

  const execute = async (job: ScheduledJob): Promise<void> => {
    const outcome = job.sql ? await runSql(options.dbUrl, job.sql) : await callFunction(options, job);
    log.debug('cron', `${job.name}: ${outcome}`);
  };

  /** One run of a job at a time: a caller arriving during a run waits for it, then runs again. */
  const run = (job: ScheduledJob): Promise<void> => {
    const previous = running.get(job.name) ?? Promise.resolve();
    const next = previous.then(() => (stopped ? undefined : execute(job)));
    // What the next caller waits for: settles when this run does, never rejects (the caller of
    // this run gets its failure).
    const tracked: Promise<void> = next
      .catch(() => undefined)
      .finally(() => {
        if (running.get(job.name) === tracked) running.delete(job.name);
      });
    running.set(job.name, tracked);
    return next;
  };

  const schedule = (job: ScheduledJob, delayMs: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      run(job)
        .catch((error: Error) => log.warn('cron', `${job.name} failed: ${error.message}`))
        .finally(() => schedule(job, job.every * 1000));
    }, delayMs);
    timer.unref();
    timers.set(job.name, timer);
  };

  for (const job of options.jobs) schedule(job, 0);
  if (options.jobs.length > 0) {
    log.info('cron', `scheduled jobs: ${options.jobs.map((job) => `${job.name} every ${job.every} s`).join(', ')}`);
  }

  return {
    runNow(name) {
      const job = options.jobs.find((candidate) => candidate.name === name);
      if (!job) return Promise.reject(new Error(`no scheduled job "${name}"`));
      return run(job);
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.all(running.values());
    },
  };
}
