import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState, ErrorState, Skeleton } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { t } from '@/i18n/admin';
import { formatPLN } from '@/lib/format';
import { TabHeading } from '../../shared/components/tab-heading';
import { adminErrorMessage } from '../../shared/utils/errors';
import { useDeleteApp } from '../api/delete-app';
import { useAdminApps, type AdminApp } from '../api/list-apps';
import { AppFormDialog, CATEGORY_LABELS } from './app-form-dialog';

type Modal = { kind: 'form'; app: AdminApp | null } | { kind: 'delete'; app: AdminApp } | null;

/** Apps tab (dashboard.md §2, §7 Apps): list, create, edit, delete with confirmation. */
export function AppsTab() {
  const apps = useAdminApps();
  const remove = useDeleteApp();
  const toast = useToast();
  const [modal, setModal] = useState<Modal>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const close = () => {
    setModal(null);
    setDeleteError(null);
  };

  const confirmDelete = async (app: AdminApp) => {
    setDeleteError(null);
    try {
      const { leftovers } = await remove.mutateAsync(app.id);
      toast.show(t('apps.admin.deleted', { name: app.name }));
      if (leftovers.length > 0) toast.show(t('admin.files_left', { count: leftovers.length }), 'error');
      close();
    } catch (failure) {
      setDeleteError(adminErrorMessage(failure, 'apps.delete_failed'));
    }
  };

  return (
    <section className="space-y-4">
      <TabHeading
        title={t('admin.apps')}
        action={<Button onClick={() => setModal({ kind: 'form', app: null })}>{t('apps.admin.create')}</Button>}
      />
      {apps.isPending ? (
        <Skeleton className="h-48" label={t('app.loading')} />
      ) : apps.isError ? (
        <ErrorState message={t('apps.load_failed')} onRetry={() => void apps.refetch()} retrying={apps.isFetching} />
      ) : apps.data.length === 0 ? (
        <EmptyState>{t('apps.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {apps.data.map((app) => (
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
                  <Button
                    variant="secondary"
                    className="px-3 py-1"
                    aria-label={t('apps.admin.edit_label', { name: app.name })}
                    onClick={() => setModal({ kind: 'form', app })}
                  >
                    {t('admin.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-3 py-1 text-danger"
                    aria-label={t('apps.admin.delete_label', { name: app.name })}
                    onClick={() => setModal({ kind: 'delete', app })}
                  >
                    {t('admin.delete')}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {modal?.kind === 'form' ? <AppFormDialog app={modal.app} onClose={close} /> : null}
      {modal?.kind === 'delete' ? (
        <ConfirmDialog
          open
          title={t('apps.admin.delete_title')}
          description={t('apps.admin.delete_confirm', { name: modal.app.name })}
          confirmLabel={t('admin.delete')}
          pending={remove.isPending}
          error={deleteError}
          onConfirm={() => void confirmDelete(modal.app)}
          onClose={close}
        />
      ) : null}
    </section>
  );
}
