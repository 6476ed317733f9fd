import type HCaptcha from '@hcaptcha/react-hcaptcha';
import { useCallback, useRef, useState } from 'react';
import { AppError } from '@/lib/errors';
import { DEVELOPMENT_CAPTCHA_TOKEN, isCaptchaEnabled } from '../utils/captcha-token';
import { CaptchaWidget } from '../components/captcha-widget';

const noop = () => {};

/**
 * The captcha of the login forms and the resend panel. Supabase Auth checks a captcha on sign-in,
 * magic link, reset and resend as well as on sign-up, so in production these forms run an
 * invisible hCaptcha on submit (a challenge appears only when hCaptcha asks for one). The widget,
 * and hCaptcha's script, are loaded only once the visitor starts on the form (`arm`, on focus) or
 * submits it, never with the page. Outside production nothing is rendered and the development
 * token is used.
 */
export function useInvisibleCaptcha() {
  const enabled = isCaptchaEnabled();
  const [armed, setArmed] = useState(false);
  const instance = useRef<HCaptcha | null>(null);
  const waiting = useRef<Array<(widget: HCaptcha) => void>>([]);

  const attach = useCallback((widget: HCaptcha | null) => {
    instance.current = widget;
    if (widget) for (const resolve of waiting.current.splice(0)) resolve(widget);
  }, []);

  const arm = useCallback(() => setArmed(true), []);

  const getToken = useCallback(async (): Promise<string> => {
    if (!enabled) return DEVELOPMENT_CAPTCHA_TOKEN;
    try {
      const widget =
        instance.current ??
        (await new Promise<HCaptcha>((resolve) => {
          waiting.current.push(resolve);
          setArmed(true);
        }));
      const answer = await widget.execute({ async: true });
      if (answer.response) return answer.response;
    } catch {
      // A closed or failed challenge: the same message as an unsolved widget.
    }
    throw new AppError('validation.captcha.required');
  }, [enabled]);

  const reset = useCallback(() => instance.current?.resetCaptcha(), []);

  const element = enabled && armed ? <CaptchaWidget ref={attach} size="invisible" /> : null;
  return { element, arm: enabled ? arm : noop, getToken, reset };
}
