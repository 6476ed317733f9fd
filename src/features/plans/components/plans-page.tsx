import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '@/components/layout/site-head';
import { MyPaymentOrders } from '@/components/payment/my-payment-orders';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useMembershipPlans, type MembershipPlan } from '@/data/membership/get-membership-plans';
import { PAYMENT_RETURN_PARAMETER } from '@/data/payments/gateway-payment';
import { usePlanPaymentLinks } from '@/data/payments/get-plan-payment-links';
import { useOwnProfile } from '@/data/profile/get-own-profile';
import { t } from '@/i18n/plans';
import { useAuth } from '@/lib/auth/auth-context';
import { PaymentReturn } from './payment-return';
import { PlanCard } from './plan-card';
import { PlanPaymentDialog } from './plan-payment-dialog';

/**
 * /dashboard/investments, 'Dołącz do Klubu' (product.md#dashboard-2 Plans grid): START, PREMIUM and VIP from
 * the membership_plans catalogue; choosing one opens its payment dialog. The payment links are read
 * alongside, so paying opens the provider's tab at once. Back from the payment gateway
 * (?platnosc=KLB-…) it shows the order's status live above the grid (payment-return.tsx).
 */
export function PlansPage() {
  usePageTitle(t('plans.title'));
  const plans = useMembershipPlans();
  const profile = useOwnProfile();
  const { user } = useAuth();
  usePlanPaymentLinks();
  const [chosen, setChosen] = useState<MembershipPlan | null>(null);
  const email = profile.data?.email ?? user?.email ?? '';
  // Back from the payment gateway: /dashboard/investments?platnosc=KLB-XXXXXX.
  const [params] = useSearchParams();
  const returned = params.get(PAYMENT_RETURN_PARAMETER)?.toUpperCase() ?? '';

  return (
    <section className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-ink">{t('plans.title')}</h1>
        <p className="text-ink-muted">{t('plans.subtitle')}</p>
      </header>
      {/^KLB-[23456789A-HJ-NP-Z]{6}$/.test(returned) ? <PaymentReturn reference={returned} /> : null}
      <QueryStates
        query={plans}
        loadingClassName="h-96"
        loadingCount={3}
        loadingLayout="grid gap-6 lg:grid-cols-3"
        loadingLabel={t('plans.loading')}
        errorMessage={t('plans.load_failed')}
        isEmpty={noRows}
        empty={t('plans.empty')}
      >
        {(data) => (
          <div className="grid gap-6 lg:grid-cols-3">
            {data.map((plan) => (
              <PlanCard
                key={plan.tier}
                plan={plan}
                current={(profile.data?.effective_membership_level ?? profile.data?.membership_level) === plan.tier}
                onChoose={setChosen}
              />
            ))}
          </div>
        )}
      </QueryStates>
      <MyPaymentOrders />
      {chosen ? <PlanPaymentDialog plan={chosen} email={email} onClose={() => setChosen(null)} /> : null}
    </section>
  );
}
