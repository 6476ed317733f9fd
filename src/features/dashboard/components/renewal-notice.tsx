import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { membershipTerm, useOwnProfile } from '@/data/profile/get-own-profile';
import { t } from '@/i18n/dashboard';
import { formatDate } from '@/lib/format';

const LINK_CLASS = 'font-semibold text-accent underline underline-offset-2 hover:text-accent-hover';

/**
 * The renewal notice of the main panel (issue 19): from 30 days before a paid membership ends, and
 * after it ended (the level counts as FREE), a line that leads to the plans.
 */
export function RenewalNotice() {
  const { data: profile } = useOwnProfile();
  const term = membershipTerm(profile);
  if (term.lapsed && term.lapsedOn) {
    return (
      <p role="status" className="rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-ink">
        {t('dashboard.renewal.lapsed', { date: formatDate(term.lapsedOn) })}{' '}
        <Link to={paths.dashboard.investments.path} className={LINK_CLASS}>
          {t('dashboard.renewal.link')}
        </Link>
      </p>
    );
  }
  if (!term.renewSoon || !term.validUntil) return null;
  return (
    <p role="status" className="rounded-xl border border-accent/60 bg-accent/10 px-4 py-3 text-ink">
      {t('dashboard.renewal.soon', { level: term.level ?? '', date: formatDate(term.validUntil) })}{' '}
      <Link to={paths.dashboard.investments.path} className={LINK_CLASS}>
        {t('dashboard.renewal.link')}
      </Link>
    </p>
  );
}
