import { defineConfig, devices } from '@playwright/test';
import {
  assignE2eStackPorts,
  E2E_BUILD_COMMAND,
  E2E_DIST,
  E2E_EMAIL_MAX_FREQUENCY,
  E2E_PREBUILT_VARIABLE,
  E2E_STACK_COMMAND,
  E2E_STACK_STARTED_VARIABLE,
  e2eBuildEnv,
  e2eChromium,
  e2ePorts,
  e2eStackEnv,
} from './scripts/lib/e2e-app.ts';

// Chromium from Debian; Playwright never downloads a browser here. CHROMIUM_PATH chooses one;
// otherwise Debian's headless shell (package chromium-headless-shell, the same Chromium 150 without
// the browser's window layer: Playwright's own choice for headless runs) when it is installed, and
// the full browser when not. The suite took 82 CPU-s less with the shell (browser process 93 → 45,
// GPU process 38 → 26, renderer 206 → 186 CPU-s; docs/decisions.md). The one check of a feature
// the shell lacks (the popup blocker) starts the full browser itself (e2e/popup-blocker.spec.ts).
const CHROMIUM = process.env.CHROMIUM_PATH ?? e2eChromium();
// The stack's ports: free ports the system hands out (STACK_API_PORT, STACK_DB_PORT, STACK_INBOX_PORT,
// STACK_SMTP_PORT and STACK_AUTOMATION_PORT choose them instead), chosen once here, in the runner:
// its workers inherit them with its environment, and e2e/support/env.ts reads them. The app is on
// E2E_PORT (4173 by default).
await assignE2eStackPorts();
// e2e/support/env.ts reads the E2E stack's one-e-mail-per-address window from here.
process.env.STACK_AUTH_EMAIL_MAX_FREQUENCY ??= E2E_EMAIL_MAX_FREQUENCY;
const { app: PORT, api: API_PORT } = e2ePorts();
const BASE_URL = `http://127.0.0.1:${PORT}`;
const API_URL = `http://127.0.0.1:${API_PORT}`;
// `npm test` starts the stack itself while the static checks run, and says so with E2E_STACK_STARTED=1.
const stackStarted = process.env[E2E_STACK_STARTED_VARIABLE] === '1';

/**
 * The spec files that change or read what the whole club sees must not run beside a file whose
 * assertions that change would break. They form two chains that touch different things, each run
 * one file after another in a worker of its own, and a third that reads the club as a whole:
 * - CLUB_ADMIN: the admin area's club-wide edits (announcements, the site title, the activation
 *   template, apps, community posts, idea moderation and the ideas board's counts) and the journeys
 *   that read them (registration reads the activation e-mail and the seeded member's referral visits;
 *   operations submits an idea and leaves a failed e-mail that the admin area's banner shows);
 * - CLUB_MONEY: payments, the catalogue's prices, CCC slots (PLATINUM filled, SILVER ordered, DIAMOND bought and refunded; the
 *   admin chain assigns GOLD only), payout runs over every paid tier, the local TRON chain's blocks
 *   (the USDT payment and the TRC20 withdrawal each wait for x/19, then mine), and the admin's
 *   second factor;
 * - CLUB_READERS: the seeded member's main panel, whose every figure (ideas, apps, CCC packages,
 *   revenue pools, the level) one of the chains above changes; it runs once both have finished.
 * A file that only works with fresh members from e2e/support/factories (and reads nothing global)
 * stays out of these lists and runs in parallel with everything.
 */
const CLUB_ADMIN = ['admin.spec.ts', 'ideas.spec.ts', 'registration.spec.ts', 'operations.spec.ts'];
const CLUB_MONEY = [
  'money.spec.ts',
  'payments.spec.ts',
  'plans.spec.ts',
  'money-in.spec.ts',
  'usdt.spec.ts',
  'usdt-withdrawal.spec.ts',
  'admin-two-factor.spec.ts',
];
const CLUB_READERS = ['member-dashboard.spec.ts'];
const files = (names: string[]) => names.map((file) => `**/e2e/${file}`);

const CHROMIUM_USE = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  // Two workers on one stack: the two chains of club-wide journeys, then the independent files as a
  // chain ends. A third worker made the whole run slower on 2 cores (everything else of npm test runs
  // beside it): E2E alone 533 s and npm test 906 s with three, against 459 s and 548 s with two.
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    locale: 'pl-PL',
    // A failed test keeps its trace: actions, network, console and sources. The screencast and the
    // DOM snapshots of every action are left out: they were recorded for every test and thrown away
    // when it passed (without the screencast, and with axe gathering only violations, the suite's
    // CPU went from 748 to 542 s; the snapshots were about 3 % more). The failure's own screenshot
    // and ARIA snapshot (error-context.md) remain.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: true },
    screenshot: 'only-on-failure',
  },
  projects: [
    // The two chains come first: Playwright hands out work in the order of the projects, and their
    // files are the longer part of the suite. Every other file runs as soon as a worker is free.
    { name: 'club-admin', testMatch: files(CLUB_ADMIN), workers: 1, use: CHROMIUM_USE },
    { name: 'club-money', testMatch: files(CLUB_MONEY), workers: 1, use: CHROMIUM_USE },
    {
      name: 'club-readers',
      testMatch: files(CLUB_READERS),
      dependencies: ['club-admin', 'club-money'],
      workers: 1,
      use: CHROMIUM_USE,
    },
    { name: 'chromium', testIgnore: files([...CLUB_ADMIN, ...CLUB_MONEY, ...CLUB_READERS]), use: CHROMIUM_USE },
  ],
  webServer: [
    ...(stackStarted
      ? []
      : [
          {
            // The local Supabase stack (packages/local-supabase), fresh for every run in its own data folder,
            // with e2eStackEnv()'s settings (Auth's limits for a test run).
            command: E2E_STACK_COMMAND.join(' '),
            url: `${API_URL}/auth/v1/health`,
            reuseExistingServer: false,
            timeout: 120_000,
            env: e2eStackEnv(),
            gracefulShutdown: { signal: 'SIGINT' as const, timeout: 10_000 },
          },
        ]),
    {
      // The app: the minified build of scripts/lib/e2e-app.ts, served by `vite preview`. `npm test`
      // has built it already (for the size budgets too) and says so with E2E_PREBUILT=1. Never an app
      // that is already running: the build carries this run's stack address.
      command: [
        ...(process.env[E2E_PREBUILT_VARIABLE] === '1' ? [] : [E2E_BUILD_COMMAND.join(' ')]),
        `npx vite preview --outDir ${E2E_DIST} --host 127.0.0.1 --port ${PORT} --strictPort`,
      ].join(' && '),
      url: BASE_URL,
      reuseExistingServer: false,
      timeout: 120_000,
      env: e2eBuildEnv(),
    },
  ],
});
