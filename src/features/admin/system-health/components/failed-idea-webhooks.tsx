import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { useFailedIdeaWebhooks } from '@/data/operations/list-failed-idea-webhooks';
import { useRetryIdeaWebhook } from '@/data/operations/retry-idea-webhook';
import { t } from '@/i18n/admin';
import { formatDateTime } from '@/lib/format';
import { TableHead } from '../../shared/components/table-head';
import { adminErrorMessage } from '../../shared/utils/errors';

export const FAILED_IDEAS_ID = 'failed-ideas';

/**
 * The ideas whose call of the automation service failed (the ideas.webhook check), with 'Ponów':
 * the idea-webhook function sends the idea again (the database lets admins only, audited) and the
 * new answer is shown; 'Webhook request failed' again leaves the idea in the list.
 */
export function FailedIdeaWebhooks() {
  const failed = useFailedIdeaWebhooks();
  const retry = useRetryIdeaWebhook();
  const toast = useToast();
  return (
    <Card title={t('admin.system_health.failed_ideas')} id={FAILED_IDEAS_ID}>
      <QueryStates
        query={failed}
        loadingClassName="h-24"
        errorMessage={t('admin.system_health.failed_ideas_failed')}
        isEmpty={noRows}
        empty={t('admin.system_health.failed_ideas_empty')}
        emptyInline
      >
        {(rows) => (
          <div
            className="overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label={t('admin.system_health.failed_ideas')}
          >
            <table className="w-full text-left text-sm">
              <TableHead
                columns={[
                  t('admin.system_health.idea_title'),
                  t('admin.system_health.idea_author'),
                  t('admin.system_health.idea_failed_at'),
                  t('admin.system_health.action'),
                ]}
              />
              <tbody className="divide-y divide-surface-border">
                {rows.map((idea) => (
                  <tr key={idea.id} data-idea-id={idea.id}>
                    <td className="py-2 pr-3 break-words">{idea.title}</td>
                    <td className="py-2 pr-3 break-all">{idea.author_email}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(idea.failed_at)}</td>
                    <td className="py-2">
                      <Button
                        size="sm"
                        disabled={retry.isPending}
                        aria-label={t('admin.system_health.retry_label', { title: idea.title })}
                        onClick={() =>
                          retry.mutate(idea.id, {
                            onSuccess: (feedback) =>
                              toast.show(t('admin.system_health.retried', { feedback }), 'success'),
                            onError: (error) =>
                              toast.show(adminErrorMessage(error, 'admin.system_health.retry_failed'), 'error'),
                          })
                        }
                      >
                        {t('admin.system_health.retry')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryStates>
    </Card>
  );
}
