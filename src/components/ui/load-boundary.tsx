import { Component, lazy, useCallback, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { t } from '@/i18n/messages';
import { isNetworkError } from '@/lib/errors';
import { ErrorState } from './states';

type LoadBoundaryProps = {
  children: ReactNode;
  /** Called by the retry button before the children render again (e.g. to load a chunk anew). */
  onRetry?: () => void;
};
type LoadBoundaryState = { error: unknown };

/**
 * Around lazily loaded parts of a page (the registration tab, the phone input): a chunk that fails
 * to load — the network, in any engine's words (lib/errors.ts, isChunkLoadError) — shows the
 * connection message with a retry instead of taking the page down. Any other error goes on to the
 * crash screen.
 */
export class LoadBoundary extends Component<LoadBoundaryProps, LoadBoundaryState> {
  override state: LoadBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): LoadBoundaryState {
    return { error };
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isNetworkError(error)) throw error;
    return <ErrorState message={t('network.failure')} onRetry={this.retry} />;
  }
}

/**
 * `React.lazy` keeps a failed load for good; this gives a component that loads again after
 * `retry()` (pass it to <LoadBoundary onRetry>). `load` must not cache a failure either.
 */
export function useRetryableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): [ComponentType<P>, () => void] {
  const [attempt, setAttempt] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new attempt is the point
  const Lazy = useMemo(() => lazy(load), [attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return [Lazy, retry];
}
