import { Fragment, useMemo, useState } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/text-field';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { useFailWithdrawal } from '@/data/wallet/fail-withdrawal';
import { useReleaseWithdrawal } from '@/data/wallet/release-withdrawal';
import type { AdminWithdrawal } from '@/data/wallet/list-withdrawals';
import { useVerifyWithdrawal } from '@/data/wallet/verify-withdrawal';
import { t } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import { formatUSDT } from '@/lib/format';
import { DecisionDialog, type DecisionDetail } from '../../shared/components/decision-dialog';
import { FormFooter } from '../../shared/components/form-footer';
import { adminErrorMessage } from '../../shared/utils/errors';
import { createCompleteSchema, failSchema } from '../schemas/withdrawal-decision.schema';
import { chainRefusalMessage } from '../utils/chain-refusal';

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

/**
 * Marks a claimed withdrawal completed with the transaction hash of the payout, once the chain says
 * so (usdt-verify-withdrawal): from the club's address, to the member's, of the exact amount, final,
 * never used. A mismatch is shown with what differs; a transfer not final yet shows the network's
 * confirmations x/y and 'Sprawdź ponownie' (the hash is kept on the withdrawal meanwhile).
 */
export function CompleteWithdrawalDialog({ withdrawal, onClose }: WithdrawalDialogProps) {
  const verify = useVerifyWithdrawal();
  const toast = useToast();
  const schema = useMemo(() => createCompleteSchema(withdrawal.network), [withdrawal.network]);
  const { register, handleSubmit, formState } = useZodForm(schema, {
    defaultValues: { txHash: withdrawal.tx_hash ?? '' },
  });
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<{ confirmations: number; required: number } | null>(null);
  const pending = formState.isSubmitting;

  const onSubmit = handleSubmit(async ({ txHash }) => {
    setError(null);
    try {
      const answer = await verify.mutateAsync({ id: withdrawal.id, txHash });
      if (answer.status === 'not_final') {
        setWaiting({ confirmations: answer.confirmations, required: answer.required });
        return;
      }
      toast.show(t('admin.withdrawals.completed_done', { amount: formatUSDT(withdrawal.amount) }));
      onClose();
    } catch (reason) {
      setWaiting(null);
      setError(
        chainRefusalMessage(reason, withdrawal) ?? adminErrorMessage(reason, 'admin.withdrawals.complete_failed'),
      );
    }
  });

  return (
    <Dialog open onClose={onClose} title={t('admin.withdrawals.complete_title')} dismissible={!pending}>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {withdrawalDetails(withdrawal).map((detail) => (
          <Fragment key={detail.label}>
            <dt className="text-ink-muted">{detail.label}</dt>
            <dd className={detail.className}>{detail.value}</dd>
          </Fragment>
        ))}
      </dl>
      <p className="mt-3 text-sm text-ink-muted">
        {t('admin.withdrawals.chain_hint', { network: withdrawal.network })}
      </p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        <TextField
          label={t(withdrawal.network === 'TRC20' ? 'admin.withdrawals.tx_hash_tron' : 'admin.withdrawals.tx_hash')}
          autoComplete="off"
          spellCheck={false}
          className="font-mono text-xs"
          error={formState.errors.txHash?.message}
          {...register('txHash')}
        />
        {waiting ? (
          <FormAlert tone="info">
            {t('admin.withdrawals.chain.not_final', {
              confirmations: String(waiting.confirmations),
              required: String(waiting.required),
            })}
          </FormAlert>
        ) : null}
        <FormFooter
          error={error}
          pending={pending}
          submitWidth="w-48"
          submitLabel={waiting ? t('admin.withdrawals.check_again') : t('admin.withdrawals.complete')}
          pendingLabel={t('admin.withdrawals.checking')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
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
