// The section registry (sections.ts) against the spec: what the side menu and the admin tab bar show
// for the real registry. That every consumer follows the registry is sections-drive.test.tsx's.
import { screen, within } from '@testing-library/react';
import { buildSession, buildUser, memberSession, withVerifiedTotp } from '@/testing/factories';
import { shellHandlers } from '@/testing/msw/dashboard-answers';
import { server } from '@/testing/msw/server';
import { ADMIN_LANDING, paths } from '@/config/paths';
import { menuEntries } from '../routes/dashboard/layout';
import { createSections, sections, type Section } from '../sections';
import { renderRoute } from '../testing/render-route';

const adminSession = () => buildSession(withVerifiedTotp(buildUser({ admin: true })), { aal: 'aal2' });

/** product.md#dashboard-2 "Menu entries", letter for letter and in order. */
const SPEC_MENU = [
  ['Dashboard', '/dashboard'],
  ['Aplikacje', '/dashboard/apps'],
  ['Społeczność', '/dashboard/community'],
  ['Dołącz do Klubu', '/dashboard/investments'],
  ['Pakiety CCC', '/dashboard/ccc'],
  ['Program Partnerski', '/dashboard/referral'],
  ['eWallet', '/dashboard/wallet'],
  ['Pomysły', '/dashboard/ideas'],
  ['Zgłoś pomysł', '/dashboard/submit-idea'],
  ['Ustawienia', '/dashboard/settings'],
];

/** The spec's seven admin tabs (users, apps, ideas, announcements, seo, smtp, email-templates), then the operator's. */
const ADMIN_TABS = [
  ['Użytkownicy', '/dashboard/admin/users'],
  ['Aplikacje', '/dashboard/admin/apps'],
  ['Pomysły', '/dashboard/admin/ideas'],
  ['Ogłoszenia', '/dashboard/admin/announcements'],
  ['Społeczność', '/dashboard/admin/community'],
  ['SEO', '/dashboard/admin/seo'],
  ['SMTP', '/dashboard/admin/smtp'],
  ['Szablony email', '/dashboard/admin/email-templates'],
  ['Wypłaty', '/dashboard/admin/withdrawals'],
  ['Płatności', '/dashboard/admin/payments'],
  ['Przychód', '/dashboard/admin/revenue'],
  ['Linki płatności', '/dashboard/admin/payment-links'],
  ['Katalog', '/dashboard/admin/catalogue'],
  ['Wypłaty zysków', '/dashboard/admin/profit-payouts'],
  ['Finanse', '/dashboard/admin/finance'],
  ['Dziennik zmian', '/dashboard/admin/audit'],
  ['Stan systemu', '/dashboard/admin/system-health'],
  ['Wnioski RODO', '/dashboard/admin/privacy-requests'],
];

const links = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('the side menu of the dashboard shell', () => {
  it("lists the spec's entries in order for a member, without 'Panel Admina'", async () => {
    server.use(...shellHandlers());
    renderRoute('/dashboard/settings', { session: memberSession() });
    const menu = await screen.findByRole('navigation', { name: 'Menu główne' });
    expect(links(menu)).toEqual(SPEC_MENU);
    expect(within(menu).getByRole('link', { name: 'Ustawienia' })).toHaveAttribute('aria-current', 'page');
  });

  it("adds 'Panel Admina' → /dashboard/admin/smtp for an admin, active on every admin tab", async () => {
    server.use(...shellHandlers());
    renderRoute('/dashboard/admin/users', { session: adminSession() });
    await screen.findByRole('heading', { level: 1, name: 'Użytkownicy' });
    const menu = screen.getByRole('navigation', { name: 'Menu główne' });
    expect(links(menu)).toEqual([...SPEC_MENU, ['Panel Admina', '/dashboard/admin/smtp']]);
    expect(within(menu).getByRole('link', { name: 'Panel Admina' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });
});

describe('the admin tab bar', () => {
  it("lists every admin tab of the registry, the spec's seven first", async () => {
    server.use(...shellHandlers());
    renderRoute('/dashboard/admin/users', { session: adminSession() });
    await screen.findByRole('heading', { level: 1, name: 'Użytkownicy' });
    expect(links(screen.getByRole('navigation', { name: 'Sekcje panelu admina' }))).toEqual(ADMIN_TABS);
  });
});

describe('the registry', () => {
  const page = () => Promise.resolve({ Component: () => null });
  const main: Section = { path: '/dashboard', label: 'nav.dashboard', admin: false, chunk: page };
  const smtp: Section = {
    path: '/dashboard/admin/smtp',
    segment: 'smtp',
    label: 'admin.smtp',
    admin: true,
    chunk: page,
  };

  it('finds a section by its path, and the landing tab at /dashboard/admin', () => {
    expect(sections.at('/dashboard/wallet')?.label).toBe('nav.wallet');
    expect(sections.at('/dashboard/admin')?.path).toBe('/dashboard/admin/smtp');
    expect(sections.at('/dashboard/wallet/')).toBeUndefined();
    expect(sections.at('/wallet')).toBeUndefined();
  });

  it('refuses two sections at one path', () => {
    expect(() => createSections([main, smtp, { ...main, label: 'nav.apps' }])).toThrow('two sections at one path');
  });

  it('makes the index section the one entry active only on an exact match', () => {
    const registry = createSections([main, { ...main, path: '/dashboard/apps', segment: 'apps', label: 'nav.apps' }]);
    expect(menuEntries(registry, false)).toEqual([
      { to: '/dashboard', labelKey: 'nav.dashboard', end: true },
      { to: '/dashboard/apps', labelKey: 'nav.apps' },
    ]);
  });

  it('has a section for every dashboard address of the route registry (config/paths), and none other', () => {
    // The USDT payment page is an address below /dashboard but no section (the payment dialogs open it).
    const { admin, usdtPayment: _usdtPayment, ...member } = paths.dashboard;
    const { root: adminArea, ...tabs } = admin;
    const addresses = [...Object.values(member), ...Object.values(tabs)].map((route) => route.path);
    expect(sections.all.map((section) => section.path).toSorted()).toEqual(addresses.toSorted());
    expect(sections.at(adminArea.path)).toBe(sections.at(ADMIN_LANDING.path));
  });

  it('every section has a route path of its own below its parent, and every admin tab is below /dashboard/admin', () => {
    for (const section of sections.all) {
      const parent = section.admin ? '/dashboard/admin' : '/dashboard';
      expect(section.path).toBe(section.segment === undefined ? parent : `${parent}/${section.segment}`);
    }
    expect(sections.member.filter((section) => section.segment === undefined)).toHaveLength(1);
  });
});
