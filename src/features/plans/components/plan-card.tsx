import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { MembershipPlan } from '@/data/membership/get-membership-plans';
import { t } from '@/i18n/plans';
import { formatPLN, formatShare } from '@/lib/format';

type PlanCardProps = {
  plan: MembershipPlan;
  /** The member holds this plan now. */
  current: boolean;
  onChoose: (plan: MembershipPlan) => void;
};

/** One plan of the grid: price, profit share, idea ownership, description and benefits (product.md#dashboard-2, §9). */
export function PlanCard({ plan, current, onChoose }: PlanCardProps) {
  const headingId = useId();
  const highlighted = plan.tier === 'PREMIUM';
  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col rounded-xl border bg-surface-raised p-6 ${
        highlighted ? 'border-accent' : 'border-surface-border'
      }`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold tracking-wide text-accent">
          {plan.tier}
        </h2>
        {current ? <Badge tone="success">{t('plans.current')}</Badge> : null}
      </div>
      {/* The price is large but no heading, and no paragraph either: as a <p> larger and bolder than
          the description's, axe took it for a heading made by style (p-as-heading). */}
      <div className="mt-4 text-3xl font-bold text-ink">
        {formatPLN(plan.yearly_price_pln)}{' '}
        <span className="text-base font-normal text-ink-muted">{t('plans.per_year')}</span>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-ink-muted">{t('plans.profit_share')}</dt>
          <dd className="text-lg font-semibold text-ink">{formatShare(plan.profit_share)}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t('plans.idea_ownership')}</dt>
          <dd className="text-lg font-semibold text-ink">{formatShare(plan.idea_ownership)}</dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-ink-muted">{plan.description}</p>
      <h3 className="mt-4 text-sm font-semibold text-ink">{t('plans.benefits')}</h3>
      <ul className="mt-2 flex-1 space-y-1.5 text-sm text-ink">
        {plan.benefits.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <span aria-hidden="true" className="text-accent">
              ✓
            </span>
            <span>{benefit}</span>
          </li>
        ))}
      </ul>
      <Button className="mt-6 w-full" variant={highlighted ? 'primary' : 'secondary'} onClick={() => onChoose(plan)}>
        {t('plans.choose', { tier: plan.tier })}
      </Button>
    </article>
  );
}
