import { noRows, QueryStates } from '@/components/ui/query-states';
import { useApps } from '@/data/apps/get-apps';
import { useMembershipPlans } from '@/data/membership/get-membership-plans';
import { t } from '@/i18n/apps';
import { AppCard } from './app-card';

const PAID_TIERS = new Set(['START', 'PREMIUM', 'VIP']);

/**
 * 'Aplikacje' (product.md#dashboard-2 Apps catalogue): the card grid with loading, error ('Nie udało się
 * załadować aplikacji') and empty ('Brak dostępnych aplikacji') states. The pools use the plans'
 * shares from membership_plans, the one source of truth (data/membership).
 */
export function AppsCatalogue() {
  const apps = useApps();
  const plans = useMembershipPlans();
  const paidPlans = plans.isError ? null : plans.data?.filter((plan) => PAID_TIERS.has(plan.tier));

  const body = (
    <QueryStates
      query={apps}
      loadingClassName="h-96"
      loadingCount={3}
      loadingLayout="grid gap-6 md:grid-cols-2 xl:grid-cols-3"
      loadingLabel={t('apps.loading')}
      errorMessage={t('apps.load_failed')}
      isEmpty={noRows}
      empty={t('apps.empty')}
    >
      {(data) => (
        <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {data.map((app) => (
            <li key={app.id} className="flex">
              <AppCard app={app} plans={paidPlans} headingId={`app-${app.id}`} />
            </li>
          ))}
        </ul>
      )}
    </QueryStates>
  );

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{t('nav.apps')}</h1>
        <p className="mt-1 text-ink-muted">{t('apps.intro')}</p>
      </div>
      {body}
    </div>
  );
}
