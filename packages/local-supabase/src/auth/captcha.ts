// [auth.captcha]: when enabled, the endpoints GoTrue protects need gotrue_meta_security.captcha_token.
// Verifying a real hCaptcha/Turnstile answer needs the internet, so only the providers' documented
// test answers are accepted here; anything else is refused with the reason spelled out.
import type { AuthConfig } from '../config/config.ts';
import { badRequest } from './errors.ts';
import { captchaToken, type Params } from './params.ts';

const TEST_ANSWERS: Record<string, string> = {
  hcaptcha: '10000000-aaaa-bbbb-cccc-000000000001',
  turnstile: 'XXXX.DUMMY.TOKEN.XXXX',
};

export function verifyCaptcha(config: AuthConfig, params: Params): void {
  if (!config.captcha.enabled) return;
  const token = captchaToken(params);
  if (!token) {
    throw badRequest(
      'captcha_failed',
      'captcha protection: request disallowed (no captcha response (captcha_token) found in request)',
    );
  }
  const expected = TEST_ANSWERS[config.captcha.provider];
  if (token !== expected) {
    throw badRequest(
      'captcha_failed',
      `captcha protection: request disallowed (the local stack cannot reach ${config.captcha.provider}; ` +
        `only its test answer ${expected ?? '(none known)'} is accepted)`,
    );
  }
}
