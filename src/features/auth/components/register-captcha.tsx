import type HCaptcha from '@hcaptcha/react-hcaptcha';
import { useId, type Ref } from 'react';
import { useController, type Control } from 'react-hook-form';
import { t, translate } from '@/i18n/messages';
import type { RegisterFormValues } from '../schemas/register.schema';
import { CaptchaWidget } from './captcha-widget';

type RegisterCaptchaProps = {
  control: Control<RegisterFormValues, unknown, unknown>;
  widgetRef: Ref<HCaptcha>;
};

/**
 * The registration captcha (production only): the visible widget, dark, normal size. Its answer
 * is the form's `captchaToken` field, so "not solved" is a field error like the others.
 */
export function RegisterCaptcha({ control, widgetRef }: RegisterCaptchaProps) {
  const {
    field: { ref: focusTarget, onChange },
    fieldState,
  } = useController({ control, name: 'captchaToken' });
  const labelId = useId();
  const errorId = useId();
  const error = fieldState.error?.message;
  return (
    <div className="space-y-1.5">
      <div
        ref={focusTarget}
        tabIndex={-1}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        className="focus:outline-none"
      >
        <span id={labelId} className="sr-only">
          {t('auth.captcha.label')}
        </span>
        <CaptchaWidget
          ref={widgetRef}
          size="normal"
          onVerify={(token) => onChange(token)}
          onExpire={() => onChange('')}
        />
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {translate(error)}
        </p>
      ) : null}
    </div>
  );
}
