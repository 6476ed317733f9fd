import { useState } from 'react';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { useCreateApp } from '@/data/apps/create-app';
import type { AdminApp } from '@/data/apps/list-apps';
import { useUpdateApp } from '@/data/apps/update-app';
import { t, type AdminAreaMessageKey as MessageKey } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import { Constants } from '@/types/database.types';
import { FormFooter } from '../../shared/components/form-footer';
import { ImagePicker, type ImageChoice } from '../../shared/components/image-picker';
import { adminErrorMessage } from '../../shared/utils/errors';
import { APP_IMAGE_RULES } from '../../shared/utils/image-rules';
import { appSchema, toAppFields, type AppFormValues } from '../schemas/app.schema';

export const CATEGORY_LABELS: Record<(typeof Constants.public.Enums.app_category)[number], MessageKey> = {
  games: 'apps.admin.category.games',
  productivity: 'apps.admin.category.productivity',
  lifestyle: 'apps.admin.category.lifestyle',
  education: 'apps.admin.category.education',
  business: 'apps.admin.category.business',
};

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

function defaults(app: AdminApp | null): AppFormValues {
  return {
    name: app?.name ?? '',
    description: app?.description ?? '',
    category: app?.category ?? '',
    websiteUrl: app?.website_url ?? '',
    appStoreUrl: app?.app_store_url ?? '',
    googlePlayUrl: app?.google_play_url ?? '',
    downloads: text(app?.downloads),
    revenue: text(app?.revenue),
    activeUsers: text(app?.active_users),
    rating: text(app?.rating),
    currentValue: text(app?.current_value),
    projectedValue: text(app?.projected_value),
    growthRate: text(app?.growth_rate),
    minimumInvestment: text(app?.minimum_investment),
    availableShares: text(app?.available_shares),
    pricePerShare: text(app?.price_per_share),
    releaseDate: app?.release_date ?? '',
  };
}

/** Create or edit an app (product.md#dashboard-5 App form, App image; §8 Apps errors). */
export function AppFormDialog({ app, onClose }: { app: AdminApp | null; onClose: () => void }) {
  const create = useCreateApp();
  const update = useUpdateApp();
  const toast = useToast();
  const [image, setImage] = useState<ImageChoice>({ kind: 'keep' });
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useZodForm(appSchema, { defaultValues: defaults(app) });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    if (image.kind === 'invalid') return;
    const fields = toAppFields(values);
    const upload = image.kind === 'new' ? { file: image.file, width: image.width, height: image.height } : null;
    try {
      if (app) {
        await update.mutateAsync({
          id: app.id,
          fields,
          image: image.kind === 'remove' ? 'remove' : upload,
          previousImageUrl: app.image_url,
        });
        toast.show(t('apps.admin.updated', { name: fields.name }));
      } else {
        await create.mutateAsync({ fields, image: upload });
        toast.show(t('apps.admin.created', { name: fields.name }));
      }
      onClose();
    } catch (failure) {
      setError(adminErrorMessage(failure, app ? 'apps.update_failed' : 'apps.create_failed'));
    }
  });

  const pending = formState.isSubmitting;
  const number = (name: keyof AppFormValues, label: MessageKey, step: string) => (
    <TextField label={t(label)} inputMode="decimal" step={step} error={errors[name]?.message} {...register(name)} />
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title={app ? t('apps.admin.edit_title') : t('apps.admin.create_title')}
      size="xl"
      dismissible={!pending}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-6">
        <fieldset className="grid gap-4 md:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-ink">{t('apps.admin.section.basic')}</legend>
          <TextField label={t('apps.admin.name')} error={errors.name?.message} {...register('name')} />
          <SelectField
            label={t('apps.admin.category')}
            placeholder={t('apps.admin.category_choose')}
            options={Constants.public.Enums.app_category.map((value) => ({ value, label: t(CATEGORY_LABELS[value]) }))}
            error={errors.category?.message}
            {...register('category')}
          />
          <div className="md:col-span-2">
            <TextareaField
              label={t('apps.admin.description')}
              error={errors.description?.message}
              {...register('description')}
            />
          </div>
          <div className="md:col-span-2">
            <ImagePicker
              label={t('apps.admin.image')}
              hint={t('apps.admin.image_hint')}
              rules={APP_IMAGE_RULES}
              accept="image/jpeg,image/png,image/webp"
              currentUrl={app?.image_url}
              value={image}
              onChange={setImage}
              disabled={pending}
            />
          </div>
        </fieldset>
        <fieldset className="grid gap-4 md:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold text-ink">{t('apps.admin.section.links')}</legend>
          <TextField
            label={t('apps.admin.website_url')}
            type="url"
            error={errors.websiteUrl?.message}
            {...register('websiteUrl')}
          />
          <TextField
            label={t('apps.admin.app_store_url')}
            type="url"
            error={errors.appStoreUrl?.message}
            {...register('appStoreUrl')}
          />
          <TextField
            label={t('apps.admin.google_play_url')}
            type="url"
            error={errors.googlePlayUrl?.message}
            {...register('googlePlayUrl')}
          />
        </fieldset>
        <fieldset className="grid gap-4 md:grid-cols-4">
          <legend className="mb-2 text-sm font-semibold text-ink">{t('apps.admin.section.metrics')}</legend>
          {number('downloads', 'apps.admin.downloads', '1')}
          {number('activeUsers', 'apps.admin.active_users', '1')}
          {number('revenue', 'apps.admin.revenue', '0.01')}
          {number('rating', 'apps.admin.rating', '0.1')}
        </fieldset>
        <fieldset className="grid gap-4 md:grid-cols-4">
          <legend className="mb-2 text-sm font-semibold text-ink">{t('apps.admin.section.valuation')}</legend>
          {number('currentValue', 'apps.admin.current_value', '0.01')}
          {number('projectedValue', 'apps.admin.projected_value', '0.01')}
          {number('growthRate', 'apps.admin.growth_rate', '0.1')}
          {number('minimumInvestment', 'apps.admin.minimum_investment', '0.01')}
          {number('availableShares', 'apps.admin.available_shares', '1')}
          {number('pricePerShare', 'apps.admin.price_per_share', '0.01')}
          <TextField
            label={t('apps.admin.release_date')}
            type="date"
            error={errors.releaseDate?.message}
            {...register('releaseDate')}
          />
        </fieldset>
        <FormFooter
          error={error}
          pending={pending}
          submitWidth="w-44"
          submitLabel={app ? t('admin.save') : t('apps.admin.create')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
