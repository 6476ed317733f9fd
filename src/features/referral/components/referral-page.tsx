import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState, ErrorState, Skeleton } from '@/components/ui/states';
import { t } from '@/i18n/dashboard';
import { toUserMessage } from '@/lib/errors';
import { formatNumber, formatPLN } from '@/lib/format';
import { useReferralOverview } from '../api/get-referral-overview';
import { GenerateCodeDialog } from './generate-code-dialog';
import { ReferralCodeCard } from './referral-code-card';
import { ReferralStructure } from './referral-structure';

/** 'Program Partnerski' (product.md#dashboard-2 Referral page): codes, link, statistics and structure. */
export function ReferralPage() {
  const overview = useReferralOverview();
  const [generating, setGenerating] = useState(false);

  let body;
  if (overview.isPending) {
    body = (
      <div role="status" aria-label={t('referral.loading')} className="space-y-4">
        <Skeleton className="h-64" />
        <Skeleton className="h-40" />
      </div>
    );
  } else if (overview.isError) {
    body = (
      <ErrorState
        message={`${t('referral.load_failed')}: ${toUserMessage(overview.error)}`}
        onRetry={() => void overview.refetch()}
        retrying={overview.isFetching}
      />
    );
  } else {
    const data = overview.data;
    body = (
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
        <ReferralStructure overview={data} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{t('nav.referral')}</h1>
        <p className="mt-1 text-ink-muted">{t('referral.intro')}</p>
      </div>
      {body}
      <GenerateCodeDialog open={generating} onClose={() => setGenerating(false)} />
    </div>
  );
}
