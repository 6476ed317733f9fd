import type { ReactNode } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/admin';

/**
 * The end of an admin form: the failure of the last submit (role=alert), then the buttons at the
 * right: 'Anuluj' when the form can be left, any `children` (extra actions), the submit button.
 */
export function FormFooter({
  error,
  pending,
  submitWidth,
  submitLabel = t('admin.save'),
  pendingLabel = t('admin.saving'),
  submitDisabled,
  onCancel,
  wrap = false,
  children,
}: {
  error: string | null;
  pending: boolean;
  /** The submit button's width class, e.g. 'w-40'. */
  submitWidth: string;
  submitLabel?: string;
  pendingLabel?: string;
  submitDisabled?: boolean;
  onCancel?: () => void;
  /** Let the buttons wrap on narrow screens (forms with more than two). */
  wrap?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className={onCancel || children ? `flex ${wrap ? 'flex-wrap ' : ''}justify-end gap-3` : 'flex justify-end'}>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={pending}>
            {t('common.cancel')}
          </Button>
        ) : null}
        {children}
        <div className={submitWidth}>
          <SubmitButton pending={pending} disabled={submitDisabled} label={submitLabel} pendingLabel={pendingLabel} />
        </div>
      </div>
    </>
  );
}
