import type { PayoutRun } from '@/data/payouts/list-payout-runs';
import { useReversePayout } from '@/data/payouts/reverse-payout';
import { t } from '@/i18n/admin';
import { formatDateTime, formatInteger, formatUSDT } from '@/lib/format';
import { DecisionDialog } from '../../shared/components/decision-dialog';
import { reverseRunSchema } from '../schemas/reverse-run.schema';

/**
 * 'Cofnij': takes a whole run back with a reason. Each member is debited what their balance covers,
 * the rest becomes their debt; the revenue entry can then be paid out again.
 */
export function ReverseRunDialog({ run, onClose }: { run: PayoutRun; onClose: () => void }) {
  const reverse = useReversePayout();
  return (
    <DecisionDialog
      title={t('admin.payouts.reverse_title')}
      details={[
        { label: t('admin.payouts.run_date'), value: formatDateTime(run.created_at) },
        { label: t('admin.payouts.members'), value: formatInteger(run.members_count) },
        { label: t('admin.payouts.total_usdt'), value: formatUSDT(run.total_usdt) },
        { label: t('admin.payouts.rate'), value: String(run.rate_pln_usdt) },
      ]}
      fields={[
        {
          name: 'reason',
          label: t('admin.payouts.reverse_reason'),
          kind: 'reason',
          hint: t('admin.payouts.reverse_hint'),
        },
      ]}
      schema={reverseRunSchema}
      defaultValues={{ reason: '' }}
      decide={({ reason }) => reverse.mutateAsync({ runId: run.id, reason })}
      doneMessage={(done) =>
        t('admin.payouts.reversed_done', {
          debited: formatUSDT(done.reversed_debited_usdt ?? 0),
          debt: formatUSDT(done.reversed_debt_usdt ?? 0),
        })
      }
      failure="admin.payouts.reverse_failed"
      submitLabel={t('admin.payouts.reverse')}
      onClose={onClose}
    />
  );
}
