import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { FormAlert } from '@/components/form/form-alert';
import { SelectField } from '@/components/form/select-field';
import { SubmitButton } from '@/components/form/submit-button';
import { TextareaField } from '@/components/form/textarea-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { t } from '@/i18n/messages';
import { useZodForm } from '@/lib/form';
import { useSmtpConfigs } from '../../smtp/api/list-smtp-configs';
import { adminErrorMessage } from '../../shared/utils/errors';
import type { EmailTemplate } from '../api/list-templates';
import { useSaveTemplate } from '../api/save-template';
import { templateSchema } from '../schemas/template.schema';
import { TemplatePreview } from './template-preview';

/** Create or edit an e-mail template (dashboard.md §3, §5, §7): name, subject, HTML and text, variables, SMTP. */
export function TemplateFormDialog({ template, onClose }: { template: EmailTemplate | null; onClose: () => void }) {
  const save = useSaveTemplate();
  const smtp = useSmtpConfigs();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const { register, handleSubmit, formState, control, watch } = useZodForm(templateSchema, {
    defaultValues: {
      name: template?.name ?? '',
      subject: template?.subject ?? '',
      htmlContent: template?.html_content ?? '',
      textContent: template?.text_content ?? '',
      variables: (template?.variables ?? []).map((variable) => ({
        name: variable.name,
        description: variable.description ?? '',
        example: variable.example ?? '',
      })),
      smtpConfigId: template?.smtp_config_id ?? '',
    },
  });
  const variables = useFieldArray({ control, name: 'variables' });
  const errors = formState.errors;
  const protectedName = template?.used_by_hook ?? false;

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync({
        id: template?.id ?? null,
        fields: {
          name: values.name,
          subject: values.subject,
          html_content: values.htmlContent,
          text_content: values.textContent.trim() ? values.textContent : null,
          variables: values.variables.map((variable) => ({
            name: variable.name,
            description: variable.description,
            example: variable.example,
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
          {variables.fields.map((field, index) => (
            <div key={field.id} className="grid items-end gap-3 md:grid-cols-[1fr_1fr_1fr_auto]">
              <TextField
                label={t('templates.variable.name', { number: index + 1 })}
                error={errors.variables?.[index]?.name?.message}
                {...register(`variables.${index}.name`)}
              />
              <TextField
                label={t('templates.variable.description', { number: index + 1 })}
                error={errors.variables?.[index]?.description?.message}
                {...register(`variables.${index}.description`)}
              />
              <TextField
                label={t('templates.variable.example', { number: index + 1 })}
                error={errors.variables?.[index]?.example?.message}
                {...register(`variables.${index}.example`)}
              />
              <Button
                variant="ghost"
                className="text-danger"
                aria-label={t('templates.variable.remove', { number: index + 1 })}
                onClick={() => variables.remove(index)}
              >
                {t('admin.delete')}
              </Button>
            </div>
          ))}
          <Button variant="secondary" onClick={() => variables.append({ name: '', description: '', example: '' })}>
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
              variables={watch('variables')}
            />
          ) : null}
        </div>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <div className="w-40">
            <SubmitButton pending={pending} label={t('admin.save')} pendingLabel={t('admin.saving')} />
          </div>
        </div>
      </form>
    </Dialog>
  );
}
