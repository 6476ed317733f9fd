import { WalletPage } from '@/features/wallet/components/wallet-page';

/** /dashboard/wallet: the eWallet (dashboard.md §2). */
export function Component() {
  return <WalletPage />;
}
