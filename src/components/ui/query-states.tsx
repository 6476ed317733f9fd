import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState, ErrorState, Skeleton } from './states';
import { t } from '@/i18n/messages';

/** `isEmpty` of a read whose data is a list: nothing in it. */
export const noRows = (rows: readonly unknown[]) => rows.length === 0;

/** `isEmpty` of a read whose data is a page of a list (`{ rows, … }`): nothing on it. */
export const noPageRows = (page: { rows: readonly unknown[] }) => page.rows.length === 0;

/**
 * The states of a read, for member screens and admin tabs alike: while it loads a skeleton
 * (announced as loading) or the `loading` node, the error with a retry, the empty text when
 * `isEmpty` says so (nothing at all when `empty` is null), otherwise `children` with the data.
 */
export function QueryStates<TData, TError>({
  query,
  loading,
  loadingClassName = 'h-24',
  loadingCount = 1,
  loadingLayout,
  loadingLabel,
  errorMessage,
  keepData = false,
  isEmpty,
  empty,
  emptyHint,
  emptyInline = false,
  children,
}: {
  query: UseQueryResult<TData, TError>;
  /** What shows while it loads, when skeletons will not do (e.g. a spinner with its text). */
  loading?: ReactNode;
  /** The skeleton's size, close to what the data will take; a list gives one skeleton per size. */
  loadingClassName?: string | readonly string[];
  /** How many skeletons of `loadingClassName` (a string) stand in for the data. */
  loadingCount?: number;
  /** Several skeletons are announced together from one box laid out by this (a column unless given). */
  loadingLayout?: string;
  /** What the skeleton announces ('Ładowanie...' unless given). */
  loadingLabel?: string;
  /** The error's text: fixed, or read from the error (e.g. the database's reason). */
  errorMessage: string | ((error: TError) => string);
  /** A failed refetch keeps showing the data it already has (the caller may say it failed beside it). */
  keepData?: boolean;
  isEmpty?: (data: TData) => boolean;
  /** The empty state's text; null shows nothing when the data is empty. */
  empty?: ReactNode;
  emptyHint?: ReactNode;
  /** The empty text as a quiet line (e.g. under a form in a card) instead of the dashed box. */
  emptyInline?: boolean;
  children: (data: TData) => ReactNode;
}) {
  if (query.isPending) {
    if (loading !== undefined) return loading;
    const label = loadingLabel ?? t('app.loading');
    const sizes =
      typeof loadingClassName === 'string'
        ? Array.from({ length: loadingCount }, () => loadingClassName)
        : loadingClassName;
    if (sizes.length === 1 && loadingLayout === undefined) return <Skeleton className={sizes[0]} label={label} />;
    return (
      <div role="status" aria-label={label} className={loadingLayout ?? 'space-y-2'}>
        {sizes.map((size, index) => (
          <Skeleton key={index} className={size} />
        ))}
      </div>
    );
  }
  const data = query.data;
  if (query.isError && !(keepData && data !== undefined)) {
    const message = typeof errorMessage === 'function' ? errorMessage(query.error) : errorMessage;
    return <ErrorState message={message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  // Past the two checks above the read has its data (a success, or a failed refetch kept by keepData).
  const ready = data as TData;
  if (isEmpty?.(ready)) {
    if (empty === null) return null;
    return emptyInline ? (
      <p className="text-sm text-ink-muted">{empty}</p>
    ) : (
      <EmptyState hint={emptyHint}>{empty}</EmptyState>
    );
  }
  return children(ready);
}
