import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SelectField } from '@/components/form/select-field';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { useExportMemberData } from '@/data/privacy/export-member-data';
import {
  PRIVACY_REQUESTS_PAGE_SIZE,
  type PrivacyRequest,
  type PrivacyRequestStatus,
  usePrivacyRequests,
} from '@/data/privacy/list-privacy-requests';
import { siteSettingsQueryOptions } from '@/data/site-settings/get-site-settings';
import { t } from '@/i18n/admin';
import { downloadFile } from '@/lib/download';
import { formatDate, formatDateTime } from '@/lib/format';
import { useSupabase } from '@/lib/supabase-context';
import { TabHeading } from '../../shared/components/tab-heading';
import { TableHead } from '../../shared/components/table-head';
import { UserDeleteDialog } from '../../shared/components/user-delete-dialog';
import { adminErrorMessage } from '../../shared/utils/errors';
import { CloseRequestDialog } from './close-request-dialog';
import { RecordRequestDialog } from './record-request-dialog';

const STATUS_TONE: Record<PrivacyRequestStatus, BadgeTone> = {
  open: 'accent',
  completed: 'success',
  refused: 'neutral',
};
const FILTERS = ['all', 'open', 'completed', 'refused'] as const;
type Filter = (typeof FILTERS)[number];
const DAY_MS = 86_400_000;

type Action = { kind: 'delete' | 'completed' | 'refused'; request: PrivacyRequest } | { kind: 'record' } | null;

/** The member the request is about: the account's e-mail and name, or who wrote, or that they are gone. */
function Member({ request }: { request: PrivacyRequest }) {
  if (request.member_email) {
    return (
      <>
        <span className="block break-all">{request.member_email}</span>
        {request.member_name ? <span className="block text-xs text-ink-muted">{request.member_name}</span> : null}
      </>
    );
  }
  if (request.subject_erased) return <span className="text-ink-muted">{t('admin.privacy.erased_member')}</span>;
  return (
    <>
      <span className="block break-all">{request.requester_email}</span>
      <span className="block text-xs text-ink-muted">{t('admin.privacy.no_account')}</span>
    </>
  );
}

/** The deadline, and for an open request how long is left (or that it passed). */
function Deadline({ request, now }: { request: PrivacyRequest; now: number }) {
  const left = Math.ceil((Date.parse(request.due_at) - now) / DAY_MS);
  return (
    <>
      <span className="block whitespace-nowrap">{formatDate(request.due_at)}</span>
      {request.status === 'open' ? (
        left < 0 ? (
          <Badge tone="danger">{t('admin.privacy.overdue')}</Badge>
        ) : (
          <span className={`block text-xs ${left <= 7 ? 'text-accent' : 'text-ink-muted'}`}>
            {t('admin.privacy.days_left', { days: left })}
          </span>
        )
      ) : null}
    </>
  );
}

function handler(request: PrivacyRequest): string {
  if (request.handled_by_email) return request.handled_by_email;
  if (request.status !== 'open' && request.channel === 'app') return t('admin.privacy.by_member');
  return '—';
}

/**
 * 'Wnioski RODO' (issue 38 §3): every copy and erasure of members' data — asked in the app, sent
 * by e-mail or letter (recorded here), or done by the club — with the date, kind, deadline (a
 * month), status and who handled it; open ones first by deadline. An open copy request is answered
 * with the member's file ('Pobierz dane członka'), an erasure by deleting the account (the same
 * erasure as the member's own, with a reason); any open one can be marked answered or refused.
 */
