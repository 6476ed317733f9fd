import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AuthClient } from '@/lib/auth/auth-context';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { ConnectionProblemModal } from './connection-problem-modal';
import { CrashScreen } from './crash-screen';
import { ErrorBoundary } from './error-boundary';

type ProvidersProps = {
  queryClient: QueryClient;
  authClient: AuthClient;
  children: ReactNode;
};

/**
 * Every provider the app needs, with its clients injected: the app passes the real ones
 * (app/providers.tsx), tests pass a fresh QueryClient and a fake auth client (testing/render.tsx).
 */
export function Providers({ queryClient, authClient, children }: ProvidersProps) {
  return (
    <ErrorBoundary fallback={<CrashScreen />}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider client={authClient}>
          {children}
          <ConnectionProblemModal />
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
