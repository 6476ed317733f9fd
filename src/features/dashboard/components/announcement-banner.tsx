import { useState } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { useActiveAnnouncements } from '@/data/announcements/get-active-announcements';
import { t } from '@/i18n/dashboard';
import { SafeLinkText } from '@/lib/safe-link-text';
import {
  pickAnnouncement,
  readDismissedAnnouncements,
  rememberDismissedAnnouncement,
} from '../utils/dismissed-announcements';

/**
 * The banner on top of the dashboard (product.md#dashboard-2, §4): one random active announcement the
 * member has not dismissed. Closing it remembers the dismissal in this browser and hides the banner
 * for the rest of the visit. Nothing is shown while loading or when the read fails.
 */
export function AnnouncementBanner() {
  const { data } = useActiveAnnouncements();
  const [random] = useState(Math.random);
  const [dismissed, setDismissed] = useState(readDismissedAnnouncements);
  const [closed, setClosed] = useState(false);

  const announcement = data && !closed ? pickAnnouncement(data, dismissed, random) : null;
  if (!announcement) return null;

  const dismiss = () => {
    setDismissed(rememberDismissedAnnouncement(announcement.id));
    setClosed(true);
  };

  return (
    <section
      aria-label={t('nav.announcement')}
      className="flex items-start gap-3 rounded-xl border border-accent/50 bg-surface-raised px-4 py-3 text-sm text-ink"
    >
      <p className="flex-1">
        <SafeLinkText content={announcement.content} />
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t('nav.announcement_dismiss')}
        className="rounded p-1 text-ink-muted hover:bg-surface-overlay hover:text-ink"
      >
        <CloseIcon className="h-4 w-4" />
      </button>
    </section>
  );
}
