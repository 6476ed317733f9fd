import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { useSupabase } from '@/lib/supabase-context';
import { sectionLoaders } from './section-loaders';
import { sectionReads } from './section-reads';

/**
 * The menu's prefetch: the section's chunk and, at the same time, its first reads (section-reads.ts,
 * with the section's own query options; a route module's own `prefetch` once its chunk is there).
 * Called on pointer-over and focus; the browser keeps a loaded module and the query client a fresh
 * read, so calling it again costs nothing.
 */
export function useSectionPrefetch(): (path: string) => void {
  const queryClient = useQueryClient();
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  return useCallback(
    (path: string) => {
      const load = sectionLoaders[path];
      if (!load || userId === '') return;
      const context = { queryClient, getClient, userId };
      sectionReads[path]?.(context);
      load().then(
        (module) => module.prefetch?.(context),
        () => {
          // Opening the section loads it again and shows the connection message if that fails too.
        },
      );
    },
    [queryClient, getClient, userId],
  );
}
