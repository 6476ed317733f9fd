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
            environment: 'jsdom',
            globals: true,
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['src/testing/setup-tests.ts'],
            restoreMocks: true,
          },
        },
        {
          extends: true,
          test: {
            name: 'integration',
            environment: 'node',
            include: ['tests/**/*.test.ts'],
            exclude: ['tests/stack/**'],
            globalSetup: ['tests/setup/global-db.ts'],
            testTimeout: 30_000,
            hookTimeout: 120_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'stack',
            environment: 'node',
            include: ['tests/stack/**/*.test.ts'],
            globalSetup: ['tests/stack/global-setup.ts'],
            testTimeout: 30_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  }),
);
