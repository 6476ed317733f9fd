import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AdminGate } from '@/features/admin/shared/components/admin-gate';
import { t, type AdminAreaMessageKey as MessageKey } from '@/i18n/admin';
import { assuranceOf } from '@/lib/auth/assurance';
import { useAuth } from '@/lib/auth/auth-context';
import type { SectionPrefetch } from '@/lib/section-prefetch';
import { adminTabReads } from '../../../admin-tab-reads';
import { useSectionPrefetch } from '../../../use-section-prefetch';

const { admin } = paths.dashboard;

/** The admin navigation tabs: the spec's seven (product.md#dashboard-2 admin area), then payouts, payments, revenue, payment links and the catalogue. */
const ADMIN_TABS: readonly { to: string; labelKey: MessageKey }[] = [
  { to: admin.users.path, labelKey: 'admin.users' },
  { to: admin.apps.path, labelKey: 'admin.apps' },
  { to: admin.ideas.path, labelKey: 'admin.ideas' },
  { to: admin.announcements.path, labelKey: 'admin.announcements' },
  { to: admin.community.path, labelKey: 'admin.community' },
  { to: admin.seo.path, labelKey: 'admin.seo' },
  { to: admin.smtp.path, labelKey: 'admin.smtp' },
  { to: admin.emailTemplates.path, labelKey: 'admin.email_templates' },
  { to: admin.withdrawals.path, labelKey: 'admin.withdrawals' },
  { to: admin.payments.path, labelKey: 'admin.payments' },
  { to: admin.revenue.path, labelKey: 'admin.revenue' },
  { to: admin.paymentLinks.path, labelKey: 'admin.payment_links' },
  { to: admin.catalogue.path, labelKey: 'admin.catalogue' },
  { to: admin.payouts.path, labelKey: 'admin.payouts' },
  { to: admin.audit.path, labelKey: 'admin.audit' },
];

/** Before the second factor: no reads (the gate below asks for it, and the database refuses every admin read). */
const NO_READS: Readonly<Record<string, SectionPrefetch>> = {};

/**
 * The tab bar's prefetch is the side menu's (use-section-prefetch): a tab pointed at or focused
 * loads its chunk and, at the same time, its first reads (admin-tab-reads.ts). Before the second
 * factor only the code is loaded.
 */
function useTabPrefetch(): (path: string) => void {
  const { session } = useAuth();
  return useSectionPrefetch(assuranceOf(session).currentLevel === 'aal2' ? adminTabReads : NO_READS);
}

/**
 * /dashboard/admin/*: the admin area's title and tabs around the active tab. The gate asks for the
 * 6-digit code first when the admin has 2FA and this session has not used it (the database requires it).
 */
export function Component() {
  const prefetchTab = useTabPrefetch();
  return (
    <div className="space-y-6">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent">{t('nav.admin')}</p>
      <nav aria-label={t('admin.tabs')}>
        <ul className="flex flex-wrap gap-2">
          {ADMIN_TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                onPointerEnter={() => prefetchTab(tab.to)}
                onFocus={() => prefetchTab(tab.to)}
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-1.5 text-sm font-medium ${
                    isActive ? 'bg-accent text-accent-contrast' : 'bg-surface-raised text-ink-muted hover:text-ink'
                  }`
                }
              >
                {t(tab.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <AdminGate>
        <Outlet />
      </AdminGate>
    </div>
  );
}
