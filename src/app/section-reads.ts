import { loadPhoneModule } from '@/components/form/phone-field-chunk';
import { paths } from '@/config/paths';
import { appsQueryOptions } from '@/data/apps/get-apps';
import { postsQueryOptions } from '@/data/community/get-posts';
import { ideaStatsQueryOptions } from '@/data/ideas/get-idea-stats';
import { ideasBoardQueryOptions } from '@/data/ideas/get-ideas-board';
import { boardParamsFrom } from '@/features/ideas/utils/board-url-state';
import { referralOverviewQueryOptions } from '@/data/referral/get-referral-overview';
import { withdrawalsQueryOptions } from '@/data/wallet/get-withdrawals';
import { cccAvailabilityQueryOptions } from '@/data/ccc/get-ccc-availability';
import { cccSettingsQueryOptions } from '@/data/ccc/get-ccc-settings';
import { membershipPlansQueryOptions } from '@/data/membership/get-membership-plans';
import { mfaStatusQueryOptions } from '@/data/auth/mfa-status';
import { ownProfileQueryOptions } from '@/data/profile/get-own-profile';
import { PREFETCH_STALE_TIME_MS, prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';
import { walletBalanceQueryOptions } from '@/data/wallet/get-wallet-balance';

const { dashboard } = paths;

/** The phone input's chunk, which the settings' profile form would ask for only once it renders. */
export function preloadPhoneField(): void {
  loadPhoneModule().catch(() => {
    // The profile form loads it again and offers a retry if that fails too.
  });
}

/**
 * The dashboard sections' first reads, by the path their menu entry opens. Part of the shell (only
 * the query options factories, not the pages): pointing at or focusing an entry starts these reads
 * at once, beside the section's chunk, instead of after it has arrived — one round trip, not two
 * (issue 24 §2). The admin tabs' first reads have the same shape in admin-tab-reads.ts.
 */
export const sectionReads: Readonly<Record<string, SectionPrefetch>> = {
  // The catalogue and the plans (for the levels).
  [dashboard.apps.path]: ({ queryClient, getClient }) =>
    Promise.all([
      prefetchRead(queryClient, appsQueryOptions(getClient)),
      prefetchRead(queryClient, membershipPlansQueryOptions(getClient)),
    ]),
  // The board's first page as the menu opens it (no filters) and the sidebar's counts.
  [dashboard.ideas.path]: ({ queryClient, getClient }) =>
    Promise.all([
      prefetchRead(queryClient, ideasBoardQueryOptions(getClient, boardParamsFrom(new URLSearchParams()))),
      prefetchRead(queryClient, ideaStatsQueryOptions(getClient)),
    ]),
  // The feed's first page.
  [dashboard.community.path]: ({ queryClient, getClient }) =>
    queryClient.prefetchInfiniteQuery({ staleTime: PREFETCH_STALE_TIME_MS, ...postsQueryOptions(getClient) }),
  // The plans grid (the profile is the shell's already).
  [dashboard.investments.path]: ({ queryClient, getClient }) =>
    prefetchRead(queryClient, membershipPlansQueryOptions(getClient)),
  // The packages' availability and the contract settings.
  [dashboard.ccc.path]: ({ queryClient, getClient }) =>
    Promise.all([
      prefetchRead(queryClient, cccAvailabilityQueryOptions(getClient)),
      prefetchRead(queryClient, cccSettingsQueryOptions(getClient)),
    ]),
  [dashboard.referral.path]: ({ queryClient, getClient }) =>
    prefetchRead(queryClient, referralOverviewQueryOptions(getClient)),
  // The balance and the history.
  [dashboard.wallet.path]: ({ queryClient, getClient, userId }) =>
    Promise.all([
      prefetchRead(queryClient, walletBalanceQueryOptions(getClient, userId)),
      prefetchRead(queryClient, withdrawalsQueryOptions(getClient, userId)),
    ]),
  // The profile, the two-factor state (GET /user) and the phone input's code.
  [dashboard.settings.path]: ({ queryClient, getClient, userId }) => {
    preloadPhoneField();
    return Promise.all([
      prefetchRead(queryClient, ownProfileQueryOptions(getClient, userId)),
      prefetchRead(queryClient, mfaStatusQueryOptions(getClient, userId)),
    ]);
  },
};
