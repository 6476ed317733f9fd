/**
 * The env the unit tests run with (stubbed in setup-tests.ts before any module reads it). The URL
 * is not resolvable, so a request that MSW does not answer fails instead of reaching a real stack.
 */
export const TEST_SUPABASE_URL = 'http://supabase.test';
export const TEST_ANON_KEY = 'test-anon-key';

export const TEST_ENV = {
  VITE_SUPABASE_URL: TEST_SUPABASE_URL,
  VITE_SUPABASE_ANON_KEY: TEST_ANON_KEY,
  VITE_HCAPTCHA_SITEKEY: '10000000-ffff-ffff-ffff-000000000001',
  VITE_SITE_URL: 'http://localhost:3000',
} as const;
