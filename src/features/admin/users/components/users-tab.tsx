import { useState } from 'react';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CsvExportButton } from '@/components/ui/csv-export-button';
import { noPageRows, QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { useConfirmEmail } from '@/data/users/confirm-email';
import { listUsersRange, useAdminUsers, USERS_PAGE_SIZE, type AdminUser } from '@/data/users/list-users';
import { t } from '@/i18n/admin';
import { useAuth } from '@/lib/auth/auth-context';
import { collectPages, csvDate, csvDateTime, toCsv } from '@/lib/csv';
import { formatDate, warsawDay } from '@/lib/format';
import { useSupabase } from '@/lib/supabase-context';
import { useDebouncedSearch, useUrlState } from '@/lib/use-url-state';
import { Constants } from '@/types/database.types';
import { Pagination } from '../../shared/components/pagination';
import { DeleteButton, EditButton } from '../../shared/components/row-actions';
import { TabHeading } from '../../shared/components/tab-heading';
import { TableHead } from '../../shared/components/table-head';
import { adminErrorMessage } from '../../shared/utils/errors';
import { USER_SORT_LABELS, USERS_URL_STATE, usersListParams } from '../utils/url-state';
import { CccAssignDialog } from './ccc-assign-dialog';
import { UserDeleteDialog } from '../../shared/components/user-delete-dialog';
import { UserEditDialog } from './user-edit-dialog';
import { WalletDialog } from './wallet-dialog';

const SEARCH_DEBOUNCE_MS = 300;

type Modal = { kind: 'edit' | 'delete' | 'ccc' | 'wallet'; user: AdminUser } | null;

function levelTone(level: string) {
  return level === 'FREE' ? 'neutral' : 'accent';
}

/**
 * The level that counts (issue 19 §3: the effective level, FREE after the end date); under it the end
 * date of a running paid level, the stored level and the day it ended when they differ (not rolled
 * over yet), or the day a membership ran out.
 */
function LevelCell({ row }: { row: AdminUser }) {
  const date = row.membership_valid_until ? formatDate(row.membership_valid_until, { timeZone: 'UTC' }) : null;
  const ended = row.effective_level !== row.membership_level;
  return (
    <div className="space-y-1">
      <Badge tone={levelTone(row.effective_level)}>{row.effective_level}</Badge>
      {ended && date ? (
        <p className="text-xs whitespace-nowrap text-ink-muted">
          <span aria-hidden="true">{t('admin.users.level_ended', { level: row.membership_level, date })}</span>
          <span className="sr-only">{t('admin.users.level_ended_label', { level: row.membership_level, date })}</span>
        </p>
      ) : row.membership_level !== 'FREE' && date ? (
        <p className="text-xs whitespace-nowrap text-ink-muted">{t('admin.users.level_until', { date })}</p>
      ) : row.membership_valid_until && date && row.membership_valid_until < warsawDay() ? (
        // A membership that ran out: FREE in the cache, with the day it ended.
        <p className="text-xs whitespace-nowrap text-ink-muted">{t('admin.users.membership_ended', { date })}</p>
      ) : null}
    </div>
  );
}

/**
 * Users tab (product.md#dashboard-2, §7 Admin): search over name / e-mail / phone, filters (e-mail
 * confirmed, level), sorts, server-side pages of 20; edit, confirm e-mail, CCC packages, delete.
 */
export function UsersTab() {
  const { user: me } = useAuth();
  const toast = useToast();
  const [view, setView] = useUrlState(USERS_URL_STATE);
  const search = useDebouncedSearch(view.q, (q) => setView({ q }, { replace: true }), SEARCH_DEBOUNCE_MS);
  const [modal, setModal] = useState<Modal>(null);
  const confirmEmail = useConfirmEmail();
  const page = view.page - 1;
  const setPage = (next: number) => setView({ page: next + 1 });

  const params = usersListParams(view);
  const users = useAdminUsers(params);
  const { getClient } = useSupabase();

  /** The list as the filters show it, every page (100 rows a request). */
  const buildCsv = async (onProgress: (rows: number) => void) => {
    const client = await getClient();
    const rows = await collectPages((offset, limit) => listUsersRange(client, params, offset, limit), 100, onProgress);
    return toCsv(
      [
        t('admin.users.full_name'),
        t('admin.users.email'),
        t('admin.users.phone'),
        t('admin.users.level'),
        t('admin.users.valid_until_column'),
        t('admin.users.email_confirmed'),
        t('admin.users.created'),
      ],
      rows.map((row) => [
        row.full_name,
        row.email,
        row.phone,
        row.effective_level,
        row.membership_valid_until ? csvDate(row.membership_valid_until) : '',
        row.email_confirmed ? t('admin.users.confirmed_yes') : t('admin.users.confirmed_no'),
        csvDateTime(row.created_at),
      ]),
    );
  };

  const confirm = async (user: AdminUser) => {
    try {
      await confirmEmail.mutateAsync(user.user_id);
      toast.show(t('admin.users.email_confirmed_done', { email: user.email }));
    } catch (failure) {
      toast.show(adminErrorMessage(failure, 'admin.user_update_failed'), 'error');
    }
  };

  return (
    <section className="space-y-4">
      <TabHeading title={t('admin.users')} action={<CsvExportButton fileName="uzytkownicy.csv" build={buildCsv} />} />
      <Card>
        <div className="grid gap-4 md:grid-cols-4" role="search" aria-label={t('admin.users.search_region')}>
          <TextField
            label={t('admin.users.search')}
            type="search"
            value={search.term}
            onChange={(event) => search.setTerm(event.target.value)}
            placeholder={t('admin.users.search_placeholder')}
          />
          <SelectField
            label={t('admin.users.filter_confirmed')}
            value={view.confirmed ?? ''}
            onChange={(event) => setView({ confirmed: (event.target.value || null) as typeof view.confirmed })}
            placeholder={t('admin.users.all')}
            options={[
              { value: 'true', label: t('admin.users.confirmed_yes') },
              { value: 'false', label: t('admin.users.confirmed_no') },
            ]}
          />
          <SelectField
            label={t('admin.users.filter_level')}
            value={view.level ?? ''}
            onChange={(event) => setView({ level: (event.target.value || null) as typeof view.level })}
            placeholder={t('admin.users.all')}
            options={Constants.public.Enums.membership_level.map((value) => ({ value, label: value }))}
          />
          <SelectField
            label={t('admin.users.sort')}
            value={view.sort}
            onChange={(event) => setView({ sort: event.target.value as typeof view.sort })}
            options={Object.entries(USER_SORT_LABELS).map(([value, key]) => ({ value, label: t(key) }))}
          />
        </div>
      </Card>

      <QueryStates
        query={users}
        loadingClassName="h-64"
        errorMessage={(error) => adminErrorMessage(error, 'admin.users.load_failed')}
        isEmpty={noPageRows}
        empty={t('admin.users.empty')}
      >
        {(data) => (
          <Card>
            <p className="mb-3 text-sm text-ink-muted" aria-live="polite">
              {data.more
                ? t('admin.users.count_more', { count: data.total.toLocaleString('pl-PL') })
                : t('admin.users.count', { count: data.total })}
            </p>
            <div
              className="overflow-x-auto"
              tabIndex={0}
              role="region"
              aria-label={t('admin.users')}
              aria-busy={users.isFetching || undefined}
            >
              <table className="w-full min-w-[56rem] text-left text-sm">
                <caption className="sr-only">{t('admin.users')}</caption>
                <TableHead
                  columns={[
                    t('admin.users.full_name'),
                    t('admin.users.email'),
                    t('admin.users.phone'),
                    t('admin.users.level'),
                    t('admin.users.email_confirmed'),
                    t('admin.users.created'),
                    t('admin.actions'),
                  ]}
                />
                <tbody className="divide-y divide-surface-border">
                  {data.rows.map((row) => {
                    const self = row.user_id === me?.id;
                    const name = row.full_name || row.email;
                    return (
                      <tr key={row.user_id}>
                        <th scope="row" className="py-2 pr-3 font-medium text-ink">
                          {row.full_name || '—'}
                        </th>
                        <td className="py-2 pr-3 break-all">{row.email}</td>
                        <td className="py-2 pr-3 whitespace-nowrap">{row.phone || '—'}</td>
                        <td className="py-2 pr-3">
                          <LevelCell row={row} />
                        </td>
                        <td className="py-2 pr-3">
                          {row.email_confirmed ? t('admin.users.confirmed_yes') : t('admin.users.confirmed_no')}
                        </td>
                        <td className="py-2 pr-3 whitespace-nowrap">{formatDate(row.created_at)}</td>
                        <td className="py-2">
                          <div className="flex flex-wrap gap-1">
                            <EditButton
                              dense
                              label={t('admin.users.edit_label', { name })}
                              onClick={() => setModal({ kind: 'edit', user: row })}
                            />
                            {row.email_confirmed ? null : (
                              <Button
                                variant="secondary"
                                className="px-2 py-1"
                                aria-label={t('admin.users.confirm_email_label', { name })}
                                disabled={confirmEmail.isPending}
                                onClick={() => void confirm(row)}
                              >
                                {t('admin.users.confirm_email')}
                              </Button>
                            )}
                            <Button
                              variant="secondary"
                              className="px-2 py-1"
                              aria-label={t('admin.users.ccc_label', { name })}
                              onClick={() => setModal({ kind: 'ccc', user: row })}
                            >
                              {t('admin.users.ccc')}
                            </Button>
                            <Button
                              variant="secondary"
                              className="px-2 py-1"
                              aria-label={t('admin.users.wallet_label', { name })}
                              onClick={() => setModal({ kind: 'wallet', user: row })}
                            >
                              {t('admin.users.wallet')}
                            </Button>
                            <DeleteButton
                              dense
                              label={t('admin.users.delete_label', { name })}
                              title={self ? t('admin.cannot_delete_self') : undefined}
                              disabled={self}
                              onClick={() => setModal({ kind: 'delete', user: row })}
                            />
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pagination
              page={page}
              pageSize={USERS_PAGE_SIZE}
              total={data.total}
              onPage={setPage}
              label={t('admin.users.pages')}
            />
          </Card>
        )}
      </QueryStates>

      {modal?.kind === 'edit' ? <UserEditDialog user={modal.user} onClose={() => setModal(null)} /> : null}
      {modal?.kind === 'delete' ? <UserDeleteDialog user={modal.user} onClose={() => setModal(null)} /> : null}
      {modal?.kind === 'ccc' ? <CccAssignDialog user={modal.user} onClose={() => setModal(null)} /> : null}
      {modal?.kind === 'wallet' ? <WalletDialog user={modal.user} onClose={() => setModal(null)} /> : null}
    </section>
  );
}