export function PrivacyRequestsTab() {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(0);
  const requests = usePrivacyRequests(filter === 'all' ? null : filter, page);
  const exporting = useExportMemberData();
  const queryClient = useQueryClient();
  const { getClient } = useSupabase();
  const toast = useToast();
  const [action, setAction] = useState<Action>(null);
  // The days left are counted from when the tab was opened (a deadline is a day's matter).
  const [now] = useState(() => Date.now());
  const total = Number(requests.data?.[0]?.total_count ?? 0);
  const pages = Math.max(1, Math.ceil(total / PRIVACY_REQUESTS_PAGE_SIZE));

  const exportFor = async (request: PrivacyRequest) => {
    // The file's notice names the club and its contact (the site settings, read once if not yet).
    const site = await queryClient.ensureQueryData(siteSettingsQueryOptions(getClient)).catch(() => null);
    exporting.mutate(
      {
        requestId: request.id,
        controller: { controller: site?.site_title ?? t('app.name'), contact: site?.privacy_contact_email },
      },
      {
        onSuccess: ({ fileName, content }) => {
          downloadFile(fileName, content);
          toast.show(t('admin.privacy.exported'), 'success');
        },
        onError: (error) => toast.show(adminErrorMessage(error, 'admin.privacy.export_failed'), 'error'),
      },
    );
  };

  return (
    <div className="space-y-6">
      <TabHeading
        title={t('admin.privacy')}
        description={t('admin.privacy.description')}
        action={<Button onClick={() => setAction({ kind: 'record' })}>{t('admin.privacy.record')}</Button>}
      />
      <Card title={t('admin.privacy.list')}>
        <div className="mb-4 max-w-xs">
          <SelectField
            label={t('admin.privacy.filter')}
            value={filter}
            options={FILTERS.map((value) => ({ value, label: t(`admin.privacy.filter.${value}`) }))}
            onChange={(event) => {
              setFilter(event.target.value as Filter);
              setPage(0);
            }}
          />
        </div>
        <QueryStates
          query={requests}
          loadingClassName="h-48"
          errorMessage={t('admin.privacy.failed')}
          isEmpty={noRows}
          empty={t('admin.privacy.empty')}
          keepData
        >
          {(rows) => (
            <div className="space-y-4">
              <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('admin.privacy.list')}>
                <table className="w-full text-left text-sm">
                  <TableHead
                    columns={[
                      t('admin.privacy.received'),
                      t('admin.privacy.kind'),
                      t('admin.privacy.member'),
                      t('admin.privacy.due'),
                      t('admin.privacy.status'),
                      t('admin.privacy.handled_by'),
                      t('admin.privacy.actions'),
                    ]}
                  />
                  <tbody className="divide-y divide-surface-border">
                    {rows.map((request) => (
                      <tr key={request.id} data-request-id={request.id} className="align-top">
                        <td className="py-2 pr-3 whitespace-nowrap">
                          {formatDateTime(request.received_at)}
                          <span className="block text-xs text-ink-muted">
                            {t(`admin.privacy.channel.${request.channel as 'app'}`)}
                          </span>
                        </td>
                        <td className="py-2 pr-3">{t(`admin.privacy.kind.${request.kind}`)}</td>
                        <td className="py-2 pr-3">
                          <Member request={request} />
                        </td>
                        <td className="py-2 pr-3">
                          <Deadline request={request} now={now} />
                        </td>
                        <td className="py-2 pr-3">
                          <Badge tone={STATUS_TONE[request.status]}>
                            {t(`admin.privacy.status.${request.status}`)}
                          </Badge>
                          {request.completed_at ? (
                            <span className="block text-xs text-ink-muted">{formatDateTime(request.completed_at)}</span>
                          ) : null}
                          {request.note ? (
                            <span className="block text-xs break-words text-ink-muted">{request.note}</span>
                          ) : null}
                        </td>
                        <td className="py-2 pr-3 break-all">{handler(request)}</td>
                        <td className="py-2">
                          {request.status === 'open' ? (
                            <div className="flex flex-wrap gap-2">
                              {request.kind === 'export' && request.user_id ? (
                                <Button
                                  size="sm"
                                  disabled={exporting.isPending}
                                  onClick={() => void exportFor(request)}
                                >
                                  {t('admin.privacy.export_file')}
                                </Button>
                              ) : null}
                              {request.kind === 'erasure' && request.user_id ? (
                                <Button
                                  size="sm"
                                  variant="danger"
                                  onClick={() => setAction({ kind: 'delete', request })}
                                >
                                  {t('admin.privacy.delete_account')}
                                </Button>
                              ) : null}
                              {request.kind !== 'erasure' ? (
                                <Button
                                  size="sm"
                                  variant="secondary"
                                  onClick={() => setAction({ kind: 'completed', request })}
                                >
                                  {t('admin.privacy.complete')}
                                </Button>
                              ) : null}
                              <Button
                                size="sm"
                                variant="ghost-danger"
                                onClick={() => setAction({ kind: 'refused', request })}
                              >
                                {t('admin.privacy.refuse')}
                              </Button>
                            </div>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {pages > 1 ? (
                <div className="flex items-center justify-end gap-3 text-sm">
                  <Button size="sm" variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
                    {t('admin.privacy.previous')}
                  </Button>
                  <span>{t('admin.privacy.page', { page: `${page + 1} / ${pages}` })}</span>
                  <Button size="sm" variant="secondary" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
                    {t('admin.privacy.next')}
                  </Button>
                </div>
              ) : null}
            </div>
          )}
        </QueryStates>
      </Card>
      {action?.kind === 'record' ? <RecordRequestDialog onClose={() => setAction(null)} /> : null}
      {action?.kind === 'delete' && action.request.user_id ? (
        <UserDeleteDialog
          user={{
            user_id: action.request.user_id,
            email: action.request.member_email ?? action.request.requester_email ?? '',
          }}
          requestId={action.request.id}
          onClose={() => setAction(null)}
        />
      ) : null}
      {action?.kind === 'completed' || action?.kind === 'refused' ? (
        <CloseRequestDialog request={action.request} status={action.kind} onClose={() => setAction(null)} />
      ) : null}
    </div>
  );
}
