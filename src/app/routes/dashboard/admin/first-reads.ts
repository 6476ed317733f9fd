// The admin tabs' first reads, which the section registry (app/sections.ts) names for each tab: the
// query options of a tab's first screen as the tab bar opens it (an address without parameters),
// not the tab. A module of the admin area (its layout imports it, the member shell does not), so a
// read asked for through the tab bar starts at once. The registry starts them only in an aal2
// session: before the second factor the database refuses every admin read.
import { announcementsQueryOptions } from '@/data/announcements/list-announcements';
import { appsQueryOptions } from '@/data/apps/list-apps';
import { auditActorsQueryOptions } from '@/data/audit/list-audit-actors';
import { postsQueryOptions } from '@/data/community/list-posts';
import { smtpConfigsQueryOptions } from '@/data/email/list-smtp-configs';
import { templatesQueryOptions } from '@/data/email/list-templates';
import { systemHealthQueryOptions } from '@/data/operations/get-system-health';
import { privacyRequestsQueryOptions } from '@/data/privacy/list-privacy-requests';
import { financeOverviewQueryOptions } from '@/data/finance/get-finance-overview';
import { failedEmailsQueryOptions } from '@/data/operations/list-failed-emails';
import { failedIdeaWebhooksQueryOptions } from '@/data/operations/list-failed-idea-webhooks';
import { unpaidCommissionsQueryOptions } from '@/data/referral/list-unpaid-commissions';
import { paymentLinksQueryOptions } from '@/data/payments/list-payment-links';
import { payoutRevenueQueryOptions } from '@/data/payouts/list-payout-revenue';
import { payoutRunsQueryOptions } from '@/data/payouts/list-payout-runs';
import { revenueQueryOptions } from '@/data/payouts/list-revenue';
import { siteSettingsQueryOptions } from '@/data/site-settings/get-site-settings';
import { auditTabFirstRead } from '@/features/admin/audit/utils/url-state';
import { ideasTabFirstRead } from '@/features/admin/ideas/utils/url-state';
import { paymentsTabFirstRead } from '@/features/admin/payments/utils/url-state';
import { usersTabFirstRead } from '@/features/admin/users/utils/url-state';
import { withdrawalsTabFirstRead } from '@/features/admin/withdrawals/utils/url-state';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';
import { ccc, investments } from '../first-reads';

export const users: SectionPrefetch = ({ queryClient, getClient }) =>
  prefetchRead(queryClient, usersTabFirstRead(getClient));

export const apps: SectionPrefetch = ({ queryClient, getClient }) =>
  prefetchRead(queryClient, appsQueryOptions(getClient));

export const ideas: SectionPrefetch = ({ queryClient, getClient }) =>
  prefetchRead(queryClient, ideasTabFirstRead(getClient));

export const announcements: SectionPrefetch = ({ queryClient, getClient }) =>
  prefetchRead(queryClient, announcementsQueryOptions(getClient));

export const community: SectionPrefetch = ({ queryClient, getClient }) =>
  prefetchRead(queryClient, postsQueryOptions(getClient));

export const seo: SectionPrefetch = ({ queryClient, getClient }) =>
  prefetchRead(queryClient, siteSettingsQueryOptions(getClient));

export const smtp: SectionPrefetch = ({ queryClient, getClient }) =>
  prefetchRead(queryClient, smtpConfigsQueryOptions(getClient));

export const emailTemplates: SectionPrefetch = ({ queryClient, getClient }) =>
  prefetchRead(queryClient, templatesQueryOptions(getClient));

export const withdrawals: SectionPrefetch = ({ queryClient, getClient }) =>
  prefetchRead(queryClient, withdrawalsTabFirstRead(getClient));

export const payments: SectionPrefetch = ({ queryClient, getClient }) =>
  prefetchRead(queryClient, paymentsTabFirstRead(getClient));

export const revenue: SectionPrefetch = ({ queryClient, getClient }) =>
  prefetchRead(queryClient, revenueQueryOptions(getClient));

export const paymentLinks: SectionPrefetch = ({ queryClient, getClient }) =>
  prefetchRead(queryClient, paymentLinksQueryOptions(getClient));

/** The plans, the CCC tiers and the token: the reads of the members' plans and CCC sections. */
export const catalogue: SectionPrefetch = (context) => Promise.all([investments(context), ccc(context)]);

/** The revenue entries to pay out and the past runs. */
export const payouts: SectionPrefetch = ({ queryClient, getClient }) =>
  Promise.all([
    prefetchRead(queryClient, payoutRevenueQueryOptions(getClient)),
    prefetchRead(queryClient, payoutRunsQueryOptions(getClient)),
  ]);

/** The treasurer's overview and the first page of the commissions owed. */
export const finance: SectionPrefetch = ({ queryClient, getClient }) =>
  Promise.all([
    prefetchRead(queryClient, financeOverviewQueryOptions(getClient)),
    prefetchRead(queryClient, unpaidCommissionsQueryOptions(getClient, 0)),
  ]);

/** The first page of the trail and the admins to filter by. */
export const audit: SectionPrefetch = ({ queryClient, getClient }) =>
  Promise.all([
    prefetchRead(queryClient, auditTabFirstRead(getClient)),
    prefetchRead(queryClient, auditActorsQueryOptions(getClient)),
  ]);

/** The health checks, the e-mails that gave up and the ideas whose automation call failed. */
export const systemHealth: SectionPrefetch = ({ queryClient, getClient }) =>
  Promise.all([
    prefetchRead(queryClient, systemHealthQueryOptions(getClient)),
    prefetchRead(queryClient, failedEmailsQueryOptions(getClient)),
    prefetchRead(queryClient, failedIdeaWebhooksQueryOptions(getClient)),
  ]);

/** 'Wnioski RODO': the first page of the requests, open ones first. */
export const privacyRequests: SectionPrefetch = ({ queryClient, getClient }) =>
  prefetchRead(queryClient, privacyRequestsQueryOptions(getClient));
