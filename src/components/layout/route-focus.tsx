import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { t } from '@/i18n/messages';

/** How long to wait for the new page's heading (its chunk may still be loading). */
const HEADING_WAIT_MS = 5_000;

/** An open modal dialog or slide-over keeps the focus it has (components/ui/dialog.tsx). */
function focusIsInDialog(): boolean {
  const active = document.activeElement;
  return active instanceof Element && active.closest('dialog, [role="dialog"], [aria-modal="true"]') !== null;
}

/**
 * After a move to another page of the shell (a new path; not the first page, not a change of the
 * query alone such as a list's filters), the focus goes to the new page's `h1` inside `container`
 * and a polite live region says which page opened — what a full page load would give a keyboard or
 * screen-reader user. Focus inside an open dialog is left where it is.
 */
export function RouteFocus({ containerId }: { containerId: string }) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    let done = false;
    const moveFocus = (): boolean => {
      const heading = document.getElementById(containerId)?.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      done = true;
      if (!focusIsInDialog()) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: false });
      }
      setAnnouncement(t('nav.page_opened', { title: heading.textContent?.trim() ?? '' }));
      return true;
    };
    if (moveFocus()) return;
    const container = document.getElementById(containerId);
    if (!container) return;
    const observer = new MutationObserver(() => {
      if (!done && moveFocus()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, containerId]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </div>
  );
}
