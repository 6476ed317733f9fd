// Answers shaped like PostgREST's, Storage's and the idea-webhook function's for the ideas screens.
// No rules here: each test says what the server answers.
import type { Session } from '@supabase/supabase-js';
import { http, HttpResponse } from 'msw';
import type { BoardIdea } from '@/data/ideas/get-ideas-board';
import { functionsUrl } from '@/testing/msw/handlers';
import { readRequest, rpcUrl } from '@/testing/msw/supabase-answers';
import { TEST_SUPABASE_URL } from '@/testing/test-env';

let sequence = 0;

/** A row of get_app_ideas (with total_count, as the RPC returns it). */
export function boardRow(overrides: Partial<BoardIdea> & { total_count?: number } = {}) {
  sequence += 1;
  return {
    id: crypto.randomUUID(),
    title: `Pomysł ${sequence}`,
    description: 'Krótki opis pomysłu.',
    category: 'productivity' as const,
    target_audience: 'Studenci',
    monetization_strategy: 'Subskrypcja',
    submitted_by: crypto.randomUUID(),
    submitted_at: '2026-11-20T10:00:00+00:00',
    status: 'pending' as const,
    score: 0,
    votes_count: 0,
    views_count: 0,
    comments_count: 0,
    image_urls: [] as string[],
    webhook_response: null,
    created_at: '2026-11-20T10:00:00+00:00',
    updated_at: '2026-11-20T10:00:00+00:00',
    author_full_name: 'Anna Nowak',
    user_vote: null,
    total_count: 1,
    ...overrides,
  };
}

export type Recorded = { body: Record<string, unknown>; query: Record<string, string> };

/** get_app_ideas answering `rows(call)`; every call recorded. */
export function boardRpc(rows: (call: Recorded, index: number) => ReturnType<typeof boardRow>[] | Response) {
  const calls: Recorded[] = [];
  const handler = http.post(rpcUrl('get_app_ideas'), async ({ request }) => {
    const call = await readRequest(request);
    calls.push(call);
    const answer = rows(call, calls.length - 1);
    return answer instanceof Response ? answer : HttpResponse.json(answer);
  });
  return { handler, calls };
}

export function statsRpc(
  stats = {
    approved_count: 3,
    pending_count: 2,
    rejected_count: 1,
    total_count: 6,
    top_categories: [
      { category: 'games', count: 4 },
      { category: 'business', count: 2 },
    ],
  },
) {
  return http.post(rpcUrl('get_idea_stats'), () => HttpResponse.json([stats]));
}

/** The public URL of an idea image on the test Storage. */
export const imageUrl = (userId: string, file: string) =>
  `${TEST_SUPABASE_URL}/storage/v1/object/public/idea-images/${userId}/${file}`;

export const storageObjectUrl = (path = '*') => `${TEST_SUPABASE_URL}/storage/v1/object/idea-images/${path}`;

/** The function's answer. */
export const webhookAnswer = (feedback: string) =>
  http.post(functionsUrl('idea-webhook'), () => HttpResponse.json({ feedback }));

export const userIdOf = (session: Session) => session.user.id;
