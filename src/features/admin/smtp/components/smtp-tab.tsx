import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { useDeleteSmtpConfig } from '@/data/email/delete-smtp-config';
import { useSmtpConfigs, type SmtpConfig } from '@/data/email/list-smtp-configs';
import { t } from '@/i18n/admin';
import { ConfirmDeleteDialog } from '../../shared/components/confirm-delete-dialog';
import { DeleteButton, EditButton } from '../../shared/components/row-actions';
import { TabHeading } from '../../shared/components/tab-heading';
import { useConfirmDelete } from '../../shared/hooks/use-confirm-delete';
import { SmtpFormDialog } from './smtp-form-dialog';
import { SmtpTestDialog } from './smtp-test-dialog';

type Modal = { kind: 'form'; config: SmtpConfig | null } | { kind: 'test'; config: SmtpConfig } | null;

/** SMTP tab (product.md#dashboard-2, §5, §7, §8): list, create, edit, delete, and the 'SMTP test' modal. */
export function SmtpTab() {
  const configs = useSmtpConfigs();
  const remove = useDeleteSmtpConfig();
  const toast = useToast();
  const [modal, setModal] = useState<Modal>(null);
  const close = () => setModal(null);
  const deletion = useConfirmDelete(async (config: SmtpConfig) => {
    await remove.mutateAsync(config.id);
    toast.show(t('smtp.deleted', { name: config.name }));
  }, 'smtp.delete_failed');

  return (
    <section className="space-y-4">
      <TabHeading
        title={t('admin.smtp')}
        description={t('smtp.description')}
        action={<Button onClick={() => setModal({ kind: 'form', config: null })}>{t('smtp.create')}</Button>}
      />
      <QueryStates
        query={configs}
        loadingClassName="h-40"
        errorMessage={t('smtp.load_failed')}
        isEmpty={noRows}
        empty={t('smtp.empty')}
      >
        {(rows) => (
          <ul className="grid gap-4 md:grid-cols-2">
            {rows.map((config) => (
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
                    <EditButton
                      label={t('smtp.edit_label', { name: config.name })}
                      onClick={() => setModal({ kind: 'form', config })}
                    />
                    <DeleteButton
                      label={t('smtp.delete_label', { name: config.name })}
                      onClick={() => deletion.open(config)}
                    />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
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
      {deletion.target ? (
        <ConfirmDeleteDialog
          deletion={deletion}
          pending={remove.isPending}
          title={t('smtp.delete_title')}
          description={t(deletion.target.is_default ? 'smtp.delete_confirm_default' : 'smtp.delete_confirm', {
            name: deletion.target.name,
          })}
        />
      ) : null}
    </section>
  );
}
