import type { ComponentType } from 'react';
import { ADMIN_LANDING, paths } from '@/config/paths';
import type { AdminMessageKey } from '@/i18n/admin';
import type { MessageKey } from '@/i18n/messages';
import type { SectionPrefetch } from '@/lib/section-prefetch';
import type * as AdminReads from './routes/dashboard/admin/first-reads';
import type * as AdminLayout from './routes/dashboard/admin/layout';
import type * as MemberReads from './routes/dashboard/first-reads';

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
  readonly layout: () => Promise<typeof AdminLayout>;
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

/** The names of a module's reads. */
type ReadsOf<Module> = { [Name in keyof Module]: Module[Name] extends SectionPrefetch ? Name : never }[keyof Module];

const readNothing = () => {
  // The module of reads could not be loaded: the page reads on its own once it is there.
};

/**
 * A member section's first reads: the shell's (routes/dashboard/first-reads.ts), which come with the
 * shell's layout, so they are there by the time a menu entry is pointed at, and never in the landing
 * page's entry.
 */
function memberReads(name: ReadsOf<typeof MemberReads>): SectionPrefetch {
  return (context) =>
    import('./routes/dashboard/layout').then(({ firstReads }) => firstReads[name](context), readNothing);
}

/** An admin tab's first reads: the admin area's (routes/dashboard/admin/first-reads.ts), which come with its layout. */
function adminReads(name: ReadsOf<typeof AdminReads>): SectionPrefetch {
  return (context) => ADMIN_AREA.layout().then(({ firstReads }) => firstReads[name](context), readNothing);
}

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
  {
    path: dashboard.root.path,
    label: 'nav.dashboard',
    admin: false,
    chunk: () => import('./routes/dashboard/home'),
    reads: memberReads('home'),
  },
  member(dashboard.apps, 'nav.apps', () => import('./routes/dashboard/apps'), memberReads('apps')),
  member(dashboard.community, 'nav.community', () => import('./routes/dashboard/community'), memberReads('community')),
  member(
    dashboard.investments,
    'nav.investments',
    () => import('./routes/dashboard/investments'),
    memberReads('investments'),
  ),
  member(dashboard.ccc, 'nav.ccc', () => import('./routes/dashboard/ccc'), memberReads('ccc')),
  member(dashboard.referral, 'nav.referral', () => import('./routes/dashboard/referral'), memberReads('referral')),
  member(dashboard.wallet, 'nav.wallet', () => import('./routes/dashboard/wallet'), memberReads('wallet')),
  member(dashboard.ideas, 'nav.ideas', () => import('./routes/dashboard/ideas'), memberReads('ideas')),
  member(dashboard.submitIdea, 'nav.submit_idea', () => import('./routes/dashboard/submit-idea')),
  member(dashboard.settings, 'nav.settings', () => import('./routes/dashboard/settings'), memberReads('settings')),
  adminTab(admin.users, 'admin.users', () => import('./routes/dashboard/admin/users'), adminReads('users')),
  adminTab(admin.apps, 'admin.apps', () => import('./routes/dashboard/admin/apps'), adminReads('apps')),
  adminTab(admin.ideas, 'admin.ideas', () => import('./routes/dashboard/admin/ideas'), adminReads('ideas')),
  adminTab(
    admin.announcements,
    'admin.announcements',
    () => import('./routes/dashboard/admin/announcements'),
    adminReads('announcements'),
  ),
  adminTab(
    admin.community,
    'admin.community',
    () => import('./routes/dashboard/admin/community'),
    adminReads('community'),
  ),
  adminTab(admin.seo, 'admin.seo', () => import('./routes/dashboard/admin/seo'), adminReads('seo')),
  adminTab(admin.smtp, 'admin.smtp', () => import('./routes/dashboard/admin/smtp'), adminReads('smtp')),
  adminTab(
    admin.emailTemplates,
    'admin.email_templates',
    () => import('./routes/dashboard/admin/email-templates'),
    adminReads('emailTemplates'),
  ),
  adminTab(
    admin.withdrawals,
    'admin.withdrawals',
    () => import('./routes/dashboard/admin/withdrawals'),
    adminReads('withdrawals'),
  ),
  adminTab(admin.payments, 'admin.payments', () => import('./routes/dashboard/admin/payments'), adminReads('payments')),
  adminTab(admin.revenue, 'admin.revenue', () => import('./routes/dashboard/admin/revenue'), adminReads('revenue')),
  adminTab(
    admin.paymentLinks,
    'admin.payment_links',
    () => import('./routes/dashboard/admin/payment-links'),
    adminReads('paymentLinks'),
  ),
  adminTab(
    admin.catalogue,
    'admin.catalogue',
    () => import('./routes/dashboard/admin/catalogue'),
    adminReads('catalogue'),
  ),
  adminTab(admin.payouts, 'admin.payouts', () => import('./routes/dashboard/admin/payouts'), adminReads('payouts')),
  adminTab(admin.finance, 'admin.finance', () => import('./routes/dashboard/admin/finance'), adminReads('finance')),
  adminTab(admin.audit, 'admin.audit', () => import('./routes/dashboard/admin/audit'), adminReads('audit')),
  adminTab(
    admin.systemHealth,
    'admin.system_health',
    () => import('./routes/dashboard/admin/system-health'),
    adminReads('systemHealth'),
  ),
  adminTab(
    admin.privacy,
    'admin.privacy',
    () => import('./routes/dashboard/admin/privacy-requests'),
    adminReads('privacyRequests'),
  ),
]);

/**
 * A section's code as its entry's prefetch and a returning member's first screen load it: an admin
 * tab comes with the admin area's layout (which the router loads beside it anyway).
 */
export function sectionCode(section: Section): Promise<SectionModule> {
  if (!section.admin) return section.chunk();
  return Promise.all([ADMIN_AREA.layout(), section.chunk()]).then(([, tab]) => tab);
}
