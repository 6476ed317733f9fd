import { useState } from 'react';
import { TextField } from '@/components/form/text-field';
import { Card } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { t } from '@/i18n/admin';
import type { CccSettings } from '@/lib/ccc/get-ccc-settings';
import { useZodForm } from '@/lib/form';
import { FormFooter } from '../../shared/components/form-footer';
import { adminErrorMessage } from '../../shared/utils/errors';
import { useUpdateCccSettings } from '../api/update-ccc-settings';
import { cccSettingsSchema } from '../schemas/catalogue.schema';

/** The token: its contract address (empty hides the link on the CCC page) and the total supply. */
export function CccSettingsForm({ settings }: { settings: CccSettings }) {
  const update = useUpdateCccSettings();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useZodForm(cccSettingsSchema, {
    defaultValues: {
      contractAddress: settings.contract_address ?? '',
      totalSupply: String(settings.total_supply),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await update.mutateAsync({ contractAddress: values.contractAddress, totalSupply: Number(values.totalSupply) });
      toast.show(t('admin.catalogue.token_saved'));
    } catch (failure) {
      setError(adminErrorMessage(failure, 'admin.catalogue.save_failed'));
    }
  });

  const pending = formState.isSubmitting;
  const { errors } = formState;
  return (
    <Card title={t('admin.catalogue.token')}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <div className="grid gap-3 md:grid-cols-[2fr_1fr]">
          <TextField
            label={t('admin.catalogue.contract_address')}
            hint={t('admin.catalogue.contract_hint')}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            error={errors.contractAddress?.message}
            {...register('contractAddress')}
          />
          <TextField
            label={t('admin.catalogue.total_supply')}
            inputMode="numeric"
            autoComplete="off"
            error={errors.totalSupply?.message}
            {...register('totalSupply')}
          />
        </div>
        <FormFooter error={error} pending={pending} submitWidth="w-40" submitLabel={t('admin.catalogue.save_token')} />
      </form>
    </Card>
  );
}
