import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '@/lib/auth/auth-provider';
import type { AppSupabaseClient } from '@/lib/supabase';
import { SupabaseProvider } from '@/lib/supabase-context';
import type { SupabaseSource } from '@/lib/supabase-source';
import { ConnectionProblemModal } from './connection-problem-modal';
import { CrashScreen } from './crash-screen';
import { ErrorBoundary } from './error-boundary';

type ProvidersProps = {
  queryClient: QueryClient;
  /** Where the Supabase client comes from: loaded on demand in the app, a fake or per-test client in tests. */
  supabase: SupabaseSource<AppSupabaseClient>;
  children: ReactNode;
};

/**
 * Every provider the app needs, with its clients injected: the app passes the real ones
 * (app/providers.tsx), tests pass a fresh QueryClient and a test source (testing/render.tsx).
 */
export function Providers({ queryClient, supabase, children }: ProvidersProps) {
  return (
    <ErrorBoundary fallback={<CrashScreen />}>
      <QueryClientProvider client={queryClient}>
        <SupabaseProvider source={supabase}>
          <AuthProvider source={supabase}>
            {children}
            <ConnectionProblemModal />
          </AuthProvider>
        </SupabaseProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
