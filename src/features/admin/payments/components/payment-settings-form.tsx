import { TextField } from '@/components/form/text-field';
import { Card } from '@/components/ui/card';
import { QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { usePaymentSettings, type PaymentSettings } from '@/data/payments/get-payment-settings';
import { useUpdatePaymentSettings } from '@/data/payments/update-payment-settings';
import { t } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import { FormFooter } from '../../shared/components/form-footer';
import { useSubmitFailure } from '../../shared/hooks/use-submit-failure';
import { paymentSettingsSchema } from '../schemas/payment-refund.schema';

function SettingsForm({ settings }: { settings: PaymentSettings }) {
  const toast = useToast();
  const save = useUpdatePaymentSettings();
  const { error, attempt } = useSubmitFailure('admin.payments.settings_failed');
  const { register, handleSubmit, formState, getFieldState } = useZodForm(paymentSettingsSchema, {
    defaultValues: {
      expiryDays: String(settings.order_expiry_days),
      dailyLimit: String(settings.daily_order_limit),
    },
  });
  const onSubmit = handleSubmit((values) =>
    attempt(async () => {
      await save.mutateAsync({ expiryDays: Number(values.expiryDays), dailyLimit: Number(values.dailyLimit) });
      toast.show(t('admin.payments.settings_saved'));
    }),
  );
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t('admin.payments.expiry_days')}
          inputMode="numeric"
          autoComplete="off"
          error={getFieldState('expiryDays', formState).error?.message}
          {...register('expiryDays')}
        />
        <TextField
          label={t('admin.payments.daily_limit')}
          inputMode="numeric"
          autoComplete="off"
          error={getFieldState('dailyLimit', formState).error?.message}
          {...register('dailyLimit')}
        />
      </div>
      <FormFooter error={error} pending={formState.isSubmitting} submitWidth="w-40" />
    </form>
  );
}

/**
 * 'Ustawienia zamówień': days until a pending order expires and orders a member may create in a day
 * (admin_update_payment_settings, audited). A refused save keeps what was typed and says why.
 */
export function PaymentSettingsForm() {
  const settings = usePaymentSettings();
  return (
    <Card>
      <h3 className="text-lg font-semibold text-ink">{t('admin.payments.settings')}</h3>
      <p className="text-sm text-ink-muted">{t('admin.payments.settings_description')}</p>
      <QueryStates query={settings} loadingClassName="h-24" errorMessage={t('admin.payments.settings_load_failed')}>
        {(data) => <SettingsForm settings={data} />}
      </QueryStates>
    </Card>
  );
}
