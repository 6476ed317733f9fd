import { z } from 'zod/mini';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const httpUrl = () => z.url({ protocol: /^https?$/ });

// zod/mini: the same rules as the classic API, a fraction of the bytes (this file is in the entry chunk).
const envSchema = z.object({
  VITE_SUPABASE_URL: httpUrl(),
  VITE_SUPABASE_ANON_KEY: z.string().check(z.trim(), z.minLength(1)),
  VITE_HCAPTCHA_SITEKEY: z.string().check(z.trim(), z.minLength(1)),
  VITE_SITE_URL: z.pipe(z.transform(emptyToUndefined), z.optional(httpUrl())),
  MODE: z._default(z.string(), 'development'),
  PROD: z.pipe(
    z.transform((value: unknown) => value === true || value === 'true'),
    z.boolean(),
  ),
});

export type Env = {
  supabaseUrl: string;
  supabaseAnonKey: string;
  hcaptchaSiteKey: string;
  /** Public origin of the app (activation and referral links), without a trailing slash. */
  siteUrl: string;
  mode: string;
  /**
   * A production build (`vite build`, mode `production`): the captcha widget is shown only then
   * (product.md#account-2).
   */
  isProduction: boolean;
};

const stripTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Validates a record of variables (normally `import.meta.env`). Throws an Error naming every
 * missing or invalid variable, so a misconfigured build fails at start-up rather than at the
 * first request.
 */
export function parseEnv(record: Record<string, unknown>, options: { defaultOrigin?: string } = {}): Env {
  const result = envSchema.safeParse(record);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(env)';
      const missing = record[name] === undefined || record[name] === '';
      return `${name} ${missing ? 'is missing' : `is invalid (${issue.message})`}`;
    });
    throw new Error(`Invalid environment: ${problems.join('; ')}. See .env.example.`);
  }
  const values = result.data;
  const siteUrl = values.VITE_SITE_URL ?? options.defaultOrigin;
  if (!siteUrl) {
    throw new Error('Invalid environment: VITE_SITE_URL is missing and no default origin is known. See .env.example.');
  }
  return {
    supabaseUrl: stripTrailingSlash(values.VITE_SUPABASE_URL),
    supabaseAnonKey: values.VITE_SUPABASE_ANON_KEY,
    hcaptchaSiteKey: values.VITE_HCAPTCHA_SITEKEY,
    siteUrl: stripTrailingSlash(siteUrl),
    mode: values.MODE,
    isProduction: values.PROD && values.MODE === 'production',
  };
}

export const env: Env = parseEnv(import.meta.env, {
  defaultOrigin: typeof window === 'undefined' ? undefined : window.location.origin,
});
