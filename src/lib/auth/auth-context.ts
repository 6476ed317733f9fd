import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';

/**
 * The part of `supabase.auth` the session provider uses. The app's client has it; tests pass a
 * fake (testing/fake-auth-client.ts) or a per-test client.
 */
export type AuthClient = {
  getSession(): Promise<{ data: { session: Session | null }; error: unknown }>;
  onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void): {
    data: { subscription: { unsubscribe(): void } };
  };
  signOut(): Promise<{ error: unknown }>;
  refreshSession(currentSession?: { refresh_token: string }): Promise<{ error: unknown }>;
};

export type SignOutOptions = {
  /** The session ran out (the countdown reached 0): the 'Sesja wygasła' modal opens. */
  expired?: boolean;
};

export type AuthContextValue = {
  session: Session | null;
  user: User | null;
  /** From `app_metadata.admin` (set by the server, part of the JWT); never from user_metadata. */
  isAdmin: boolean;
  /** True until the first session lookup returns (false at once when no session is stored). */
  loading: boolean;
  /** Signed in at aal1 while the account has a verified TOTP factor: the 6-digit code comes first. */
  mfaRequired: boolean;
  /**
   * The session ended without the user signing out here (it ran out, its refresh failed, it was
   * revoked or ended in another tab): the 'Sesja wygasła' modal is open.
   */
  sessionExpired: boolean;
  /**
   * The user signed out here ('Wyloguj', not the countdown) and has not signed in since: the
   * dashboard's guard then sends them to / with no page to return to (lib/auth/return-to.ts).
   */
  signedOut: boolean;
  dismissSessionExpired(): void;
  /**
   * Signs out: calls the auth server (waiting at most SIGN_OUT_TIMEOUT_MS), then clears local and
   * session storage and the session,
   * even when the call fails (the failure is only logged).
   */
  signOut(options?: SignOutOptions): Promise<void>;
  /** Refreshes the session with its refresh token; resolves with the error, if any. */
  refreshSession(): Promise<{ error: unknown }>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** Admin = `app_metadata.admin === true`. user_metadata is writable by the user and never counts. */
export function isAdminUser(user: Pick<User, 'app_metadata'> | null | undefined): boolean {
  return user?.app_metadata?.admin === true;
}
