import { WalletPage } from '@/features/wallet/components/wallet-page';
import { withdrawalsQueryOptions } from '@/features/wallet/api/get-withdrawals';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';
import { walletBalanceQueryOptions } from '@/lib/wallet/get-wallet-balance';

/** /dashboard/wallet: the eWallet (product.md#dashboard-2). */
export function Component() {
  return <WalletPage />;
}

/** The balance and the history, read ahead when the menu entry is pointed at or focused. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient, userId }) => {
  prefetchRead(queryClient, walletBalanceQueryOptions(getClient, userId));
  prefetchRead(queryClient, withdrawalsQueryOptions(getClient, userId));
};
