import { notifyManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';

/**
 * Fake timers for a test that also talks to MSW and TanStack Query: timeouts (the app's
 * redirects) and, with `clock: true`, intervals and Date (the session countdown) are faked;
 * Testing Library keeps its real polling when intervals are real. TanStack Query batches its
 * notifications with setTimeout(0), so it notifies in a microtask instead for the test.
 */
export function fakeTimers({ clock = false }: { clock?: boolean } = {}): void {
  vi.useFakeTimers({
    toFake: clock
      ? ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date']
      : ['setTimeout', 'clearTimeout'],
  });
  notifyManager.setScheduler((callback) => queueMicrotask(callback));
  onTestFinished(() => {
    notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  });
}

/** Moves the fake clock on, letting React render what the timers did. */
export async function advanceTime(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Lets React render and run the effects of what has happened so far, without moving the clock. */
export async function settle(): Promise<void> {
  await act(async () => {});
}

/**
 * Does `step`, then waits until `expectation` holds, inside one act(): React has rendered that state
 * and run its effects (a redirect's timer starts there) before the clock moves. Waiting outside act
 * returned before that render on a busy machine, and the timer started too late for an exact advance.
 */
export async function stepUntilRendered(step: () => void, expectation: () => void): Promise<void> {
  await act(async () => {
    step();
    await vi.waitFor(expectation, { timeout: 10_000 });
  });
}
