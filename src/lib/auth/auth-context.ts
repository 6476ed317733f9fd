import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';

/**
 * The part of `supabase.auth` the session provider uses. The app passes `supabase.auth`; tests pass
 * a fake (testing/fake-auth-client.ts), so no test reaches the network through the provider.
 */
export type AuthClient = {
  getSession(): Promise<{ data: { session: Session | null }; error: unknown }>;
  onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void): {
    data: { subscription: { unsubscribe(): void } };
  };
  signOut(): Promise<{ error: unknown }>;
};

export type AuthContextValue = {
  session: Session | null;
  user: User | null;
  /** From `app_metadata.admin` (set by the server, part of the JWT); never from user_metadata. */
  isAdmin: boolean;
  /** True until the first session lookup returns. */
  loading: boolean;
  /**
   * Signs out: calls the auth server, then clears local and session storage and the session,
   * even when the call fails (the failure is only logged).
   */
  signOut(): Promise<void>;
  client: AuthClient;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** Admin = `app_metadata.admin === true`. user_metadata is writable by the user and never counts. */
export function isAdminUser(user: User | null | undefined): boolean {
  return user?.app_metadata?.admin === true;
}
