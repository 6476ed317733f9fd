import { useState } from 'react';
import { SelectField } from '@/components/form/select-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { CsvExportButton } from '@/components/ui/csv-export-button';
import { noPageRows, QueryStates } from '@/components/ui/query-states';
import {
  listWithdrawalsRange,
  useAdminWithdrawals,
  WITHDRAWALS_PAGE_SIZE,
  type AdminWithdrawal,
  type WithdrawalStatus,
} from '@/data/wallet/list-withdrawals';
import { t } from '@/i18n/admin';
import { collectPages } from '@/lib/csv';
import { formatDateTime, formatInteger, formatUSDT } from '@/lib/format';
import { useSupabase } from '@/lib/supabase-context';
import { useUrlState } from '@/lib/use-url-state';
import { Pagination } from '../../shared/components/pagination';
import { TabHeading } from '../../shared/components/tab-heading';
import { TableHead } from '../../shared/components/table-head';
import { WITHDRAWAL_STATUS_LABELS, withdrawalsCsv } from '../utils/withdrawals-csv';
import { WITHDRAWALS_URL_STATE } from '../utils/url-state';
import { useAuth } from '@/lib/auth/auth-context';
import { useToast } from '@/components/ui/toast';
import { useClaimWithdrawal } from '@/data/wallet/claim-withdrawal';
import { adminErrorMessage } from '../../shared/utils/errors';
import { claimAge } from '../utils/claim-age';
import { CompleteWithdrawalDialog, FailWithdrawalDialog, ReleaseWithdrawalDialog } from './withdrawal-decision-dialog';

const STATUS_LABELS = WITHDRAWAL_STATUS_LABELS;

type Modal = { kind: 'complete' | 'fail' | 'release'; withdrawal: AdminWithdrawal } | null;

const EMPTY_TEXT = {
  pending: 'admin.withdrawals.empty_pending',
  processing: 'admin.withdrawals.empty_processing',
} as const;

/**
 * Payouts tab (beyond the spec): the queue of pending withdrawal requests. An admin claims one
 * ('Przejmij': it moves to 'W realizacji' with the claimant and the claim's age, and the member can
 * no longer cancel it), sends the coins, and marks it completed with the transaction hash, fails it
 * with a reason, or releases it back to the queue when nothing was sent. A new address waits 24 h
 * before it can be claimed, and the row says so. The member's history and balance follow on the server.
 */
