import { useMemo } from 'react';
import type { CccPackage } from '@/data/ccc/get-ccc-availability';
import { useUpdateCccTier } from '@/data/ccc/update-ccc-tier';
import { t } from '@/i18n/admin';
import {
  cccTierSchema,
  formatDecimal,
  parseDecimal,
  percentToShare,
  shareToPercent,
} from '../schemas/catalogue.schema';
import { CatalogueForm } from './catalogue-form';

/** One CCC tier: CCC amount, USDT price, profit share (in percent), months and total slots (≥ those in use). */
export function CccTierForm({ tier }: { tier: CccPackage }) {
  const update = useUpdateCccTier();
  const schema = useMemo(() => cccTierSchema(tier.used_slots), [tier.used_slots]);
  return (
    <CatalogueForm
      title={t('admin.catalogue.tier', { tier: tier.tier })}
      headingLevel={3}
      schema={schema}
      defaultValues={{
        cccAmount: String(tier.ccc_amount),
        priceUsd: formatDecimal(tier.price_usd),
        profitShare: shareToPercent(tier.profit_share),
        durationMonths: String(tier.duration_months),
        totalSlots: String(tier.total_slots),
      }}
      groups={[
        {
          columns: 'sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-5',
          fields: [
            { name: 'cccAmount', label: t('admin.catalogue.ccc_amount'), inputMode: 'numeric' },
            { name: 'priceUsd', label: t('admin.catalogue.price_usd'), inputMode: 'decimal' },
            { name: 'profitShare', label: t('admin.catalogue.profit_share'), inputMode: 'decimal' },
            { name: 'durationMonths', label: t('admin.catalogue.duration_months'), inputMode: 'numeric' },
            {
              name: 'totalSlots',
              label: t('admin.catalogue.total_slots'),
              hint: t('admin.catalogue.slots_hint', { used: tier.used_slots }),
              inputMode: 'numeric',
            },
          ],
        },
      ]}
      note={t('admin.catalogue.acc_note')}
      save={(values) =>
        update.mutateAsync({
          tier: tier.tier,
          cccAmount: Number(values.cccAmount),
          priceUsd: parseDecimal(values.priceUsd),
          profitShare: percentToShare(values.profitShare),
          durationMonths: Number(values.durationMonths),
          totalSlots: Number(values.totalSlots),
        })
      }
      savedMessage={t('admin.catalogue.tier_saved', { tier: tier.tier })}
      submitLabel={t('admin.catalogue.save_tier', { tier: tier.tier })}
      submitWidth="w-60"
    />
  );
}
