/**
 * Loading a code chunk (`import()`) so that a retry after a failed load can really succeed.
 *
 * A browser keeps the modules of a page in a map by address, and a browser may keep a failed fetch
 * there too (as the HTML standard's module map long did): asking for the same address again then
 * gives the same failure at once, without a request, for the life of the page. After a failure the
 * loader therefore asks for the address the failure named with a `retry` query: a new module to
 * the browser, the same file to the server (which ignores the query). The chunk's own imports are
 * relative addresses, resolved without the query, so they are the modules the page already has.
 * Where the error names no address (WebKit says only "Importing a module script failed."), the
 * original `import()` runs again.
 */

/** The address in Chromium's and Firefox's words for a failed `import()`, e.g. "… module: http://…/x.js". */
const FAILED_CHUNK_URL = /dynamically imported module:?\s*(\S+)/i;

/** The chunk address a failed `import()` names, without an earlier retry query; null when it names none. */
export function failedChunkUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const found = FAILED_CHUNK_URL.exec(message)?.[1];
  if (!found) return null;
  try {
    const url = new URL(found, globalThis.location?.href);
    url.searchParams.delete('retry');
    return url.href;
  } catch {
    return null;
  }
}

export interface ChunkLoaderOptions {
  /** Imports a module by address (tests replace it). */
  importUrl?: (url: string) => Promise<unknown>;
}

/**
 * A loader for one chunk: the first call runs `load` (the bundler's `import()`), a success is kept
 * for every later call, and a call after a failure loads the chunk again, under a new address when
 * the failure named one.
 */
export function chunkLoader<M>(load: () => Promise<M>, options: ChunkLoaderOptions = {}): () => Promise<M> {
  const importUrl = options.importUrl ?? ((url: string) => import(/* @vite-ignore */ url));
  let loaded: Promise<M> | null = null;
  let lastFailure: unknown = null;
  let attempt = 0;
  return () => {
    if (loaded) return loaded;
    const url = lastFailure === null ? null : failedChunkUrl(lastFailure);
    attempt += 1;
    const next = url ? (importUrl(`${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`) as Promise<M>) : load();
    loaded = next.catch((error: unknown) => {
      loaded = null;
      lastFailure = error;
      throw error;
    });
    return loaded;
  };
}
