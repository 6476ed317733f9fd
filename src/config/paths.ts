/**
 * The typed route registry: every route of both spec files. Route definitions use `segment`
 * (relative to their parent), links use `path` or `getHref()`. Nothing else spells a URL.
 */

const DASHBOARD = '/dashboard';
const ADMIN = `${DASHBOARD}/admin`;

type Route<P extends string> = { readonly path: P; readonly getHref: () => P };
type ChildRoute<S extends string, P extends string> = Route<P> & { readonly segment: S };

function dashboardSection<S extends string>(segment: S): ChildRoute<S, `/dashboard/${S}`> {
  const path = `${DASHBOARD}/${segment}` as const;
  return { segment, path, getHref: () => path };
}

function adminTab<S extends string>(segment: S): ChildRoute<S, `/dashboard/admin/${S}`> {
  const path = `${ADMIN}/${segment}` as const;
  return { segment, path, getHref: () => path };
}

export const paths = {
  /** Landing (login and registration). `ref` carries a referral code. */
  home: {
    path: '/',
    getHref: (search?: { ref?: string }) => (search?.ref ? `/?ref=${encodeURIComponent(search.ref)}` : '/'),
  },
  /** Account activation; query `token` or `confirmation_token`. */
  activate: {
    path: '/activate',
    getHref: (token?: string) => (token ? `/activate?token=${encodeURIComponent(token)}` : '/activate'),
  },
  /** Password reset; query `code`. */
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  /** The privacy notice (RODO), linked from the footer and the registration form. */
  privacy: { path: '/polityka-prywatnosci', getHref: () => '/polityka-prywatnosci' },
  dashboard: {
    root: { path: DASHBOARD, segment: 'dashboard', getHref: () => DASHBOARD },
    apps: dashboardSection('apps'),
    ideas: dashboardSection('ideas'),
    submitIdea: dashboardSection('submit-idea'),
    community: dashboardSection('community'),
    wallet: dashboardSection('wallet'),
    settings: dashboardSection('settings'),
    referral: dashboardSection('referral'),
    ccc: dashboardSection('ccc'),
    investments: dashboardSection('investments'),
    /** A USDT order's payment page (issue 37): reached from the payment dialogs, not from the menu. */
    usdtPayment: {
      path: `${DASHBOARD}/platnosc-usdt/:orderId`,
      segment: 'platnosc-usdt/:orderId',
      getHref: (orderId: string) => `${DASHBOARD}/platnosc-usdt/${encodeURIComponent(orderId)}`,
    },
    admin: {
      root: { path: ADMIN, segment: 'admin', getHref: () => ADMIN },
      users: adminTab('users'),
      apps: adminTab('apps'),
      ideas: adminTab('ideas'),
      announcements: adminTab('announcements'),
      community: adminTab('community'),
      seo: adminTab('seo'),
      smtp: adminTab('smtp'),
      emailTemplates: adminTab('email-templates'),
      // Beyond the spec's seven tabs: what an operator needs to run the club.
      withdrawals: adminTab('withdrawals'),
      payments: adminTab('payments'),
      revenue: adminTab('revenue'),
      paymentLinks: adminTab('payment-links'),
      catalogue: adminTab('catalogue'),
      payouts: adminTab('profit-payouts'),
      finance: adminTab('finance'),
      audit: adminTab('audit'),
      systemHealth: adminTab('system-health'),
      privacy: adminTab('privacy-requests'),
    },
  },
} as const;

/**
 * The query the e-mail change's confirmation links bring back to /dashboard/settings
 * (`?email_change=1`). The links also carry `token_hash` and `type=email_change`: the dashboard guard
 * verifies them, then leaves `?email_change=1` (plus `&message=…` when only the first of the two
 * addresses is confirmed) for the page to read.
 */
export const EMAIL_CHANGE_QUERY = 'email_change';

/** The admin menu entry points at the SMTP tab (product.md#dashboard-2), and so does /dashboard/admin. */
export const ADMIN_LANDING = paths.dashboard.admin.smtp;

/** The query parameter that carries a referral code on the landing page. */
export const REFERRAL_QUERY_PARAM = 'ref';
