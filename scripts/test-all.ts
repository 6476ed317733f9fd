// `npm test`: everything CI checks, in one run, with one database.
//
// The steps run in lanes that work side by side on the 2 cores, each lane in its order:
//   checks: lint → lint:types → format → typecheck → functions:check → functions (Deno tests)
//   unit:   vitest unit (happy-dom; CPU-bound)
//   db:     db:types:check → db:schema:check → db:advisors (on the migrated database, before any
//           test writes to it) → vitest integration
//   stack:  vitest stack: the local stack's contract and fault tests on stacks of their own. They
//           mostly wait (on a loaded machine 282 s for 59 CPU-s; faults.test.ts's nine stack starts
//           alone 126 s), so they run beside the integration tests instead of after them, where
//           they made the db lane the run's longest (integration 110 s + stack 129 s on a quiet
//           machine; docs/testing.md). (With the suite twice as heavy, a lane of their own had made
//           the whole run slower: 906 s against 548 s.)
//   app:    build (once, for size and E2E) → size → e2e (the longest lane: it starts as soon as the
//           E2E stack, started at once beside everything else, is ready)
// A step's output is printed in one piece when it ends, so lanes do not interleave their lines.
// Prints a timing table and a closing line "tests: N passed, N failed".
//
// `npm test -- <step> …` runs only the named steps (in their lanes, without waiting for steps that
// were left out); `--serial` runs the steps one after another, in the order above.
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startDatabase, type Database } from '@klub/local-supabase';
import { ROOT } from './lib/root.ts';
import { machineCpu, ProcessTreeCpu, reapedChildrenCpu, type OwnerCpu } from './lib/process-cpu.ts';
import {
  assignE2eStackPorts,
  E2E_BUILD_COMMAND,
  E2E_DIST,
  E2E_EMAIL_MAX_FREQUENCY,
  E2E_PREBUILT_VARIABLE,
  E2E_STACK_COMMAND,
  E2E_STACK_STARTED_VARIABLE,
  e2eBuildEnv,
  e2ePorts,
  e2eStackEnv,
} from './lib/e2e-app.ts';

