import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { useDeleteTemplate } from '@/data/email/delete-template';
import { useEmailTemplates, type EmailTemplate } from '@/data/email/list-templates';
import { t } from '@/i18n/admin';
import { formatDateTime } from '@/lib/format';
import { ConfirmDeleteDialog } from '../../shared/components/confirm-delete-dialog';
import { DeleteButton, EditButton } from '../../shared/components/row-actions';
import { TabHeading } from '../../shared/components/tab-heading';
import { useConfirmDelete } from '../../shared/hooks/use-confirm-delete';
import { TemplateFormDialog } from './template-form-dialog';

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
        <EditButton label={t('templates.edit_label', { name: template.name })} onClick={onEdit} />
        <DeleteButton
          label={t('templates.delete_label', { name: template.name })}
          aria-describedby={template.used_by_hook ? noteId : undefined}
          disabled={template.used_by_hook}
          onClick={onDelete}
        />
      </div>
    </Card>
  );
}

/** E-mail templates tab (product.md#dashboard-2, §3, §5, §8): list, create, edit with preview, delete. */
export function EmailTemplatesTab() {
  const templates = useEmailTemplates();
  const remove = useDeleteTemplate();
  const toast = useToast();
  const [editing, setEditing] = useState<{ template: EmailTemplate | null } | null>(null);
  const deletion = useConfirmDelete(async (template: EmailTemplate) => {
    await remove.mutateAsync(template.id);
    toast.show(t('templates.deleted', { name: template.name }));
  }, 'templates.delete_failed');

  return (
    <section className="space-y-4">
      <TabHeading
        title={t('admin.email_templates')}
        action={<Button onClick={() => setEditing({ template: null })}>{t('templates.create')}</Button>}
      />
      <QueryStates
        query={templates}
        loadingClassName="h-40"
        errorMessage={t('templates.load_failed')}
        isEmpty={noRows}
        empty={t('templates.empty')}
      >
        {(rows) => (
          <ul className="grid gap-4 md:grid-cols-2">
            {rows.map((template) => (
              <li key={template.id}>
                <TemplateCard
                  template={template}
                  onEdit={() => setEditing({ template })}
                  onDelete={() => deletion.open(template)}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      {editing ? <TemplateFormDialog template={editing.template} onClose={() => setEditing(null)} /> : null}
      {deletion.target ? (
        <ConfirmDeleteDialog
          deletion={deletion}
          pending={remove.isPending}
          title={t('templates.delete_title')}
          description={t('templates.delete_confirm', { name: deletion.target.name })}
        />
      ) : null}
    </section>
  );
}
