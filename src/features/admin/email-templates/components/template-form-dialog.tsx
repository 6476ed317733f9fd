import { useState } from 'react';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { UnsavedChangesPrompt } from '@/components/form/unsaved-changes-prompt';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { useSmtpConfigs } from '@/data/email/list-smtp-configs';
import type { EmailTemplate } from '@/data/email/list-templates';
import { useSaveTemplate } from '@/data/email/save-template';
import { t } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import { FormFooter } from '../../shared/components/form-footer';
import { adminErrorMessage } from '../../shared/utils/errors';
import { checkVariableName, templateSchema } from '../schemas/template.schema';
import { TemplatePreview } from './template-preview';

/** Create or edit an e-mail template (product.md#dashboard-3, §5, §7): name, subject, HTML and text, variables, SMTP. */
type VariableRow = { key: number; name: string; description: string; example: string };
let nextKey = 0;
const variableRow = (variable: Partial<VariableRow> = {}): VariableRow => ({
  key: (nextKey += 1),
  name: variable.name ?? '',
  description: variable.description ?? '',
  example: variable.example ?? '',
});

export function TemplateFormDialog({ template, onClose }: { template: EmailTemplate | null; onClose: () => void }) {
  const save = useSaveTemplate();
  const smtp = useSmtpConfigs();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [rows, setRows] = useState<VariableRow[]>(() => (template?.variables ?? []).map(variableRow));
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const { register, handleSubmit, formState, watch } = useZodForm(templateSchema, {
    defaultValues: {
      name: template?.name ?? '',
      subject: template?.subject ?? '',
      htmlContent: template?.html_content ?? '',
      textContent: template?.text_content ?? '',
      smtpConfigId: template?.smtp_config_id ?? '',
    },
  });
  const updateRow = (key: number, change: Partial<VariableRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const errors = formState.errors;
  const protectedName = template?.used_by_hook ?? false;

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const problems: Record<number, string> = {};
    for (const row of rows) {
      const problem = checkVariableName(row.name);
      if (problem) problems[row.key] = problem;
    }
    setRowErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await save.mutateAsync({
        id: template?.id ?? null,
        fields: {
          name: values.name,
          subject: values.subject,
          html_content: values.htmlContent,
          text_content: values.textContent.trim() ? values.textContent : null,
          variables: rows.map((row) => ({
            name: row.name.trim(),
            description: row.description.trim(),
            example: row.example,
          })),
          smtp_config_id: values.smtpConfigId || null,
        },
      });
      toast.show(t('templates.saved', { name: values.name }));
      onClose();
    } catch (failure) {
      setError(adminErrorMessage(failure, 'templates.save_failed'));
    }
  });

  const pending = formState.isSubmitting;
  const smtpOptions = (smtp.data ?? []).map((config) => ({
    value: config.id,
    label: `${config.name} (${config.host}:${config.port})`,
  }));

  return (
    <Dialog
      open
      onClose={onClose}
      title={template ? t('templates.edit_title') : t('templates.create_title')}
      size="xl"
      dismissible={!pending}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        <UnsavedChangesPrompt dirty={formState.isDirty && !pending} />
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label={t('templates.field.name')}
            hint={protectedName ? t('templates.field.name_locked') : t('templates.field.name_hint')}
            readOnly={protectedName}
            autoComplete="off"
            error={errors.name?.message}
            {...register('name')}
          />
          <SelectField
            label={t('templates.field.smtp')}
            placeholder={t('templates.field.smtp_default')}
            options={smtpOptions}
            {...register('smtpConfigId')}
          />
        </div>
        <TextField label={t('templates.field.subject')} error={errors.subject?.message} {...register('subject')} />
        <TextareaField
          label={t('templates.field.html')}
          rows={8}
          className="font-mono text-xs"
          error={errors.htmlContent?.message}
          {...register('htmlContent')}
        />
        <TextareaField
          label={t('templates.field.text')}
          rows={5}
          className="font-mono text-xs"
          error={errors.textContent?.message}
          {...register('textContent')}
        />
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-ink">{t('templates.variables')}</legend>
          <p className="text-xs text-ink-muted">{t('templates.variables_hint')}</p>
          {rows.map((row, index) => (
            <div key={row.key} className="grid items-end gap-3 md:grid-cols-[1fr_1fr_1fr_auto]">
              <TextField
                label={t('templates.variable.name', { number: index + 1 })}
                value={row.name}
                onChange={(event) => updateRow(row.key, { name: event.target.value })}
                error={rowErrors[row.key]}
              />
              <TextField
                label={t('templates.variable.description', { number: index + 1 })}
                value={row.description}
                maxLength={200}
                onChange={(event) => updateRow(row.key, { description: event.target.value })}
              />
              <TextField
                label={t('templates.variable.example', { number: index + 1 })}
                value={row.example}
                maxLength={2000}
                onChange={(event) => updateRow(row.key, { example: event.target.value })}
              />
              <Button
                variant="ghost-danger"
                aria-label={t('templates.variable.remove', { number: index + 1 })}
                onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
              >
                {t('admin.delete')}
              </Button>
            </div>
          ))}
          <Button variant="secondary" onClick={() => setRows((current) => [...current, variableRow()])}>
            {t('templates.variable.add')}
          </Button>
        </fieldset>
        <div className="space-y-3">
          <Button variant="secondary" aria-expanded={previewing} onClick={() => setPreviewing((open) => !open)}>
            {previewing ? t('templates.preview.hide') : t('templates.preview.show')}
          </Button>
          {previewing ? (
            <TemplatePreview
              subject={watch('subject')}
              html={watch('htmlContent')}
              text={watch('textContent')}
              variables={rows}
            />
          ) : null}
        </div>
        <FormFooter error={error} pending={pending} submitWidth="w-40" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
