import { useId } from 'react';
import { inputClassName } from '@/components/form/text-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import type { ReferralCode } from '@/data/referral/referral-overview.schema';
import { t } from '@/i18n/dashboard';
import { copyText, useCopyFeedback } from '@/lib/clipboard';
import { formatDateTime, formatNumber } from '@/lib/format';
import { referralLink } from '../utils/referral-link';
import { shareLink } from '../utils/share';

function when(value: string | null): string {
  return value ? formatDateTime(value) : t('referral.stats.never');
}

/** One code: the code, its link `{origin}/?ref={code}` with copy and share, and its statistics. */
export function ReferralCodeCard({ code }: { code: ReferralCode }) {
  const linkId = useId();
  const link = referralLink(code.code);
  const { copied, flash } = useCopyFeedback();

  const copy = async () => {
    if (await copyText(link)) flash();
  };
  const share = async () => {
    const outcome = await shareLink({
      title: t('referral.share_title'),
      text: t('referral.share_text', { code: code.code }),
      url: link,
    });
    if (outcome === 'copied') flash();
  };

  return (
    <Card
      title={t('referral.your_code')}
      actions={!code.active ? <Badge tone="danger">{t('referral.code_inactive')}</Badge> : undefined}
    >
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-mono text-3xl font-bold tracking-widest text-accent" data-testid="referral-code">
          {code.code}
        </p>
        <CopyButton text={code.code} what={t('referral.code_what')} />
      </div>
      {code.description ? <p className="mt-1 text-sm text-ink-muted">{code.description}</p> : null}

      <div className="mt-5 space-y-1.5">
        <label htmlFor={linkId} className="block text-sm font-medium text-ink">
          {t('referral.link')}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={linkId}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className={`${inputClassName} border-surface-border min-w-0 flex-1 font-mono text-sm`}
          />
          <Button variant="secondary" onClick={() => void copy()}>
            {t('referral.copy')}
          </Button>
          <Button onClick={() => void share()}>{t('referral.share')}</Button>
        </div>
        <p role="status" aria-live="polite" className="min-h-5 text-sm text-success">
          {copied ? t('referral.copied') : ''}
        </p>
      </div>

      <h3 className="mt-4 text-sm font-semibold uppercase tracking-wide text-ink-muted">{t('referral.stats')}</h3>
      <dl className="mt-2 grid gap-3 sm:grid-cols-3">
        {(
          [
            ['referral.stats.visits', code.visits_count, 'referral.stats.last_visit', code.last_visit_at],
            [
              'referral.stats.registrations',
              code.registrations_count,
              'referral.stats.last_registration',
              code.last_registration_at,
            ],
            [
              'referral.stats.conversions',
              code.conversions_count,
              'referral.stats.last_conversion',
              code.last_conversion_at,
            ],
          ] as const
        ).map(([label, value, lastLabel, last]) => (
          <div key={label} className="rounded-lg border border-surface-border bg-surface p-3">
            <dt className="text-sm text-ink-muted">{t(label)}</dt>
            <dd className="text-2xl font-bold tabular-nums text-ink">{formatNumber(value)}</dd>
            <dd className="mt-1 text-xs text-ink-muted">
              {t(lastLabel)}: {when(last)}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
