import type { ComponentType } from 'react';
import type { MenuEntry } from '@/components/layout/side-menu';
import { ADMIN_LANDING, paths } from '@/config/paths';
import type { AdminMessageKey } from '@/i18n/admin';
import type { MessageKey } from '@/i18n/messages';
import type { SectionPrefetch } from '@/lib/section-prefetch';

/** A section's route module: its page. */
export type SectionModule = { Component: ComponentType };

type SectionBase = {
  /** The address its entry opens (config/paths). */
  readonly path: string;
  /** Its page's code: always a lazy chunk, `() => import(...)`, so no section is part of the shell. */
  readonly chunk: () => Promise<SectionModule>;
  /**
   * Its first reads (the query options of its page's first screen), started beside its chunk
   * instead of after it has arrived: one round trip, not two (issue 24 §2).
   */
  readonly reads?: SectionPrefetch;
};

/** A member section: a route below /dashboard and an entry of the side menu. */
export type MemberSection = SectionBase & {
  readonly admin: false;
  /** Its route's path below /dashboard; none for the main panel (/dashboard itself, the index route). */
  readonly segment?: string;
  /** Its menu entry's text (product.md#dashboard-2 "Menu entries"), a key of the entry's catalogue. */
  readonly label: MessageKey;
};

/**
 * An admin tab: a route below /dashboard/admin (registered only for admins) and a tab of the admin
 * tab bar. Its reads start only in an aal2 session: before the second factor the database refuses
 * every admin read.
 */
export type AdminTab = SectionBase & {
  readonly admin: true;
  /** Its route's path below /dashboard/admin. */
  readonly segment: string;
  /** Its tab's text, a key of the admin area's catalogue (i18n/admin.ts, loaded with the admin layout). */
  readonly label: AdminMessageKey;
};

/**
 * One dashboard section or admin tab. The router registers its route, the side menu or the admin
 * tab bar shows its entry, and pointing at that entry loads its chunk and starts its first reads;
 * the shell's loader starts the same reads when its address is opened. Nothing else lists sections.
 */
export type Section = MemberSection | AdminTab;

const { dashboard } = paths;
const { admin } = dashboard;

/**
 * The admin area: its layout (the tab bar and the code its tabs share) around the admin tabs, and
 * the side menu's 'Panel Admina', which opens the landing tab (SMTP, product.md#dashboard-2), as
 * /dashboard/admin itself does.
 */
export const ADMIN_AREA: {
  readonly path: string;
  readonly segment: string;
  readonly label: MessageKey;
  readonly landing: { readonly path: string; readonly segment: string };
  readonly layout: () => Promise<SectionModule>;
} = {
  path: admin.root.path,
  segment: admin.root.segment,
  label: 'nav.admin',
  landing: ADMIN_LANDING,
  layout: () => import('./routes/dashboard/admin/layout'),
};

/** The sections with their lookups; `createSections` also builds a registry for tests. */
export type Sections = {
  readonly all: readonly Section[];
  /** The member sections, in the side menu's order. */
  readonly member: readonly MemberSection[];
  /** The admin tabs, in the tab bar's order. */
  readonly adminTabs: readonly AdminTab[];
  /** The section at a route path (config/paths' spelling); /dashboard/admin is its landing tab's. */
  at(path: string): Section | undefined;
};

export function createSections(all: readonly Section[]): Sections {
  const byPath = new Map(all.map((section) => [section.path, section]));
  if (byPath.size !== all.length) throw new Error('two sections at one path');
  return {
    all,
    member: all.filter((section): section is MemberSection => !section.admin),
    adminTabs: all.filter((section): section is AdminTab => section.admin),
    at: (path) => byPath.get(path === ADMIN_AREA.path ? ADMIN_AREA.landing.path : path),
  };
}

type Route = { readonly path: string; readonly segment: string };

function member(route: Route, label: MessageKey, chunk: SectionBase['chunk'], reads?: SectionPrefetch): MemberSection {
  return { path: route.path, segment: route.segment, label, admin: false, chunk, ...(reads && { reads }) };
}

