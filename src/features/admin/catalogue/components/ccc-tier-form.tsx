import { useMemo, useState } from 'react';
import { TextField } from '@/components/form/text-field';
import { Card } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { t } from '@/i18n/admin';
import type { CccPackage } from '@/lib/ccc/get-ccc-availability';
import { useZodForm } from '@/lib/form';
import { FormFooter } from '../../shared/components/form-footer';
import { adminErrorMessage } from '../../shared/utils/errors';
import { useUpdateCccTier } from '../api/update-ccc-tier';
import {
  cccTierSchema,
  formatDecimal,
  parseDecimal,
  percentToShare,
  shareToPercent,
} from '../schemas/catalogue.schema';

/** One CCC tier: CCC amount, USDT price, profit share (in percent), months and total slots (≥ those in use). */
export function CccTierForm({ tier }: { tier: CccPackage }) {
  const update = useUpdateCccTier();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const schema = useMemo(() => cccTierSchema(tier.used_slots), [tier.used_slots]);
  const { register, handleSubmit, formState } = useZodForm(schema, {
    defaultValues: {
      cccAmount: String(tier.ccc_amount),
      priceUsd: formatDecimal(tier.price_usd),
      profitShare: shareToPercent(tier.profit_share),
      durationMonths: String(tier.duration_months),
      totalSlots: String(tier.total_slots),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await update.mutateAsync({
        tier: tier.tier,
        cccAmount: Number(values.cccAmount),
        priceUsd: parseDecimal(values.priceUsd),
        profitShare: percentToShare(values.profitShare),
        durationMonths: Number(values.durationMonths),
        totalSlots: Number(values.totalSlots),
      });
      toast.show(t('admin.catalogue.tier_saved', { tier: tier.tier }));
    } catch (failure) {
      setError(adminErrorMessage(failure, 'admin.catalogue.save_failed'));
    }
  });

  const pending = formState.isSubmitting;
  const { errors } = formState;
  return (
    <Card title={t('admin.catalogue.tier', { tier: tier.tier })} headingLevel={3}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-5">
          <TextField
            label={t('admin.catalogue.ccc_amount')}
            inputMode="numeric"
            autoComplete="off"
            error={errors.cccAmount?.message}
            {...register('cccAmount')}
          />
          <TextField
            label={t('admin.catalogue.price_usd')}
            inputMode="decimal"
            autoComplete="off"
            error={errors.priceUsd?.message}
            {...register('priceUsd')}
          />
          <TextField
            label={t('admin.catalogue.profit_share')}
            inputMode="decimal"
            autoComplete="off"
            error={errors.profitShare?.message}
            {...register('profitShare')}
          />
          <TextField
            label={t('admin.catalogue.duration_months')}
            inputMode="numeric"
            autoComplete="off"
            error={errors.durationMonths?.message}
            {...register('durationMonths')}
          />
          <TextField
            label={t('admin.catalogue.total_slots')}
            hint={t('admin.catalogue.slots_hint', { used: tier.used_slots })}
            inputMode="numeric"
            autoComplete="off"
            error={errors.totalSlots?.message}
            {...register('totalSlots')}
          />
        </div>
        <p className="text-sm text-ink-muted">{t('admin.catalogue.acc_note')}</p>
        <FormFooter
          error={error}
          pending={pending}
          submitWidth="w-60"
          submitLabel={t('admin.catalogue.save_tier', { tier: tier.tier })}
        />
      </form>
    </Card>
  );
}
