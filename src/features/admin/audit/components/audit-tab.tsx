import { useState } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { t } from '@/i18n/admin';
import { collectPages, downloadCsv, toCsv } from '@/lib/csv';
import { formatDateTime } from '@/lib/format';
import { useSupabase } from '@/lib/supabase-context';
import { urlDate, urlPage, urlText, useUrlState } from '@/lib/use-url-state';
import type { AuditFilters } from '../../shared/api/keys';
import { QueryStates } from '../../shared/components/query-states';
import { TabHeading } from '../../shared/components/tab-heading';
import { TableHead } from '../../shared/components/table-head';
import { listAudit, useAudit, type AuditRow } from '../api/list-audit';

const NO_FILTERS: AuditFilters = { actor: '', action: '', member: '', from: '', to: '' };

/** The applied filters and the page (1-based) in the address: ?actor=&action=&member=&from=&to=&page=. */
const URL_STATE = {
  actor: urlText(),
  action: urlText(),
  member: urlText(),
  from: urlDate(),
  to: urlDate(),
  page: urlPage(),
};

/** The changed fields as "field: before → after", one per line (secrets are never recorded). */
function changes(row: Pick<AuditRow, 'before' | 'after'>): string {
  const before = (row.before ?? {}) as Record<string, unknown>;
  const after = (row.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const show = (value: unknown) =>
    value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return keys.map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`).join('\n');
}

/**
 * 'Dziennik zmian': every admin write, newest first — who, when, the action, the target and the
 * changed fields — filtered by admin, action, member and days; paged; the filtered list as CSV.
 */
export function AuditTab() {
  const { getClient } = useSupabase();
  const [view, setView] = useUrlState(URL_STATE);
  const { page: urlPageNumber, ...filters } = view;
  const page = urlPageNumber - 1;
  const [draft, setDraft] = useState<AuditFilters>(filters);
  // The applied filters changed in the address (back, a shared link): the form follows.
  const filtersKey = JSON.stringify(filters);
  const [shownKey, setShownKey] = useState(filtersKey);
  if (filtersKey !== shownKey) {
    setShownKey(filtersKey);
    setDraft(filters);
  }
  const [csv, setCsv] = useState<'idle' | 'pending' | 'failed'>('idle');
  const audit = useAudit(filters, page);

  const field = (key: keyof AuditFilters) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [key]: event.target.value })),
  });

  const exportCsv = async () => {
    setCsv('pending');
    try {
      const client = await getClient();
      const rows = await collectPages(async (offset, limit) => (await listAudit(client, filters, offset, limit)).rows);
      downloadCsv(
        'dziennik-zmian.csv',
        toCsv(
          [
            t('admin.audit.date'),
            t('admin.audit.actor'),
            t('admin.audit.action'),
            t('admin.audit.target'),
            t('admin.audit.member'),
            t('admin.audit.changes'),
          ],
          rows.map((row) => [
            row.created_at,
            row.actor_email,
            row.action,
            `${row.target_type}${row.target_id ? ` ${row.target_id}` : ''}`,
            row.target_user_id,
            changes(row),
          ]),
        ),
      );
      setCsv('idle');
    } catch {
      setCsv('failed');
    }
  };

  return (
    <section className="space-y-4">
      <TabHeading title={t('admin.audit')} description={t('admin.audit.description')} />
      <Card>
        <form
          noValidate
          className="grid gap-3 md:grid-cols-3 xl:grid-cols-6 xl:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            setView({ ...draft, page: 1 });
          }}
        >
          <TextField label={t('admin.audit.actor')} type="email" autoComplete="off" {...field('actor')} />
          <TextField
            label={t('admin.audit.action')}
            hint={t('admin.audit.action_hint')}
            autoComplete="off"
            {...field('action')}
          />
          <TextField label={t('admin.audit.member_id')} autoComplete="off" {...field('member')} />
          <TextField label={t('admin.audit.from')} type="date" {...field('from')} />
          <TextField label={t('admin.audit.to')} type="date" {...field('to')} />
          <div className="flex gap-2">
            <Button type="submit" variant="secondary">
              {t('admin.audit.filter')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(NO_FILTERS);
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
        actions={
          <Button
            variant="secondary"
            onClick={() => void exportCsv()}
            disabled={csv === 'pending' || !audit.data?.rows.length}
            aria-busy={csv === 'pending' || undefined}
          >
            {t('admin.csv')}
          </Button>
        }
      >
        {csv === 'failed' ? <FormAlert>{t('admin.csv_failed')}</FormAlert> : null}
        <QueryStates
          query={audit}
          loadingClassName="h-64"
          errorMessage={t('admin.audit.failed')}
          isEmpty={(data) => data.rows.length === 0}
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
                        <td className="py-2 pr-3 break-all">{row.actor_email ?? '—'}</td>
                        <td className="py-2 pr-3 font-mono text-xs">{row.action}</td>
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
