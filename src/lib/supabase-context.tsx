import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AppSupabaseClient } from './supabase';
import type { SupabaseSource } from './supabase-source';

const SupabaseContext = createContext<SupabaseSource<AppSupabaseClient> | null>(null);

export function SupabaseProvider({
  source,
  children,
}: {
  source: SupabaseSource<AppSupabaseClient>;
  children: ReactNode;
}) {
  return <SupabaseContext.Provider value={source}>{children}</SupabaseContext.Provider>;
}

export type SupabaseAccess = {
  /** The client, loaded on first use (supabase-js is a chunk of its own). */
  getClient: () => Promise<AppSupabaseClient>;
  /** Starts loading the client without waiting (e.g. when a visitor starts filling in a form). */
  preload: () => void;
};

/** `const { getClient } = useSupabase(); … const client = await getClient();` */
export function useSupabase(): SupabaseAccess {
  const source = useContext(SupabaseContext);
  if (!source) throw new Error('useSupabase must be used inside <SupabaseProvider>');
  return useMemo(
    () => ({
      getClient: () => source.load(),
      preload: () => {
        source.load().catch((error: unknown) => console.warn('Loading the Supabase client failed', error));
      },
    }),
    [source],
  );
}
