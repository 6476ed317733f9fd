import { useState, type ReactNode } from 'react';
import { Providers } from '@/components/layout/providers';
import { createQueryClient } from '@/lib/query-client';
import { getSupabase, hasStoredSession } from '@/lib/supabase';
import { createSupabaseSource } from '@/lib/supabase-source';

/**
 * The app's Supabase source: supabase-js is loaded with `import()` only when a session is stored
 * (a returning member) or a form needs the backend, so a visitor's first download stays small.
 */
const supabaseSource = createSupabaseSource({ hasStoredSession: () => hasStoredSession(), load: getSupabase });

/** The providers with the app's real clients: one QueryClient and the lazily loaded Supabase client. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <Providers queryClient={queryClient} supabase={supabaseSource}>
      {children}
    </Providers>
  );
}
