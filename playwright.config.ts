import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { defineConfig, devices } from '@playwright/test';

// The system Chromium from Debian; Playwright never downloads a browser here.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// The build reads its VITE_* variables from the environment: the documented local defaults.
const appEnv = parseEnv(readFileSync(new URL('./.env.example', import.meta.url), 'utf8')) as Record<string, string>;

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
      // The local Supabase stack (scripts/stack), fresh for every run in its own data folder.
      command: 'node --import tsx scripts/stack/index.ts --reset',
      url: 'http://127.0.0.1:54321/auth/v1/health',
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: { STACK_DATA_DIR: '.data/e2e-stack' },
      gracefulShutdown: { signal: 'SIGINT', timeout: 10_000 },
    },
    {
      command: `npx vite build --logLevel warn && npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
      url: BASE_URL,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: { ...appEnv, ...pickViteEnv(process.env) },
    },
  ],
});

function pickViteEnv(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter(
      (entry): entry is [string, string] => entry[0].startsWith('VITE_') && entry[1] !== undefined,
    ),
  );
}
