import { paths } from '@/config/paths';
import { announcementsQueryOptions } from '@/data/announcements/list-announcements';
import { appsQueryOptions } from '@/data/apps/list-apps';
import { auditActorsQueryOptions } from '@/data/audit/list-audit-actors';
import { auditTabFirstRead } from '@/features/admin/audit/utils/url-state';
import { postsQueryOptions } from '@/data/community/list-posts';
import { templatesQueryOptions } from '@/data/email/list-templates';
import { ideasTabFirstRead } from '@/features/admin/ideas/utils/url-state';
import { paymentLinksQueryOptions } from '@/data/payments/list-payment-links';
import { paymentsTabFirstRead } from '@/features/admin/payments/utils/url-state';
import { payoutRevenueQueryOptions } from '@/data/payouts/list-payout-revenue';
import { payoutRunsQueryOptions } from '@/data/payouts/list-payout-runs';
import { revenueQueryOptions } from '@/data/payouts/list-revenue';
import { smtpConfigsQueryOptions } from '@/data/email/list-smtp-configs';
import { usersTabFirstRead } from '@/features/admin/users/utils/url-state';
import { withdrawalsTabFirstRead } from '@/features/admin/withdrawals/utils/url-state';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';
import { siteSettingsQueryOptions } from '@/data/site-settings/get-site-settings';
import { sectionReads } from './section-reads';

const { dashboard } = paths;
const { admin } = dashboard;

/**
 * The admin tabs' first reads, by the path their tab opens: section-reads.ts's shape for the admin
 * tab bar. Part of the admin layout's chunk (not of the member shell): pointing at or focusing a tab
 * starts these reads at once, beside the tab's chunk — one round trip, not two. Only in an aal2
 * session (the admin layout passes them then): before the second factor the database refuses every
 * admin read, so only the code loads. A list tab reads its first page as the tab bar opens it (an
 * address without parameters).
 */
export const adminTabReads: Readonly<Record<string, SectionPrefetch>> = {
  [admin.users.path]: ({ queryClient, getClient }) => prefetchRead(queryClient, usersTabFirstRead(getClient)),
  [admin.apps.path]: ({ queryClient, getClient }) => prefetchRead(queryClient, appsQueryOptions(getClient)),
  [admin.ideas.path]: ({ queryClient, getClient }) => prefetchRead(queryClient, ideasTabFirstRead(getClient)),
  [admin.announcements.path]: ({ queryClient, getClient }) =>
    prefetchRead(queryClient, announcementsQueryOptions(getClient)),
  [admin.community.path]: ({ queryClient, getClient }) => prefetchRead(queryClient, postsQueryOptions(getClient)),
  [admin.seo.path]: ({ queryClient, getClient }) => prefetchRead(queryClient, siteSettingsQueryOptions(getClient)),
  [admin.smtp.path]: ({ queryClient, getClient }) => prefetchRead(queryClient, smtpConfigsQueryOptions(getClient)),
  [admin.emailTemplates.path]: ({ queryClient, getClient }) =>
    prefetchRead(queryClient, templatesQueryOptions(getClient)),
  [admin.withdrawals.path]: ({ queryClient, getClient }) =>
    prefetchRead(queryClient, withdrawalsTabFirstRead(getClient)),
  [admin.payments.path]: ({ queryClient, getClient }) => prefetchRead(queryClient, paymentsTabFirstRead(getClient)),
  [admin.revenue.path]: ({ queryClient, getClient }) => prefetchRead(queryClient, revenueQueryOptions(getClient)),
  [admin.paymentLinks.path]: ({ queryClient, getClient }) =>
    prefetchRead(queryClient, paymentLinksQueryOptions(getClient)),
  // The plans, the CCC tiers and the token: the reads of the members' plans and CCC sections.
  [admin.catalogue.path]: (context) =>
    Promise.all([sectionReads[dashboard.investments.path]?.(context), sectionReads[dashboard.ccc.path]?.(context)]),
  // The revenue entries to pay out and the past runs.
  [admin.payouts.path]: ({ queryClient, getClient }) =>
    Promise.all([
      prefetchRead(queryClient, payoutRevenueQueryOptions(getClient)),
      prefetchRead(queryClient, payoutRunsQueryOptions(getClient)),
    ]),
  // The first page of the trail and the admins to filter by.
  [admin.audit.path]: ({ queryClient, getClient }) =>
    Promise.all([
      prefetchRead(queryClient, auditTabFirstRead(getClient)),
      prefetchRead(queryClient, auditActorsQueryOptions(getClient)),
    ]),
};
