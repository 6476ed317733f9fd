import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { useGenerateReferralCode } from '@/data/referral/generate-referral-code';
import { generateCodeSchema, type GenerateCodeInput } from '@/data/referral/referral-overview.schema';
import { t } from '@/i18n/dashboard';
import { toUserMessage } from '@/lib/errors';
import { useZodForm } from '@/lib/form';

/**
 * 'Generuj nowy kod polecający' (product.md#dashboard-2): an optional description, 'Generuj kod' and
 * 'Anuluj'. A failure keeps the dialog and what was typed, with the reason.
 */
export function GenerateCodeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const generate = useGenerateReferralCode();
  const toast = useToast();
  const form = useZodForm(generateCodeSchema(), { defaultValues: { description: '' } });

  const close = () => {
    if (generate.isPending) return;
    generate.reset();
    form.reset();
    onClose();
  };

  const submit = form.handleSubmit(async (values: GenerateCodeInput) => {
    try {
      await generate.mutateAsync(values);
    } catch {
      return; // shown from generate.error below
    }
    toast.show(t('referral.generated'));
    form.reset();
    generate.reset();
    onClose();
  });

  return (
    <Dialog open={open} onClose={close} title={t('referral.generate_title')} dismissible={!generate.isPending}>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <TextField
          label={t('referral.description_label')}
          maxLength={200}
          autoComplete="off"
          error={form.formState.errors.description?.message}
          {...form.register('description')}
        />
        <p className="text-sm text-ink-muted">{t('referral.description_hint')}</p>
        {generate.error ? <FormAlert>{toUserMessage(generate.error)}</FormAlert> : null}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={close} disabled={generate.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={generate.isPending} aria-busy={generate.isPending || undefined}>
            {generate.isPending ? t('common.processing') : t('referral.generate')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
