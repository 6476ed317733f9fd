import { Card } from '@/components/ui/card';
import { QueryStates } from '@/components/ui/query-states';
import { useTopPartners } from '@/data/referral/get-top-partners';
import { t } from '@/i18n/dashboard';
import { toUserMessage } from '@/lib/errors';
import { formatNumber, formatPLN } from '@/lib/format';

/** Places 1-3 in the podium's colours (gold, silver, bronze); the place number is always written too. */
const PODIUM = [
  'border-rank-gold text-rank-gold',
  'border-rank-silver text-rank-silver',
  'border-rank-bronze text-rank-bronze',
] as const;

/** 'Top Partners' (product.md#dashboard-2): hidden when the ranking is empty; names fall back to 'Anonim'. */
export function TopPartners() {
  const ranking = useTopPartners();

  // An empty ranking hides the whole card.
  if (ranking.isSuccess && ranking.data.length === 0) return null;

  return (
    <Card title={t('dashboard.top_partners')}>
      <QueryStates
        query={ranking}
        loadingClassName="h-10"
        loadingCount={3}
        errorMessage={(error) => `${t('dashboard.top_partners.load_failed')}: ${toUserMessage(error)}`}
      >
        {(entries) => (
          <>
            <div
              className="mb-2 grid grid-cols-[3rem_1fr_auto_auto] gap-3 px-3 text-xs uppercase tracking-wide text-ink-muted"
              aria-hidden="true"
            >
              <span>{t('dashboard.top_partners.place')}</span>
              <span>{t('dashboard.top_partners.name')}</span>
              <span className="text-right">{t('dashboard.top_partners.referrals')}</span>
              <span className="w-24 text-right">{t('dashboard.top_partners.earnings')}</span>
            </div>
            <ol className="space-y-2">
              {entries.map((entry, index) => {
                const podium = PODIUM[index];
                const name = entry.full_name?.trim() || t('dashboard.anonymous');
                return (
                  <li
                    key={entry.id}
                    data-place={index + 1}
                    className={`grid grid-cols-[3rem_1fr_auto_auto] items-center gap-3 rounded-lg border px-3 py-2 ${
                      podium ? `${podium} bg-surface-overlay` : 'border-surface-border text-ink'
                    }`}
                  >
                    <span className="font-bold tabular-nums">{index + 1}.</span>
                    <span className="truncate font-medium">{name}</span>
                    <span className="text-right tabular-nums">
                      <span className="sr-only">{t('dashboard.top_partners.referrals')}: </span>
                      {formatNumber(entry.referral_count)}
                    </span>
                    <span className="w-24 text-right tabular-nums">
                      <span className="sr-only">{t('dashboard.top_partners.earnings')}: </span>
                      {formatPLN(entry.total_earnings)}
                    </span>
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </QueryStates>
    </Card>
  );
}
