import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { AuthClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { configureZod } from '@/i18n/zod-error-map';
// What lib/form.ts brings to every form's chunk: zod's own Polish texts as the last resort.
import '@/i18n/zod-locale';
import { installDialogPolyfill } from './dialog-polyfill';
import { fillHappyDomGaps } from './happy-dom-gaps';
import { server } from './msw/server';
import { TEST_ENV } from './test-env';

// Before any test imports config/env.ts, which parses the env when it loads.
for (const [name, value] of Object.entries(TEST_ENV)) vi.stubEnv(name, value);

configureZod();

fillHappyDomGaps();
installDialogPolyfill();

// Testing Library's async wrapper (around user-event, waitFor and findBy*) ends with a
// `setTimeout(0)` that it advances only for Jest's fake timers: with Vitest's it would wait for
// ever. Under Vitest's fake timers it does what it does for Jest's: it advances the clock by 0, so
// what the interaction left for the next tick runs before the test goes on (react-hook-form's
// setFocus focuses in a `setTimeout(0)`), as it does with real timers; the clock itself does not
// move, so user-event and findBy* work while a test controls it (usually
// `vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })`, which leaves setInterval real
// for findBy*'s polling).
const defaultAsyncWrapper = getConfig().asyncWrapper;
configure({
  // Routes are lazy chunks that Vite transforms on their first import in a test file; on a busy
  // machine that alone can take longer than Testing Library's default 1 s for findBy*/waitFor, and
  // with `npm test`'s lanes (and other processes) on both cores a screen took more than 3 s. Only a
  // failing test waits this long.
  asyncUtilTimeout: 10_000,
  asyncWrapper: async (callback) => {
    if (!vi.isFakeTimers()) return defaultAsyncWrapper(callback);
    const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const previous = scope.IS_REACT_ACT_ENVIRONMENT;
    scope.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const result = await callback();
      await new Promise<void>((resolve) => {
        setTimeout(resolve, 0);
        vi.advanceTimersByTime(0);
      });
      return result;
    } finally {
      scope.IS_REACT_ACT_ENVIRONMENT = previous;
    }
  },
});

// URL's static object-URL functions as this file found them (tests replace them: the test DOM has none that work).
const urlStatics = (['createObjectURL', 'revokeObjectURL'] as const).map(
  (name) => [name, Object.getOwnPropertyDescriptor(URL, name)] as const,
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.useRealTimers();
});

// The unit project runs its files one after another in one worker without isolation
// (vitest.config.ts): the DOM and the dependencies in node_modules load once per worker, not once per
// file (that was more than half of the unit tests' time). After each file the worker is put back as
// a new file expects it: the project's own modules are evaluated afresh for the next file, as with
// isolation (a file's vi.mock of a module another file has imported, a lazy chunk another file has
// loaded, a module-level cache), and what a file may leave in the shared window is undone.
afterAll(() => {
  server.close();
  vi.resetModules();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  for (const [name, descriptor] of urlStatics) {
    if (descriptor) Object.defineProperty(URL, name, descriptor);
    else delete (URL as unknown as Record<string, unknown>)[name];
  }
  // supabase-js counts its clients per storage key in the page (a static of the shared dependency):
  // each file's fresh lib/supabase.ts is the page's first client, as in the browser.
  (AuthClient as unknown as { nextInstanceID: Record<string, number> }).nextInstanceID = {};
  window.history.replaceState(null, '', '/');
  document.title = '';
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
