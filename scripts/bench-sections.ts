// `npm run bench:sections`: how long a member waits after a click in the side menu until the
// section's data is on screen, per section, p50 and p95 over 20 runs (issue 24 §2; aim ≤ 300 ms
// p95 locally). Playwright with Debian's Chromium against the local stack, the seeded member Anna
// (README) signed in through a stored session, and the minified build served by `vite preview`.
//
// One run opens /dashboard afresh (an empty query cache, a new module map) and then visits every
// section in the menu's order, each for the first time in that page's life: its chunk (unless an
// earlier section shared it) and its reads are fetched after the click, as on a member's first
// visit; the mouse moves onto the entry just before the click (Playwright's click), so the
// prefetch on pointer-over starts only a moment ahead. The time runs in the page, from the click
// event to the first check (every 5 ms) that finds the section's h1 in the main area and nothing
// there loading (no spinner, skeleton or aria-busy).
//
// The stack must be running with its default ports or STACK_API_PORT (`npm run stack`); E2E_PORT
// is not used (the app gets a free port). Options: --runs=20, --sections=wallet,ideas (a subset by
// path segment), --json=<file> (also writes every run's times there, by section, for comparing
// builds run in turns on a busy machine). A benchmark, not a test: it exits non-zero on errors
// only, never on a missed aim.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { freePort } from '@klub/local-supabase';
import { ROOT } from './lib/root.ts';
import { API_URL } from '../e2e/support/env.ts';
import { passwordSession, SESSION_STORAGE_KEY } from '../e2e/support/session.ts';
import { e2eBuildEnv } from './lib/e2e-app.ts';

const AIM_P95_MS = 300;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MEMBER = { email: 'anna@klub.local', password: 'Member1234' };

/** The member's menu entries after 'Dashboard', as the side menu names them, with their h1. */
const SECTIONS = [
  { segment: 'apps', entry: 'Aplikacje', heading: 'Aplikacje' },
  { segment: 'community', entry: 'Społeczność', heading: 'Społeczność' },
  { segment: 'investments', entry: 'Dołącz do Klubu', heading: 'Dołącz do Klubu' },
  { segment: 'ccc', entry: 'Pakiety CCC', heading: 'Pakiety CCC' },
  { segment: 'referral', entry: 'Program Partnerski', heading: 'Program Partnerski' },
  { segment: 'wallet', entry: 'eWallet', heading: 'eWallet' },
  { segment: 'ideas', entry: 'Pomysły', heading: 'Pomysły' },
  { segment: 'submit-idea', entry: 'Zgłoś pomysł', heading: 'Zgłoś pomysł' },
  { segment: 'settings', entry: 'Ustawienia', heading: 'Ustawienia' },
] as const;

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '20' }, sections: { type: 'string' }, json: { type: 'string' } },
});
const runs = Number(values.runs);
const chosen = values.sections
  ? SECTIONS.filter((section) => values.sections!.split(',').includes(section.segment))
  : SECTIONS;

async function answers(url: string): Promise<boolean> {
  return fetch(url).then(
    (response) => response.status < 500,
    () => false,
  );
}

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * In the page: from the next click, checks every 5 ms whether `expected` is the h1 of the main area
 * with nothing there loading, and leaves the milliseconds since the click in `window.benchResult`.
 * A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
 */
const ARM = `(expected) => {
  delete window.benchResult;
  document.addEventListener('click', (event) => {
    const start = event.timeStamp;
    const check = () => {
      const now = performance.now();
      const main = document.getElementById('main-content');
      const h1 = main && main.querySelector('h1');
      const loading = main && main.querySelector('.animate-spin, .animate-pulse, [aria-busy="true"]');
      if (h1 && h1.textContent.trim() === expected && !loading) window.benchResult = now - start;
      else if (now - start > 15000) window.benchResult = '"' + expected + '" was not ready after 15 s';
      else setTimeout(check, 5);
    };
    setTimeout(check, 0);
  }, { once: true, capture: true });
}`;

/** Clicks the entry and resolves with the milliseconds from the click to the section's data on screen. */
async function timeSection(page: Page, entry: string, heading: string): Promise<number> {
  await page.evaluate(`(${ARM})(${JSON.stringify(heading)})`);
  await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: entry, exact: true }).click();
  let result: number | string | undefined;
  while (result === undefined) {
    result = await page.evaluate(() => (window as unknown as { benchResult?: number | string }).benchResult);
    if (result === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (typeof result !== 'number') throw new Error(String(result));
  return result;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function main(): Promise<void> {
  if (!(await answers(`${API_URL}/auth/v1/health`))) {
    console.error(`The local stack does not answer at ${API_URL}: start it first (npm run stack).`);
    process.exit(1);
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'klub-bench-sections-'));
  const vite = path.join(ROOT, 'node_modules/.bin/vite');
  // The E2E tests' build (scripts/lib/e2e-app.ts): minified, talking to this stack.
  const env = { ...process.env, ...e2eBuildEnv({ ...process.env, E2E_PORT: String(port) }) };
  const build = spawnSync(vite, ['build', '--mode', 'e2e', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(1);
  const preview = spawn(
    vite,
    ['preview', '--outDir', outDir, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      cwd: ROOT,
      env,
    },
  );
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const times = new Map<string, number[]>(chosen.map((section) => [section.segment, []]));
  try {
    await waitFor(origin);
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'pl-PL' });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const session = await passwordSession(MEMBER);
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
      SESSION_STORAGE_KEY,
      JSON.stringify(session),
    ] as const);
    for (let run = 0; run < runs; run += 1) {
      await page.goto(`${origin}/dashboard`);
      await page.getByRole('navigation', { name: 'Menu główne' }).waitFor();
      for (const section of chosen)
        times.get(section.segment)!.push(await timeSection(page, section.entry, section.heading));
      process.stdout.write(`run ${run + 1}/${runs}\r`);
    }
  } finally {
    await browser.close();
    preview.kill('SIGTERM');
    await rm(outDir, { recursive: true, force: true });
  }

  if (values.json)
    await writeFile(values.json, JSON.stringify({ load: os.loadavg(), times: Object.fromEntries(times) }, null, 2));
  console.log(
    `\nSection changes (click → data on screen), ${runs} runs, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}:`,
  );
  console.log(`${'section'.padEnd(14)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)}`);
  for (const section of chosen) {
    const sorted = [...times.get(section.segment)!].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    console.log(
      `${section.segment.padEnd(14)} ${`${Math.round(percentile(sorted, 50))} ms`.padStart(8)} ${`${Math.round(p95)} ms`.padStart(8)} ${`${Math.round(sorted.at(-1)!)} ms`.padStart(8)}${p95 > AIM_P95_MS ? `  (above the aim of ${AIM_P95_MS} ms)` : ''}`,
    );
  }
}

await main();
