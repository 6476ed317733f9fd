import { lazy, Suspense, useState } from 'react';
import { DashboardLayout, type NotificationsPanelProps } from '@/components/layout/dashboard-layout';
import { useSectionPrefetch } from '../../use-section-prefetch';

// The slide-over's code (list, read marks) loads when the bell is first used, not with the shell.
const NotificationsPanel = lazy(() =>
  import('@/features/notifications/components/notifications-panel').then((module) => ({
    default: module.NotificationsPanel,
  })),
);

// The banner (its read, the dismissals) is a chunk of its own too: it has data to wait for anyway,
// and the shell stays within its budget.
const AnnouncementBanner = lazy(() =>
  import('@/features/dashboard/components/announcement-banner').then((module) => ({
    default: module.AnnouncementBanner,
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
 * The shell of every /dashboard route (a lazy chunk of its own, so the landing page stays small):
 * the layout with the notifications slide-over, the announcement banner and the menu's prefetch of
 * each section (its chunk and first reads) composed in.
 */
export function Component() {
  const prefetchSection = useSectionPrefetch();
  return (
    <DashboardLayout
      onPrefetchSection={prefetchSection}
      notificationsPanel={LazyNotificationsPanel}
      banner={
        <Suspense fallback={null}>
          <AnnouncementBanner />
        </Suspense>
      }
    />
  );
}
