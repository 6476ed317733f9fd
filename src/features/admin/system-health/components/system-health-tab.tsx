import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useDiscardEmail } from '@/data/operations/discard-email';
import { type HealthCheck, useSystemHealth } from '@/data/operations/get-system-health';
import { type FailedEmail, useFailedEmails } from '@/data/operations/list-failed-emails';
import { useResendEmail } from '@/data/operations/resend-email';
import { t, type AdminAreaMessageKey } from '@/i18n/admin';
import { formatDate, formatDateTime, formatDecimal, formatInteger } from '@/lib/format';
import { TabHeading } from '../../shared/components/tab-heading';
import { TableHead } from '../../shared/components/table-head';
import { adminErrorMessage } from '../../shared/utils/errors';
import { FAILED_IDEAS_ID, FailedIdeaWebhooks } from './failed-idea-webhooks';
import { RequestSearch } from './request-search';

type Status = 'ok' | 'warning' | 'problem';

const TONE: Record<Status, BadgeTone> = { ok: 'success', warning: 'accent', problem: 'danger' };

const FAILED_EMAILS_ID = 'failed-emails';

/** Where to act on a check: the tab that fixes it, or the failed e-mails below. */
const LINKS: Record<string, string> = {
  'job.send-outbox': `#${FAILED_EMAILS_ID}`,
  'email.failed': `#${FAILED_EMAILS_ID}`,
  'email.queue': `#${FAILED_EMAILS_ID}`,
  'payments.orders_overdue': paths.dashboard.admin.payments.path,
  'payments.gateway': paths.dashboard.admin.payments.path,
  'payments.usdt_unrecognised': paths.dashboard.admin.payments.path,
  'payments.usdt_checks': paths.dashboard.admin.payments.path,
  'email.errors_24h': paths.dashboard.admin.smtp.path,
  'money.withdrawals': paths.dashboard.admin.withdrawals.path,
  'money.payout_run': paths.dashboard.admin.payouts.path,
  'ideas.webhook': `#${FAILED_IDEAS_ID}`,
  'security.admin_mfa': paths.dashboard.admin.users.path,
  'security.smtp_policy': paths.dashboard.admin.smtp.path,
  'privacy.requests': paths.dashboard.admin.privacy.path,
};

const num = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

/** The check's name as the tab shows it. */
function label(check: HealthCheck): string {
  if (check.check_key.startsWith('job.')) return t('admin.system_health.job', { job: check.check_key.slice(4) });
  return t(`admin.system_health.${check.check_key}` as AdminAreaMessageKey);
}

