import { useState } from 'react';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { UnsavedChangesPrompt } from '@/components/form/unsaved-changes-prompt';
import { Card } from '@/components/ui/card';
import { QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { useSiteSettings, type SiteSettings } from '@/data/site-settings/get-site-settings';
import { useUpdateSiteSettings, type SiteImageField } from '@/data/site-settings/update-site-settings';
import { t } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import { pluralKey } from '@/lib/plural';
import { FILES_LEFT } from '@/lib/storage';
import { FormFooter } from '../../shared/components/form-footer';
import { ImagePicker, type ImageChoice } from '../../shared/components/image-picker';
import { TabHeading } from '../../shared/components/tab-heading';
import { adminErrorMessage } from '../../shared/utils/errors';
import { FAVICON_RULES, SITE_IMAGE_RULES, type ImageRules } from '../../shared/utils/image-rules';
import { seoSchema, TWITTER_CARDS } from '../schemas/seo.schema';

const KEEP: ImageChoice = { kind: 'keep' };
const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';
const FAVICON_ACCEPT = '.ico,.png,image/x-icon,image/vnd.microsoft.icon,image/png';

type Images = Record<SiteImageField, ImageChoice>;

function SeoForm({ settings }: { settings: SiteSettings }) {
  const save = useUpdateSiteSettings();
  const toast = useToast();
  const [images, setImages] = useState<Images>({
    site_image: KEEP,
    favicon: KEEP,
    og_image: KEEP,
    twitter_image: KEEP,
  });
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useZodForm(seoSchema, {
    defaultValues: {
      siteTitle: settings.site_title,
      siteDescription: settings.site_description,
      ogTitle: settings.og_title ?? '',
      ogDescription: settings.og_description ?? '',
      twitterCard: (TWITTER_CARDS as readonly string[]).includes(settings.twitter_card)
        ? (settings.twitter_card as (typeof TWITTER_CARDS)[number])
        : 'summary_large_image',
      twitterTitle: settings.twitter_title ?? '',
      twitterDescription: settings.twitter_description ?? '',
      privacyUrl: settings.privacy_url ?? '',
      privacyContactEmail: settings.privacy_contact_email ?? '',
    },
  });
  const errors = formState.errors;
  const invalidImage = Object.values(images).some((choice) => choice.kind === 'invalid');

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    if (invalidImage) return;
    const changed: Partial<Record<SiteImageField, File | null>> = {};
    for (const [field, choice] of Object.entries(images) as [SiteImageField, ImageChoice][]) {
      if (choice.kind === 'new') changed[field] = choice.file;
      if (choice.kind === 'remove') changed[field] = null;
    }
    try {
      const { leftovers } = await save.mutateAsync({
        fields: {
          site_title: values.siteTitle,
          site_description: values.siteDescription,
          og_title: values.ogTitle || null,
          og_description: values.ogDescription || null,
          twitter_card: values.twitterCard,
          twitter_title: values.twitterTitle || null,
          twitter_description: values.twitterDescription || null,
          privacy_url: values.privacyUrl || null,
          privacy_contact_email: values.privacyContactEmail || null,
        },
        images: changed,
        previous: {
          site_image: settings.site_image,
          favicon: settings.favicon,
          og_image: settings.og_image,
          twitter_image: settings.twitter_image,
        },
      });
      setImages({ site_image: KEEP, favicon: KEEP, og_image: KEEP, twitter_image: KEEP });
      toast.show(t('admin.seo.saved'));
      if (leftovers.length > 0)
        toast.show(t(pluralKey(leftovers.length, FILES_LEFT), { count: leftovers.length }), 'error');
    } catch (failure) {
      setError(adminErrorMessage(failure, 'admin.seo.save_failed'));
    }
  });

  const pending = formState.isSubmitting;
  const picker = (field: SiteImageField, label: string, rules: ImageRules, accept: string, hint: string) => (
    <ImagePicker
      label={label}
      hint={hint}
      rules={rules}
      accept={accept}
      currentUrl={settings[field]}
      value={images[field]}
      onChange={(choice) => setImages((current) => ({ ...current, [field]: choice }))}
      disabled={pending}
    />
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <UnsavedChangesPrompt
        dirty={(formState.isDirty || Object.values(images).some((choice) => choice.kind !== 'keep')) && !pending}
      />
      <Card title={t('admin.seo.section.site')} className="space-y-4">
        <TextField label={t('admin.seo.site_title')} error={errors.siteTitle?.message} {...register('siteTitle')} />
        <TextareaField
          label={t('admin.seo.site_description')}
          rows={3}
          error={errors.siteDescription?.message}
          {...register('siteDescription')}
        />
        <div className="grid gap-4 md:grid-cols-2">
          {picker('site_image', t('admin.seo.site_image'), SITE_IMAGE_RULES, IMAGE_ACCEPT, t('admin.seo.image_hint'))}
          {picker('favicon', t('admin.seo.favicon'), FAVICON_RULES, FAVICON_ACCEPT, t('admin.seo.favicon_hint'))}
        </div>
        <TextField
          label={t('admin.seo.privacy_url')}
          hint={t('admin.seo.privacy_url_hint')}
          type="url"
          inputMode="url"
          error={errors.privacyUrl?.message}
          {...register('privacyUrl')}
        />
        <TextField
          label={t('admin.seo.privacy_contact_email')}
          hint={t('admin.seo.privacy_contact_email_hint')}
          type="email"
          inputMode="email"
          autoComplete="off"
          error={errors.privacyContactEmail?.message}
          {...register('privacyContactEmail')}
        />
      </Card>
      <Card title={t('admin.seo.section.og')} className="space-y-4">
        <TextField label={t('admin.seo.og_title')} error={errors.ogTitle?.message} {...register('ogTitle')} />
        <TextareaField
          label={t('admin.seo.og_description')}
          rows={3}
          error={errors.ogDescription?.message}
          {...register('ogDescription')}
        />
        {picker('og_image', t('admin.seo.og_image'), SITE_IMAGE_RULES, IMAGE_ACCEPT, t('admin.seo.image_hint'))}
      </Card>
      <Card title={t('admin.seo.section.twitter')} className="space-y-4">
        <SelectField
          label={t('admin.seo.twitter_card')}
          options={TWITTER_CARDS.map((value) => ({ value, label: value }))}
          error={errors.twitterCard?.message}
          {...register('twitterCard')}
        />
        <TextField
          label={t('admin.seo.twitter_title')}
          error={errors.twitterTitle?.message}
          {...register('twitterTitle')}
        />
        <TextareaField
          label={t('admin.seo.twitter_description')}
          rows={3}
          error={errors.twitterDescription?.message}
          {...register('twitterDescription')}
        />
        {picker(
          'twitter_image',
          t('admin.seo.twitter_image'),
          SITE_IMAGE_RULES,
          IMAGE_ACCEPT,
          t('admin.seo.image_hint'),
        )}
      </Card>
      <FormFooter error={error} pending={pending} submitWidth="w-48" />
    </form>
  );
}

/** SEO tab (product.md#dashboard-2, §3 Site settings, §5 Site images): title, description, images, share tags. */
export function SeoTab() {
  const settings = useSiteSettings();
  return (
    <section className="space-y-4">
      <TabHeading title={t('admin.seo')} description={t('admin.seo.description')} />
      <QueryStates query={settings} loadingClassName="h-96" errorMessage={t('admin.seo.load_failed')}>
        {(data) => <SeoForm key={data.updated_at} settings={data} />}
      </QueryStates>
    </section>
  );
}
