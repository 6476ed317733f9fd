import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { type OutboxAlert, useOutboxAlert } from '@/data/operations/get-outbox-alert';
import { t } from '@/i18n/admin';
import { formatInteger } from '@/lib/format';

/** One line per outbox problem, in words. */
function reason(alert: OutboxAlert): string {
  const value = alert.value === null ? null : Number(alert.value);
  switch (alert.check_key) {
    case 'job.send-outbox':
      return value === null
        ? t('admin.outbox_banner.sender_never')
        : t('admin.outbox_banner.sender', { minutes: formatInteger(value) });
    case 'email.queue':
      return t('admin.outbox_banner.queue', { count: formatInteger(value ?? 0), minutes: alert.detail ?? '' });
    default:
      return t('admin.outbox_banner.failed', { count: formatInteger(value ?? 0) });
  }
}

/**
 * The admin area's banner when the outbox itself fails (issue 40 §1): the admins' e-mail about
 * problems goes through the outbox, so when the sender stopped, e-mails wait for over an hour or
 * gave up, every admin screen says so, with the way to 'Stan systemu'. Nothing while it works, and
 * nothing when the check itself cannot be read (the tab says that). A named region, not a live one:
 * it is there when the screen opens, and a refetch each minute must not interrupt a screen reader.
 */
export function OutboxBanner() {
  const titleId = useId();
  const alert = useOutboxAlert();
  const problems = alert.data ?? [];
  if (problems.length === 0) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-lg border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-ink"
      data-testid="outbox-banner"
    >
      <h2 id={titleId} className="font-semibold text-danger">
        {t('admin.outbox_banner.title')}
      </h2>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {problems.map((problem) => (
          <li key={problem.check_key}>{reason(problem)}</li>
        ))}
      </ul>
      <p className="mt-1">
        {t('admin.outbox_banner.consequence')}{' '}
        <Link className="text-accent underline" to={paths.dashboard.admin.systemHealth.path}>
          {t('admin.outbox_banner.open')}
        </Link>
      </p>
    </section>
  );
}
