import type { Session } from '@supabase/supabase-js';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { clearBrowserStorage } from '@/lib/browser';
import { AuthContext, isAdminUser, type AuthClient, type AuthContextValue } from './auth-context';

type AuthProviderProps = {
  client: AuthClient;
  children: ReactNode;
};

/**
 * Holds the session: asks for it once (`loading` stays true until that answer), then follows
 * `onAuthStateChange`. On SIGNED_OUT all local and session storage is cleared (account-and-access.md §4).
 */
export function AuthProvider({ client, children }: AuthProviderProps) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    // An event that arrives before getSession() answers is newer than that answer.
    let changedByEvent = false;

    const { data } = client.onAuthStateChange((event, next) => {
      if (!active) return;
      if (event !== 'INITIAL_SESSION') changedByEvent = true;
      setSession(next);
      if (event === 'SIGNED_OUT') clearBrowserStorage();
    });

    client.getSession().then(
      ({ data: { session: current } }) => {
        if (!active) return;
        if (!changedByEvent) setSession(current);
        setLoading(false);
      },
      (error: unknown) => {
        if (!active) return;
        console.warn('Reading the session failed', error);
        setLoading(false);
      },
    );

    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [client]);

  const signOut = useCallback(async () => {
    try {
      const { error } = await client.signOut();
      if (error) console.warn('Sign-out failed', error);
    } catch (error) {
      console.warn('Sign-out failed', error);
    } finally {
      clearBrowserStorage();
      setSession(null);
    }
  }, [client]);

  const value = useMemo<AuthContextValue>(
    () => ({
      session,
      user: session?.user ?? null,
      isAdmin: isAdminUser(session?.user),
      loading,
      signOut,
      client,
    }),
    [session, loading, signOut, client],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