/** The check's figure in words. */
function figure(check: HealthCheck): string {
  const value = num(check.value);
  const detail = check.detail as string | null;
  if (check.check_key.startsWith('job.')) {
    if (value === null) {
      // An optional job (one a project may not schedule) that has not reported yet is OK.
      return check.status === 'ok' ? t('admin.system_health.job_not_yet') : t('admin.system_health.job_never');
    }
    const lag = t('admin.system_health.job_value', { minutes: formatInteger(value) });
    return check.status !== 'ok' && detail ? `${lag}: ${detail}` : lag;
  }
  switch (check.check_key) {
    case 'email.queue':
      return detail === null
        ? formatInteger(value ?? 0)
        : t('admin.system_health.email.queue_value', { count: formatInteger(value ?? 0), minutes: detail });
    case 'email.errors_24h':
      return detail ? `${formatInteger(value ?? 0)}: ${detail}` : formatInteger(value ?? 0);
    case 'payments.orders_overdue':
      return detail === null
        ? formatInteger(value ?? 0)
        : t('admin.system_health.payments.orders_overdue_value', { count: formatInteger(value ?? 0), hours: detail });
    case 'payments.gateway':
      return detail ? `${formatInteger(value ?? 0)}: ${detail}` : formatInteger(value ?? 0);
    case 'payments.usdt_unrecognised':
      return detail === null
        ? formatInteger(value ?? 0)
        : t('admin.system_health.payments.usdt_unrecognised_value', {
            count: formatInteger(value ?? 0),
            hours: detail,
          });
    case 'money.withdrawals':
      return t('admin.system_health.money.withdrawals_value', {
        count: formatInteger(value ?? 0),
        processing: formatInteger(Number(detail ?? 0)),
      });
    case 'money.payout_run':
      return value === null
        ? t('admin.system_health.money.payout_run_none')
        : t('admin.system_health.money.payout_run_value', { days: formatInteger(value) });
    case 'money.commissions':
      return t('admin.system_health.money.commissions_value', {
        count: formatInteger(value ?? 0),
        amount: formatDecimal(detail ?? 0, 2),
      });
    case 'privacy.requests':
      return detail
        ? t('admin.system_health.privacy.requests_value', {
            count: formatInteger(value ?? 0),
            date: formatDate(detail),
          })
        : formatInteger(value ?? 0);
    case 'security.smtp_policy': {
      if (!detail) return t('admin.system_health.security.smtp_policy_unknown');
      const policy = JSON.parse(detail) as { allowedPorts?: number[]; allowPrivateHosts?: boolean };
      return t('admin.system_health.security.smtp_policy_value', {
        ports: (policy.allowedPorts ?? []).join(', '),
        private: t(policy.allowPrivateHosts ? 'admin.system_health.yes' : 'admin.system_health.no'),
      });
    }
    default:
      return formatInteger(value ?? 0);
  }
}

function Summary({ checks }: { checks: readonly HealthCheck[] }) {
  const problems = checks.filter((check) => check.status === 'problem').length;
  const warnings = checks.filter((check) => check.status === 'warning').length;
  return (
    <p className="text-sm text-ink" role="status" data-testid="health-summary">
      {problems + warnings === 0
        ? t('admin.system_health.summary_ok')
        : t('admin.system_health.summary', { problems, warnings })}
    </p>
  );
}

