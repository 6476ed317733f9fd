import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            // happy-dom, not jsdom: the same 1033 tests took 35 % less CPU (jsdom's getComputedStyle,
            // which Testing Library's role queries and user-event call for every element they look
            // at, matched its whole default style sheet each time). What happy-dom lacks that the
            // tests notice is put back in src/testing/happy-dom-gaps.ts (docs/decisions.md).
            environment: 'happy-dom',
            globals: true,
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['src/testing/setup-tests.ts'],
            // One worker process runs the files one after another, without a new DOM and a new
            // import of every dependency per file: setting those up took 200 of 390 s (vitest's
            // 'environment' and 'setup' times), the tests themselves 130 s. The setup file gives each
            // file fresh project modules and a clean window (src/testing/setup-tests.ts).
            isolate: false,
            restoreMocks: true,
            // jsdom screens with user-event take 1–3 s on a busy 2-core machine; 5 s (the default)
            // turned load into failures. A test that hangs still fails.
            testTimeout: 20_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'integration',
            environment: 'node',
            include: ['tests/**/*.test.ts'],
            globalSetup: ['tests/setup/global-db.ts'],
            setupFiles: ['tests/setup/per-file.ts'],
            // The files run one after another in one worker and share its module cache: importing
            // pg, supabase-js and the helpers again for each of the 33 files took longer than the
            // tests themselves. The files share the one database anyway; each file's connections
            // end after it (tests/setup/per-file.ts).
            isolate: false,
            testTimeout: 30_000,
            hookTimeout: 120_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'stack',
            environment: 'node',
            include: ['packages/local-supabase/tests/**/*.test.ts'],
            globalSetup: ['packages/local-supabase/tests/global-setup.ts'],
            isolate: false,
            testTimeout: 30_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  }),
);
