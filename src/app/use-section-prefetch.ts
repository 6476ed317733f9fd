import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { assuranceOf } from '@/lib/auth/assurance';
import { useAuth } from '@/lib/auth/auth-context';
import { preloadNumberFormat } from '@/lib/format';
import { whenIdle } from '@/lib/main-thread';
import { useSupabase } from '@/lib/supabase-context';
import { preloadPhoneField } from './routes/dashboard/first-reads';
import { sectionCode, sections } from './sections';

/**
 * The prefetch of the side menu's entries and the admin tab bar's tabs: the section's chunk and, at
 * the same time, its first reads, both from the section registry (sections.ts). Called on
 * pointer-over and focus; the browser keeps a loaded module and the query client a fresh read, so
 * calling it again costs nothing. An admin tab's reads start only in an aal2 session: before the
 * second factor the database refuses every admin read, so only the code loads.
 * The first time the member points at the menu at all, the heaviest widget a section shows (the
 * settings' phone input, a 50 kB chunk) also loads, when the browser is next idle, and so does the
 * locale's number data (lib/format.ts; the main panel writes whole numbers without it): a member on
 * the move between sections finds them ready, while a first visit that only reads the main panel
 * (and Lighthouse's measurement of it) never pays for them.
 */
export function useSectionPrefetch(): (path: string) => void {
  const queryClient = useQueryClient();
  const { getClient } = useSupabase();
  const { user, session } = useAuth();
  const userId = user?.id ?? '';
  const adminReads = assuranceOf(session).currentLevel === 'aal2';
  const widgetsStarted = useRef(false);
  return useCallback(
    (path: string) => {
      const section = sections.at(path);
      if (!section || userId === '') return;
      // Fire and forget: the reads never reject, and the page reads again what failed.
      if (!section.admin || adminReads) void section.reads?.({ queryClient, getClient, userId });
      if (!widgetsStarted.current) {
        widgetsStarted.current = true;
        whenIdle(preloadPhoneField);
        whenIdle(preloadNumberFormat);
      }
      sectionCode(section).catch(() => {
        // Opening the section loads it again and shows the connection message if that fails too.
      });
    },
    [adminReads, queryClient, getClient, userId],
  );
}
