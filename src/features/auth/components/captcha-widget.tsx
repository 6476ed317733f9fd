import type HCaptcha from '@hcaptcha/react-hcaptcha';
import { lazy, Suspense, type Ref } from 'react';
import { env } from '@/config/env';
import { Spinner } from '@/components/ui/spinner';

// The widget's code (and hCaptcha's script, which it injects) is fetched only when a captcha is
// shown, which happens only in production builds.
const HCaptchaWidget = lazy(() => import('@hcaptcha/react-hcaptcha'));

type CaptchaWidgetProps = {
  ref?: Ref<HCaptcha>;
  /** 'normal' (registration) or 'invisible' (run on submit by the login forms). */
  size: 'normal' | 'invisible';
  onVerify?: (token: string) => void;
  onExpire?: () => void;
};

/** hCaptcha, dark theme, Polish; a small placeholder while its code loads. */
export function CaptchaWidget({ ref, size, onVerify, onExpire }: CaptchaWidgetProps) {
  return (
    <Suspense fallback={size === 'normal' ? <Spinner /> : null}>
      <HCaptchaWidget
        ref={ref}
        sitekey={env.hcaptchaSiteKey}
        theme="dark"
        size={size}
        languageOverride="pl"
        onVerify={onVerify}
        onExpire={onExpire}
      />
    </Suspense>
  );
}
