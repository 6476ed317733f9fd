import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { clearBrowserStorage } from '@/lib/browser';
import type { SupabaseSource } from '@/lib/supabase-source';
import { needsSecondFactor } from './assurance';
import { AuthContext, isAdminUser, type AuthClient, type AuthContextValue, type SignOutOptions } from './auth-context';

type AuthProviderProps = {
  source: SupabaseSource<{ auth: AuthClient }>;
  children: ReactNode;
};

/**
 * How long sign-out waits for the auth server before it clears the local session anyway (the spec:
 * sign-out goes on even if the call fails; a call that never answers counts as failed).
 */
export const SIGN_OUT_TIMEOUT_MS = 5_000;

/** Events after which no session is left, and all local and session storage is cleared (§4). */
const ENDING_EVENTS: ReadonlySet<string> = new Set<AuthChangeEvent | 'USER_DELETED'>(['SIGNED_OUT', 'USER_DELETED']);

/**
 * Holds the session (product.md#account-4).
 *
 * - When no session is stored in this browser the visitor is signed out at once and the Supabase
 *   client is not loaded (the landing page needs no backend to render). Otherwise the client is
 *   loaded and asked once; `loading` stays true until that answer.
 * - Whoever loads the client later (a form, the code exchange), the provider subscribes to its
 *   auth events before that caller hears of it, so a sign-in anywhere reaches the context.
 * - On SIGNED_OUT or USER_DELETED all local and session storage is cleared.
 * - The 'Sesja wygasła' modal (`sessionExpired`) opens when a session that the app was showing
 *   ends without `signOut()` having been called here, or when `signOut({ expired: true })` ends it
 *   (the countdown reached 0). A deliberate sign-out, or a stored session found invalid at start-up
 *   (never shown), does not open it. TOKEN_REFRESHED never opens it: the session goes on.
 */
export function AuthProvider({ source, children }: AuthProviderProps) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(() => source.hasStoredSession());
  const [sessionExpired, setSessionExpired] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const sessionRef = useRef<Session | null>(null);
  const clientRef = useRef<AuthClient | null>(null);
  const signingOut = useRef(false);

  const applySession = useCallback((next: Session | null) => {
    sessionRef.current = next;
    setSession(next);
    if (next) setSignedOut(false);
  }, []);

  useEffect(() => {
    let active = true;
    // An event that arrives before getSession() answers is newer than that answer.
    let changedByEvent = false;
    let subscription: { unsubscribe(): void } | null = null;

    const attach = ({ auth }: { auth: AuthClient }) => {
      if (!active || subscription) return;
      clientRef.current = auth;
      subscription = auth.onAuthStateChange((event, next) => {
        if (!active) return;
        // auth-js reports the stored session once more when the provider subscribes: the same
        // session again (the same token) would only re-render everything that reads the context.
        if (event === 'INITIAL_SESSION' && next && next.access_token === sessionRef.current?.access_token) return;
        if (event !== 'INITIAL_SESSION') changedByEvent = true;
        const previous = sessionRef.current;
        applySession(next);
        if (ENDING_EVENTS.has(event)) {
          clearBrowserStorage();
          if (previous && !signingOut.current) setSessionExpired(true);
        } else if (event === 'SIGNED_IN' && next) {
          setSessionExpired(false);
        }
      }).data.subscription;
    };
    const stopListening = source.onLoad(attach);

    const lookUp = () =>
      source
        .load()
        .then(({ auth }) => auth.getSession())
        .then(
          ({ data }) => {
            if (!active) return;
            // The first screen (the whole route tree) renders as a transition: in slices that let the
            // browser in, not as one long task (issue 24 §6, total blocking time).
            startTransition(() => {
              if (!changedByEvent) applySession(data.session);
              setLoading(false);
            });
          },
          (error: unknown) => {
            if (!active) return;
            console.warn('Reading the session failed', error);
            setLoading(false);
          },
        );
    if (source.hasStoredSession()) void lookUp();

    // A sign-in in another tab stores a session: load the client, which then reports it.
    const onStorage = () => {
      if (!subscription && source.hasStoredSession()) {
        source.load().catch((error: unknown) => console.warn('Loading the auth client failed', error));
      }
    };
    window.addEventListener('storage', onStorage);

    return () => {
      active = false;
      stopListening();
      subscription?.unsubscribe();
      clientRef.current = null;
      window.removeEventListener('storage', onStorage);
    };
  }, [source, applySession]);

  const signOut = useCallback(
    async ({ expired = false }: SignOutOptions = {}) => {
      signingOut.current = true;
      // Set before the call: its SIGNED_OUT event re-renders the guards without the session, and
      // RequireAuth must not keep the page as one to return to (only an expired session does).
      setSignedOut(!expired);
      let timer: number | undefined;
      try {
        const client = clientRef.current ?? (source.hasStoredSession() ? (await source.load()).auth : null);
        if (client) {
          // A sign-out call that hangs must not keep the session here: after SIGN_OUT_TIMEOUT_MS the
          // local session is cleared below all the same (auth-js finds no stored session any more).
          const timedOut = new Promise<'timeout'>((resolve) => {
            timer = window.setTimeout(() => resolve('timeout'), SIGN_OUT_TIMEOUT_MS);
          });
          const result = await Promise.race([client.signOut(), timedOut]);
          if (result === 'timeout') console.warn(`Sign-out did not answer within ${SIGN_OUT_TIMEOUT_MS} ms`);
          else if (result.error) console.warn('Sign-out failed', result.error);
        }
      } catch (error) {
        console.warn('Sign-out failed', error);
      } finally {
        window.clearTimeout(timer);
        signingOut.current = false;
        clearBrowserStorage();
        applySession(null);
        setSessionExpired(expired);
      }
    },
    [source, applySession],
  );

  const refreshSession = useCallback(async (): Promise<{ error: unknown }> => {
    const client = clientRef.current;
    const current = sessionRef.current;
    if (!client || !current) return { error: new Error('http.unauthorized') };
    try {
      return await client.refreshSession({ refresh_token: current.refresh_token });
    } catch (error) {
      return { error };
    }
  }, []);

  const dismissSessionExpired = useCallback(() => setSessionExpired(false), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      session,
      user: session?.user ?? null,
      isAdmin: isAdminUser(session?.user),
      loading,
      mfaRequired: needsSecondFactor(session),
      sessionExpired,
      signedOut,
      dismissSessionExpired,
      signOut,
      refreshSession,
    }),
    [session, loading, sessionExpired, signedOut, dismissSessionExpired, signOut, refreshSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
