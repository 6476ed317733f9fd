import { SelectField } from '@/components/form/select-field';
import { TextareaField } from '@/components/form/textarea-field';
import { TextField } from '@/components/form/text-field';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { useRecordPrivacyRequest } from '@/data/privacy/record-privacy-request';
import { t } from '@/i18n/admin';
import { formatDate } from '@/lib/format';
import { useZodForm } from '@/lib/form';
import { FormFooter } from '../../shared/components/form-footer';
import { useSubmitFailure } from '../../shared/hooks/use-submit-failure';
import {
  privacyRequestSchema,
  RECORDED_CHANNELS,
  REQUEST_KINDS,
  type PrivacyRequestValues,
} from '../schemas/privacy-request.schema';

const pad = (value: number) => String(value).padStart(2, '0');
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** When the request arrived: now for today's (the deadline counts from the moment), else that day's noon. */
function receivedAt(day: string): string {
  return day === today() ? new Date().toISOString() : new Date(`${day}T12:00:00`).toISOString();
}

/**
 * 'Zarejestruj wniosek' (issue 38 §3): a member asked by e-mail or letter. The member is found by
 * the sender's address; the deadline is a month from the day it came. A refused save keeps what was
 * typed.
 */
export function RecordRequestDialog({ onClose }: { onClose: () => void }) {
  const record = useRecordPrivacyRequest();
  const toast = useToast();
  const { error, attempt } = useSubmitFailure('admin.privacy.record_failed');
  const { register, handleSubmit, formState } = useZodForm(privacyRequestSchema, {
    defaultValues: {
      email: '',
      kind: 'export',
      channel: 'email',
      receivedOn: today(),
      note: '',
    } satisfies PrivacyRequestValues,
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit((values) =>
    attempt(async () => {
      const row = await record.mutateAsync({
        kind: values.kind,
        channel: values.channel,
        receivedAt: receivedAt(values.receivedOn),
        email: values.email,
        note: values.note,
      });
      toast.show(t('admin.privacy.recorded', { date: formatDate(row.due_at) }));
      onClose();
    }),
  );

  return (
    <Dialog open onClose={onClose} title={t('admin.privacy.record_title')} dismissible={!formState.isSubmitting}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        <TextField
          label={t('admin.privacy.record_email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <SelectField
          label={t('admin.privacy.record_kind')}
          options={REQUEST_KINDS.map((kind) => ({ value: kind, label: t(`admin.privacy.kind.${kind}`) }))}
          error={errors.kind?.message}
          {...register('kind')}
        />
        <SelectField
          label={t('admin.privacy.record_channel')}
          options={RECORDED_CHANNELS.map((channel) => ({
            value: channel,
            label: t(`admin.privacy.channel.${channel}`),
          }))}
          error={errors.channel?.message}
          {...register('channel')}
        />
        <TextField
          label={t('admin.privacy.record_received')}
          type="date"
          error={errors.receivedOn?.message}
          {...register('receivedOn')}
        />
        <TextareaField
          label={t('admin.privacy.record_note')}
          hint={t('admin.privacy.record_note_hint')}
          rows={3}
          error={errors.note?.message}
          {...register('note')}
        />
        <FormFooter
          error={error}
          pending={formState.isSubmitting}
          submitWidth="w-40"
          submitLabel={t('admin.privacy.record')}
          pendingLabel={t('admin.saving')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
