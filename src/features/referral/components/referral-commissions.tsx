import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/states';
import type { ReferralCommission, ReferralOverview } from '@/data/referral/referral-overview.schema';
import { t } from '@/i18n/dashboard';
import { formatDate, formatDecimal, formatUSDT } from '@/lib/format';

/** Commissions to the grosz (the page's summary rounds to złoty). */
const pln = (value: number) => `${formatDecimal(value, 2)} zł`;

const STATUS: Record<ReferralCommission['status'], { label: Parameters<typeof t>[0]; tone: BadgeTone }> = {
  to_pay: { label: 'referral.commission.to_pay', tone: 'accent' },
  paid: { label: 'referral.commission.paid', tone: 'success' },
  cancelled: { label: 'referral.commission.cancelled', tone: 'info' },
};

/** What a commission's row says beside its state: when it was paid and how much, or when it was cancelled. */
function detail(commission: ReferralCommission): string {
  if (commission.status === 'paid' && commission.settled_at && commission.amount_usdt !== null) {
    return t('referral.commission.paid_detail', {
      date: formatDate(commission.settled_at),
      usdt: formatUSDT(commission.amount_usdt),
      rate: String(commission.settlement_rate ?? ''),
    });
  }
  if (commission.status === 'cancelled' && commission.cancelled_at) {
    return t('referral.commission.cancelled_detail', { date: formatDate(commission.cancelled_at) });
  }
  return t('referral.commission.to_pay_detail');
}

/**
 * 'Prowizje' of the partner page: each commission (10 % of the plan a referred member paid first)
 * as 'Do wypłaty', 'Wypłacona' (into the eWallet, when, how much at which rate) or 'Anulowana' (the
 * order was refunded), newest first, and what the club still owes.
 */
export function ReferralCommissions({ overview }: { overview: ReferralOverview }) {
  const { commissions } = overview;
  return (
    <Card title={t('referral.commissions')}>
      <p className="mb-3 text-sm text-ink-muted">
        {t('referral.commissions.to_pay_total', { amount: pln(overview.commissions_to_pay_pln) })}
      </p>
      {commissions.length === 0 ? (
        <EmptyState hint={t('referral.commissions.empty_hint')}>{t('referral.commissions.empty')}</EmptyState>
      ) : (
        <ul className="divide-y divide-surface-border" aria-label={t('referral.commissions')}>
          {commissions.map((commission) => {
            const status = STATUS[commission.status];
            return (
              <li key={commission.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="font-semibold tabular-nums text-ink">
                    {pln(commission.amount_pln)}{' '}
                    <span className="font-normal text-ink-muted">
                      {t('referral.commission.level', { level: commission.level })}
                    </span>
                  </p>
                  <p className="text-sm text-ink-muted">
                    <time dateTime={commission.created_at}>{formatDate(commission.created_at)}</time> ·{' '}
                    {detail(commission)}
                  </p>
                </div>
                <Badge tone={status.tone}>{t(status.label)}</Badge>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
