import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { useDeleteApp } from '@/data/apps/delete-app';
import { useAdminApps, type AdminApp } from '@/data/apps/list-apps';
import { t } from '@/i18n/admin';
import { formatPLN } from '@/lib/format';
import { pluralKey } from '@/lib/plural';
import { FILES_LEFT } from '@/lib/storage';
import { ConfirmDeleteDialog } from '../../shared/components/confirm-delete-dialog';
import { DeleteButton, EditButton } from '../../shared/components/row-actions';
import { TabHeading } from '../../shared/components/tab-heading';
import { useConfirmDelete } from '../../shared/hooks/use-confirm-delete';
import { AppFormDialog, CATEGORY_LABELS } from './app-form-dialog';

/** Apps tab (product.md#dashboard-2, §7 Apps): list, create, edit, delete with confirmation. */
export function AppsTab() {
  const apps = useAdminApps();
  const remove = useDeleteApp();
  const toast = useToast();
  const [editing, setEditing] = useState<{ app: AdminApp | null } | null>(null);
  const deletion = useConfirmDelete(async (app: AdminApp) => {
    const { leftovers } = await remove.mutateAsync(app.id);
    toast.show(t('apps.admin.deleted', { name: app.name }));
    if (leftovers.length > 0)
      toast.show(t(pluralKey(leftovers.length, FILES_LEFT), { count: leftovers.length }), 'error');
  }, 'apps.delete_failed');

  return (
    <section className="space-y-4">
      <TabHeading
        title={t('admin.apps')}
        action={<Button onClick={() => setEditing({ app: null })}>{t('apps.admin.create')}</Button>}
      />
      <QueryStates
        query={apps}
        loadingClassName="h-48"
        errorMessage={t('apps.load_failed')}
        isEmpty={noRows}
        empty={t('apps.empty')}
      >
        {(rows) => (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {rows.map((app) => (
              <li key={app.id}>
                <Card className="flex h-full flex-col gap-3">
                  <div className="flex items-start gap-3">
                    {app.image_url ? (
                      <img src={app.image_url} alt="" className="h-14 w-14 shrink-0 rounded-lg object-cover" />
                    ) : (
                      <span aria-hidden="true" className="h-14 w-14 shrink-0 rounded-lg bg-surface-overlay" />
                    )}
                    <div className="min-w-0">
                      <h2 className="truncate text-base font-semibold text-ink">{app.name}</h2>
                      <p className="text-sm text-ink-muted">{t(CATEGORY_LABELS[app.category])}</p>
                    </div>
                  </div>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                    <dt className="text-ink-muted">{t('apps.admin.downloads')}</dt>
                    <dd>{app.downloads.toLocaleString('pl-PL')}</dd>
                    <dt className="text-ink-muted">{t('apps.admin.revenue')}</dt>
                    <dd>{formatPLN(app.revenue)}</dd>
                    <dt className="text-ink-muted">{t('apps.admin.rating')}</dt>
                    <dd>{app.rating}</dd>
                  </dl>
                  <div className="mt-auto flex gap-2">
                    <EditButton
                      label={t('apps.admin.edit_label', { name: app.name })}
                      onClick={() => setEditing({ app })}
                    />
                    <DeleteButton
                      label={t('apps.admin.delete_label', { name: app.name })}
                      onClick={() => deletion.open(app)}
                    />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      {editing ? <AppFormDialog app={editing.app} onClose={() => setEditing(null)} /> : null}
      {deletion.target ? (
        <ConfirmDeleteDialog
          deletion={deletion}
          pending={remove.isPending}
          title={t('apps.admin.delete_title')}
          description={t('apps.admin.delete_confirm', { name: deletion.target.name })}
        />
      ) : null}
    </section>
  );
}