interface Step {
  name: string;
  lane: 'checks' | 'unit' | 'db' | 'stack' | 'app';
  command: string[];
  /** Extra environment of this step. */
  env?: NodeJS.ProcessEnv;
  /** Steps of other lanes that must have ended first (when they are part of the run). */
  after?: string[];
  /** What must be ready before the step starts (besides `after`); rejects when it cannot be. */
  ready?: () => Promise<void>;
  /** Reads the test counts the step wrote, if it runs tests. */
  counts?: () => Promise<Counts>;
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface Result {
  name: string;
  ok: boolean;
  startedAt: number;
  seconds: number;
  /**
   * CPU seconds (user + system) of the step's processes: the larger of what it reaped and what the
   * sampling saw, plus, for a step of the db lane, what the lane's database used meanwhile.
   */
  cpu?: number;
  /** The part of `cpu` PostgreSQL used (sampled). */
  postgres?: number;
}

const REPORTS = path.join(ROOT, '.tmp/reports');
/** Owner of what this process starts itself: the db lane's PostgreSQL (initdb, the server, the CLI). */
const DATABASE_OWNER = '(database)';
const E2E_STACK_OWNER = '(E2E stack)';
const args = process.argv.slice(2);
const serial = args.includes('--serial');
const only = args.filter((arg) => !arg.startsWith('--'));
const started = performance.now();
const since = () => (performance.now() - started) / 1000;
// The E2E stack's ports, free ones unless STACK_*_PORT give them, before anything is built: the
// build carries the stack's address, and Playwright and the stack read the same variables.
await assignE2eStackPorts(process.env);
process.env.STACK_AUTH_EMAIL_MAX_FREQUENCY ??= E2E_EMAIL_MAX_FREQUENCY;

// CPU: what each step's processes reaped (`cutime`), and a sampling of the whole process tree that
// also sees what nobody reaps (PostgreSQL, daemonised services): scripts/lib/process-cpu.ts.
const machineAtStart = machineCpu();
const tree = new ProcessTreeCpu(DATABASE_OWNER);
tree.start();
let cpuSoFar = 0;
function cpuSinceLastRead(): number | undefined {
  const now = reapedChildrenCpu();
  if (now === undefined) return undefined;
  const grown = now - cpuSoFar;
  cpuSoFar = now;
  return grown;
}
const cpuOf = new Map<string, number>();

/** Runs a command with its output kept, and prints the output in one piece when it ends. */
function exec(step: Step, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const [bin, ...rest] = step.command;
    const chunks: Buffer[] = [];
    const child = spawn(bin!, rest, {
      cwd: ROOT,
      env: { ...env, ...step.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    tree.owner(child.pid, step.name);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finish = (code: number) => {
      const output = Buffer.concat(chunks).toString('utf8').trimEnd();
      console.log(`\n━━ ${step.name} (${code === 0 ? 'ok' : `FAILED, exit ${code}`}) ━━ ${step.command.join(' ')}`);
      if (output) console.log(output);
      resolve(code);
    };
    child.on('exit', () => {
      const cpu = cpuSinceLastRead();
      if (cpu !== undefined) cpuOf.set(step.name, cpu);
    });
    child.on('close', (code) => finish(code ?? 1));
    child.on('error', (error) => {
      chunks.push(Buffer.from(String(error)));
      finish(1);
    });
  });
}

async function vitestCounts(file: string): Promise<Counts> {
  const report = JSON.parse(await readFile(path.join(REPORTS, file), 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

async function denoCounts(): Promise<Counts> {
  const xml = await readFile(path.join(REPORTS, 'deno.xml'), 'utf8');
  const totals = /<testsuites[^>]*\btests="(\d+)"[^>]*\bfailures="(\d+)"/.exec(xml);
  if (!totals) throw new Error('no totals in the Deno JUnit report');
  const tests = Number(totals[1]);
  const failures = Number(totals[2]);
  return { passed: tests - failures, failed: failures, skipped: 0 };
}

async function playwrightCounts(): Promise<Counts> {
  const report = JSON.parse(await readFile(path.join(REPORTS, 'playwright.json'), 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
  };
}

const npx = (...rest: string[]) => ['npx', '--no-install', ...rest];
const deno = (...rest: string[]) => ['node_modules/.bin/deno', ...rest, '--config', 'supabase/functions/deno.json'];
const vitest = (project: 'unit' | 'integration' | 'stack'): Step => ({
  name: project,
  lane: project === 'integration' ? 'db' : project,
  command: npx(
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(REPORTS, `vitest-${project}.json`)}`,
  ),
  counts: () => vitestCounts(`vitest-${project}.json`),
});

const steps: Step[] = [
  // ESLint and Prettier keep caches in node_modules/.cache (a re-run checks only what changed).
  {
    name: 'lint',
    lane: 'checks',
    command: npx('eslint', '.', '--max-warnings=0', '--cache', '--cache-location', 'node_modules/.cache/eslint/'),
  },
  // The type-aware lint rules (.oxlintrc.json), on TypeScript's native compiler.
  { name: 'lint:types', lane: 'checks', command: npx('oxlint', '--type-aware', '--max-warnings=0') },
  {
    name: 'format',
    lane: 'checks',
    command: npx(
      'prettier',
      '--check',
      '.',
      '--log-level',
      'warn',
      '--cache',
      '--cache-location',
      'node_modules/.cache/prettier/.cache',
    ),
  },
  // TypeScript's native compiler (tsgo) checks the same projects in a fifth of tsc's CPU time; one
  // thread costs the least CPU, and the other lanes keep both cores busy anyway.
  { name: 'typecheck', lane: 'checks', command: npx('tsgo', '-b', '--singleThreaded') },
  { name: 'functions:check', lane: 'checks', command: ['npm', 'run', '--silent', 'functions:check'] },
  { name: 'db:types:check', lane: 'db', command: npx('tsx', 'scripts/db-types.ts', '--check') },
  { name: 'db:schema:check', lane: 'db', command: npx('tsx', 'scripts/db-schema.ts', '--check') },
  { name: 'db:advisors', lane: 'db', command: npx('tsx', 'scripts/db-advisors.ts') },
  {
    name: 'functions',
    lane: 'checks',
    command: [
      ...deno(
        'test',
        '--cached-only',
        '--allow-net=127.0.0.1',
        '--allow-env',
        '--allow-read',
        '--allow-sys',
        `--junit-path=${path.join(REPORTS, 'deno.xml')}`,
      ),
      'supabase/functions/',
    ],
    counts: denoCounts,
  },
  vitest('unit'),
  vitest('integration'),
  vitest('stack'),
  { name: 'build', lane: 'app', command: E2E_BUILD_COMMAND, env: e2eBuildEnv(process.env) },
  { name: 'size', lane: 'app', command: npx('tsx', 'scripts/size.ts', '--dist', E2E_DIST) },
  {
    name: 'e2e',
    lane: 'app',
    command: npx('playwright', 'test', '--reporter=list,json'),
    env: { [E2E_PREBUILT_VARIABLE]: '1', [E2E_STACK_STARTED_VARIABLE]: '1' },
    ready: () => e2eStack.ready,
    counts: playwrightCounts,
  },
];

const selected = only.length ? steps.filter((step) => only.includes(step.name)) : steps;
const unknown = only.filter((name) => !steps.some((step) => step.name === name));
if (unknown.length) {
  console.error(`unknown step(s): ${unknown.join(', ')}; the steps are ${steps.map((step) => step.name).join(', ')}`);
  process.exit(2);
}
// The Deno tests' type check is functions:check's (the same files, tests included, and the same
// config): with that step in the run they skip their own, which a cold DENO_DIR made again (5 CPU-s).
if (selected.some((step) => step.name === 'functions:check')) {
  const functions = selected.find((step) => step.name === 'functions');
  // After `deno test`: Deno's options come after the subcommand.
  functions?.command.splice(functions.command.indexOf('test') + 1, 0, '--no-check');
}
// Size and E2E use the build of this run: without the build step they build as they did alone.
if (!selected.some((step) => step.name === 'build')) {
  for (const step of selected) {
    if (step.name === 'size') step.command = npx('tsx', 'scripts/size.ts');
    if (step.name === 'e2e' && step.env) delete step.env[E2E_PREBUILT_VARIABLE];
  }
}
await rm(REPORTS, { recursive: true, force: true });
await mkdir(REPORTS, { recursive: true });

// Every cluster the run initialises and every migration run, wherever it happens (harness.ts).
const DB_EVENTS = path.join(REPORTS, 'db-events.log');
process.env.KLUB_DB_EVENTS = DB_EVENTS;
const env: NodeJS.ProcessEnv = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(REPORTS, 'playwright.json') };
// The db lane's database starts while the other lanes already run; only that lane waits for it.
const database: Promise<Database | undefined> =
  !process.env.DATABASE_URL && selected.some((step) => step.lane === 'db')
    ? startDatabase().then((db) => {
        console.log(`\n▶ database ready in ${(db.readyInMs / 1000).toFixed(2)} s (${db.url})`);
        return db;
      })
    : Promise.resolve(undefined);

/**
 * The E2E stack, started at once when the run has E2E tests, while the static checks and the unit
 * tests run (it takes some 20 s of mostly PostgreSQL's work): Playwright then finds it ready
 * instead of starting one. Its log goes to .tmp/reports/e2e-stack.log.
 */
function startE2eStack(): { ready: Promise<void>; stop: () => Promise<void> } {
  const healthUrl = `http://127.0.0.1:${e2ePorts(process.env).api}/auth/v1/health`;
  const [bin, ...rest] = E2E_STACK_COMMAND;
  const child = spawn(bin!, rest, {
    cwd: ROOT,
    env: { ...process.env, ...e2eStackEnv(process.env), FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  tree.owner(child.pid, E2E_STACK_OWNER);
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  const exited = new Promise<number>((resolve) => {
    child.on('close', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
  const stackStarted = since();
  const ready = (async () => {
    for (;;) {
      const outcome = await Promise.race([
        exited.then((code) => ({ exited: code })),
        // Ready as Playwright's webServer counts it: an answer below 404 (the health route asks for
        // the apikey with a 401).
        fetch(healthUrl, { signal: AbortSignal.timeout(2_000) })
          .then((response) => response.status >= 200 && response.status < 404)
          .catch(() => false),
      ]);
      if (typeof outcome === 'object') {
        const output = Buffer.concat(chunks).toString('utf8').trimEnd();
        throw new Error(`the E2E stack exited with code ${outcome.exited} before it was ready:\n${output}`);
      }
      if (outcome) break;
      if (since() - stackStarted > 180) throw new Error('the E2E stack was not ready within 180 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(`\n▶ E2E stack ready in ${(since() - stackStarted).toFixed(1)} s (${healthUrl})`);
  })();
  ready.catch(() => undefined);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await writeFile(path.join(REPORTS, 'e2e-stack.log'), Buffer.concat(chunks)).catch(() => undefined);
  };
  return { ready, stop };
}
const e2eStack = selected.some((step) => step.name === 'e2e')
  ? startE2eStack()
  : { ready: Promise.resolve(), stop: async () => undefined };

const results: Result[] = [];
const none: OwnerCpu = { total: 0, postgres: 0 };
const minus = (a: OwnerCpu = none, b: OwnerCpu = none): OwnerCpu => ({
  total: a.total - b.total,
  postgres: a.postgres - b.postgres,
});
const plus = (a: OwnerCpu, b: OwnerCpu): OwnerCpu => ({ total: a.total + b.total, postgres: a.postgres + b.postgres });
let databaseUsedBySteps = none;
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const ended = new Map<string, Promise<void>>();

async function runStep(step: Step): Promise<void> {
  await Promise.all((step.after ?? []).map((name) => ended.get(name)));
  if (step.ready) {
    const problem = await step.ready().then(
      () => undefined,
      (error: unknown) => error,
    );
    if (problem) {
      console.error(`\n▶ ${step.name} cannot start: ${problem instanceof Error ? problem.message : String(problem)}`);
      results.push({ name: step.name, ok: false, startedAt: since(), seconds: 0 });
      total.failed += 1;
      return;
    }
  }
  let stepEnv = env;
  if (step.lane === 'db') {
    const db = await database.catch((error: unknown) => {
      console.error(`\n▶ the database did not start: ${String(error)}`);
      return null;
    });
    if (db === null) {
      results.push({ name: step.name, ok: false, startedAt: since(), seconds: 0 });
      total.failed += 1;
      return;
    }
    if (db) stepEnv = { ...env, DATABASE_URL: db.url };
  }
  const startedAt = since();
  console.log(`\n▶ ${step.name} (${step.lane}) at ${startedAt.toFixed(1)} s`);
  // The db lane's steps run one after another on its database: what it uses meanwhile is theirs.
  tree.sample();
  const databaseBefore = step.lane === 'db' ? (tree.byOwner().get(DATABASE_OWNER) ?? none) : undefined;
  const code = await exec(step, stepEnv);
  tree.sample();
  const owners = tree.byOwner();
  const sampled = owners.get(step.name) ?? { total: 0, postgres: 0 };
  const shared = databaseBefore ? minus(owners.get(DATABASE_OWNER), databaseBefore) : none;
  databaseUsedBySteps = plus(databaseUsedBySteps, shared);
  const reaped = cpuOf.get(step.name);
  results.push({
    name: step.name,
    ok: code === 0,
    startedAt,
    seconds: since() - startedAt,
    cpu: tree.available ? Math.max(reaped ?? 0, sampled.total) + shared.total : reaped,
    postgres: tree.available ? sampled.postgres + shared.postgres : undefined,
  });
  if (step.counts) {
    const counts = await step.counts().catch(() => ({ passed: 0, failed: 0, skipped: 0 }));
    // A runner that failed without a failing test (crash, unhandled error) still counts as a failure.
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  } else if (code !== 0) {
    total.failed += 1;
  }
}

try {
  if (serial) {
    for (const step of selected) {
      delete step.after;
      await runStep(step);
    }
  } else {
    const lanes = new Map<string, Step[]>();
    for (const step of selected) lanes.set(step.lane, [...(lanes.get(step.lane) ?? []), step]);
    const runLane = async (laneSteps: Step[]) => {
      for (const step of laneSteps) await ended.get(step.name);
    };
    // Every step's promise exists before any step starts, so `after` can wait for any of them.
    for (const laneSteps of lanes.values()) {
      let previous: Promise<void> = Promise.resolve();
      for (const step of laneSteps) {
        const current = previous.then(() => runStep(step));
        ended.set(step.name, current);
        previous = current;
      }
    }
    await Promise.all([...lanes.values()].map(runLane));
  }
} finally {
  await Promise.all([e2eStack.stop(), (await database.catch(() => undefined))?.stop()]);
}

// What the database and the E2E stack used, reaped after the last step.
const servicesCpu = cpuSinceLastRead();
tree.stop();
const owners = tree.byOwner();
if (tree.available)
  await writeFile(path.join(REPORTS, 'cpu-by-program.json'), JSON.stringify(tree.byProgram(), null, 2));
const cell = (value: number | undefined, width = 8) => (value === undefined ? '' : value.toFixed(1)).padStart(width);
console.log('\nstep                  result   start  seconds     cpu  postgres');
for (const result of [...results].sort((a, b) => a.startedAt - b.startedAt)) {
  console.log(
    `${result.name.padEnd(22)}${(result.ok ? 'ok' : 'FAILED').padEnd(7)}${result.startedAt.toFixed(1).padStart(6)}${result.seconds.toFixed(1).padStart(9)}${cell(result.cpu)}${cell(result.postgres, 10)}`,
  );
}
if (tree.available) {
  // The db lane's database outside its steps (initdb, platform, migrations, idle), and the E2E stack.
  const database = minus(owners.get(DATABASE_OWNER), databaseUsedBySteps);
  const stack = owners.get(E2E_STACK_OWNER) ?? none;
  console.log(`${DATABASE_OWNER.padEnd(44)}${cell(database.total)}${cell(database.postgres, 10)}`);
  console.log(`${E2E_STACK_OWNER.padEnd(44)}${cell(stack.total)}${cell(stack.postgres, 10)}`);
} else if (servicesCpu !== undefined) {
  console.log(`${'(database, E2E stack)'.padEnd(44)}${cell(servicesCpu)}`);
}
const ownCpu = (process.cpuUsage().user + process.cpuUsage().system) / 1e6;
const sampledTotal = [...owners.values()].reduce((sum, owner) => sum + owner.total, 0);
const sampledPostgres = [...owners.values()].reduce((sum, owner) => sum + owner.postgres, 0);
const totalCpu = reapedChildrenCpu();
console.log(
  `total wall time: ${since().toFixed(1)} s${totalCpu === undefined ? '' : `, CPU reaped ${(totalCpu + ownCpu).toFixed(1)} s`}${tree.available ? `, sampled ${(sampledTotal + ownCpu).toFixed(1)} s (PostgreSQL ${sampledPostgres.toFixed(1)} s)` : ''}`,
);
const events = (await readFile(DB_EVENTS, 'utf8').catch(() => ''))
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [event, seconds, ...detail] = line.split(' ');
    return { event, seconds: Number(seconds), detail: detail.join(' ') };
  });
const summary = (name: string, filter: (detail: string) => boolean = () => true) => {
  const matching = events.filter((event) => event.event === name && filter(event.detail));
  return `${matching.length} (${matching.reduce((sum, event) => sum + event.seconds, 0).toFixed(1)} s)`;
};
console.log(
  `databases: ${summary('initdb')} clusters initialised, ${summary('template')} copied from the template; migrations applied ${summary('migrate', (detail) => !detail.startsWith('0 '))}, checked with nothing to apply ${summary('migrate', (detail) => detail.startsWith('0 '))}`,
);
const machineAtEnd = machineCpu();
if (machineAtStart && machineAtEnd) {
  // Everything the machine did meanwhile, this run's or not: on a machine of its own, the truth.
  const busy = machineAtEnd.busy - machineAtStart.busy;
  const idle = machineAtEnd.idle - machineAtStart.idle;
  console.log(
    `machine (/proc/stat, all cores): busy ${busy.toFixed(1)} s (steal ${(machineAtEnd.steal - machineAtStart.steal).toFixed(1)} s), idle ${idle.toFixed(1)} s, ${((100 * busy) / (busy + idle)).toFixed(0)} % busy`,
  );
}
console.log(
  `tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(results.length === selected.length && results.every((result) => result.ok) ? 0 : 1);
