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
  e2ePorts,
  e2eStackEnv,
} from './scripts/lib/e2e-app.ts';

// The system Chromium from Debian; Playwright never downloads a browser here.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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
 * The spec files that change or read what the whole club sees, so they must not run at the same
 * time as each other: the seeded admin (its TOTP code, the admin lists), announcements, the site
 * title, e-mail templates, apps and revenue, CCC slots, and the seeded members' data and referrals.
 * A file that only works with fresh members from e2e/support/factories (and reads nothing global)
 * stays out of this list and runs in parallel with the others.
 */
const SHARED_STATE = [
  'admin.spec.ts',
  'admin-two-factor.spec.ts',
  'ideas.spec.ts',
  'member-dashboard.spec.ts',
  'money.spec.ts',
  'payments.spec.ts',
  'plans.spec.ts',
  'registration.spec.ts',
].map((file) => `**/e2e/${file}`);

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
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    locale: 'pl-PL',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Two workers share the one stack. The files of SHARED_STATE run one after another in a worker of
    // their own; every other file runs beside them. That project comes first: Playwright hands out
    // work in the order of the projects, and its files are the longer half of the suite.
    { name: 'shared-state', testMatch: SHARED_STATE, workers: 1, use: CHROMIUM_USE },
    { name: 'chromium', testIgnore: SHARED_STATE, use: CHROMIUM_USE },
  ],
  webServer: [
    ...(stackStarted
      ? []
      : [
          {
            // The local Supabase stack (packages/local-supabase), fresh for every run in its own data folder,
            // with e2eStackEnv()'s settings (a 310 s session, Auth's limits for a test run).
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
