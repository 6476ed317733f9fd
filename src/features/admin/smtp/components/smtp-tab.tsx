import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState, ErrorState, Skeleton } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { t } from '@/i18n/admin';
import { TabHeading } from '../../shared/components/tab-heading';
import { adminErrorMessage } from '../../shared/utils/errors';
import { useDeleteSmtpConfig } from '../api/delete-smtp-config';
import { useSmtpConfigs, type SmtpConfig } from '../api/list-smtp-configs';
import { SmtpFormDialog } from './smtp-form-dialog';
import { SmtpTestDialog } from './smtp-test-dialog';

type Modal =
  | { kind: 'form'; config: SmtpConfig | null }
  | { kind: 'test'; config: SmtpConfig }
  | { kind: 'delete'; config: SmtpConfig }
  | null;

/** SMTP tab (dashboard.md §2, §5, §7, §8): list, create, edit, delete, and the 'SMTP test' modal. */
export function SmtpTab() {
  const configs = useSmtpConfigs();
  const remove = useDeleteSmtpConfig();
  const toast = useToast();
  const [modal, setModal] = useState<Modal>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const close = () => {
    setModal(null);
    setDeleteError(null);
  };

  const confirmDelete = async (config: SmtpConfig) => {
    setDeleteError(null);
    try {
      await remove.mutateAsync(config.id);
      toast.show(t('smtp.deleted', { name: config.name }));
      close();
    } catch (failure) {
      setDeleteError(adminErrorMessage(failure, 'smtp.delete_failed'));
    }
  };

  return (
    <section className="space-y-4">
      <TabHeading
        title={t('admin.smtp')}
        description={t('smtp.description')}
        action={<Button onClick={() => setModal({ kind: 'form', config: null })}>{t('smtp.create')}</Button>}
      />
      {configs.isPending ? (
        <Skeleton className="h-40" label={t('app.loading')} />
      ) : configs.isError ? (
        <ErrorState
          message={t('smtp.load_failed')}
          onRetry={() => void configs.refetch()}
          retrying={configs.isFetching}
        />
      ) : configs.data.length === 0 ? (
        <EmptyState>{t('smtp.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {configs.data.map((config) => (
            <li key={config.id}>
              <Card className="space-y-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 className="text-base font-semibold text-ink">{config.name}</h2>
                  {config.is_default ? <Badge tone="accent">{t('smtp.default')}</Badge> : null}
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-ink-muted">{t('smtp.field.server')}</dt>
                  <dd className="break-all">
                    {config.host}:{config.port} (
                    {config.secure ? t('smtp.secure.tls_short') : t('smtp.secure.starttls_short')})
                  </dd>
                  <dt className="text-ink-muted">{t('smtp.field.username')}</dt>
                  <dd className="break-all">{config.username}</dd>
                  <dt className="text-ink-muted">{t('smtp.field.password')}</dt>
                  <dd>{config.password ?? t('smtp.no_password')}</dd>
                  <dt className="text-ink-muted">{t('smtp.field.sender')}</dt>
                  <dd className="break-all">
                    {config.from_name} &lt;{config.from_email}&gt;
                  </dd>
                </dl>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    className="px-3 py-1"
                    aria-label={t('smtp.test.open_label', { name: config.name })}
                    onClick={() => setModal({ kind: 'test', config })}
                  >
                    {t('smtp.test.open')}
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-3 py-1"
                    aria-label={t('smtp.edit_label', { name: config.name })}
                    onClick={() => setModal({ kind: 'form', config })}
                  >
                    {t('admin.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-3 py-1 text-danger"
                    aria-label={t('smtp.delete_label', { name: config.name })}
                    onClick={() => setModal({ kind: 'delete', config })}
                  >
                    {t('admin.delete')}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {modal?.kind === 'form' ? <SmtpFormDialog config={modal.config} onClose={close} /> : null}
      {modal?.kind === 'test' ? (
        <SmtpTestDialog
          target={{
            label: `${modal.config.name} (${modal.config.host}:${modal.config.port})`,
            configId: modal.config.id,
          }}
          onClose={close}
        />
      ) : null}
      {modal?.kind === 'delete' ? (
        <ConfirmDialog
          open
          title={t('smtp.delete_title')}
          description={t(modal.config.is_default ? 'smtp.delete_confirm_default' : 'smtp.delete_confirm', {
            name: modal.config.name,
          })}
          confirmLabel={t('admin.delete')}
          pending={remove.isPending}
          error={deleteError}
          onConfirm={() => void confirmDelete(modal.config)}
          onClose={close}
        />
      ) : null}
    </section>
  );
}
