import { useState } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import { TextareaField } from '@/components/form/textarea-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { t } from '@/i18n/admin';
import { formatUSDT } from '@/lib/format';
import { useZodForm } from '@/lib/form';
import { adminErrorMessage } from '../../shared/utils/errors';
import { useCompleteWithdrawal } from '../api/complete-withdrawal';
import { useFailWithdrawal } from '../api/fail-withdrawal';
import type { AdminWithdrawal } from '../api/list-withdrawals';
import { completeSchema, failSchema } from '../schemas/withdrawal-decision.schema';

function Summary({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-ink-muted">{t('admin.withdrawals.member')}</dt>
      <dd className="break-all">{withdrawal.member_email ?? t('admin.withdrawals.deleted_member')}</dd>
      <dt className="text-ink-muted">{t('admin.withdrawals.amount')}</dt>
      <dd>{formatUSDT(withdrawal.amount)}</dd>
      <dt className="text-ink-muted">{t('admin.withdrawals.network')}</dt>
      <dd>{withdrawal.network}</dd>
      <dt className="text-ink-muted">{t('admin.withdrawals.address')}</dt>
      <dd className="break-all font-mono text-xs">{withdrawal.address}</dd>
    </dl>
  );
}

/** Marks a pending withdrawal completed, with the transaction hash of the payout. */
export function CompleteWithdrawalDialog({
  withdrawal,
  onClose,
}: {
  withdrawal: AdminWithdrawal;
  onClose: () => void;
}) {
  const complete = useCompleteWithdrawal();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useZodForm(completeSchema, { defaultValues: { txHash: '' } });

  const onSubmit = handleSubmit(async ({ txHash }) => {
    setError(null);
    try {
      await complete.mutateAsync({ id: withdrawal.id, txHash });
      toast.show(t('admin.withdrawals.completed_done', { amount: formatUSDT(withdrawal.amount) }));
      onClose();
    } catch (failure) {
      setError(adminErrorMessage(failure, 'admin.withdrawals.complete_failed'));
    }
  });

  const pending = formState.isSubmitting;
  return (
    <Dialog open onClose={onClose} title={t('admin.withdrawals.complete_title')} dismissible={!pending}>
      <Summary withdrawal={withdrawal} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        <TextField
          label={t('admin.withdrawals.tx_hash')}
          autoComplete="off"
          spellCheck={false}
          className="font-mono text-xs"
          error={formState.errors.txHash?.message}
          {...register('txHash')}
        />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <div className="w-48">
            <SubmitButton
              pending={pending}
              label={t('admin.withdrawals.complete')}
              pendingLabel={t('common.processing')}
            />
          </div>
        </div>
      </form>
    </Dialog>
  );
}

/** Marks a pending withdrawal failed, with a reason the member sees; the money returns to them. */
export function FailWithdrawalDialog({ withdrawal, onClose }: { withdrawal: AdminWithdrawal; onClose: () => void }) {
  const fail = useFailWithdrawal();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useZodForm(failSchema, { defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(async ({ reason }) => {
    setError(null);
    try {
      await fail.mutateAsync({ id: withdrawal.id, reason });
      toast.show(t('admin.withdrawals.failed_done', { amount: formatUSDT(withdrawal.amount) }));
      onClose();
    } catch (failure) {
      setError(adminErrorMessage(failure, 'admin.withdrawals.fail_failed'));
    }
  });

  const pending = formState.isSubmitting;
  return (
    <Dialog open onClose={onClose} title={t('admin.withdrawals.fail_title')} dismissible={!pending}>
      <Summary withdrawal={withdrawal} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        <TextareaField
          label={t('admin.withdrawals.reason')}
          hint={t('admin.withdrawals.reason_hint')}
          rows={3}
          error={formState.errors.reason?.message}
          {...register('reason')}
        />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <div className="w-48">
            <SubmitButton pending={pending} label={t('admin.withdrawals.fail')} pendingLabel={t('common.processing')} />
          </div>
        </div>
      </form>
    </Dialog>
  );
}
