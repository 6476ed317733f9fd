import { NavLink, Outlet } from 'react-router-dom';
import { AdminGate } from '@/features/admin/shared/components/admin-gate';
import { OutboxBanner } from '@/features/admin/system-health/components/outbox-banner';
import { t } from '@/i18n/admin';
import { sections } from '../../../sections';
import { useSectionPrefetch } from '../../../use-section-prefetch';

// The admin tabs' first reads, which the section registry starts (sections.ts): with the tab bar.
export * as firstReads from './first-reads';

/**
 * /dashboard/admin/*: the admin area's title and tabs (the section registry's admin tabs, in its
 * order) around the active tab. The gate asks for the 6-digit code first when the admin has 2FA and
 * this session has not used it (the database requires it). Past the gate, the banner says when the
 * outbox itself fails (then the admins' e-mail about problems cannot reach them).
 */
export function Component() {
  // A tab pointed at or focused loads its chunk and its first reads, as the side menu's entries do.
  const prefetchTab = useSectionPrefetch();
  return (
    <div className="space-y-6">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent">{t('nav.admin')}</p>
      <nav aria-label={t('admin.tabs')}>
        <ul className="flex flex-wrap gap-2">
          {sections.adminTabs.map((tab) => (
            <li key={tab.path}>
              <NavLink
                to={tab.path}
                onPointerEnter={() => prefetchTab(tab.path)}
                onFocus={() => prefetchTab(tab.path)}
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-1.5 text-sm font-medium ${
                    isActive ? 'bg-accent text-accent-contrast' : 'bg-surface-raised text-ink-muted hover:text-ink'
                  }`
                }
              >
                {t(tab.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <AdminGate>
        <div className="space-y-6">
          <OutboxBanner />
          <Outlet />
        </div>
      </AdminGate>
    </div>
  );
}
