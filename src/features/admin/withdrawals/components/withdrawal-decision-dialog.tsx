import { useMemo } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { useCompleteWithdrawal } from '@/data/wallet/complete-withdrawal';
import { useFailWithdrawal } from '@/data/wallet/fail-withdrawal';
import { useReleaseWithdrawal } from '@/data/wallet/release-withdrawal';
import type { AdminWithdrawal } from '@/data/wallet/list-withdrawals';
import { t } from '@/i18n/admin';
import { formatUSDT } from '@/lib/format';
import { DecisionDialog, type DecisionDetail } from '../../shared/components/decision-dialog';
import { createCompleteSchema, failSchema } from '../schemas/withdrawal-decision.schema';

type WithdrawalDialogProps = { withdrawal: AdminWithdrawal; onClose: () => void };

function withdrawalDetails(withdrawal: AdminWithdrawal): DecisionDetail[] {
  return [
    {
      label: t('admin.withdrawals.member'),
      value: withdrawal.member_email ?? t('admin.withdrawals.deleted_member'),
      className: 'break-all',
    },
    { label: t('admin.withdrawals.amount'), value: formatUSDT(withdrawal.amount) },
    { label: t('admin.withdrawals.network'), value: withdrawal.network },
    {
      label: t('admin.withdrawals.address'),
      value: (
        <>
          {withdrawal.address}
          <CopyButton text={withdrawal.address} what={t('admin.withdrawals.copy_address')} className="mt-1 flex" />
        </>
      ),
      className: 'break-all font-mono text-xs',
    },
  ];
}

/** Marks a claimed withdrawal completed, with the transaction hash of the payout. */
export function CompleteWithdrawalDialog({ withdrawal, onClose }: WithdrawalDialogProps) {
  const complete = useCompleteWithdrawal();
  const completeSchema = useMemo(() => createCompleteSchema(withdrawal.network), [withdrawal.network]);
  return (
    <DecisionDialog
      title={t('admin.withdrawals.complete_title')}
      details={withdrawalDetails(withdrawal)}
      fields={[{ name: 'txHash', label: t('admin.withdrawals.tx_hash'), kind: 'hash' }]}
      schema={completeSchema}
      defaultValues={{ txHash: '' }}
      decide={({ txHash }) => complete.mutateAsync({ id: withdrawal.id, txHash })}
      doneMessage={() => t('admin.withdrawals.completed_done', { amount: formatUSDT(withdrawal.amount) })}
      failure="admin.withdrawals.complete_failed"
      submitLabel={t('admin.withdrawals.complete')}
      onClose={onClose}
    />
  );
}

/** Marks a claimed withdrawal failed, with a reason the member sees; the money returns to them. */
export function FailWithdrawalDialog({ withdrawal, onClose }: WithdrawalDialogProps) {
  const fail = useFailWithdrawal();
  return (
    <DecisionDialog
      title={t('admin.withdrawals.fail_title')}
      details={withdrawalDetails(withdrawal)}
      fields={[{ name: 'reason', label: t('admin.withdrawals.reason'), kind: 'reason' }]}
      schema={failSchema}
      defaultValues={{ reason: '' }}
      decide={({ reason }) => fail.mutateAsync({ id: withdrawal.id, reason })}
      doneMessage={() => t('admin.withdrawals.failed_done', { amount: formatUSDT(withdrawal.amount) })}
      failure="admin.withdrawals.fail_failed"
      submitLabel={t('admin.withdrawals.fail')}
      onClose={onClose}
    />
  );
}

/**
 * Gives a claimed withdrawal back to the queue when nothing was sent (the database refuses it once a
 * transaction hash is recorded); the reason goes to the audit trail.
 */
export function ReleaseWithdrawalDialog({ withdrawal, onClose }: WithdrawalDialogProps) {
  const release = useReleaseWithdrawal();
  return (
    <DecisionDialog
      title={t('admin.withdrawals.release_title')}
      details={withdrawalDetails(withdrawal)}
      fields={[{ name: 'reason', label: t('admin.withdrawals.release_reason'), kind: 'reason', hint: '' }]}
      schema={failSchema}
      defaultValues={{ reason: t('admin.withdrawals.release_reason_default') }}
      decide={({ reason }) => release.mutateAsync({ id: withdrawal.id, reason })}
      doneMessage={() => t('admin.withdrawals.released_done', { amount: formatUSDT(withdrawal.amount) })}
      failure="admin.withdrawals.release_failed"
      submitLabel={t('admin.withdrawals.release')}
      onClose={onClose}
    />
  );
}
