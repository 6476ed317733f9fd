import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { AppSupabaseClient } from '@/lib/supabase';
import { deleteIdea } from '../delete-idea';
import { publicIdeaImageUrl } from '../image-urls';
import { ideasKeys } from '../keys';
import { setIdeaStatusMutationOptions } from '../set-idea-status';

/** A client whose RPC and Storage answer as given, recording the calls in order. */
function fakeClient(options: { removeError?: Error } = {}) {
  const calls: string[] = [];
  const client = {
    rpc: vi.fn((name: string) => {
      calls.push(`rpc:${name}`);
      return Promise.resolve({ data: null, error: null });
    }),
    storage: {
      from: (bucket: string) => ({
        remove: (paths: string[]) => {
          calls.push(`remove:${bucket}:${paths.join(',')}`);
          return Promise.resolve({ data: options.removeError ? null : [], error: options.removeError ?? null });
        },
      }),
    },
  } as unknown as AppSupabaseClient;
  return { client, calls };
}

describe('one key factory for the board and the moderation tab', () => {
  it('a review refreshes both the members’ board and the admin list', async () => {
    const queryClient = new QueryClient();
    const board = ideasKeys.board({ search: '', category: null, sort: 'date', page: 1, mine: false });
    const moderation = ideasKeys.moderationList(null, 0);
    queryClient.setQueryData(board, { ideas: [] });
    queryClient.setQueryData(moderation, { rows: [] });
    const { client } = fakeClient();
    const options = setIdeaStatusMutationOptions(() => Promise.resolve(client), queryClient);
    await options.mutationFn!({ ideaId: 'i1', status: 'approved' }, {} as never);
    await options.onSettled!(undefined, null, { ideaId: 'i1', status: 'approved' }, undefined, {} as never);
    expect(queryClient.getQueryState(board)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(moderation)?.isInvalidated).toBe(true);
  });
});

describe('deleteIdea', () => {
  const author = '7d1d8b3e-2f4a-4c1e-9a55-0b6f1c2d3e4f';
  const urls = [publicIdeaImageUrl(`${author}/1.png`), publicIdeaImageUrl(`${author}/2.png`)];

  it('removes the images first, then the idea', async () => {
    const { client, calls } = fakeClient();
    await deleteIdea(client, { ideaId: 'i1', imageUrls: urls });
    expect(calls).toEqual([`remove:idea-images:${author}/1.png,${author}/2.png`, 'rpc:admin_delete_idea']);
  });

  it('keeps the idea when the images cannot be removed', async () => {
    const { client, calls } = fakeClient({ removeError: new Error('storage down') });
    await expect(deleteIdea(client, { ideaId: 'i1', imageUrls: urls })).rejects.toThrow('ideas.images_remaining');
    expect(calls).toEqual([`remove:idea-images:${author}/1.png,${author}/2.png`]);
  });
});
