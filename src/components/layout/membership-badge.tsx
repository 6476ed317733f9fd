import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { membershipTerm, useOwnProfile } from '@/data/profile/get-own-profile';
import { t } from '@/i18n/messages';
import { formatDate } from '@/lib/format';

/**
 * The member's level as it counts today (FREE, START, PREMIUM, VIP; FREE after the end date) with
 * the end date of a paid level, e.g. 'PREMIUM · do 24.11.2027' (below 640 px only 'PREMIUM' shows; the
 * accessible name keeps the date); a click leads to the plans (product.md#dashboard-2).
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
  return (
    <Link
      to={paths.dashboard.investments.path}
      aria-label={
        validUntil
          ? t('nav.membership_until_label', { level, date: formatDate(validUntil) })
          : t('nav.membership_label', { level })
      }
      className={className}
    >
      {level}
      {validUntil ? (
        // On a phone the header has no room for the date: the level stays, the name keeps the date.
        <span className="hidden sm:inline"> {t('nav.membership_until_suffix', { date: formatDate(validUntil) })}</span>
      ) : null}
    </Link>
  );
}
