// `npm test`: everything CI checks, in one run, with one database.
// lint → format → typecheck → (database) types drift → advisors → unit + integration → e2e.
// Prints a timing table and a closing line "tests: N passed, N failed".
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, startDatabase, type Database } from '@klub/local-supabase/db/harness.ts';

interface Step {
  name: string;
  command: string[];
  /** Reads the test counts the step wrote, if it runs tests. */
  counts?: () => Promise<Counts>;
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const REPORTS = path.join(ROOT, '.tmp/reports');
const only = process.argv.slice(2);

function exec(command: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const [bin, ...args] = command;
    const child = spawn(bin!, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

async function vitestCounts(): Promise<Counts> {
  const report = JSON.parse(await readFile(path.join(REPORTS, 'vitest.json'), 'utf8')) as {
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

const npx = (...args: string[]) => ['npx', '--no-install', ...args];
const deno = (...args: string[]) => ['node_modules/.bin/deno', ...args, '--config', 'supabase/functions/deno.json'];

const steps: Step[] = [
  { name: 'lint', command: npx('eslint', '.', '--max-warnings=0') },
  { name: 'format', command: npx('prettier', '--check', '.', '--log-level', 'warn') },
  { name: 'typecheck', command: npx('tsc', '-b') },
  { name: 'functions:check', command: ['npm', 'run', '--silent', 'functions:check'] },
  { name: 'db:types:check', command: npx('tsx', 'scripts/db-types.ts', '--check') },
  { name: 'db:schema:check', command: npx('tsx', 'scripts/db-schema.ts', '--check') },
  { name: 'db:advisors', command: npx('tsx', 'scripts/db-advisors.ts') },
  {
    name: 'unit + integration',
    command: npx(
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(REPORTS, 'vitest.json')}`,
    ),
    counts: vitestCounts,
  },
  {
    name: 'functions',
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
  { name: 'size', command: npx('tsx', 'scripts/size.ts') },
  { name: 'e2e', command: npx('playwright', 'test', '--reporter=list,json'), counts: playwrightCounts },
];

const selected = only.length ? steps.filter((step) => only.includes(step.name)) : steps;
await rm(REPORTS, { recursive: true, force: true });
await mkdir(REPORTS, { recursive: true });

const started = performance.now();
let db: Database | undefined;
const env: NodeJS.ProcessEnv = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(REPORTS, 'playwright.json') };
if (!process.env.DATABASE_URL) {
  db = await startDatabase();
  env.DATABASE_URL = db.url;
  console.log(`\n▶ database ready in ${(db.readyInMs / 1000).toFixed(2)} s (${db.url})`);
}

const results: { name: string; ok: boolean; seconds: number }[] = [];
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
try {
  for (const step of selected) {
    console.log(`\n▶ ${step.name}: ${step.command.slice(2).join(' ')}`);
    const t0 = performance.now();
    const code = await exec(step.command, env);
    results.push({ name: step.name, ok: code === 0, seconds: (performance.now() - t0) / 1000 });
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
} finally {
  await db?.stop();
}

console.log('\nstep                  result  seconds');
for (const result of results) {
  console.log(
    `${result.name.padEnd(22)}${(result.ok ? 'ok' : 'FAILED').padEnd(8)}${result.seconds.toFixed(1).padStart(7)}`,
  );
}
console.log(`total wall time: ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(
  `tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(results.every((result) => result.ok) ? 0 : 1);
