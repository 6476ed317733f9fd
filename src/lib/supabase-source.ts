/**
 * Where the session provider and the forms get the Supabase client from, without loading it before
 * it is needed. The app's source loads supabase-js with `import()` (lib/supabase.ts); tests pass a
 * source around a fake or a per-test client (testing/render.tsx).
 */
export type SupabaseSource<Client> = {
  /** Synchronous: may a session be stored? If not, the visitor is signed out without loading anything. */
  hasStoredSession(): boolean;
  /** Loads the client (once) and tells every `onLoad` listener before the caller hears of it. */
  load(): Promise<Client>;
  /** Called once the client is loaded, by whoever loaded it (at once when it already is). */
  onLoad(listener: (client: Client) => void): () => void;
};

export function createSupabaseSource<Client>(options: {
  hasStoredSession: () => boolean;
  load: () => Promise<Client>;
}): SupabaseSource<Client> {
  const listeners = new Set<(client: Client) => void>();
  let loaded: { client: Client } | null = null;
  let pending: Promise<Client> | null = null;

  return {
    hasStoredSession: options.hasStoredSession,
    load() {
      if (loaded) return Promise.resolve(loaded.client);
      pending ??= options.load().then(
        (client) => {
          loaded = { client };
          for (const listener of [...listeners]) listener(client);
          return client;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    onLoad(listener) {
      listeners.add(listener);
      if (loaded) listener(loaded.client);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
