import { useState } from 'react';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CsvExportButton } from '@/components/ui/csv-export-button';
import { noPageRows, QueryStates } from '@/components/ui/query-states';
import type { AuditFilters } from '@/data/audit/keys';
import { listAudit, useAudit, type AuditRow } from '@/data/audit/list-audit';
import { useAuditActions } from '@/data/audit/list-audit-actions';
import { useAuditActors } from '@/data/audit/list-audit-actors';
import type { MemberMatch } from '@/data/users/search-members';
import { t } from '@/i18n/admin';
import { collectPages, csvDateTime, toCsv } from '@/lib/csv';
import { formatDateTime } from '@/lib/format';
import { useSupabase } from '@/lib/supabase-context';
import { useUrlState } from '@/lib/use-url-state';
import { TabHeading } from '../../shared/components/tab-heading';
import { TableHead } from '../../shared/components/table-head';
import { auditActionLabel, auditActionOptions } from '../utils/action-labels';
import { AUDIT_URL_STATE } from '../utils/url-state';
import { AuditChainStatus } from './audit-chain-status';
import { AuditMemberFilter } from './audit-member-filter';

const NO_FILTERS: AuditFilters = { actor: '', action: '', member: '', from: '', to: '', request: '' };

/** The changed fields as "field: before → after", one per line (secrets are never recorded). */
function changes(row: Pick<AuditRow, 'before' | 'after'>): string {
  const before = (row.before ?? {}) as Record<string, unknown>;
  const after = (row.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const show = (value: unknown) =>
    value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return keys.map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`).join('\n');
}

/** Who wrote: the admin's e-mail, or 'System' with the edge function's name (service_role writes). */
function actorOf(row: Pick<AuditRow, 'actor_email' | 'actor_kind' | 'function_name'>): string {
  if (row.actor_email) return row.actor_email;
  if (row.actor_kind === 'system') {
    return row.function_name ? t('admin.audit.system_function', { name: row.function_name }) : t('admin.audit.system');
  }
  return '—';
}

/**
 * 'Dziennik zmian': every admin write, newest first — who, when, the action, the target and the
 * changed fields — filtered by admin, action, member, days and request id ('identyfikator
 * zdarzenia', e.g. from a member's error message); paged; the filtered list as CSV.
 */
export function AuditTab() {
  const { getClient } = useSupabase();
  const [view, setView] = useUrlState(AUDIT_URL_STATE);
  const { page: urlPageNumber, ...filters } = view;
  const page = urlPageNumber - 1;
  const [draft, setDraft] = useState<AuditFilters>(filters);
  // The chosen member's name (the address holds only the id; a shared link shows the id until a new choice).
  const [member, setMember] = useState<MemberMatch | null>(
    filters.member ? { userId: filters.member, fullName: filters.member, email: '' } : null,
  );
  const actors = useAuditActors();
  const actions = useAuditActions();
  // The applied filters changed in the address (back, a shared link): the form follows.
  const filtersKey = JSON.stringify(filters);
  const [shownKey, setShownKey] = useState(filtersKey);
  if (filtersKey !== shownKey) {
    setShownKey(filtersKey);
    setDraft(filters);
    if ((member?.userId ?? '') !== filters.member) {
      setMember(filters.member ? { userId: filters.member, fullName: filters.member, email: '' } : null);
    }
  }
  const audit = useAudit(filters, page);

  const field = (key: keyof AuditFilters) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [key]: event.target.value })),
  });

  /** The trail as the filters show it, 1 000 rows a request. */
  const buildCsv = async (onProgress: (rows: number) => void) => {
    const client = await getClient();
    const rows = await collectPages(
      async (offset, limit) => (await listAudit(client, filters, offset, limit)).rows,
      1000,
      onProgress,
    );
    return toCsv(
      [
        t('admin.audit.date'),
        t('admin.audit.actor'),
        t('admin.audit.action'),
        t('admin.audit.target'),
        t('admin.audit.member'),
        t('admin.audit.changes'),
        t('admin.audit.request'),
      ],
      rows.map((row) => [
        csvDateTime(row.created_at),
        actorOf(row),
        row.action,
        `${row.target_type}${row.target_id ? ` ${row.target_id}` : ''}`,
        row.target_user_id,
        changes(row),
        row.request_id,
      ]),
    );
  };

  return (
    <section className="space-y-4">
      <TabHeading title={t('admin.audit')} description={t('admin.audit.description')} />
      <AuditChainStatus />
      <Card>
        <form
          noValidate
          className="grid gap-3 md:grid-cols-3 xl:grid-cols-7 xl:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            setView({ ...draft, page: 1 });
          }}
        >
          <SelectField
            label={t('admin.audit.actor_filter')}
            {...field('actor')}
            options={[
              { value: '', label: t('admin.audit.actor_all') },
              ...(actors.data ?? []).map((actor) => ({ value: actor.id ?? '', label: actor.email ?? '' })),
            ]}
            error={actors.isError ? t('admin.audit.actors_failed') : undefined}
          />
          <SelectField
            label={t('admin.audit.action')}
            {...field('action')}
            options={[{ value: '', label: t('admin.audit.action_all') }, ...auditActionOptions(actions.data ?? [])]}
            error={actions.isError ? t('admin.audit.actions_failed') : undefined}
          />
          <AuditMemberFilter
            value={member}
            onChange={(chosen) => {
              setMember(chosen);
              setDraft((current) => ({ ...current, member: chosen?.userId ?? '' }));
            }}
          />
          <TextField label={t('admin.audit.from')} type="date" {...field('from')} />
          <TextField label={t('admin.audit.to')} type="date" {...field('to')} />
          <TextField
            label={t('admin.audit.request')}
            {...field('request')}
            maxLength={128}
            spellCheck={false}
            autoComplete="off"
            className="font-mono"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="secondary">
              {t('admin.audit.filter')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(NO_FILTERS);
                setMember(null);
                setView({ ...NO_FILTERS, page: 1 });
              }}
            >
              {t('admin.audit.clear')}
            </Button>
          </div>
        </form>
      </Card>
      <Card
        title={t('admin.audit.list')}
        actions={<CsvExportButton fileName="dziennik-zmian.csv" build={buildCsv} disabled={!audit.data?.rows.length} />}
      >
        <QueryStates
          query={audit}
          loadingClassName="h-64"
          errorMessage={t('admin.audit.failed')}
          isEmpty={noPageRows}
          empty={t('admin.audit.empty')}
        >
          {(data) => (
            <>
              {/* Scrolls sideways on narrow screens: focusable so the keyboard can scroll it. */}
              <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('admin.audit.list')}>
                <table className="w-full text-left text-sm" aria-busy={audit.isPlaceholderData || undefined}>
                  <TableHead
                    columns={[
                      t('admin.audit.date'),
                      t('admin.audit.actor'),
                      t('admin.audit.action'),
                      t('admin.audit.target'),
                      t('admin.audit.changes'),
                    ]}
                  />
                  <tbody className="divide-y divide-surface-border align-top">
                    {data.rows.map((row) => (
                      <tr key={row.id} data-audit-action={row.action}>
                        <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(row.created_at)}</td>
                        <td className="py-2 pr-3 break-all">
                          {actorOf(row)}
                          {row.request_id ? (
                            <span className="block font-mono text-xs text-ink-muted">
                              <span className="sr-only">{t('admin.audit.request')}: </span>
                              {row.request_id}
                            </span>
                          ) : null}
                        </td>
                        <td className="py-2 pr-3">
                          {auditActionLabel(row.action ?? '')}
                          <span className="block font-mono text-xs text-ink-muted">{row.action}</span>
                        </td>
                        <td className="py-2 pr-3 break-all text-xs">
                          {row.target_type}
                          {row.target_id ? ` ${row.target_id}` : ''}
                        </td>
                        <td className="py-2 whitespace-pre-wrap break-all font-mono text-xs">{changes(row)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <nav aria-label={t('admin.audit.pages')} className="flex items-center justify-between gap-3 pt-4">
                <Button variant="secondary" onClick={() => setView({ page: urlPageNumber - 1 })} disabled={page === 0}>
                  {t('admin.pagination.previous')}
                </Button>
                <p className="text-sm text-ink-muted" aria-live="polite">
                  {t('admin.audit.page', { page: page + 1 })}
                </p>
                <Button
                  variant="secondary"
                  onClick={() => setView({ page: urlPageNumber + 1 })}
                  disabled={!data.hasMore}
                >
                  {t('admin.pagination.next')}
                </Button>
              </nav>
            </>
          )}
        </QueryStates>
      </Card>
    </section>
  );
}
