import { useState } from 'react';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Card } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { t } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import type { MembershipPlan } from '@/lib/membership-plans/get-membership-plans';
import { FormFooter } from '../../shared/components/form-footer';
import { adminErrorMessage } from '../../shared/utils/errors';
import { useUpdateMembershipPlan } from '../api/update-membership-plan';
import {
  benefitLines,
  formatDecimal,
  parseDecimal,
  percentToShare,
  planSchema,
  shareToPercent,
} from '../schemas/catalogue.schema';

/** One plan of the catalogue: prices, shares (in percent), description and benefits. */
export function PlanForm({ plan }: { plan: MembershipPlan }) {
  const update = useUpdateMembershipPlan();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useZodForm(planSchema, {
    defaultValues: {
      yearlyPricePln: formatDecimal(plan.yearly_price_pln),
      priceUsdt: formatDecimal(plan.price_usdt),
      priceAcc: formatDecimal(plan.price_acc),
      profitShare: shareToPercent(plan.profit_share),
      ideaOwnership: shareToPercent(plan.idea_ownership),
      description: plan.description,
      benefits: plan.benefits.join('\n'),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await update.mutateAsync({
        tier: plan.tier,
        yearlyPricePln: parseDecimal(values.yearlyPricePln),
        priceUsdt: parseDecimal(values.priceUsdt),
        priceAcc: parseDecimal(values.priceAcc),
        profitShare: percentToShare(values.profitShare),
        ideaOwnership: percentToShare(values.ideaOwnership),
        description: values.description,
        benefits: benefitLines(values.benefits),
      });
      toast.show(t('admin.catalogue.plan_saved', { tier: plan.tier }));
    } catch (failure) {
      setError(adminErrorMessage(failure, 'admin.catalogue.save_failed'));
    }
  });

  const pending = formState.isSubmitting;
  const { errors } = formState;
  return (
    <Card title={t('admin.catalogue.plan', { tier: plan.tier })} headingLevel={3}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <div className="grid gap-3 md:grid-cols-3">
          <TextField
            label={t('admin.catalogue.yearly_price_pln')}
            inputMode="decimal"
            autoComplete="off"
            error={errors.yearlyPricePln?.message}
            {...register('yearlyPricePln')}
          />
          <TextField
            label={t('admin.catalogue.price_usdt')}
            inputMode="decimal"
            autoComplete="off"
            error={errors.priceUsdt?.message}
            {...register('priceUsdt')}
          />
          <TextField
            label={t('admin.catalogue.price_acc')}
            inputMode="decimal"
            autoComplete="off"
            error={errors.priceAcc?.message}
            {...register('priceAcc')}
          />
        </div>
        <div className="grid gap-3 md:grid-cols-2">
          <TextField
            label={t('admin.catalogue.profit_share')}
            inputMode="decimal"
            autoComplete="off"
            error={errors.profitShare?.message}
            {...register('profitShare')}
          />
          <TextField
            label={t('admin.catalogue.idea_ownership')}
            inputMode="decimal"
            autoComplete="off"
            error={errors.ideaOwnership?.message}
            {...register('ideaOwnership')}
          />
        </div>
        <TextareaField
          label={t('admin.catalogue.description_field')}
          rows={3}
          error={errors.description?.message}
          {...register('description')}
        />
        <TextareaField
          label={t('admin.catalogue.benefits')}
          hint={t('admin.catalogue.benefits_hint')}
          rows={5}
          error={errors.benefits?.message}
          {...register('benefits')}
        />
        <FormFooter
          error={error}
          pending={pending}
          submitWidth="w-52"
          submitLabel={t('admin.catalogue.save_plan', { tier: plan.tier })}
        />
      </form>
    </Card>
  );
}
