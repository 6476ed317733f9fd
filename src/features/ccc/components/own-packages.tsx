import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useUserPackages, type UserPackage } from '@/data/ccc/get-ccc-packages';
import { t } from '@/i18n/plans';
import { useAuth } from '@/lib/auth/auth-context';
import { formatDate, formatInteger, formatShare } from '@/lib/format';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from now to the end (0 once it has ended). */
export function daysLeft(endDate: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((new Date(endDate).getTime() - now) / DAY_MS));
}

function PackageRow({ pkg }: { pkg: UserPackage }) {
  return (
    <tr className="border-t border-surface-border">
      <th scope="row" className="py-2 pr-4 text-left font-semibold text-ink">
        {pkg.package_tier}
      </th>
      <td className="py-2 pr-4">{formatInteger(pkg.ccc_amount)} CCC</td>
      <td className="py-2 pr-4">{formatShare(pkg.profit_share)}</td>
      <td className="py-2 pr-4">
        <time dateTime={pkg.start_date}>{formatDate(pkg.start_date)}</time>
      </td>
      <td className="py-2 pr-4">
        <time dateTime={pkg.end_date}>{formatDate(pkg.end_date)}</time>
      </td>
      <td className="py-2 pr-4">{pkg.active ? daysLeft(pkg.end_date) : '—'}</td>
      <td className="py-2">
        <Badge tone={pkg.active ? 'accent' : 'neutral'}>{pkg.active ? t('ccc.own.active') : t('ccc.own.ended')}</Badge>
      </td>
    </tr>
  );
}

/**
 * 'Twoje pakiety' on /dashboard/ccc (issue 19): the member's own packages, active first — tier, CCC
 * amount, profit share, start and end, days left, active or ended. Read under data/ccc's key, so an
 * admin's assignment or a confirmed payment shows here.
 */
export function OwnPackages() {
  const { user } = useAuth();
  const packages = useUserPackages(user?.id ?? '');
  return (
    <Card title={t('ccc.own.title')}>
      <QueryStates
        query={packages}
        loadingLabel={t('ccc.own.loading')}
        errorMessage={t('ccc.own.failed')}
        isEmpty={noRows}
        empty={t('ccc.own.empty')}
      >
        {(data) => (
          // Scrolls sideways on a phone and holds nothing focusable: the region is the keyboard's tab
          // stop to scroll it (axe scrollable-region-focusable), named apart from the card's section.
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('ccc.own.table')}>
            <table className="w-full text-sm text-ink-muted">
              <thead>
                <tr className="text-left text-xs uppercase tracking-wide">
                  <th scope="col" className="pb-2 pr-4 font-medium">
                    {t('ccc.own.tier')}
                  </th>
                  <th scope="col" className="pb-2 pr-4 font-medium">
                    {t('ccc.own.amount')}
                  </th>
                  <th scope="col" className="pb-2 pr-4 font-medium">
                    {t('ccc.profit_share')}
                  </th>
                  <th scope="col" className="pb-2 pr-4 font-medium">
                    {t('ccc.own.start')}
                  </th>
                  <th scope="col" className="pb-2 pr-4 font-medium">
                    {t('ccc.own.end')}
                  </th>
                  <th scope="col" className="pb-2 pr-4 font-medium">
                    {t('ccc.own.days_left')}
                  </th>
                  <th scope="col" className="pb-2 font-medium">
                    {t('ccc.own.status')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.map((pkg) => (
                  <PackageRow key={pkg.id} pkg={pkg} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryStates>
    </Card>
  );
}
