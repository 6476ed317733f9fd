import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState, ErrorState, Skeleton } from './states';
import { t } from '@/i18n/messages';

/**
 * The states of a read, for member screens and admin tabs alike: while it loads a skeleton
 * (announced as loading) or the `loading` node, the error with a retry, the empty text when
 * `isEmpty` says so (nothing at all when `empty` is null), otherwise `children` with the data.
 */
export function QueryStates<TData, TError>({
  query,
  loading,
  loadingClassName = 'h-24',
  loadingLabel,
  errorMessage,
  isEmpty,
  empty,
  emptyHint,
  children,
}: {
  query: UseQueryResult<TData, TError>;
  /** What shows while it loads, when a single skeleton will not do (e.g. a grid of cards). */
  loading?: ReactNode;
  /** The skeleton's size, close to what the data will take. */
  loadingClassName?: string;
  /** What the skeleton announces ('Ładowanie...' unless given). */
  loadingLabel?: string;
  /** The error's text: fixed, or read from the error (e.g. the database's reason). */
  errorMessage: string | ((error: TError) => string);
  isEmpty?: (data: TData) => boolean;
  /** The empty state's text; null shows nothing when the data is empty. */
  empty?: ReactNode;
  emptyHint?: ReactNode;
  children: (data: TData) => ReactNode;
}) {
  if (query.isPending) {
    return loading ?? <Skeleton className={loadingClassName} label={loadingLabel ?? t('app.loading')} />;
  }
  if (query.isError) {
    const message = typeof errorMessage === 'function' ? errorMessage(query.error) : errorMessage;
    return <ErrorState message={message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (isEmpty?.(query.data)) {
    return empty === null ? null : <EmptyState hint={emptyHint}>{empty}</EmptyState>;
  }
  return children(query.data);
}
