import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { useSupabase } from '@/lib/supabase-context';
import { sectionLoaders } from './section-loaders';

/**
 * The menu's prefetch: the section's chunk and its first reads (the route module's `prefetch`, with
 * the section's own query options). Called on pointer-over and focus; the browser keeps a loaded
 * module and the query client a fresh read, so calling it again costs nothing.
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
      load().then(
        (module) => module.prefetch?.({ queryClient, getClient, userId }),
        () => {
          // Opening the section loads it again and shows the connection message if that fails too.
        },
      );
    },
    [queryClient, getClient, userId],
  );
}
