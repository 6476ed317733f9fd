import { QueryStates } from '@/components/ui/query-states';
import type { DashboardStats } from '@/data/dashboard/dashboard-stats.schema';
import { useDashboardStats } from '@/data/dashboard/get-dashboard-stats';
import { t } from '@/i18n/dashboard';
import { toUserMessage } from '@/lib/errors';
import { formatDate, formatNumber, formatPLN } from '@/lib/format';
import { StatCard, StatRows } from './stat-card';

const LEVELS = ['FREE', 'START', 'PREMIUM', 'VIP'] as const;
const PAID_LEVELS = ['START', 'PREMIUM', 'VIP'] as const;
const CCC_TIERS = ['PLATINUM', 'DIAMOND', 'GOLD', 'SILVER', 'BRONZE', 'START'] as const;

const CARD_COUNT = 6;

/**
 * The statistic cards (docs/decisions.md, main panel): what the spec's six reads give — club
 * members by level, apps and their valuation, ideas (approved, pending, the member's own), the
 * latest e-commerce revenue, the START/PREMIUM/VIP profit pools (the member's level highlighted) and
 * the active CCC packages by tier.
 */
export function StatsCardList({ stats }: { stats: DashboardStats }) {
  const { members, apps, ideas, revenue, ccc, me } = stats;
  const activeTiers = CCC_TIERS.filter((tier) => (ccc.by_tier[tier] ?? 0) > 0);
  // The member's own pool leads the card; a FREE member sees the three pools only.
  const myPool = me.membership_level && me.membership_level !== 'FREE' ? revenue.pools[me.membership_level] : undefined;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard label={t('dashboard.stats.members')} value={formatNumber(members.confirmed)}>
        <StatRows rows={LEVELS.map((level) => ({ label: level, value: formatNumber(members.by_level[level]) }))} />
      </StatCard>
      <StatCard label={t('dashboard.stats.apps')} value={formatNumber(apps.count)}>
        <p>{t('dashboard.stats.apps_value', { value: formatPLN(apps.current_value) })}</p>
      </StatCard>
      <StatCard label={t('dashboard.stats.ideas')} value={formatNumber(ideas.total)}>
        <StatRows
          rows={[
            { label: t('dashboard.stats.ideas_approved'), value: formatNumber(ideas.approved) },
            { label: t('dashboard.stats.ideas_pending'), value: formatNumber(ideas.pending) },
            { label: t('dashboard.stats.ideas_mine'), value: formatNumber(ideas.mine) },
          ]}
        />
      </StatCard>
      <StatCard
        label={t('dashboard.stats.revenue')}
        value={revenue.latest_amount === null ? '—' : formatPLN(revenue.latest_amount)}
      >
        <p>
          {revenue.latest_at
            ? t('dashboard.stats.revenue_date', { date: formatDate(revenue.latest_at) })
            : t('dashboard.stats.revenue_none')}
        </p>
      </StatCard>
      <StatCard label={t('dashboard.stats.pools')} value={myPool === undefined ? undefined : formatPLN(myPool)}>
        <StatRows
          rows={PAID_LEVELS.map((level) => ({
            label: me.membership_level === level ? `${level} (${t('dashboard.stats.your_level')})` : level,
            value: formatPLN(revenue.pools[level] ?? null),
            highlight: me.membership_level === level,
          }))}
        />
        <p className="mt-2 text-xs">{t('dashboard.stats.pools_hint')}</p>
      </StatCard>
      <StatCard label={t('dashboard.stats.ccc')} value={formatNumber(ccc.active)}>
        {activeTiers.length > 0 ? (
          <StatRows rows={activeTiers.map((tier) => ({ label: tier, value: formatNumber(ccc.by_tier[tier]) }))} />
        ) : (
          <p>{t('dashboard.stats.ccc_none')}</p>
        )}
      </StatCard>
    </ul>
  );
}

/** The cards with their loading (placeholders in the cards' shape) and error (with retry) states. */
export function StatsCards() {
  const stats = useDashboardStats();
  return (
    <section aria-labelledby="dashboard-stats-title">
      <h2 id="dashboard-stats-title" className="sr-only">
        {t('dashboard.stats.title')}
      </h2>
      <QueryStates
        query={stats}
        loadingClassName="h-40"
        loadingCount={CARD_COUNT}
        loadingLayout="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        loadingLabel={t('dashboard.stats.loading')}
        errorMessage={(error) => `${t('dashboard.stats.load_failed')}: ${toUserMessage(error)}`}
        keepData
      >
        {(data) => <StatsCardList stats={data} />}
      </QueryStates>
    </section>
  );
}
