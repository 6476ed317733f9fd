import { defineConfig, devices } from '@playwright/test';
import {
  E2E_BUILD_COMMAND,
  E2E_DIST,
  E2E_PREBUILT_VARIABLE,
  e2eAllowedRedirectOrigins,
  e2eBuildEnv,
  e2ePorts,
} from './scripts/lib/e2e-app.ts';

// The system Chromium from Debian; Playwright never downloads a browser here.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The stack's ports: `supabase start`'s by default; STACK_API_PORT, STACK_DB_PORT, STACK_INBOX_PORT and
// STACK_SMTP_PORT move them (with E2E_PORT for the app), so two checkouts can run their E2E side by side.
const { app: PORT, api: API_PORT } = e2ePorts();
const BASE_URL = `http://127.0.0.1:${PORT}`;
const API_URL = `http://127.0.0.1:${API_PORT}`;
// Auth's limits as on hosted Supabase, for a test run: one IP signs up, signs in and asks for e-mails
// far more often than a member would, so the per-IP and project-wide limits are raised; the
// one-e-mail-per-address window stays (tests that need a second e-mail wait for it) but is 2 s
// instead of config.toml's 60 s. e2e/support/env.ts reads the same variable.
process.env.STACK_AUTH_EMAIL_MAX_FREQUENCY ??= '2';
const TEST_RATE_LIMITS = {
  STACK_AUTH_RATE_LIMIT_EMAIL_SENT: '100000',
  STACK_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
  STACK_AUTH_RATE_LIMIT_TOKEN_REFRESH: '100000',
  STACK_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '100000',
  STACK_AUTH_EMAIL_MAX_FREQUENCY: process.env.STACK_AUTH_EMAIL_MAX_FREQUENCY,
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
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
    {
      name: 'chromium',
      use: {
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
      },
    },
  ],
  webServer: [
    {
      // The local Supabase stack (packages/local-supabase), fresh for every run in its own data folder.
      command: 'npx local-supabase start --reset',
      url: `${API_URL}/auth/v1/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: {
        STACK_DATA_DIR: '.data/e2e-stack',
        STACK_API_PORT: String(API_PORT),
        // Access tokens live 310 s instead of an hour, so the session-expiry box (shown at ≤ 300 s
        // left, product.md#account-9) appears about 10 s after a sign-in and e2e/session.spec.ts
        // can see it and extend the session without waiting an hour. supabase-js refreshes on its
        // own only in the last 90 s (3 ticks of 30 s), so no other test sees a refresh.
        STACK_JWT_EXPIRY: '310',
        ...TEST_RATE_LIMITS,
        // The e-mails' links may lead to this app's origin whatever E2E_PORT is (supabase/.env allows
        // only 4173-4180; on another port every link led to SITE_URL's dev server, which is not there).
        ALLOWED_REDIRECT_ORIGINS: e2eAllowedRedirectOrigins(BASE_URL),
      },
      gracefulShutdown: { signal: 'SIGINT', timeout: 10_000 },
    },
    {
      // The app: the minified build of scripts/lib/e2e-app.ts, served by `vite preview`. `npm test`
      // has built it already (for the size budgets too) and says so with E2E_PREBUILT=1.
      command: [
        ...(process.env[E2E_PREBUILT_VARIABLE] === '1' ? [] : [E2E_BUILD_COMMAND.join(' ')]),
        `npx vite preview --outDir ${E2E_DIST} --host 127.0.0.1 --port ${PORT} --strictPort`,
      ].join(' && '),
      url: BASE_URL,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: e2eBuildEnv(),
    },
  ],
});
