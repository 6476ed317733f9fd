import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { SectionPrefetch } from '@/lib/section-prefetch';
import { useAuth } from '@/lib/auth/auth-context';
import { preloadNumberFormat } from '@/lib/format';
import { whenIdle } from '@/lib/main-thread';
import { useSupabase } from '@/lib/supabase-context';
import { sectionCode, sections } from './sections';
import { preloadPhoneField, sectionReads } from './section-reads';

/**
 * The menu's prefetch: the section's chunk and, at the same time, its first reads from a table of
 * reads by path (the side menu's sections in section-reads.ts, the admin tab bar's tabs in
 * admin-tab-reads.ts). Called on pointer-over and focus; the browser keeps a loaded module and the
 * query client a fresh read, so calling it again costs nothing.
 * The first time the member points at the menu at all, the heaviest widget a section shows (the
 * settings' phone input, a 50 kB chunk) also loads, when the browser is next idle, and so does the
 * locale's number data (lib/format.ts; the main panel writes whole numbers without it): a member on
 * the move between sections finds them ready, while a first visit that only reads the main panel
 * (and Lighthouse's measurement of it) never pays for them.
 */
export function useSectionPrefetch(
  reads: Readonly<Record<string, SectionPrefetch>> = sectionReads,
): (path: string) => void {
  const queryClient = useQueryClient();
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const widgetsStarted = useRef(false);
  return useCallback(
    (path: string) => {
      const section = sections.at(path);
      if (!section || userId === '') return;
      // Fire and forget: the reads never reject, and the page reads again what failed.
      void reads[path]?.({ queryClient, getClient, userId });
      if (!widgetsStarted.current) {
        widgetsStarted.current = true;
        whenIdle(preloadPhoneField);
        whenIdle(preloadNumberFormat);
      }
      sectionCode(section).catch(() => {
        // Opening the section loads it again and shows the connection message if that fails too.
      });
    },
    [reads, queryClient, getClient, userId],
  );
}