export function WithdrawalsTab() {
  const [view, setView] = useUrlState(WITHDRAWALS_URL_STATE);
  const { status } = view;
  const page = view.page - 1;
  const withdrawals = useAdminWithdrawals({ status, page });
  const [modal, setModal] = useState<Modal>(null);
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const claim = useClaimWithdrawal();
  const toast = useToast();
  const now = new Date();

  const claimRow = (row: AdminWithdrawal) =>
    claim.mutate(row.id, {
      onSuccess: () => {
        toast.show(t('admin.withdrawals.claimed_done', { amount: formatUSDT(row.amount) }), 'success');
        setView({ status: 'processing' });
      },
      onError: (error) => toast.show(adminErrorMessage(error, 'admin.withdrawals.claim_failed'), 'error'),
    });

  const decisionButtons = (row: AdminWithdrawal) => (
    <div className="flex flex-wrap gap-1">
      <Button
        className="px-2 py-1"
        aria-label={t('admin.withdrawals.complete_label', { amount: formatUSDT(row.amount) })}
        onClick={() => setModal({ kind: 'complete', withdrawal: row })}
      >
        {t('admin.withdrawals.complete')}
      </Button>
      <Button
        variant="secondary"
        className="px-2 py-1"
        aria-label={t('admin.withdrawals.fail_label', { amount: formatUSDT(row.amount) })}
        onClick={() => setModal({ kind: 'fail', withdrawal: row })}
      >
        {t('admin.withdrawals.fail')}
      </Button>
      {row.tx_hash ? null : (
        <Button
          variant="secondary"
          className="px-2 py-1"
          aria-label={t('admin.withdrawals.release_label', { amount: formatUSDT(row.amount) })}
          onClick={() => setModal({ kind: 'release', withdrawal: row })}
        >
          {t('admin.withdrawals.release')}
        </Button>
      )}
    </div>
  );

  const pendingAction = (row: AdminWithdrawal) => {
    if (row.hold_until && new Date(row.hold_until) > now) {
      return (
        <span className="text-xs text-accent">
          {t('admin.withdrawals.on_hold', { date: formatDateTime(row.hold_until) })}
        </span>
      );
    }
    return (
      <div className="space-y-1">
        <Button
          className="px-2 py-1"
          aria-label={t('admin.withdrawals.claim_label', { amount: formatUSDT(row.amount) })}
          disabled={claim.isPending && claim.variables === row.id}
          onClick={() => claimRow(row)}
        >
          {t('admin.withdrawals.claim')}
        </Button>
        {row.new_address && !row.hold_until ? (
          <span className="block text-xs text-ink-muted">{t('admin.withdrawals.new_address_confirmed')}</span>
        ) : null}
      </div>
    );
  };

  /** The withdrawals of the status on screen, every page (100 rows a request). */
  const buildCsv = async (onProgress: (rows: number) => void) => {
    const client = await getClient();
    return withdrawalsCsv(
      await collectPages((offset, limit) => listWithdrawalsRange(client, status, offset, limit), 100, onProgress),
    );
  };

  return (
    <section className="space-y-4">
      <TabHeading
        title={t('admin.withdrawals')}
        description={t('admin.withdrawals.description')}
        action={
          <div className="flex items-end gap-3">
            <div className="w-56">
              <SelectField
                label={t('admin.withdrawals.filter')}
                value={status}
                onChange={(event) => setView({ status: event.target.value as WithdrawalStatus })}
                options={(Object.keys(STATUS_LABELS) as WithdrawalStatus[]).map((value) => ({
                  value,
                  label: t(STATUS_LABELS[value]),
                }))}
              />
            </div>
            <CsvExportButton fileName="wyplaty.csv" build={buildCsv} disabled={!withdrawals.data?.rows.length} />
          </div>
        }
      />
      <QueryStates
        query={withdrawals}
        loadingClassName="h-48"
        errorMessage={t('admin.withdrawals.load_failed')}
        isEmpty={noPageRows}
        empty={t(status === 'pending' || status === 'processing' ? EMPTY_TEXT[status] : 'admin.withdrawals.empty')}
      >
        {(data) => (
          <Card>
            <div
              className="overflow-x-auto"
              tabIndex={0}
              role="region"
              aria-label={t(STATUS_LABELS[status])}
              aria-busy={withdrawals.isFetching || undefined}
            >
              <table className="w-full min-w-[52rem] text-left text-sm">
                <caption className="sr-only">{t(STATUS_LABELS[status])}</caption>
                <TableHead
                  columns={[
                    t('admin.withdrawals.member'),
                    t('admin.withdrawals.amount'),
                    t('admin.withdrawals.network'),
                    t('admin.withdrawals.address'),
                    t('admin.withdrawals.created'),
                    ...(status === 'processing' ? [t('admin.withdrawals.claimant')] : []),
                    status === 'pending' || status === 'processing'
                      ? t('admin.actions')
                      : t('admin.withdrawals.result'),
                  ]}
                />
                <tbody className="divide-y divide-surface-border">
                  {data.rows.map((row) => (
                    <tr key={row.id}>
                      <th scope="row" className="py-2 pr-3 font-medium text-ink">
                        {row.member_full_name || row.member_email || t('admin.withdrawals.deleted_member')}
                        {row.member_full_name && row.member_email ? (
                          <span className="block text-xs font-normal text-ink-muted">{row.member_email}</span>
                        ) : null}
                      </th>
                      <td className="py-2 pr-3 whitespace-nowrap">{formatUSDT(row.amount)}</td>
                      <td className="py-2 pr-3">{row.network}</td>
                      <td className="py-2 pr-3 break-all font-mono text-xs">
                        {row.address}
                        <CopyButton
                          text={row.address}
                          what={t('admin.withdrawals.copy_address')}
                          className="mt-1 flex"
                        />
                      </td>
                      <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(row.created_at)}</td>
                      {status === 'processing' ? (
                        <td className="py-2 pr-3 text-xs">
                          <span className="block break-all">
                            {row.claimed_by === user?.id
                              ? t('admin.withdrawals.you')
                              : (row.claimant_email ?? t('admin.withdrawals.deleted_member'))}
                          </span>
                          {row.claimed_at ? (
                            <time dateTime={row.claimed_at} className="text-ink-muted">
                              {t('admin.withdrawals.claimed_age', { age: claimAge(row.claimed_at, now) })}
                            </time>
                          ) : null}
                        </td>
                      ) : null}
                      <td className="py-2">
                        {status === 'pending' ? (
                          pendingAction(row)
                        ) : status === 'processing' ? (
                          row.claimed_by === user?.id ? (
                            decisionButtons(row)
                          ) : (
                            <span className="text-xs text-ink-muted">
                              {t('admin.withdrawals.claimed_by_other', {
                                admin: row.claimant_email ?? t('admin.withdrawals.deleted_member'),
                              })}
                            </span>
                          )
                        ) : (
                          <span className="break-all font-mono text-xs">
                            {row.tx_hash ?? row.failure_reason}
                            {row.tx_hash ? (
                              <CopyButton
                                text={row.tx_hash}
                                what={t('admin.withdrawals.copy_tx')}
                                className="mt-1 flex"
                              />
                            ) : null}
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {/* How many the list holds: what 'Finanse' counts links here (up to 1 000 counted). */}
            <p className="pt-3 text-sm text-ink-muted" data-testid="withdrawals-total">
              {t(data.total >= 1_000 ? 'admin.withdrawals.total_many' : 'admin.withdrawals.total', {
                count: formatInteger(data.total),
              })}
            </p>
            <Pagination
              page={page}
              pageSize={WITHDRAWALS_PAGE_SIZE}
              total={data.total}
              onPage={(next) => setView({ page: next + 1 })}
              label={t('admin.withdrawals.pages')}
            />
          </Card>
        )}
      </QueryStates>
      {modal?.kind === 'complete' ? (
        <CompleteWithdrawalDialog withdrawal={modal.withdrawal} onClose={() => setModal(null)} />
      ) : null}
      {modal?.kind === 'fail' ? (
        <FailWithdrawalDialog withdrawal={modal.withdrawal} onClose={() => setModal(null)} />
      ) : null}
      {modal?.kind === 'release' ? (
        <ReleaseWithdrawalDialog withdrawal={modal.withdrawal} onClose={() => setModal(null)} />
      ) : null}
    </section>
  );
}
