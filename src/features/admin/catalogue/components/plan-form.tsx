import type { MembershipPlan } from '@/data/membership/get-membership-plans';
import { useUpdateMembershipPlan } from '@/data/membership/update-membership-plan';
import { t } from '@/i18n/admin';
import {
  benefitLines,
  formatDecimal,
  parseDecimal,
  percentToShare,
  planSchema,
  shareToPercent,
} from '../schemas/catalogue.schema';
import { CatalogueForm } from './catalogue-form';

/** One plan of the catalogue: prices, shares (in percent), description and benefits. */
export function PlanForm({ plan }: { plan: MembershipPlan }) {
  const update = useUpdateMembershipPlan();
  return (
    <CatalogueForm
      title={t('admin.catalogue.plan', { tier: plan.tier })}
      headingLevel={3}
      schema={planSchema}
      defaultValues={{
        yearlyPricePln: formatDecimal(plan.yearly_price_pln),
        priceUsdt: formatDecimal(plan.price_usdt),
        priceAcc: formatDecimal(plan.price_acc),
        profitShare: shareToPercent(plan.profit_share),
        ideaOwnership: shareToPercent(plan.idea_ownership),
        description: plan.description,
        benefits: plan.benefits.join('\n'),
      }}
      groups={[
        {
          columns: 'md:grid-cols-3',
          fields: [
            { name: 'yearlyPricePln', label: t('admin.catalogue.yearly_price_pln'), inputMode: 'decimal' },
            { name: 'priceUsdt', label: t('admin.catalogue.price_usdt'), inputMode: 'decimal' },
            { name: 'priceAcc', label: t('admin.catalogue.price_acc'), inputMode: 'decimal' },
          ],
        },
        {
          columns: 'md:grid-cols-2',
          fields: [
            { name: 'profitShare', label: t('admin.catalogue.profit_share'), inputMode: 'decimal' },
            { name: 'ideaOwnership', label: t('admin.catalogue.idea_ownership'), inputMode: 'decimal' },
          ],
        },
        {
          fields: [
            { name: 'description', label: t('admin.catalogue.description_field'), rows: 3 },
            {
              name: 'benefits',
              label: t('admin.catalogue.benefits'),
              hint: t('admin.catalogue.benefits_hint'),
              rows: 5,
            },
          ],
        },
      ]}
      save={(values) =>
        update.mutateAsync({
          tier: plan.tier,
          yearlyPricePln: parseDecimal(values.yearlyPricePln),
          priceUsdt: parseDecimal(values.priceUsdt),
          priceAcc: parseDecimal(values.priceAcc),
          profitShare: percentToShare(values.profitShare),
          ideaOwnership: percentToShare(values.ideaOwnership),
          description: values.description,
          benefits: benefitLines(values.benefits),
        })
      }
      savedMessage={t('admin.catalogue.plan_saved', { tier: plan.tier })}
      submitLabel={t('admin.catalogue.save_plan', { tier: plan.tier })}
      submitWidth="w-52"
    />
  );
}
