import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryStates } from '@/components/ui/query-states';
import { EmptyState } from '@/components/ui/states';
import { useReferralOverview } from '@/data/referral/get-referral-overview';
import { t } from '@/i18n/dashboard';
import { toUserMessage } from '@/lib/errors';
import { formatNumber, formatPLN } from '@/lib/format';
import { GenerateCodeDialog } from './generate-code-dialog';
import { ReferralCodeCard } from './referral-code-card';
import { ReferralCommissions } from './referral-commissions';
import { ReferralStructure } from './referral-structure';

/** 'Program Partnerski' (product.md#dashboard-2 Referral page): codes, link, statistics and structure. */
export function ReferralPage() {
  const overview = useReferralOverview();
  const [generating, setGenerating] = useState(false);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{t('nav.referral')}</h1>
        <p className="mt-1 text-ink-muted">{t('referral.intro')}</p>
      </div>
      <QueryStates
        query={overview}
        loadingClassName={['h-64', 'h-40']}
        loadingLayout="space-y-4"
        loadingLabel={t('referral.loading')}
        errorMessage={(error) => `${t('referral.load_failed')}: ${toUserMessage(error)}`}
      >
        {(data) => (
          <div className="space-y-6">
            {data.codes.length === 0 ? (
              <EmptyState
                hint={t('referral.no_code_hint')}
                action={<Button onClick={() => setGenerating(true)}>{t('referral.generate')}</Button>}
              >
                {t('referral.no_code')}
              </EmptyState>
            ) : (
              data.codes.map((code) => <ReferralCodeCard key={code.id} code={code} />)
            )}
            <Card>
              <dl className="grid gap-4 sm:grid-cols-2">
                <div>
                  <dt className="text-sm text-ink-muted">{t('referral.summary.referred')}</dt>
                  <dd className="text-2xl font-bold tabular-nums text-ink">{formatNumber(data.referral_count)}</dd>
                </div>
                <div>
                  <dt className="text-sm text-ink-muted">{t('referral.summary.earnings')}</dt>
                  <dd className="text-2xl font-bold tabular-nums text-ink">{formatPLN(data.total_earnings)}</dd>
                </div>
              </dl>
            </Card>
            <ReferralCommissions overview={data} />
            <ReferralStructure overview={data} />
          </div>
        )}
      </QueryStates>
      <GenerateCodeDialog open={generating} onClose={() => setGenerating(false)} />
    </div>
  );
}
