import { QueryStates } from '@/components/ui/query-states';
import { useCccAvailability } from '@/data/ccc/get-ccc-availability';
import { useCccSettings } from '@/data/ccc/get-ccc-settings';
import { useMembershipPlans } from '@/data/membership/get-membership-plans';
import { t } from '@/i18n/admin';
import { TabHeading } from '../../shared/components/tab-heading';
import { CccSettingsForm } from './ccc-settings-form';
import { CccTierForm } from './ccc-tier-form';
import { PlanForm } from './plan-form';

/**
 * 'Katalog' (issue 19 §5): the plans, the CCC tiers and the token, read through the members' own
 * queries (data/membership, data/ccc), so a save refreshes the members' pages through the same keys.
 * Each plan and tier is its own form: saving one never resets what is typed in another (a form is
 * remounted only when its own row changed).
 */
export function CatalogueTab() {
  const plans = useMembershipPlans();
  const tiers = useCccAvailability();
  const settings = useCccSettings();
  return (
    <section className="space-y-6">
      <TabHeading title={t('admin.catalogue')} description={t('admin.catalogue.description')} />
      <section aria-labelledby="catalogue-plans" className="space-y-4">
        <h2 id="catalogue-plans" className="text-lg font-semibold text-ink">
          {t('admin.catalogue.plans')}
        </h2>
        <QueryStates query={plans} loadingClassName="h-96" errorMessage={t('admin.catalogue.plans_load_failed')}>
          {(rows) => (
            <div className="space-y-4">
              {rows
                .filter((plan) => plan.tier !== 'FREE')
                .map((plan) => (
                  <PlanForm key={`${plan.tier}:${plan.updated_at}`} plan={plan} />
                ))}
            </div>
          )}
        </QueryStates>
      </section>
      <section aria-labelledby="catalogue-ccc" className="space-y-4">
        <h2 id="catalogue-ccc" className="text-lg font-semibold text-ink">
          {t('admin.catalogue.ccc')}
        </h2>
        <QueryStates query={tiers} loadingClassName="h-96" errorMessage={t('admin.catalogue.ccc_load_failed')}>
          {(rows) => (
            <div className="space-y-4">
              {rows.map((tier) => (
                <CccTierForm
                  key={[
                    tier.tier,
                    tier.ccc_amount,
                    tier.price_usd,
                    tier.profit_share,
                    tier.duration_months,
                    tier.total_slots,
                    tier.used_slots,
                  ].join(':')}
                  tier={tier}
                />
              ))}
            </div>
          )}
        </QueryStates>
      </section>
      <QueryStates query={settings} loadingClassName="h-40" errorMessage={t('admin.catalogue.token_load_failed')}>
        {(row) => <CccSettingsForm key={row.updated_at} settings={row} />}
      </QueryStates>
    </section>
  );
}
