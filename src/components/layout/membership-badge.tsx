import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { membershipTerm, useOwnProfile } from '@/data/profile/get-own-profile';
import { t } from '@/i18n/messages';
import { formatDate } from '@/lib/format';

/**
 * The member's level as it counts today (FREE, START, PREMIUM, VIP; FREE after the end date) with
 * the end date of a paid level, e.g. 'PREMIUM · do 24.11.2027' (below 640 px only 'PREMIUM' shows; the
 * accessible name keeps the date); a click leads to the plans (product.md#dashboard-2). The name is
 * 'Poziom członkostwa: ' and then the visible text word for word, so that it contains what is shown
 * (WCAG 2.5.3 Label in Name: a speech-input user says the words they see).
 */
export function MembershipBadge() {
  const { data: profile, isPending } = useOwnProfile();
  const { level, validUntil } = membershipTerm(profile);
  const className =
    'whitespace-nowrap rounded-full border border-accent px-3 py-1 text-xs font-semibold uppercase tracking-wide text-accent hover:bg-accent hover:text-accent-contrast';
  if (!level) {
    return (
      <Link to={paths.dashboard.investments.path} aria-busy={isPending || undefined} className={className}>
        {t('nav.membership')}
      </Link>
    );
  }
  const until = validUntil ? t('nav.membership_until_suffix', { date: formatDate(validUntil) }) : null;
  return (
    <Link
      to={paths.dashboard.investments.path}
      aria-label={until ? `${t('nav.membership_label', { level })} ${until}` : t('nav.membership_label', { level })}
      className={className}
    >
      {level}
      {until ? (
        // On a phone the header has no room for the date: the level stays, the name keeps the date.
        // The space stays outside the span: axe joins an element's text trimmed ('PREMIUM· do …'),
        // which the name would then not contain.
        <>
          {' '}
          <span className="hidden sm:inline">{until}</span>
        </>
      ) : null}
    </Link>
  );
}
