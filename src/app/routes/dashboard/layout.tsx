import { lazy, Suspense, useMemo, useState } from 'react';
import { DashboardLayout, type NotificationsPanelProps } from '@/components/layout/dashboard-layout';
import type { MenuEntry } from '@/components/layout/side-menu';
import { AnnouncementBanner } from '@/features/dashboard/components/announcement-banner';
import { useAuth } from '@/lib/auth/auth-context';
import { ADMIN_AREA, sections, type Sections } from '../../sections';
import { useSectionPrefetch } from '../../use-section-prefetch';

// The shell's route loader (composed in by router.tsx, which holds the app's clients).
export { loadShell } from '../../shell-reads';
// The member sections' first reads, which the section registry starts (sections.ts): with the shell.
export * as firstReads from './first-reads';

// The slide-over's code (list, read marks) loads when the bell is first used, not with the shell.
const NotificationsPanel = lazy(() =>
  import('@/features/notifications/components/notifications-panel').then((module) => ({
    default: module.NotificationsPanel,
  })),
);

function LazyNotificationsPanel(props: NotificationsPanelProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsPanel {...props} />
    </Suspense>
  );
}

/**
 * The side menu: every member section of the registry, in its order, then 'Panel Admina' (onto the
 * admin area's landing tab, active on every admin tab) for an admin only.
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

/**
 * The shell of every /dashboard route (a lazy chunk of its own, so the landing page stays small):
 * the layout with the side menu's entries (the section registry's member sections, 'Panel Admina'
 * for an admin), the notifications slide-over (a chunk loaded when the bell is first used), the
 * announcement banner and the menu's prefetch of each section (its chunk and first reads) composed in.
 */
export function Component() {
  const { isAdmin } = useAuth();
  const menu = useMemo(() => menuEntries(sections, isAdmin), [isAdmin]);
  const prefetchSection = useSectionPrefetch();
  return (
    <DashboardLayout
      menu={menu}
      onPrefetchSection={prefetchSection}
      notificationsPanel={LazyNotificationsPanel}
      // Part of the shell, not a chunk of its own: as a lazy chunk it joined the sections' shared
      // chunk (about 40 kB with the forms' code) to every first /dashboard, and its read started one
      // round trip late; its text is often the page's largest paint (issue 24 §6).
      banner={<AnnouncementBanner />}
    />
  );
}
