import { whenIdle, yieldToMain } from '../main-thread';

describe('yieldToMain', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('resolves in a later task: microtasks queued after it still run first', async () => {
    const order: string[] = [];
    const yielded = yieldToMain().then(() => order.push('yield'));
    queueMicrotask(() => order.push('microtask'));
    await Promise.resolve().then(() => order.push('promise'));

    await yielded;
    expect(order).toEqual(['microtask', 'promise', 'yield']);
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });

    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledOnce();
  });
});

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks requestIdleCallback with the time limit, and cancels through cancelIdleCallback', () => {
    const request = vi.fn((_task: IdleRequestCallback, _options?: IdleRequestOptions) => 7);
    const cancelRequest = vi.fn();
    vi.stubGlobal('requestIdleCallback', request);
    vi.stubGlobal('cancelIdleCallback', cancelRequest);
    const task = vi.fn();

    const cancel = whenIdle(task, 2_000);
    expect(request).toHaveBeenCalledWith(task, { timeout: 2_000 });
    cancel();
    expect(cancelRequest).toHaveBeenCalledWith(7);
  });

  it('without requestIdleCallback (Safari) runs the task after the fallback timer, unless cancelled', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const soon = vi.fn();
    const later = vi.fn();
    const cancelled = vi.fn();

    whenIdle(soon, 2_000);
    whenIdle(later, 2_000, 1_000);
    whenIdle(cancelled, 2_000)();
    vi.advanceTimersByTime(0);
    expect(soon).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(999);
    expect(later).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(later).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(5_000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
