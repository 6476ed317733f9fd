import { env } from '@/config/env';

/**
 * hCaptcha's documented test answer: outside production builds it is sent instead of a solved
 * captcha (product.md#account-2), and the local stack accepts exactly it.
 */
export const DEVELOPMENT_CAPTCHA_TOKEN = '10000000-aaaa-bbbb-cccc-000000000001';

/** The widget is shown, and a solved captcha required, only in production builds. */
export function isCaptchaEnabled(): boolean {
  return env.isProduction;
}
