import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CheckCircleIcon, ClockIcon, CrossCircleIcon, ExternalLinkIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { useCancelWithdrawal } from '@/data/wallet/cancel-withdrawal';
import { transactionUrl } from '@/data/wallet/explorer';
import type { Withdrawal } from '@/data/wallet/get-withdrawals';
import { t, type WalletMessageKey } from '@/i18n/wallet';
import { toUserMessage } from '@/lib/errors';
import { formatDateTime, formatUSDT } from '@/lib/format';

const STATUS_TEXT: Record<Withdrawal['status'], WalletMessageKey> = {
  pending: 'wallet.status.pending',
  processing: 'wallet.status.processing',
  completed: 'wallet.status.completed',
  failed: 'wallet.status.failed',
  cancelled: 'wallet.status.cancelled',
};

/** Completed: a green check; failed: a red cross; cancelled by the member: a grey cross; pending and anything else: a spinning clock (§4). */
function StatusIcon({ status }: { status: Withdrawal['status'] }) {
  if (status === 'completed')
    return (
      <CheckCircleIcon
        className="h-6 w-6 shrink-0 text-success"
        data-testid="status-icon"
        data-status-icon="completed"
      />
    );
  if (status === 'failed')
    return (
      <CrossCircleIcon className="h-6 w-6 shrink-0 text-danger" data-testid="status-icon" data-status-icon="failed" />
    );
  if (status === 'cancelled')
    return (
      <CrossCircleIcon
        className="h-6 w-6 shrink-0 text-ink-muted"
        data-testid="status-icon"
        data-status-icon="cancelled"
      />
    );
  return (
    <ClockIcon
      className="h-6 w-6 shrink-0 animate-spin text-accent [animation-duration:3s]"
      data-testid="status-icon"
      data-status-icon="pending"
    />
  );
}

/** The block of a verified payout and its time on chain. */
function ChainBlock({ block, time }: { block: number; time: string }) {
  const date = formatDateTime(time);
  return <p className="text-sm text-ink-muted">{t('wallet.history.block', { block: String(block), date })}</p>;
}

/**
 * The member's withdrawals, newest first (product.md#dashboard-2): status, amount, network, date, address,
 * and the transaction on the chain's explorer when it has a hash; a completed one shows the block and
 * the block's time of its payout as verified on chain (issue 37 §3). Empty: 'Brak historii wypłat'.
 * A pending one can be cancelled (and says when a new address's wait ends); once an admin has
 * claimed it, it is 'W realizacji' and says why it can no longer be cancelled.
 */
export function WithdrawalHistory({ withdrawals }: { withdrawals: readonly Withdrawal[] }) {
  const [cancelling, setCancelling] = useState<Withdrawal | null>(null);
  const cancel = useCancelWithdrawal();
  const toast = useToast();
  return (
    <Card title={t('wallet.history')}>
      <ConfirmDialog
        open={cancelling !== null}
        title={t('wallet.cancel.title')}
        description={cancelling ? t('wallet.cancel.description', { amount: formatUSDT(cancelling.amount) }) : undefined}
        confirmLabel={t('wallet.cancel.confirm')}
        pending={cancel.isPending}
        error={cancel.error ? `${t('wallet.cancel.failed')}: ${toUserMessage(cancel.error)}` : null}
        onConfirm={() => {
          if (!cancelling) return;
          cancel.mutate(cancelling.id, {
            onSuccess: () => {
              setCancelling(null);
              toast.show(t('wallet.cancel.done'), 'success');
            },
          });
        }}
        onClose={() => {
          setCancelling(null);
          cancel.reset();
        }}
      />
      {withdrawals.length === 0 ? (
        <EmptyState>{t('wallet.history_empty')}</EmptyState>
      ) : (
        <ul className="divide-y divide-surface-border">
          {withdrawals.map((withdrawal) => (
            <li key={withdrawal.id} className="flex gap-3 py-3" data-withdrawal-id={withdrawal.id}>
              <StatusIcon status={withdrawal.status} />
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <p className="font-semibold text-ink">
                    {formatUSDT(withdrawal.amount)}{' '}
                    <span className="text-sm font-normal text-ink-muted">
                      {t('wallet.history.network', { network: withdrawal.network })}
                    </span>
                  </p>
                  <p className="text-sm text-ink-muted">
                    <span className="font-medium text-ink">
                      {t(STATUS_TEXT[withdrawal.status] ?? 'wallet.status.pending')}
                    </span>
                    {' · '}
                    <time dateTime={withdrawal.created_at}>{formatDateTime(withdrawal.created_at)}</time>
                  </p>
                </div>
                <p className="break-all font-mono text-xs text-ink-muted">
                  <span className="sr-only">{t('wallet.history.address')}: </span>
                  {withdrawal.address}
                </p>
                {withdrawal.tx_hash ? (
                  <a
                    href={transactionUrl(withdrawal.network, withdrawal.tx_hash)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('wallet.history.explorer_label', { hash: withdrawal.tx_hash })}
                    className="inline-flex items-center gap-1 text-sm text-accent underline-offset-4 hover:underline"
                  >
                    {t('wallet.history.explorer')}
                    <ExternalLinkIcon className="h-4 w-4" />
                  </a>
                ) : null}
                {withdrawal.chain_transfers[0]?.block_number != null && withdrawal.chain_transfers[0].block_time ? (
                  <ChainBlock
                    block={withdrawal.chain_transfers[0].block_number}
                    time={withdrawal.chain_transfers[0].block_time}
                  />
                ) : null}
                {withdrawal.status === 'processing' && withdrawal.claimed_at ? (
                  <p className="text-sm text-ink-muted">
                    {t('wallet.history.processing_note', { date: formatDateTime(withdrawal.claimed_at) })}
                  </p>
                ) : null}
                {withdrawal.status === 'pending' &&
                withdrawal.hold_until &&
                new Date(withdrawal.hold_until) > new Date() ? (
                  <p className="text-sm text-ink-muted">
                    {t('wallet.history.hold_note', { date: formatDateTime(withdrawal.hold_until) })}
                  </p>
                ) : null}
                {withdrawal.status === 'pending' ? (
                  <Button variant="ghost-danger" className="px-0" onClick={() => setCancelling(withdrawal)}>
                    {t('wallet.cancel')}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
