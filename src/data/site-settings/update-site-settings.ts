import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { siteSettingsKeys } from '@/data/site-settings/keys';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { TablesUpdate } from '@/types/database.types';

import { removeFiles, storagePathOf, uploadPublicFile } from '@/lib/storage';

export const SITE_IMAGES_BUCKET = 'site-images';

export type SiteImageField = 'site_image' | 'favicon' | 'og_image' | 'twitter_image';

/** Folders of site-images: the favicon lives under favicon/ (the storage policy's 100 KB rule). */
const FOLDERS: Record<SiteImageField, string> = {
  site_image: 'site',
  favicon: 'favicon',
  og_image: 'og',
  twitter_image: 'twitter',
};

export type SiteSettingsUpdate = {
  fields: Omit<TablesUpdate<'site_settings'>, 'id' | 'updated_at' | SiteImageField>;
  /** New files per image field, or null to clear the field; absent fields keep their image. */
  images: Partial<Record<SiteImageField, File | null>>;
  /** The image URLs before the change, so replaced files can be removed. */
  previous: Partial<Record<SiteImageField, string | null>>;
};

/**
 * site_settings update (the single row): new images go to site-images first, then the row; files the
 * row no longer points at are removed afterwards. The page title, icon and share tags follow from the
 * site-settings cache, which is refreshed.
 */
export async function updateSiteSettings(client: AppSupabaseClient, input: SiteSettingsUpdate) {
  const imageColumns: Partial<Record<SiteImageField, string | null>> = {};
  const uploaded: string[] = [];
  try {
    for (const [field, file] of Object.entries(input.images) as [SiteImageField, File | null][]) {
      if (file === null) {
        imageColumns[field] = null;
        continue;
      }
      const { path, url } = await uploadPublicFile(client, SITE_IMAGES_BUCKET, FOLDERS[field], file);
      uploaded.push(path);
      imageColumns[field] = url;
    }
  } catch (error) {
    if (uploaded.length > 0)
      await removeFiles(
        client,
        uploaded.map((path) => ({ bucket: SITE_IMAGES_BUCKET, path })),
      );
    throw new AppError('files.upload_failed', { cause: error });
  }

  const result = await client
    .from('site_settings')
    .update({ ...input.fields, ...imageColumns })
    .eq('id', true)
    .select()
    .maybeSingle();
  if (result.error || !result.data) {
    if (uploaded.length > 0)
      await removeFiles(
        client,
        uploaded.map((path) => ({ bucket: SITE_IMAGES_BUCKET, path })),
      );
    if (!result.error) throw new AppError('http.forbidden');
  }
  const row = unwrap(result);

  const replaced = (Object.keys(imageColumns) as SiteImageField[])
    .map((field) => storagePathOf(input.previous[field], SITE_IMAGES_BUCKET))
    .filter((path): path is string => !!path);
  const leftovers =
    replaced.length > 0
      ? await removeFiles(
          client,
          replaced.map((path) => ({ bucket: SITE_IMAGES_BUCKET, path })),
        )
      : [];
  return { row, leftovers };
}

export const updateSiteSettingsMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: siteSettingsKeys.update(),
    mutationFn: async (input: SiteSettingsUpdate) => updateSiteSettings(await getClient(), input),
  });

export function useUpdateSiteSettings() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...updateSiteSettingsMutationOptions(getClient),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteSettingsKeys.all }),
  });
}
