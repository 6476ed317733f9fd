import { CopyButton } from '@/components/ui/copy-button';
import { useState, type FormEvent, type ReactNode } from 'react';
import { TextareaField } from '@/components/form/textarea-field';
import { TextField } from '@/components/form/text-field';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { t, type AdminAreaMessageKey } from '@/i18n/admin';
import { formatUSDT } from '@/lib/format';
import { useZodForm } from '@/lib/form';
import { FormFooter } from '../../shared/components/form-footer';
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
      <dd className="break-all font-mono text-xs">
        {withdrawal.address}
        <CopyButton text={withdrawal.address} what={t('admin.withdrawals.copy_address')} className="mt-1 flex" />
      </dd>
    </dl>
  );
}

type DoneKey = Extract<AdminAreaMessageKey, 'admin.withdrawals.completed_done' | 'admin.withdrawals.failed_done'>;

/** Runs a decision: the toast and close when it is recorded, the reason in the dialog when not. */
function useDecision(withdrawal: AdminWithdrawal, onClose: () => void) {
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);

  const decide = async (run: () => Promise<unknown>, done: DoneKey, failure: AdminAreaMessageKey) => {
    setError(null);
    try {
      await run();
      toast.show(t(done, { amount: formatUSDT(withdrawal.amount) }));
      onClose();
    } catch (reason) {
      setError(adminErrorMessage(reason, failure));
    }
  };

  return { error, decide };
}

/** The dialog both decisions share: the request's summary, the decision's field, cancel and submit. */
function DecisionDialog({
  withdrawal,
  onClose,
  title,
  submitLabel,
  pending,
  error,
  onSubmit,
  children,
}: {
  withdrawal: AdminWithdrawal;
  onClose: () => void;
  title: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} title={title} dismissible={!pending}>
      <Summary withdrawal={withdrawal} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        {children}
        <FormFooter
          error={error}
          pending={pending}
          submitWidth="w-48"
          submitLabel={submitLabel}
          pendingLabel={t('common.processing')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
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
  const { error, decide } = useDecision(withdrawal, onClose);
  const { register, handleSubmit, formState } = useZodForm(completeSchema, { defaultValues: { txHash: '' } });

  const onSubmit = handleSubmit(({ txHash }) =>
    decide(
      () => complete.mutateAsync({ id: withdrawal.id, txHash }),
      'admin.withdrawals.completed_done',
      'admin.withdrawals.complete_failed',
    ),
  );

  return (
    <DecisionDialog
      withdrawal={withdrawal}
      onClose={onClose}
      title={t('admin.withdrawals.complete_title')}
      submitLabel={t('admin.withdrawals.complete')}
      pending={formState.isSubmitting}
      error={error}
      onSubmit={onSubmit}
    >
      <TextField
        label={t('admin.withdrawals.tx_hash')}
        autoComplete="off"
        spellCheck={false}
        className="font-mono text-xs"
        error={formState.errors.txHash?.message}
        {...register('txHash')}
      />
    </DecisionDialog>
  );
}

/** Marks a pending withdrawal failed, with a reason the member sees; the money returns to them. */
export function FailWithdrawalDialog({ withdrawal, onClose }: { withdrawal: AdminWithdrawal; onClose: () => void }) {
  const fail = useFailWithdrawal();
  const { error, decide } = useDecision(withdrawal, onClose);
  const { register, handleSubmit, formState } = useZodForm(failSchema, { defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(({ reason }) =>
    decide(
      () => fail.mutateAsync({ id: withdrawal.id, reason }),
      'admin.withdrawals.failed_done',
      'admin.withdrawals.fail_failed',
    ),
  );

  return (
    <DecisionDialog
      withdrawal={withdrawal}
      onClose={onClose}
      title={t('admin.withdrawals.fail_title')}
      submitLabel={t('admin.withdrawals.fail')}
      pending={formState.isSubmitting}
      error={error}
      onSubmit={onSubmit}
    >
      <TextareaField
        label={t('admin.withdrawals.reason')}
        hint={t('admin.withdrawals.reason_hint')}
        rows={3}
        error={formState.errors.reason?.message}
        {...register('reason')}
      />
    </DecisionDialog>
  );
}
