import { useState, type ReactNode } from 'react';
import { Providers } from '@/components/layout/providers';
import { createQueryClient } from '@/lib/query-client';
import { supabase } from '@/lib/supabase';

/** The providers with the app's real clients: one QueryClient and the Supabase auth client. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <Providers queryClient={queryClient} authClient={supabase.auth}>
      {children}
    </Providers>
  );
}
