import { useId } from 'react';
import { Button } from '@/components/ui/button';
import type { CccPackage } from '@/data/ccc/get-ccc-availability';
import { t } from '@/i18n/plans';
import { formatInteger, formatShare, formatUSDT } from '@/lib/format';
import { availabilityPercent } from '../utils/contract';

type CccTierCardProps = {
  pkg: CccPackage;
  onBuy: (pkg: CccPackage) => void;
};

/**
 * One tier (product.md#dashboard-2 CCC packages): CCC amount, USDT price, profit share ×100, months, free
 * slots of all slots with the availability bar, and 'Kup pakiet'. At zero free slots the button
 * says 'Brak dostępnych miejsc' and is disabled, and the card is dimmed.
 */
export function CccTierCard({ pkg, onBuy }: CccTierCardProps) {
  const headingId = useId();
  const soldOut = pkg.available_slots <= 0;
  const percent = availabilityPercent(pkg.available_slots, pkg.total_slots);
  return (
    <article
      aria-labelledby={headingId}
      data-sold-out={soldOut || undefined}
      className={`flex flex-col rounded-xl border p-5 ${
        soldOut ? 'border-dashed border-surface-border bg-surface grayscale' : 'border-surface-border bg-surface-raised'
      }`}
    >
      <h2 id={headingId} className={`text-xl font-bold tracking-wide ${soldOut ? 'text-ink-muted' : 'text-accent'}`}>
        {pkg.tier}
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-ink-muted">{t('ccc.amount')}</dt>
          <dd className="font-semibold text-ink">{`${formatInteger(pkg.ccc_amount)} CCC`}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-ink-muted">{t('ccc.price')}</dt>
          <dd className="font-semibold text-ink">{formatUSDT(pkg.price_usd)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-ink-muted">{t('ccc.profit_share')}</dt>
          <dd className="font-semibold text-ink">{formatShare(pkg.profit_share)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-ink-muted">{t('ccc.duration')}</dt>
          <dd className="font-semibold text-ink">{t('ccc.months', { count: pkg.duration_months })}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-ink-muted">{t('ccc.slots')}</dt>
          <dd className="font-semibold text-ink">
            {t('ccc.slots_value', { available: pkg.available_slots, total: pkg.total_slots })}
          </dd>
        </div>
      </dl>
      <div
        role="progressbar"
        aria-label={t('ccc.availability', { tier: pkg.tier, percent })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-4 h-2 overflow-hidden rounded-full bg-surface-overlay"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
      </div>
      <Button className="mt-5 w-full" disabled={soldOut} onClick={() => onBuy(pkg)}>
        {soldOut ? t('ccc.sold_out') : t('ccc.buy')}
      </Button>
    </article>
  );
}
