/**
 * Giving the browser its main thread back during start-up (issue 24 §6, total blocking time): work
 * that would otherwise run as one long task (several reads started from one promise chain, a
 * subscription opened beside the first render) is split into tasks short enough that input and
 * painting get in between.
 */

type Scheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a new task: `scheduler.yield()` where the browser has it (Chromium; the continuation
 * goes ahead of other queued work), otherwise a message to a `MessageChannel` (no timer clamping).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs `task` when the browser is next idle, at the latest after `timeoutMs`. Where there is no
 * `requestIdleCallback` (Safari) it runs after a timer of `fallbackMs` (by default at once, in a
 * task of its own). Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 1_000, fallbackMs = 0): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(task, fallbackMs);
  return () => window.clearTimeout(timer);
}
