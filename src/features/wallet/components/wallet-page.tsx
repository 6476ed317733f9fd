import { usePageTitle } from '@/components/layout/site-head';
import { QueryStates } from '@/components/ui/query-states';
import { LoadingState } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { LedgerHistory } from '@/components/wallet/ledger-history';
import { useSavedAddresses } from '@/data/wallet/get-saved-addresses';
import { useWalletBalance } from '@/data/wallet/get-wallet-balance';
import { useWithdrawals } from '@/data/wallet/get-withdrawals';
import { t } from '@/i18n/wallet';
import { useAuth } from '@/lib/auth/auth-context';
import { SavedAddresses } from './saved-addresses';
import { BalanceCard } from './balance-card';
import { WithdrawalForm } from './withdrawal-form';
import { WithdrawalHistory } from './withdrawal-history';

/**
 * /dashboard/wallet, the eWallet (product.md#dashboard-2): 'Ładowanie portfela...', then the balance card,
 * the withdrawal form and the history. Balance and history load in parallel.
 */
export function WalletPage() {
  usePageTitle(t('wallet.title'));
  const balance = useWalletBalance();
  const withdrawals = useWithdrawals();
  const { user } = useAuth();
  const addresses = useSavedAddresses();
  const savedMethods = (addresses.data ?? []).map((address) => ({
    address: address.address,
    network: address.network,
    isDefault: address.is_default,
    label: address.label,
  }));

  const retryAll = () => {
    void balance.refetch();
    void withdrawals.refetch();
  };

  let content;
  if (balance.isPending || (withdrawals.isPending && !withdrawals.isError)) {
    content = <LoadingState label={t('wallet.loading')} />;
  } else if (balance.isError && withdrawals.isError) {
    content = <ErrorState message={t('wallet.load_failed')} onRetry={retryAll} />;
  } else {
    content = (
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="space-y-6">
          <QueryStates query={balance} errorMessage={t('wallet.balance_failed')}>
            {(data) => (
              <>
                <BalanceCard balance={data} />
                <WithdrawalForm available={Number(data.available_balance)} savedMethods={savedMethods} />
                <SavedAddresses />
              </>
            )}
          </QueryStates>
        </div>
        <QueryStates query={withdrawals} errorMessage={t('wallet.history_failed')}>
          {(data) => <WithdrawalHistory withdrawals={data} />}
        </QueryStates>
        <div className="xl:col-span-2">
          <LedgerHistory userId={user?.id ?? ''} fileName="historia-operacji.csv" />
        </div>
      </div>
    );
  }

  return (
    <section className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-ink">{t('wallet.title')}</h1>
        <p className="text-ink-muted">{t('wallet.subtitle')}</p>
      </header>
      {content}
    </section>
  );
}
