import { Suspense, useId } from 'react';
import type { PhoneFieldProps } from './phone-field';
import { loadPhoneModule } from './phone-field-chunk';
import { FieldShell, inputClassName } from './text-field';
import { LoadBoundary, useRetryableLazy } from '@/components/ui/load-boundary';
import { t } from '@/i18n/messages';

const loadPhoneField = () => loadPhoneModule().then((module) => ({ default: module.PhoneField }));

/** While the chunk loads: the field's label over a disabled input that shows the current value. */
function PhoneFieldFallback({ label, value }: { label: string; value: string }) {
  const inputId = useId();
  return (
    <FieldShell inputId={inputId} label={label} errorId={`${inputId}-error`}>
      <input
        id={inputId}
        disabled
        readOnly
        aria-busy="true"
        value={value}
        className={`${inputClassName} border-surface-border`}
        placeholder={t('app.loading')}
      />
    </FieldShell>
  );
}

/**
 * The phone input, loaded as a chunk of its own when it is first shown (every form with a phone
 * uses this one). A failed load shows the connection message with 'Spróbuj ponownie' in place of
 * the field, never the crash screen; the rest of the form stays usable and keeps what was typed.
 */
export function LazyPhoneField(props: PhoneFieldProps) {
  const [PhoneField, retry] = useRetryableLazy(loadPhoneField);
  return (
    <LoadBoundary onRetry={retry}>
      <Suspense fallback={<PhoneFieldFallback label={props.label} value={props.value} />}>
        <PhoneField {...props} />
      </Suspense>
    </LoadBoundary>
  );
}
