// The member sections' first reads, which the section registry (app/sections.ts) names for each
// section: the query options of a page's first screen, not the page. A module of the shell (its
// layout imports it), so a read asked for through the registry starts at once.
import { loadPhoneModule } from '@/components/form/phone-field-chunk';
import { appsQueryOptions } from '@/data/apps/get-apps';
import { mfaStatusQueryOptions } from '@/data/auth/mfa-status';
import { cccAvailabilityQueryOptions } from '@/data/ccc/get-ccc-availability';
import { cccSettingsQueryOptions } from '@/data/ccc/get-ccc-settings';
import { postsQueryOptions } from '@/data/community/get-posts';
import { dashboardStatsQueryOptions } from '@/data/dashboard/get-dashboard-stats';
import { ideaStatsQueryOptions } from '@/data/ideas/get-idea-stats';
import { ideasBoardQueryOptions } from '@/data/ideas/get-ideas-board';
import { membershipPlansQueryOptions } from '@/data/membership/get-membership-plans';
import { ownProfileQueryOptions } from '@/data/profile/get-own-profile';
import { referralOverviewQueryOptions } from '@/data/referral/get-referral-overview';
import { topPartnersQueryOptions } from '@/data/referral/get-top-partners';
import { walletBalanceQueryOptions } from '@/data/wallet/get-wallet-balance';
import { withdrawalsQueryOptions } from '@/data/wallet/get-withdrawals';
import { boardParamsFrom } from '@/features/ideas/utils/board-url-state';
import { yieldToMain } from '@/lib/main-thread';
import { PREFETCH_STALE_TIME_MS, prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** The phone input's chunk, which the settings' profile form would ask for only once it renders. */
export function preloadPhoneField(): void {
  loadPhoneModule().catch(() => {
    // The profile form loads it again and offers a retry if that fails too.
  });
}

/** The main panel: the cards and Top Partners (one task apart: the shell's loader starts it with its own reads). */
export const home: SectionPrefetch = ({ queryClient, getClient }) =>
  Promise.all([
    prefetchRead(queryClient, dashboardStatsQueryOptions(getClient)),
    yieldToMain().then(() => prefetchRead(queryClient, topPartnersQueryOptions(getClient))),
  ]);

/** The catalogue and the plans (for the levels). */
export const apps: SectionPrefetch = ({ queryClient, getClient }) =>
  Promise.all([
    prefetchRead(queryClient, appsQueryOptions(getClient)),
    prefetchRead(queryClient, membershipPlansQueryOptions(getClient)),
  ]);

/** The board's first page as the menu opens it (no filters) and the sidebar's counts. */
export const ideas: SectionPrefetch = ({ queryClient, getClient }) =>
  Promise.all([
    prefetchRead(queryClient, ideasBoardQueryOptions(getClient, boardParamsFrom(new URLSearchParams()))),
    prefetchRead(queryClient, ideaStatsQueryOptions(getClient)),
  ]);

/** The feed's first page. */
export const community: SectionPrefetch = ({ queryClient, getClient }) =>
  queryClient.prefetchInfiniteQuery({ staleTime: PREFETCH_STALE_TIME_MS, ...postsQueryOptions(getClient) });

/** The plans grid (the profile is the shell's already). */
export const investments: SectionPrefetch = ({ queryClient, getClient }) =>
  prefetchRead(queryClient, membershipPlansQueryOptions(getClient));

/** The packages' availability and the contract settings. */
export const ccc: SectionPrefetch = ({ queryClient, getClient }) =>
  Promise.all([
    prefetchRead(queryClient, cccAvailabilityQueryOptions(getClient)),
    prefetchRead(queryClient, cccSettingsQueryOptions(getClient)),
  ]);

/** The member's code, link, stats and structure. */
export const referral: SectionPrefetch = ({ queryClient, getClient }) =>
  prefetchRead(queryClient, referralOverviewQueryOptions(getClient));

/** The balance and the history. */
export const wallet: SectionPrefetch = ({ queryClient, getClient, userId }) =>
  Promise.all([
    prefetchRead(queryClient, walletBalanceQueryOptions(getClient, userId)),
    prefetchRead(queryClient, withdrawalsQueryOptions(getClient, userId)),
  ]);

/** The profile, the two-factor state (GET /user) and the phone input's code. */
export const settings: SectionPrefetch = ({ queryClient, getClient, userId }) => {
  preloadPhoneField();
  return Promise.all([
    prefetchRead(queryClient, ownProfileQueryOptions(getClient, userId)),
    prefetchRead(queryClient, mfaStatusQueryOptions(getClient, userId)),
  ]);
};
