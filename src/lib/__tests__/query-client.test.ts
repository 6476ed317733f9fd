import { onlineManager } from '@tanstack/react-query';
import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { subscribeToConnectionProblems } from '../connection-problem';
import { AppError } from '../errors';
import { createQueryClient, queryRetryDelay, shouldRetryQuery } from '../query-client';

describe('shouldRetryQuery', () => {
  it.each([
    ['400', new AppError('x', { status: 400 })],
    ['401', new AppError('x', { status: 401 })],
    ['403', new AppError('x', { status: 403 })],
    ['404', new AppError('x', { status: 404 })],
    ['406 (PGRST116)', new AppError('x', { status: 406, code: 'PGRST116' })],
    ['429', { status: 429 }],
    ['an auth 400', new AuthApiError('Invalid login credentials', 400, 'invalid_credentials')],
    ['a PostgREST 42501 without status', { code: '42501', message: 'denied', details: null, hint: null }],
    [
      'a PostgREST P0001 without status',
      { code: 'P0001', message: 'wallet.insufficient_funds', details: null, hint: null },
    ],
  ])('never retries a client error: %s', (_case, error) => {
    expect(shouldRetryQuery(0, error)).toBe(false);
  });

  it.each([
    ['500', new AppError('x', { status: 500 })],
    ['503', { status: 503 }],
    ['a network failure', new TypeError('Failed to fetch')],
    ['an auth network failure', new AuthRetryableFetchError('Failed to fetch', 0)],
    ['an unknown error', new Error('boom')],
  ])('retries %s up to 3 times', (_case, error) => {
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(true);
    expect(shouldRetryQuery(2, error)).toBe(true);
    expect(shouldRetryQuery(3, error)).toBe(false);
  });
});

describe('queryRetryDelay', () => {
  it.each([
    [0, 1_000],
    [1, 2_000],
    [2, 4_000],
    [3, 8_000],
    [4, 16_000],
    [5, 30_000],
    [10, 30_000],
  ])('after failure #%i waits %i ms', (attempt, delay) => {
    expect(queryRetryDelay(attempt)).toBe(delay);
  });
});

describe('createQueryClient', () => {
  it('tries a failing query 4 times, 1 s, 2 s and 4 s apart, then gives up', async () => {
    vi.useFakeTimers();
    const queryClient = createQueryClient();
    const error = new AppError('boom', { status: 500 });
    const queryFn = vi.fn(() => Promise.reject(error));
    const outcome = queryClient.fetchQuery({ queryKey: ['failing'], queryFn }).catch((reason: unknown) => reason);

    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(queryFn).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(4);
    await expect(outcome).resolves.toBe(error);
  });

  it('gives up on a 404 after the first attempt', async () => {
    vi.useFakeTimers();
    const queryClient = createQueryClient();
    const queryFn = vi.fn(() => Promise.reject(new AppError('missing', { status: 404 })));
    const outcome = queryClient.fetchQuery({ queryKey: ['missing'], queryFn }).catch((reason: unknown) => reason);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await expect(outcome).resolves.toBeInstanceOf(AppError);
  });

  it('never retries a mutation', async () => {
    const queryClient = createQueryClient();
    const mutationFn = vi.fn(() => Promise.reject(new AppError('boom', { status: 500 })));
    await expect(
      queryClient.getMutationCache().build(queryClient, { mutationFn }).execute(undefined),
    ).rejects.toBeInstanceOf(AppError);
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });

  it('offline, runs an action at once (it fails with the network message) instead of pausing it', async () => {
    onlineManager.setOnline(false);
    try {
      const queryClient = createQueryClient();
      const mutationFn = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
      await expect(
        queryClient.getMutationCache().build(queryClient, { mutationFn }).execute(undefined),
      ).rejects.toBeInstanceOf(TypeError);
      expect(mutationFn).toHaveBeenCalledTimes(1);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('reports connection problems (CORS, blocked) from queries and mutations, and nothing else', async () => {
    const queryClient = createQueryClient({ queries: { retry: false } });
    const reported: unknown[] = [];
    const unsubscribe = subscribeToConnectionProblems((error) => reported.push(error));
    const cors = new TypeError('Failed to fetch: blocked by CORS policy');

    await queryClient.fetchQuery({ queryKey: ['cors'], queryFn: () => Promise.reject(cors) }).catch(() => {});
    await queryClient
      .fetchQuery({ queryKey: ['500'], queryFn: () => Promise.reject(new AppError('x', { status: 500 })) })
      .catch(() => {});
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.reject(new Error('Cross-Origin Request Blocked')) })
      .execute(undefined)
      .catch(() => {});
    unsubscribe();

    expect(reported).toHaveLength(2);
    expect(reported[0]).toBe(cors);
  });
});
