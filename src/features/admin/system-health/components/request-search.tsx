import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { type RequestTrace, useFindRequest } from '@/data/operations/find-request';
import { t, type AdminAreaMessageKey } from '@/i18n/admin';
import { formatDateTime } from '@/lib/format';
import { urlText, useUrlState } from '@/lib/use-url-state';
import { TableHead } from '../../shared/components/table-head';
import { adminErrorMessage } from '../../shared/utils/errors';

/** The id in the address (?request=…), so a link or a reload shows the same rows. */
const REQUEST_URL_STATE = { request: urlText(128) };

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Where a row is: the audit trail, the outbox or the gateway's events. */
function sourceLabel(row: RequestTrace): string {
  return t(`admin.system_health.request.source.${row.source}` as AdminAreaMessageKey);
}

/**
 * 'Znajdź zdarzenie' (issue 40 §3): an 'identyfikator zdarzenia' (from a member's error message or
 * a function's log line) and every row the request left — audit rows, the e-mails it queued, the
 * Przelewy24 events — oldest first; an audit row links to 'Dziennik zmian' filtered by the id.
 */
export function RequestSearch() {
  const [view, setView] = useUrlState(REQUEST_URL_STATE);
  const [draft, setDraft] = useState(view.request);
  const [invalid, setInvalid] = useState(false);
  const applied = view.request.trim();
  const found = useFindRequest(applied);

  return (
    <Card title={t('admin.system_health.request')}>
      <div className="space-y-4">
        <form
          noValidate
          role="search"
          aria-label={t('admin.system_health.request')}
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            const id = draft.trim();
            const ok = REQUEST_ID.test(id);
            setInvalid(!ok);
            if (ok) setView({ request: id });
          }}
        >
          <div className="min-w-64 flex-1">
            <TextField
              label={t('admin.system_health.request.id')}
              hint={t('admin.system_health.request.id_hint')}
              value={draft}
              onChange={(event) => {
                setDraft(event.target.value);
                setInvalid(false);
              }}
              maxLength={200}
              spellCheck={false}
              autoComplete="off"
              className="font-mono"
              error={invalid ? t('admin.system_health.request.invalid') : undefined}
            />
          </div>
          <Button type="submit" variant="secondary">
            {t('admin.system_health.request.search')}
          </Button>
        </form>
        {applied ? (
          <QueryStates
            query={found}
            loadingClassName="h-24"
            errorMessage={(error) => adminErrorMessage(error, 'admin.system_health.request.failed')}
            isEmpty={noRows}
            empty={t('admin.system_health.request.empty', { id: applied })}
            emptyInline
          >
            {(rows) => (
              <div
                className="overflow-x-auto"
                tabIndex={0}
                role="region"
                aria-label={t('admin.system_health.request.results', { id: applied })}
              >
                <table className="w-full text-left text-sm">
                  <TableHead
                    columns={[
                      t('admin.system_health.request.when'),
                      t('admin.system_health.request.where'),
                      t('admin.system_health.request.what'),
                      t('admin.system_health.request.target'),
                      t('admin.system_health.request.detail'),
                    ]}
                  />
                  <tbody className="divide-y divide-surface-border align-top">
                    {rows.map((row, index) => (
                      <tr key={`${row.source}-${index}`} data-source={row.source}>
                        <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(row.created_at)}</td>
                        <td className="py-2 pr-3">
                          {row.source === 'audit' ? (
                            <Link
                              className="text-accent underline"
                              to={`${paths.dashboard.admin.audit.path}?request=${encodeURIComponent(applied)}`}
                            >
                              {sourceLabel(row)}
                            </Link>
                          ) : (
                            sourceLabel(row)
                          )}
                        </td>
                        <td className="py-2 pr-3 font-mono text-xs break-all">{row.summary}</td>
                        <td className="py-2 pr-3 break-all text-xs">{row.target}</td>
                        <td className="py-2 break-words">{row.detail}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </QueryStates>
        ) : null}
      </div>
    </Card>
  );
}
