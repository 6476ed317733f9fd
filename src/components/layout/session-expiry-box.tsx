import { useEffect, useId, useRef, useState } from 'react';
import { AboveModals } from '@/components/ui/above-modals';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/account';
import { useAuth } from '@/lib/auth/auth-context';
import { authUserMessage } from '@/lib/auth/auth-errors';

/** product.md#account-9: the warning shows at 300 seconds or fewer, checked every second. */
export const SESSION_WARNING_SECONDS = 300;
export const SESSION_CHECK_INTERVAL_MS = 1_000;

/** 4:59 */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, seconds);
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}

function secondsLeft(expiresAt: number, now: number): number {
  return Math.ceil(expiresAt - now / 1000);
}

function Countdown({ expiresAt }: { expiresAt: number }) {
  const { signOut, refreshSession } = useAuth();
  const titleId = useId();
  const [now, setNow] = useState(() => Date.now());
  const [extending, setExtending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ended = useRef(false);

  useEffect(() => {
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (secondsLeft(expiresAt, current) <= 0 && !ended.current) {
        ended.current = true;
        void signOut({ expired: true });
      }
    }, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [expiresAt, signOut]);

  const remaining = secondsLeft(expiresAt, now);
  if (remaining > SESSION_WARNING_SECONDS || remaining <= 0) return null;

  const extend = async () => {
    setExtending(true);
    setError(null);
    const result = await refreshSession();
    // On success the session changes and this countdown is replaced by a fresh one.
    if (result.error) {
      setError(authUserMessage(result.error));
      setExtending(false);
    }
  };

  // Over an open dialog too: a member paying in one must still be able to extend the session.
  return (
    <AboveModals>
      <section
        aria-labelledby={titleId}
        className="fixed bottom-4 right-4 z-40 w-72 space-y-3 rounded-xl border border-accent/50 bg-surface-raised p-4 shadow-2xl"
      >
        {/* Announced like a status, but not one: over a dialog it must not pass for the dialog's own. */}
        <div aria-live="polite" aria-atomic="true">
          <h2 id={titleId} className="font-semibold text-accent">
            {t('session.expiring.title')}
          </h2>
        </div>
        <p className="text-sm text-ink">
          {t('session.expiring.remaining')}{' '}
          <span role="timer" className="font-mono font-semibold tabular-nums">
            {formatCountdown(remaining)}
          </span>
        </p>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <Button
          className="w-full"
          onClick={() => void extend()}
          disabled={extending}
          aria-busy={extending || undefined}
        >
          {extending ? t('session.extending') : t('session.extend')}
        </Button>
      </section>
    </AboveModals>
  );
}

/**
 * The bottom-right session box (product.md#account-2, §4; product.md#dashboard-2 layout): checked
 * every second; from 300 s before the session ends it counts down and offers to extend it (a
 * refresh with the refresh token); at 0 the user is signed out and the 'Sesja wygasła' modal opens.
 */
export function SessionExpiryBox() {
  const { session } = useAuth();
  const expiresAt = session?.expires_at;
  if (expiresAt === undefined) return null;
  // A new session (extended, refreshed by the client) starts a new countdown.
  return <Countdown key={expiresAt} expiresAt={expiresAt} />;
}