function ChecksTable({ checks }: { checks: readonly HealthCheck[] }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('admin.system_health.checks')}>
      <table className="w-full text-left text-sm">
        <TableHead
          columns={[
            t('admin.system_health.check'),
            t('admin.system_health.status'),
            t('admin.system_health.figure'),
            t('admin.system_health.since'),
            t('admin.system_health.action'),
          ]}
        />
        <tbody className="divide-y divide-surface-border">
          {checks.map((check) => {
            const status = check.status as Status;
            const link = status === 'ok' ? undefined : LINKS[check.check_key];
            return (
              <tr key={check.check_key} data-check={check.check_key}>
                <td className="py-2 pr-3">
                  <span className="block text-xs text-ink-muted">
                    {t(`admin.system_health.area.${check.area}` as AdminAreaMessageKey)}
                  </span>
                  {label(check)}
                </td>
                <td className="py-2 pr-3">
                  <Badge tone={TONE[status]}>{t(`admin.system_health.status.${status}`)}</Badge>
                </td>
                <td className="py-2 pr-3 break-words">{figure(check)}</td>
                <td className="py-2 pr-3 whitespace-nowrap">
                  {check.first_seen_at ? formatDateTime(check.first_seen_at) : ''}
                </td>
                <td className="py-2">
                  {link ? (
                    link.startsWith('#') ? (
                      <a className="text-accent underline" href={link}>
                        {t('admin.system_health.open')}
                      </a>
                    ) : (
                      <Link className="text-accent underline" to={link}>
                        {t('admin.system_health.open')}
                      </Link>
                    )
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function FailedEmails() {
  const failed = useFailedEmails();
  const resend = useResendEmail();
  const discard = useDiscardEmail();
  const toast = useToast();
  const [discarding, setDiscarding] = useState<FailedEmail | null>(null);

  return (
    <Card title={t('admin.system_health.failed_emails')} id={FAILED_EMAILS_ID}>
      <QueryStates
        query={failed}
        loadingClassName="h-24"
        errorMessage={t('admin.system_health.failed_emails_failed')}
        isEmpty={noRows}
        empty={t('admin.system_health.failed_emails_empty')}
        emptyInline
      >
        {(rows) => (
          <div
            className="overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label={t('admin.system_health.failed_emails')}
          >
            <table className="w-full text-left text-sm">
              <TableHead
                columns={[
                  t('admin.system_health.email_to'),
                  t('admin.system_health.email_template'),
                  t('admin.system_health.email_error'),
                  t('admin.system_health.email_request'),
                  t('admin.system_health.action'),
                ]}
              />
              <tbody className="divide-y divide-surface-border">
                {rows.map((email) => (
                  <tr key={email.id} data-email-id={email.id}>
                    <td className="py-2 pr-3 break-all">
                      {email.to_email}
                      <span className="block text-xs text-ink-muted">{formatDateTime(email.created_at)}</span>
                    </td>
                    <td className="py-2 pr-3">{email.template}</td>
                    <td className="py-2 pr-3 break-words">{email.last_error}</td>
                    <td className="py-2 pr-3 font-mono text-xs break-all">{email.request_id}</td>
                    <td className="py-2">
                      <div className="flex flex-wrap gap-2">
                        <Button
                          size="sm"
                          disabled={resend.isPending}
                          onClick={() =>
                            resend.mutate(email.id, {
                              onSuccess: () => toast.show(t('admin.system_health.resent'), 'success'),
                              onError: (error) =>
                                toast.show(adminErrorMessage(error, 'admin.system_health.resend_failed'), 'error'),
                            })
                          }
                        >
                          {t('admin.system_health.resend')}
                        </Button>
                        <Button size="sm" variant="ghost-danger" onClick={() => setDiscarding(email)}>
                          {t('admin.system_health.discard')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryStates>
      <ConfirmDialog
        open={discarding !== null}
        title={t('admin.system_health.discard_confirm')}
        description={t('admin.system_health.discard_confirm_description', { to: discarding?.to_email ?? '' })}
        confirmLabel={t('admin.system_health.discard')}
        tone="danger"
        pending={discard.isPending}
        error={discard.error ? adminErrorMessage(discard.error, 'admin.system_health.discard_failed') : null}
        onConfirm={() => {
          if (!discarding) return;
          discard.mutate(discarding.id, {
            onSuccess: () => {
              setDiscarding(null);
              toast.show(t('admin.system_health.discarded'), 'success');
            },
          });
        }}
        onClose={() => {
          discard.reset();
          setDiscarding(null);
        }}
      />
    </Card>
  );
}

/**
 * 'Stan systemu' (issue 40 §1): every health check the database computes, as OK / warning /
 * problem with its figure, since when, and a link to the tab that acts on it; the e-mails that gave
 * up, with 'Wyślij ponownie' and 'Odrzuć' (both audited); the ideas whose automation call failed,
 * with 'Ponów'; and the rows one request id left.
 */
export function SystemHealthTab() {
  const health = useSystemHealth();
  return (
    <div className="space-y-6">
      <TabHeading
        title={t('admin.system_health')}
        description={t('admin.system_health.description')}
        action={
          <Button variant="secondary" disabled={health.isFetching} onClick={() => void health.refetch()}>
            {t('admin.system_health.refresh')}
          </Button>
        }
      />
      <Card title={t('admin.system_health.checks')}>
        <QueryStates query={health} loadingClassName="h-64" errorMessage={t('admin.system_health.failed')} keepData>
          {(checks) => (
            <div className="space-y-4">
              <Summary checks={checks} />
              <ChecksTable checks={checks} />
            </div>
          )}
        </QueryStates>
      </Card>
      <FailedEmails />
      <FailedIdeaWebhooks />
      <RequestSearch />
    </div>
  );
}