function adminTab(
  route: Route,
  label: AdminMessageKey,
  chunk: SectionBase['chunk'],
  reads?: SectionPrefetch,
): AdminTab {
  return { path: route.path, segment: route.segment, label, admin: true, chunk, ...(reads && { reads }) };
}

/**
 * The registry: every member section in the side menu's order (product.md#dashboard-2 "Menu
 * entries"), then every admin tab in the tab bar's order (the spec's seven, then what an operator
 * needs to run the club). Part of the landing page's entry (the router's map): a section's page is
 * an `import()` here, never a static import.
 */
export const sections: Sections = createSections([
  { path: dashboard.root.path, label: 'nav.dashboard', admin: false, chunk: () => import('./routes/dashboard/home') },
  member(dashboard.apps, 'nav.apps', () => import('./routes/dashboard/apps')),
  member(dashboard.community, 'nav.community', () => import('./routes/dashboard/community')),
  member(dashboard.investments, 'nav.investments', () => import('./routes/dashboard/investments')),
  member(dashboard.ccc, 'nav.ccc', () => import('./routes/dashboard/ccc')),
  member(dashboard.referral, 'nav.referral', () => import('./routes/dashboard/referral')),
  member(dashboard.wallet, 'nav.wallet', () => import('./routes/dashboard/wallet')),
  member(dashboard.ideas, 'nav.ideas', () => import('./routes/dashboard/ideas')),
  member(dashboard.submitIdea, 'nav.submit_idea', () => import('./routes/dashboard/submit-idea')),
  member(dashboard.settings, 'nav.settings', () => import('./routes/dashboard/settings')),
  adminTab(admin.users, 'admin.users', () => import('./routes/dashboard/admin/users')),
  adminTab(admin.apps, 'admin.apps', () => import('./routes/dashboard/admin/apps')),
  adminTab(admin.ideas, 'admin.ideas', () => import('./routes/dashboard/admin/ideas')),
  adminTab(admin.announcements, 'admin.announcements', () => import('./routes/dashboard/admin/announcements')),
  adminTab(admin.community, 'admin.community', () => import('./routes/dashboard/admin/community')),
  adminTab(admin.seo, 'admin.seo', () => import('./routes/dashboard/admin/seo')),
  adminTab(admin.smtp, 'admin.smtp', () => import('./routes/dashboard/admin/smtp')),
  adminTab(admin.emailTemplates, 'admin.email_templates', () => import('./routes/dashboard/admin/email-templates')),
  adminTab(admin.withdrawals, 'admin.withdrawals', () => import('./routes/dashboard/admin/withdrawals')),
  adminTab(admin.payments, 'admin.payments', () => import('./routes/dashboard/admin/payments')),
  adminTab(admin.revenue, 'admin.revenue', () => import('./routes/dashboard/admin/revenue')),
  adminTab(admin.paymentLinks, 'admin.payment_links', () => import('./routes/dashboard/admin/payment-links')),
  adminTab(admin.catalogue, 'admin.catalogue', () => import('./routes/dashboard/admin/catalogue')),
  adminTab(admin.payouts, 'admin.payouts', () => import('./routes/dashboard/admin/payouts')),
  adminTab(admin.audit, 'admin.audit', () => import('./routes/dashboard/admin/audit')),
]);

/**
 * A section's code as its entry's prefetch and a returning member's first screen load it: an admin
 * tab comes with the admin area's layout (which the router loads beside it anyway).
 */
export function sectionCode(section: Section): Promise<SectionModule> {
  if (!section.admin) return section.chunk();
  return Promise.all([ADMIN_AREA.layout(), section.chunk()]).then(([, tab]) => tab);
}

/**
 * The side menu: every member section, then 'Panel Admina' (onto the landing tab, active on every
 * admin tab) for an admin only.
 */
export function menuEntries(registry: Sections, isAdmin: boolean): MenuEntry[] {
  const entries: MenuEntry[] = registry.member.map((section) => ({
    to: section.path,
    labelKey: section.label,
    ...(section.segment === undefined && { end: true }),
  }));
  if (isAdmin) entries.push({ to: ADMIN_AREA.landing.path, labelKey: ADMIN_AREA.label, activeFor: ADMIN_AREA.path });
  return entries;
}
