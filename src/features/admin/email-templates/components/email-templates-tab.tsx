import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState, ErrorState, Skeleton } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { t } from '@/i18n/admin';
import { formatDateTime } from '@/lib/format';
import { TabHeading } from '../../shared/components/tab-heading';
import { adminErrorMessage } from '../../shared/utils/errors';
import { useDeleteTemplate } from '../api/delete-template';
import { useEmailTemplates, type EmailTemplate } from '../api/list-templates';
import { TemplateFormDialog } from './template-form-dialog';

type Modal = { kind: 'form'; template: EmailTemplate | null } | { kind: 'delete'; template: EmailTemplate } | null;

function TemplateCard({
  template,
  onEdit,
  onDelete,
}: {
  template: EmailTemplate;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const noteId = useId();
  return (
    <Card className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-mono text-base font-semibold text-ink">{template.name}</h2>
        {template.used_by_hook ? <Badge tone="info">{t('templates.system')}</Badge> : null}
      </div>
      <p className="text-sm text-ink">{template.subject}</p>
      <p className="text-xs text-ink-muted">{t('templates.updated', { date: formatDateTime(template.updated_at) })}</p>
      {template.used_by_hook ? (
        <p id={noteId} className="text-xs text-ink-muted">
          {t('templates.system_note')}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button
          variant="secondary"
          className="px-3 py-1"
          aria-label={t('templates.edit_label', { name: template.name })}
          onClick={onEdit}
        >
          {t('admin.edit')}
        </Button>
        <Button
          variant="ghost"
          className="px-3 py-1 text-danger"
          aria-label={t('templates.delete_label', { name: template.name })}
          aria-describedby={template.used_by_hook ? noteId : undefined}
          disabled={template.used_by_hook}
          onClick={onDelete}
        >
          {t('admin.delete')}
        </Button>
      </div>
    </Card>
  );
}

/** E-mail templates tab (dashboard.md §2, §3, §5, §8): list, create, edit with preview, delete. */
export function EmailTemplatesTab() {
  const templates = useEmailTemplates();
  const remove = useDeleteTemplate();
  const toast = useToast();
  const [modal, setModal] = useState<Modal>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const close = () => {
    setModal(null);
    setDeleteError(null);
  };

  const confirmDelete = async (template: EmailTemplate) => {
    setDeleteError(null);
    try {
      await remove.mutateAsync(template.id);
      toast.show(t('templates.deleted', { name: template.name }));
      close();
    } catch (failure) {
      setDeleteError(adminErrorMessage(failure, 'templates.delete_failed'));
    }
  };

  return (
    <section className="space-y-4">
      <TabHeading
        title={t('admin.email_templates')}
        action={<Button onClick={() => setModal({ kind: 'form', template: null })}>{t('templates.create')}</Button>}
      />
      {templates.isPending ? (
        <Skeleton className="h-40" label={t('app.loading')} />
      ) : templates.isError ? (
        <ErrorState
          message={t('templates.load_failed')}
          onRetry={() => void templates.refetch()}
          retrying={templates.isFetching}
        />
      ) : templates.data.length === 0 ? (
        <EmptyState>{t('templates.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {templates.data.map((template) => (
            <li key={template.id}>
              <TemplateCard
                template={template}
                onEdit={() => setModal({ kind: 'form', template })}
                onDelete={() => setModal({ kind: 'delete', template })}
              />
            </li>
          ))}
        </ul>
      )}
      {modal?.kind === 'form' ? <TemplateFormDialog template={modal.template} onClose={close} /> : null}
      {modal?.kind === 'delete' ? (
        <ConfirmDialog
          open
          title={t('templates.delete_title')}
          description={t('templates.delete_confirm', { name: modal.template.name })}
          confirmLabel={t('admin.delete')}
          pending={remove.isPending}
          error={deleteError}
          onConfirm={() => void confirmDelete(modal.template)}
          onClose={close}
        />
      ) : null}
    </section>
  );
}
