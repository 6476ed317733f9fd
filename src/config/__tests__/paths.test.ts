import { ADMIN_LANDING, paths } from '../paths';

describe('paths', () => {
  it('registers every route of both specs', () => {
    const { dashboard } = paths;
    expect([paths.home.path, paths.activate.path, paths.resetPassword.path, dashboard.root.path]).toEqual([
      '/',
      '/activate',
      '/reset-password',
      '/dashboard',
    ]);
    expect(
      [
        dashboard.apps,
        dashboard.ideas,
        dashboard.submitIdea,
        dashboard.community,
        dashboard.wallet,
        dashboard.settings,
        dashboard.referral,
        dashboard.ccc,
        dashboard.investments,
      ].map((route) => route.path),
    ).toEqual([
      '/dashboard/apps',
      '/dashboard/ideas',
      '/dashboard/submit-idea',
      '/dashboard/community',
      '/dashboard/wallet',
      '/dashboard/settings',
      '/dashboard/referral',
      '/dashboard/ccc',
      '/dashboard/investments',
    ]);
    const { admin } = dashboard;
    expect(
      [admin.users, admin.apps, admin.ideas, admin.announcements, admin.seo, admin.smtp, admin.emailTemplates].map(
        (route) => route.path,
      ),
    ).toEqual([
      '/dashboard/admin/users',
      '/dashboard/admin/apps',
      '/dashboard/admin/ideas',
      '/dashboard/admin/announcements',
      '/dashboard/admin/seo',
      '/dashboard/admin/smtp',
      '/dashboard/admin/email-templates',
    ]);
    expect(ADMIN_LANDING.path).toBe('/dashboard/admin/smtp');
  });

  it('builds links with their query parameters', () => {
    expect(paths.home.getHref()).toBe('/');
    expect(paths.home.getHref({ ref: 'AB C' })).toBe('/?ref=AB%20C');
    expect(paths.activate.getHref('t0k&n')).toBe('/activate?token=t0k%26n');
    expect(paths.dashboard.wallet.getHref()).toBe('/dashboard/wallet');
  });
});
