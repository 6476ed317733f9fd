import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SectionPrefetch } from '@/lib/section-prefetch';
import { useAuth } from '@/lib/auth/auth-context';
import { useSupabase } from '@/lib/supabase-context';
import { sectionLoaders } from './section-loaders';
import { sectionReads } from './section-reads';

/**
 * The menu's prefetch: the section's chunk and, at the same time, its first reads from a table of
 * reads by path (the side menu's sections in section-reads.ts, the admin tab bar's tabs in
 * admin-tab-reads.ts). Called on pointer-over and focus; the browser keeps a loaded module and the
 * query client a fresh read, so calling it again costs nothing.
 */
export function useSectionPrefetch(
  reads: Readonly<Record<string, SectionPrefetch>> = sectionReads,
): (path: string) => void {
  const queryClient = useQueryClient();
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  return useCallback(
    (path: string) => {
      const load = sectionLoaders[path];
      if (!load || userId === '') return;
      reads[path]?.({ queryClient, getClient, userId });
      load().catch(() => {
        // Opening the section loads it again and shows the connection message if that fails too.
      });
    },
    [reads, queryClient, getClient, userId],
  );
}
