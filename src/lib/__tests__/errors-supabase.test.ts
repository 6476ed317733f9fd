/**
 * The error contract against the real client libraries: MSW answers the way PostgREST and GoTrue
 * do, the real supabase-js turns that into its error objects, and errors.ts must recognise them.
 */
import { createClient } from '@supabase/supabase-js';
import { http, HttpResponse } from 'msw';
import { authError, authUrl, postgrestError, restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { TEST_ANON_KEY, TEST_SUPABASE_URL } from '@/testing/test-env';
import { authUserMessage } from '../auth/auth-errors';
import { AppError, getErrorStatus, toUserMessage, unwrap } from '../errors';
import { shouldRetryQuery } from '../query-client';
// The wallet's texts are loaded by the wallet chunk, as here.
import '@/i18n/wallet';

// One client for the file (auth-js warns about several in one context). Untyped on purpose: the
// RPCs and tables named here need not exist in the generated types.
const supabase = createClient(TEST_SUPABASE_URL, TEST_ANON_KEY, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
const client = () => supabase;

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('errors from the real supabase-js client', () => {
  it('maps a missing row (.single(), PGRST116, 406) to "not found" and does not retry it', async () => {
    server.use(
      http.get(restUrl('/profiles'), () =>
        postgrestError(406, {
          code: 'PGRST116',
          message: 'JSON object requested, multiple (or no) rows returned',
          details: 'The result contains 0 rows',
        }),
      ),
    );
    const error = await caught(
      (async () => unwrap(await client().from('profiles').select('*').eq('user_id', crypto.randomUUID()).single()))(),
    );
    expect(error).toBeInstanceOf(AppError);
    expect(getErrorStatus(error)).toBe(406);
    expect(shouldRetryQuery(0, error)).toBe(false);
    expect(toUserMessage(error)).toBe('Nie znaleziono zasobu');
  });

  it('maps an RLS refusal (42501, 403) to "Brak dostępu"', async () => {
    server.use(
      http.patch(restUrl('/profiles'), () =>
        postgrestError(403, { code: '42501', message: 'permission denied for table profiles' }),
      ),
    );
    const result = await client().from('profiles').update({ full_name: 'X' }).eq('id', crypto.randomUUID());
    expect(toUserMessage(result.error)).toBe('Brak dostępu');
  });

  it('looks up the message key an RPC raises with P0001', async () => {
    server.use(
      http.post(restUrl('/rpc/request_withdrawal'), () =>
        postgrestError(400, { code: 'P0001', message: 'wallet.insufficient_funds' }),
      ),
    );
    const { error } = await client().rpc('request_withdrawal');
    expect(toUserMessage(error)).toBe('Niewystarczające środki');
  });

  it('maps a network failure of a query to the network message', async () => {
    server.use(http.get(restUrl('/profiles'), () => HttpResponse.error()));
    const result = await client().from('profiles').select('*').retry(false);
    expect(result.status).toBe(0);
    const error = await caught(Promise.resolve().then(() => unwrap(result)));
    expect(toUserMessage(error)).toBe('Problem z połączeniem sieciowym. Spróbuj ponownie później.');
    expect(shouldRetryQuery(0, error)).toBe(true);
  });

  it('maps invalid_credentials from GoTrue', async () => {
    server.use(http.post(authUrl('/token'), () => authError(400, 'invalid_credentials', 'Invalid login credentials')));
    const { error } = await client().auth.signInWithPassword({ email: 'member@example.test', password: 'wrong' });
    expect(authUserMessage(error)).toBe('Nieprawidłowy email lub hasło');
  });

  it('maps email_not_confirmed from GoTrue', async () => {
    server.use(http.post(authUrl('/token'), () => authError(400, 'email_not_confirmed', 'Email not confirmed')));
    const { error } = await client().auth.signInWithPassword({ email: 'member@example.test', password: 'secret' });
    expect(authUserMessage(error)).toBe('Konto nie zostało aktywowane');
  });

  it('passes on the weak-password reasons GoTrue gives', async () => {
    server.use(
      http.post(authUrl('/signup'), () =>
        authError(422, 'weak_password', 'Password should be at least 8 characters.', {
          weak_password: { reasons: ['length'] },
        }),
      ),
    );
    const { error } = await client().auth.signUp({ email: 'new@example.test', password: 'short' });
    expect(authUserMessage(error)).toBe('Hasło musi mieć co najmniej 8 znaków');
  });

  it('maps session_not_found to the session-expired message', async () => {
    server.use(
      http.get(authUrl('/user'), () =>
        authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
      ),
    );
    const { error } = await client().auth.getUser('expired-token');
    expect(toUserMessage(error)).toBe('Sesja wygasła, zaloguj się ponownie');
  });

  it('maps a network failure of the auth client to the network message', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post(authUrl('/token'), () => HttpResponse.error()));
    const { error } = await client().auth.signInWithPassword({ email: 'member@example.test', password: 'secret' });
    expect(toUserMessage(error)).toBe('Problem z połączeniem sieciowym. Spróbuj ponownie później.');
    expect(consoleError).toHaveBeenCalled();
  });

  it("maps hosted Auth's rate limits (429) to asking the user to wait", async () => {
    server.use(
      http.post(authUrl('/otp'), () =>
        authError(
          429,
          'over_email_send_rate_limit',
          'For security purposes, you can only request this after 42 seconds.',
        ),
      ),
      http.post(authUrl('/token'), () => authError(429, 'over_request_rate_limit', 'Request rate limit reached')),
    );
    const otp = await client().auth.signInWithOtp({ email: 'member@example.test' });
    expect(authUserMessage(otp.error)).toBe(
      'Zbyt wiele wiadomości email w krótkim czasie. Spróbuj ponownie za kilka minut.',
    );
    const token = await client().auth.signInWithPassword({ email: 'member@example.test', password: 'secret' });
    expect(toUserMessage(token.error)).toBe('Zbyt wiele prób. Odczekaj kilka minut i spróbuj ponownie.');
    expect(shouldRetryQuery(0, token.error)).toBe(false);
  });

  it('maps any other 429 to the same message', async () => {
    server.use(
      http.get(restUrl('/profiles'), () => HttpResponse.json({ message: 'Too Many Requests' }, { status: 429 })),
    );
    const result = await client().from('profiles').select('*').retry(false);
    const error = await caught(Promise.resolve().then(() => unwrap(result)));
    expect(toUserMessage(error)).toBe('Zbyt wiele prób. Odczekaj kilka minut i spróbuj ponownie.');
  });
});
