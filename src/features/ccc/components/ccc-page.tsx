import { useState } from 'react';
import { usePageTitle } from '@/components/layout/site-head';
import { MyPaymentOrders } from '@/components/payment/my-payment-orders';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useCccAvailability, type CccPackage } from '@/data/ccc/get-ccc-availability';
import { useCccSettings } from '@/data/ccc/get-ccc-settings';
import { useCccPaymentLinks } from '@/data/payments/get-ccc-payment-links';
import { useOwnProfile } from '@/data/profile/get-own-profile';
import { t } from '@/i18n/plans';
import { useAuth } from '@/lib/auth/auth-context';
import { CccPurchaseDialog } from './ccc-purchase-dialog';
import { CccTierCard } from './ccc-tier-card';
import { CccTokenInfo } from './ccc-token-info';
import { OwnPackages } from './own-packages';

const TIER_GRID = 'grid gap-6 sm:grid-cols-2 xl:grid-cols-3';

/**
 * /dashboard/ccc, 'Pakiety CCC' (product.md#dashboard-2): the token, then one card per tier with the free
 * slots the server counts. Availability, settings and payment links load in parallel.
 */
export function CccPage() {
  usePageTitle(t('ccc.title'));
  const availability = useCccAvailability();
  const settings = useCccSettings();
  const profile = useOwnProfile();
  const { user } = useAuth();
  useCccPaymentLinks();
  const [chosen, setChosen] = useState<CccPackage | null>(null);
  const email = profile.data?.email ?? user?.email ?? '';

  return (
    <section className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-ink">{t('ccc.title')}</h1>
        <p className="text-ink-muted">{t('ccc.subtitle')}</p>
      </header>
      <CccTokenInfo settings={settings.data} />
      <QueryStates
        query={availability}
        loadingClassName="h-80"
        loadingCount={3}
        loadingLayout={TIER_GRID}
        loadingLabel={t('ccc.loading')}
        errorMessage={t('ccc.load_failed')}
        isEmpty={noRows}
        empty={t('ccc.empty')}
      >
        {(packages) => (
          <div className={TIER_GRID}>
            {packages.map((pkg) => (
              <CccTierCard key={pkg.tier} pkg={pkg} onBuy={setChosen} />
            ))}
          </div>
        )}
      </QueryStates>
      <OwnPackages />
      <MyPaymentOrders />
      {chosen ? <CccPurchaseDialog pkg={chosen} email={email} onClose={() => setChosen(null)} /> : null}
    </section>
  );
}
