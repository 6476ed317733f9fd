import { useState, type FormEvent, type ReactNode } from 'react';
import { TextareaField } from '@/components/form/textarea-field';
import { TextField } from '@/components/form/text-field';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { t, type AdminAreaMessageKey } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import { formatOrderAmount } from '@/lib/payment/format-order';
import { FormFooter } from '../../shared/components/form-footer';
import { adminErrorMessage } from '../../shared/utils/errors';
import { useConfirmPayment, useRejectPayment } from '../api/decide-payment';
import type { AdminPaymentOrder } from '../api/list-payment-orders';
import { confirmSchema, rejectSchema } from '../schemas/payment-decision.schema';

function Summary({ order }: { order: AdminPaymentOrder }) {
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-ink-muted">{t('admin.payments.reference')}</dt>
      <dd className="font-mono">{order.reference}</dd>
      <dt className="text-ink-muted">{t('admin.payments.member')}</dt>
      <dd className="break-all">{order.member_email ?? t('admin.withdrawals.deleted_member')}</dd>
      <dt className="text-ink-muted">{t('admin.payments.item')}</dt>
      <dd>{order.item_label}</dd>
      <dt className="text-ink-muted">{t('admin.payments.method')}</dt>
      <dd>{t(`payment.method_short.${order.method}`)}</dd>
      <dt className="text-ink-muted">{t('admin.payments.amount')}</dt>
      <dd>{formatOrderAmount(order.amount, order.currency)}</dd>
    </dl>
  );
}

/** Runs a decision: a toast and close when recorded (or already decided), the reason in the dialog when not. */
function useDecision(order: AdminPaymentOrder, onClose: () => void) {
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const decide = async (
    run: () => Promise<{ changed: boolean }>,
    done: AdminAreaMessageKey,
    failure: AdminAreaMessageKey,
  ) => {
    setError(null);
    try {
      const { changed } = await run();
      toast.show(t(changed ? done : 'admin.payments.already_decided', { reference: order.reference }));
      onClose();
    } catch (reason) {
      setError(adminErrorMessage(reason, failure));
    }
  };
  return { error, decide };
}

function DecisionDialog({
  order,
  onClose,
  title,
  submitLabel,
  pending,
  error,
  onSubmit,
  children,
}: {
  order: AdminPaymentOrder;
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
      <Summary order={order} />
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

/** Confirms a pending order: the amount actually received (the order's by default) and, for USDT, the hash. */
export function ConfirmPaymentDialog({ order, onClose }: { order: AdminPaymentOrder; onClose: () => void }) {
  const confirm = useConfirmPayment();
  const { error, decide } = useDecision(order, onClose);
  const { register, handleSubmit, formState } = useZodForm(confirmSchema, {
    defaultValues: { amountReceived: String(order.amount), txHash: '' },
  });

  const onSubmit = handleSubmit(({ amountReceived, txHash }) =>
    decide(
      () =>
        confirm.mutateAsync({
          id: order.id,
          userId: order.user_id,
          amountReceived: amountReceived === '' ? null : Number(amountReceived.replace(',', '.')),
          txHash: txHash === '' ? null : txHash,
        }),
      'admin.payments.confirmed_done',
      'admin.payments.confirm_failed',
    ),
  );

  return (
    <DecisionDialog
      order={order}
      onClose={onClose}
      title={t('admin.payments.confirm_title')}
      submitLabel={t('admin.payments.confirm')}
      pending={formState.isSubmitting}
      error={error}
      onSubmit={onSubmit}
    >
      <TextField
        label={t('admin.payments.amount_received', { currency: order.currency })}
        inputMode="decimal"
        autoComplete="off"
        error={formState.errors.amountReceived?.message}
        {...register('amountReceived')}
      />
      {order.method === 'usdt' ? (
        <TextField
          label={t('admin.payments.tx_hash')}
          autoComplete="off"
          spellCheck={false}
          className="font-mono text-xs"
          error={formState.errors.txHash?.message}
          {...register('txHash')}
        />
      ) : null}
    </DecisionDialog>
  );
}

/** Rejects a pending order with a reason the member sees in the notification, the e-mail and the list. */
export function RejectPaymentDialog({ order, onClose }: { order: AdminPaymentOrder; onClose: () => void }) {
  const reject = useRejectPayment();
  const { error, decide } = useDecision(order, onClose);
  const { register, handleSubmit, formState } = useZodForm(rejectSchema, { defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(({ reason }) =>
    decide(
      () => reject.mutateAsync({ id: order.id, userId: order.user_id, reason }),
      'admin.payments.rejected_done',
      'admin.payments.reject_failed',
    ),
  );

  return (
    <DecisionDialog
      order={order}
      onClose={onClose}
      title={t('admin.payments.reject_title')}
      submitLabel={t('admin.payments.reject')}
      pending={formState.isSubmitting}
      error={error}
      onSubmit={onSubmit}
    >
      <TextareaField
        label={t('admin.payments.reason')}
        hint={t('admin.withdrawals.reason_hint')}
        rows={3}
        error={formState.errors.reason?.message}
        {...register('reason')}
      />
    </DecisionDialog>
  );
}
