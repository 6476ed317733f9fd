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

  it('without requestIdleCallback (Safari) runs the task after a timer of at most a second, unless cancelled', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const task = vi.fn();
    const cancelled = vi.fn();

    whenIdle(task, 2_000);
    whenIdle(cancelled, 2_000)();
    vi.advanceTimersByTime(999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(5_000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
