import { useState } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { SelectField } from '@/components/form/select-field';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { LedgerHistory } from '@/components/wallet/ledger-history';
import { useAdjustWallet } from '@/data/wallet/adjust-wallet';
import { useWalletBalance } from '@/data/wallet/get-wallet-balance';
import { t } from '@/i18n/admin';
import { formatUSDT } from '@/lib/format';
import { adminErrorMessage } from '../../shared/utils/errors';

const AMOUNT = /^\d+(?:[.,]\d{1,2})?$/;

/**
 * 'Portfel' of a member (users tab): the balance, the member's 'Historia operacji', and a credit or
 * debit with a required reason, which the member sees in the history and the notification.
 */
export function WalletDialog({
  user,
  onClose,
}: {
  user: { user_id: string; full_name: string | null; email: string | null };
  onClose: () => void;
}) {
  const balance = useWalletBalance(user.user_id);
  const adjust = useAdjustWallet();
  const toast = useToast();
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const name = user.full_name || user.email || '';

  const submit = async () => {
    const next: typeof errors = {};
    const value = amount.trim();
    if (!AMOUNT.test(value) || Number(value.replace(',', '.')) <= 0) next.amount = t('wallet.invalid_amount');
    if (reason.trim() === '' || reason.trim().length > 500) next.reason = t('admin.wallet.reason_invalid');
    setErrors(next);
    setFailure(null);
    if (next.amount || next.reason) return;
    try {
      const number = Number(value.replace(',', '.'));
      await adjust.mutateAsync({ userId: user.user_id, direction, amount: number, reason: reason.trim() });
      toast.show(
        t(direction === 'credit' ? 'admin.wallet.credited' : 'admin.wallet.debited', {
          amount: formatUSDT(number),
          name,
        }),
        'success',
      );
      setAmount('');
      setReason('');
    } catch (error) {
      setFailure(adminErrorMessage(error, 'admin.wallet.failed'));
    }
  };

  return (
    <Dialog open onClose={onClose} title={t('admin.wallet.title', { name })} size="xl" dismissible={!adjust.isPending}>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          {balance.isPending ? (
            <Skeleton className="h-16" label={t('app.loading')} />
          ) : balance.isError ? (
            <FormAlert>{t('wallet.balance_failed')}</FormAlert>
          ) : (
            <dl className="grid grid-cols-2 gap-y-1 text-sm">
              <dt className="text-ink-muted">{t('wallet.available')}</dt>
              <dd className="text-right font-semibold" data-testid="admin-wallet-available">
                {formatUSDT(balance.data.available_balance)}
              </dd>
              <dt className="text-ink-muted">{t('wallet.pending')}</dt>
              <dd className="text-right">{formatUSDT(balance.data.pending_balance)}</dd>
            </dl>
          )}
          <form
            noValidate
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <SelectField
              label={t('admin.wallet.direction')}
              value={direction}
              onChange={(event) => setDirection(event.target.value as 'credit' | 'debit')}
              options={[
                { value: 'credit', label: t('admin.wallet.credit') },
                { value: 'debit', label: t('admin.wallet.debit') },
              ]}
            />
            <TextField
              label={t('admin.wallet.amount')}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={errors.amount}
            />
            <TextareaField
              label={t('admin.wallet.reason')}
              hint={t('admin.wallet.reason_hint')}
              value={reason}
              maxLength={600}
              onChange={(event) => setReason(event.target.value)}
              error={errors.reason}
            />
            {failure ? <FormAlert>{failure}</FormAlert> : null}
            <SubmitButton
              pending={adjust.isPending}
              label={t('admin.wallet.submit')}
              pendingLabel={t('admin.saving')}
            />
          </form>
        </div>
        <LedgerHistory userId={user.user_id} headingLevel={3} fileName={`portfel-${user.user_id}.csv`} />
      </div>
    </Dialog>
  );
}
