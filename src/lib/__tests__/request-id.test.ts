/**
 * One request id from the click to the log (issue 40 §3): the app's client sends a traceparent and
 * x-request-id with every call, and a server error names the failed call's id in its message.
 */
import { http, HttpResponse } from 'msw';
import { postgrestError, restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { TEST_ANON_KEY, TEST_SUPABASE_URL } from '@/testing/test-env';
import { toUserMessage, unwrap } from '../errors';
import { takeFailedRequestId } from '../request-id';
import { createAppSupabaseClient } from '../supabase-client';

const supabase = createAppSupabaseClient(TEST_SUPABASE_URL, TEST_ANON_KEY, { persistSession: false });

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('request id', () => {
  it('every call carries a W3C traceparent and x-request-id with the same trace id, new for each call', async () => {
    const seen: Headers[] = [];
    server.use(
      http.get(restUrl('/profiles'), ({ request }) => {
        seen.push(request.headers);
        return HttpResponse.json([]);
      }),
    );
    await supabase.from('profiles').select('user_id');
    await supabase.from('profiles').select('user_id');
    const [first, second] = seen;
    const trace = /^00-([0-9a-f]{32})-[0-9a-f]{16}-01$/.exec(first?.get('traceparent') ?? '');
    expect(trace?.[1]).toBe(first?.get('x-request-id'));
    expect(second?.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(second?.get('x-request-id')).not.toBe(first?.get('x-request-id'));
    expect(first?.get('apikey')).toBe(TEST_ANON_KEY);
  });

  it('a server error shows the failed call’s id as "identyfikator zdarzenia"', async () => {
    let sent = '';
    server.use(
      http.post(restUrl('/rpc/get_dashboard'), ({ request }) => {
        sent = request.headers.get('x-request-id') ?? '';
        return postgrestError(500, { code: 'XX000', message: 'internal' });
      }),
    );
    const error = await caught((async () => unwrap(await supabase.rpc('get_dashboard' as never)))());
    expect(sent).toMatch(/^[0-9a-f]{32}$/);
    expect(toUserMessage(error)).toBe(`Błąd serwera, spróbuj ponownie później (identyfikator zdarzenia: ${sent})`);
  });

  it('a refusal the member can act on is shown without an id; an old failure lends its id to nothing', async () => {
    server.use(
      http.post(restUrl('/rpc/get_dashboard'), () => postgrestError(403, { code: '42501', message: 'denied' })),
    );
    const error = await caught((async () => unwrap(await supabase.rpc('get_dashboard' as never)))());
    expect(toUserMessage(error)).toBe('Brak dostępu');

    server.use(http.post(restUrl('/rpc/get_dashboard'), () => postgrestError(500, { code: 'XX000', message: 'x' })));
    await supabase.rpc('get_dashboard' as never);
    expect(takeFailedRequestId(Date.now() + 60_000)).toBeUndefined();
  });
});
