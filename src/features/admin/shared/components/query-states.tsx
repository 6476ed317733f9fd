import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState, ErrorState, Skeleton } from '@/components/ui/states';
import { t } from '@/i18n/admin';

/**
 * The states of an admin list or form read: a skeleton while it loads (announced as loading), the
 * error with a retry, the empty text when `isEmpty` says so, otherwise `children` with the data.
 */
export function QueryStates<TData, TError>({
  query,
  loadingClassName,
  errorMessage,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<TData, TError>;
  /** The skeleton's size, close to what the data will take. */
  loadingClassName: string;
  /** The error's text: fixed, or read from the error (e.g. the database's reason). */
  errorMessage: string | ((error: TError) => string);
  isEmpty?: (data: TData) => boolean;
  empty?: ReactNode;
  children: (data: TData) => ReactNode;
}) {
  if (query.isPending) return <Skeleton className={loadingClassName} label={t('app.loading')} />;
  if (query.isError) {
    const message = typeof errorMessage === 'function' ? errorMessage(query.error) : errorMessage;
    return <ErrorState message={message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return children(query.data);
}
