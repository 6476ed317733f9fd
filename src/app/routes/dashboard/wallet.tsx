import { WalletPage } from '@/features/wallet/components/wallet-page';

/** /dashboard/wallet: the eWallet (product.md#dashboard-2). */
export function Component() {
  return <WalletPage />;
}
