import { useCorrectRevenue } from '@/data/payouts/correct-revenue';
import type { RevenueEntry } from '@/data/payouts/list-revenue';
import { useVoidRevenue } from '@/data/payouts/void-revenue';
import { t } from '@/i18n/admin';
import { formatDateTime, formatPLN } from '@/lib/format';
import { DecisionDialog, type DecisionDetail } from '../../shared/components/decision-dialog';
import { correctRevenueSchema, voidRevenueSchema } from '../schemas/revenue-change.schema';
import { toAmount } from '../schemas/revenue.schema';

type RevenueDialogProps = { entry: RevenueEntry; onClose: () => void };

const details = (entry: RevenueEntry): DecisionDetail[] => [
  { label: t('admin.revenue.entry_date'), value: formatDateTime(entry.created_at) },
  { label: t('admin.revenue.entry_amount'), value: formatPLN(entry.amount) },
];

/** 'Popraw': a new amount for an entry not paid out, with a reason (the audit trail keeps both). */
export function CorrectRevenueDialog({ entry, onClose }: RevenueDialogProps) {
  const correct = useCorrectRevenue();
  return (
    <DecisionDialog
      title={t('admin.revenue.correct_title')}
      details={details(entry)}
      fields={[
        { name: 'amount', label: t('admin.revenue.correct_amount'), kind: 'amount' },
        { name: 'reason', label: t('admin.revenue.reason'), kind: 'reason', hint: t('admin.revenue.reason_hint') },
      ]}
      schema={correctRevenueSchema}
      defaultValues={{ amount: '', reason: '' }}
      decide={({ amount, reason }) => correct.mutateAsync({ id: entry.id, amount: toAmount(amount), reason })}
      doneMessage={(done) => t('admin.revenue.corrected_done', { amount: formatPLN(done.amount) })}
      failure="admin.revenue.correct_failed"
      submitLabel={t('admin.revenue.correct')}
      onClose={onClose}
    />
  );
}

/** 'Unieważnij': an entry not paid out stops counting (the pools, a payout), with a reason. */
export function VoidRevenueDialog({ entry, onClose }: RevenueDialogProps) {
  const voidEntry = useVoidRevenue();
  return (
    <DecisionDialog
      title={t('admin.revenue.void_title')}
      details={details(entry)}
      fields={[
        { name: 'reason', label: t('admin.revenue.reason'), kind: 'reason', hint: t('admin.revenue.reason_hint') },
      ]}
      schema={voidRevenueSchema}
      defaultValues={{ reason: '' }}
      decide={({ reason }) => voidEntry.mutateAsync({ id: entry.id, reason })}
      doneMessage={(done) => t('admin.revenue.voided_done', { amount: formatPLN(done.amount) })}
      failure="admin.revenue.void_failed"
      submitLabel={t('admin.revenue.void')}
      onClose={onClose}
    />
  );
}
