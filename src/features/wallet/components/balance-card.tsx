import { Card } from '@/components/ui/card';
import type { WalletBalance } from '@/data/wallet/get-wallet-balance';
import { t } from '@/i18n/wallet';
import { formatUSDT } from '@/lib/format';

/** Available, in withdrawal and total, in USDT with 2 decimals, as the server keeps them (product.md#dashboard-2). */
export function BalanceCard({ balance }: { balance: WalletBalance }) {
  const items = [
    { label: t('wallet.available'), value: balance.available_balance, strong: true },
    { label: t('wallet.pending'), value: balance.pending_balance, strong: false },
    { label: t('wallet.total'), value: balance.total_balance, strong: false },
  ];
  return (
    <Card title={t('wallet.balance')}>
      <dl className="grid gap-4 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.label} className="rounded-lg bg-surface-overlay p-4">
            <dt className="text-sm text-ink-muted">{item.label}</dt>
            <dd className={`mt-1 text-2xl font-bold ${item.strong ? 'text-accent' : 'text-ink'}`}>
              {formatUSDT(item.value)}
            </dd>
          </div>
        ))}
      </dl>
      {balance.debt > 0 ? (
        <p role="status" className="mt-4 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {t('wallet.debt', { amount: formatUSDT(balance.debt) })}
        </p>
      ) : null}
    </Card>
  );
}
