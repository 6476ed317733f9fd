import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useDecideUnrecognisedTransfer } from '@/data/usdt/decide-unrecognised-transfer';
import { useUnrecognisedTransfers, type UnrecognisedTransfer } from '@/data/usdt/list-unrecognised-transfers';
import { transactionUrl } from '@/data/wallet/explorer';
import { t } from '@/i18n/admin';
import { formatDateTime, formatUSDT } from '@/lib/format';
import { DecisionDialog, type DecisionDetail } from '../../shared/components/decision-dialog';
import { TableHead } from '../../shared/components/table-head';
import { assignTransferSchema, ignoreTransferSchema, refundTransferSchema } from '../schemas/usdt.schema';

type Action = 'assign' | 'refund' | 'ignore';

function details(row: UnrecognisedTransfer): DecisionDetail[] {
  return [
    { label: t('admin.usdt.col_network'), value: row.network },
    { label: t('admin.usdt.col_amount'), value: formatUSDT(row.amount) },
    { label: t('admin.usdt.col_from'), value: row.from_address, className: 'break-all font-mono text-xs' },
    { label: t('admin.usdt.col_tx'), value: row.tx_hash, className: 'break-all font-mono text-xs' },
  ];
}

function ActionDialog({ row, action, onClose }: { row: UnrecognisedTransfer; action: Action; onClose: () => void }) {
  const decide = useDecideUnrecognisedTransfer();
  const transferId = Number(row.chain_transfer_id);
  if (action === 'assign') {
    return (
      <DecisionDialog
        title={t('admin.usdt.assign_title')}
        details={details(row)}
        fields={[{ name: 'reference', label: t('admin.usdt.assign_label'), kind: 'text' }]}
        schema={assignTransferSchema}
        defaultValues={{ reference: '' }}
        decide={({ reference }) =>
          decide
            .mutateAsync({ kind: 'assign', transferId, orderReference: reference.trim().toUpperCase() })
            .then(() => reference.trim().toUpperCase())
        }
        doneMessage={(reference) => t('admin.usdt.assigned', { reference })}
        failure="admin.usdt.decide_failed"
        submitLabel={t('admin.usdt.assign')}
        onClose={onClose}
      />
    );
  }
  if (action === 'refund') {
    return (
      <DecisionDialog
        title={t('admin.usdt.refund_title')}
        details={details(row)}
        fields={[
          { name: 'refundReference', label: t('admin.usdt.refund_reference'), kind: 'hash' },
          { name: 'note', label: t('admin.usdt.note'), kind: 'text' },
        ]}
        schema={refundTransferSchema}
        defaultValues={{ refundReference: '', note: '' }}
        decide={({ note, refundReference }) =>
          decide.mutateAsync({
            kind: 'refunded',
            transferId,
            note: note.trim(),
            refundReference: refundReference.trim(),
          })
        }
        doneMessage={() => t('admin.usdt.refunded')}
        failure="admin.usdt.decide_failed"
        submitLabel={t('admin.usdt.refund')}
        onClose={onClose}
      />
    );
  }
  return (
    <DecisionDialog
      title={t('admin.usdt.ignore_title')}
      details={details(row)}
      fields={[{ name: 'note', label: t('admin.usdt.note'), kind: 'text' }]}
      schema={ignoreTransferSchema}
      defaultValues={{ note: '' }}
      decide={({ note }) => decide.mutateAsync({ kind: 'ignored', transferId, note: note.trim() })}
      doneMessage={() => t('admin.usdt.ignored')}
      failure="admin.usdt.decide_failed"
      submitLabel={t('admin.usdt.ignore')}
      onClose={onClose}
    />
  );
}

/**
 * 'Nierozpoznane wpłaty' (issue 37): final USDT transfers to the club's addresses that nobody
 * reported and whose amount is no pending order's. They credit nothing until an admin assigns one
 * to an order (it then pays it through the one confirmation), records that it went back, or ignores
 * it; each decision is audited.
 */
export function UnrecognisedTransfers() {
  const list = useUnrecognisedTransfers('open');
  const [open, setOpen] = useState<{ row: UnrecognisedTransfer; action: Action } | null>(null);
  return (
    <Card>
      <h3 className="text-lg font-semibold text-ink">{t('admin.usdt.unrecognised')}</h3>
      <p className="text-sm text-ink-muted">{t('admin.usdt.unrecognised_description')}</p>
      <div className="mt-4">
        <QueryStates
          query={list}
          loadingClassName="h-24"
          errorMessage={t('admin.usdt.unrecognised_load_failed')}
          isEmpty={noRows}
          empty={t('admin.usdt.unrecognised_empty')}
          emptyInline
        >
          {(rows) => (
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('admin.usdt.unrecognised')}>
              <table className="w-full min-w-[48rem] text-left text-sm">
                <caption className="sr-only">{t('admin.usdt.unrecognised')}</caption>
                <TableHead
                  columns={[
                    t('admin.usdt.col_received'),
                    t('admin.usdt.col_network'),
                    t('admin.usdt.col_amount'),
                    t('admin.usdt.col_from'),
                    t('admin.usdt.col_tx'),
                    t('admin.usdt.col_actions'),
                  ]}
                />
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.chain_transfer_id} className="border-t border-surface-border align-top">
                      <td className="py-2 pr-3">{formatDateTime(row.block_time)}</td>
                      <td className="py-2 pr-3">{row.network}</td>
                      <td className="py-2 pr-3 font-semibold">{formatUSDT(row.amount)}</td>
                      <td className="max-w-40 break-all py-2 pr-3 font-mono text-xs">{row.from_address}</td>
                      <td className="max-w-40 break-all py-2 pr-3 font-mono text-xs">
                        <a
                          href={transactionUrl(row.network, row.tx_hash)}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-accent underline-offset-4 hover:underline"
                        >
                          {row.tx_hash}
                        </a>
                      </td>
                      <td className="py-2">
                        <div className="flex flex-wrap gap-2">
                          {(
                            [
                              ['assign', 'admin.usdt.assign'],
                              ['refund', 'admin.usdt.refund'],
                              ['ignore', 'admin.usdt.ignore'],
                            ] as const
                          ).map(([action, label]) => (
                            <Button
                              key={action}
                              variant={action === 'assign' ? 'primary' : 'secondary'}
                              className="px-2 py-1 text-xs"
                              aria-label={t('admin.usdt.action_for', {
                                action: t(label),
                                amount: formatUSDT(row.amount),
                              })}
                              onClick={() => setOpen({ row, action })}
                            >
                              {t(label)}
                            </Button>
                          ))}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryStates>
      </div>
      {open ? <ActionDialog row={open.row} action={open.action} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
