import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/states';
import type { ReferralOverview } from '@/data/referral/referral-overview.schema';
import { t } from '@/i18n/dashboard';
import { formatDate } from '@/lib/format';

/**
 * The members the member referred, newest first (product.md#dashboard-2): name, the e-mail masked after the
 * first 3 characters of the local part (masked by the server), and when they joined.
 */
export function ReferralStructure({ overview }: { overview: ReferralOverview }) {
  const { referred, referred_total: total } = overview;
  return (
    <Card title={t('referral.structure')}>
      {referred.length === 0 ? (
        <EmptyState hint={t('referral.empty_hint')}>{t('referral.empty')}</EmptyState>
      ) : (
        <>
          {/* Scrolls sideways on narrow screens: focusable and named, so the keyboard can scroll it too. */}
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('referral.structure')}>
            <table className="w-full text-left text-sm">
              <thead className="text-ink-muted">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('referral.structure.name')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('referral.structure.email')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('referral.structure.joined')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {referred.map((member) => (
                  <tr key={member.id} className="border-t border-surface-border">
                    <td className="py-2 pr-4 text-ink">{member.full_name?.trim() || t('dashboard.anonymous')}</td>
                    <td className="py-2 pr-4 font-mono text-ink-muted">{member.email ?? '—'}</td>
                    <td className="py-2 text-ink-muted">
                      <time dateTime={member.created_at}>{formatDate(member.created_at)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {total > referred.length ? (
            <p className="mt-3 text-sm text-ink-muted">
              {t('referral.structure_truncated', { shown: referred.length, total })}
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}
