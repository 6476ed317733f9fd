import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { t } from '@/i18n/messages';
import { useOwnProfile } from '@/lib/profile/get-own-profile';

/** The member's level (FREE, START, PREMIUM, VIP); a click leads to the plans (dashboard.md §2). */
export function MembershipBadge() {
  const { data: profile, isPending } = useOwnProfile();
  const level = profile?.membership_level;
  const className =
    'rounded-full border border-accent px-3 py-1 text-xs font-semibold uppercase tracking-wide text-accent hover:bg-accent hover:text-accent-contrast';
  if (!level) {
    return (
      <Link to={paths.dashboard.investments.path} aria-busy={isPending || undefined} className={className}>
        {t('nav.membership')}
      </Link>
    );
  }
  return (
    <Link to={paths.dashboard.investments.path} aria-label={t('nav.membership_label', { level })} className={className}>
      {level}
    </Link>
  );
}
