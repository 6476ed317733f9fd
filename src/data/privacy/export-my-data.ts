import { mutationOptions, useMutation } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { privacyKeys } from './keys';
import { memberDataFile, type Controller, type MemberData } from './member-data-file';

/**
 * 'Pobierz moje dane': RPC export_my_data (every row keyed to the caller, from one SQL function;
 * at most 3 a day: privacy.export_rate_limited), made into the file here, in the browser: nothing
 * is stored on the server and no download link exists. Resolves with the file's name and text.
 */
export async function exportMyData(client: AppSupabaseClient, controller: Controller) {
  const answer = unwrap(await client.rpc('export_my_data')) as unknown as MemberData;
  return memberDataFile(answer, controller);
}

export const exportMyDataMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: privacyKeys.exportMine(),
    mutationFn: async (controller: Controller) => exportMyData(await getClient(), controller),
  });

export function useExportMyData() {
  const { getClient } = useSupabase();
  return useMutation(exportMyDataMutationOptions(getClient));
}
