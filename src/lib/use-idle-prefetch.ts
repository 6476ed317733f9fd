import { useEffect } from 'react';
import { whenIdle } from './main-thread';

/**
 * Loads a chunk once the page is idle (at the latest after `timeoutMs`). For dialogs that are not
 * part of the first load but must be able to open without the network (a lost session, a blocked
 * connection): the browser keeps a loaded module for the page's life, so the lazy component that
 * imports it later renders at once.
 */
export function useIdlePrefetch(load: () => Promise<unknown>, timeoutMs = 3_000): void {
  useEffect(() => {
    const run = () => {
      load().catch(() => {
        // A failed prefetch is tried again when the dialog is needed.
      });
    };
    // Without requestIdleCallback (Safari), after at most a second: not in the first render's wake.
    return whenIdle(run, timeoutMs, Math.min(timeoutMs, 1_000));
  }, [load, timeoutMs]);
}
