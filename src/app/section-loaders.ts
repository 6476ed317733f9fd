import type { ComponentType } from 'react';
import { ADMIN_LANDING, paths } from '@/config/paths';

/** A dashboard section's route module: its page (its first reads are in section-reads.ts / admin-tab-reads.ts). */
export type SectionModule = { Component: ComponentType };

const { dashboard } = paths;
const { admin } = dashboard;

/**
 * The dashboard sections' and admin tabs' chunks, by the path their menu entry or tab opens: the
 * router's `lazy` and the prefetch call the same `import()`, so a section pointed at is already
 * loaded when it opens.
 */
export const sectionLoaders: Readonly<Record<string, () => Promise<SectionModule>>> = {
  [dashboard.root.path]: () => import('./routes/dashboard/home'),
  [dashboard.apps.path]: () => import('./routes/dashboard/apps'),
  [dashboard.ideas.path]: () => import('./routes/dashboard/ideas'),
  [dashboard.submitIdea.path]: () => import('./routes/dashboard/submit-idea'),
  [dashboard.community.path]: () => import('./routes/dashboard/community'),
  [dashboard.wallet.path]: () => import('./routes/dashboard/wallet'),
  [dashboard.settings.path]: () => import('./routes/dashboard/settings'),
  [dashboard.referral.path]: () => import('./routes/dashboard/referral'),
  [dashboard.ccc.path]: () => import('./routes/dashboard/ccc'),
  [dashboard.investments.path]: () => import('./routes/dashboard/investments'),
  // 'Panel Admina' opens the landing tab (SMTP): the admin layout (with the code its tabs share) and that tab.
  [ADMIN_LANDING.path]: () =>
    Promise.all([import('./routes/dashboard/admin/layout'), import('./routes/dashboard/admin/smtp')]).then(
      ([, tab]) => tab,
    ),
  // The admin tab bar's tabs (pointed at or focused there, as the side menu's entries are).
  [admin.users.path]: () => import('./routes/dashboard/admin/users'),
  [admin.apps.path]: () => import('./routes/dashboard/admin/apps'),
  [admin.ideas.path]: () => import('./routes/dashboard/admin/ideas'),
  [admin.announcements.path]: () => import('./routes/dashboard/admin/announcements'),
  [admin.community.path]: () => import('./routes/dashboard/admin/community'),
  [admin.seo.path]: () => import('./routes/dashboard/admin/seo'),
  [admin.emailTemplates.path]: () => import('./routes/dashboard/admin/email-templates'),
  [admin.withdrawals.path]: () => import('./routes/dashboard/admin/withdrawals'),
  [admin.payments.path]: () => import('./routes/dashboard/admin/payments'),
  [admin.revenue.path]: () => import('./routes/dashboard/admin/revenue'),
  [admin.paymentLinks.path]: () => import('./routes/dashboard/admin/payment-links'),
  [admin.catalogue.path]: () => import('./routes/dashboard/admin/catalogue'),
  [admin.payouts.path]: () => import('./routes/dashboard/admin/payouts'),
  [admin.audit.path]: () => import('./routes/dashboard/admin/audit'),
};

/** The loader of a section for the router (a path without a loader is a programming error). */
export function sectionLoader(path: string): () => Promise<SectionModule> {
  const load = sectionLoaders[path];
  if (!load) throw new Error(`no section loader for ${path}`);
  return load;
}
