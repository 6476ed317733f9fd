import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { configureZod } from '@/i18n/zod-error-map';
import { server } from './msw/server';
import { TEST_ENV } from './test-env';

// Before any test imports config/env.ts, which parses the env when it loads.
for (const [name, value] of Object.entries(TEST_ENV)) vi.stubEnv(name, value);

configureZod();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.useRealTimers();
});

afterAll(() => server.close());
