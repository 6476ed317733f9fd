import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { authKeys } from './keys';

/**
 * POST /token?grant_type=pkce: the `?code=` a magic link or a reset link brings back becomes a
 * session (the client does not read the URL itself: detectSessionInUrl is off). The session reaches
 * the auth context through its SIGNED_IN event.
 */
export async function exchangeCode(client: AppSupabaseClient, code: string): Promise<true> {
  const { error } = await client.auth.exchangeCodeForSession(code);
  if (error) throw error;
  return true;
}

/** A code can be exchanged once: run once per code, never retried, the outcome kept. */
export const codeExchangeQueryOptions = (getClient: () => Promise<AppSupabaseClient>, code: string) =>
  queryOptions({
    queryKey: authKeys.codeExchange(code),
    queryFn: async () => exchangeCode(await getClient(), code),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useCodeExchange(code: string | null) {
  const { getClient } = useSupabase();
  return useQuery({ ...codeExchangeQueryOptions(getClient, code ?? ''), enabled: code !== null });
}
