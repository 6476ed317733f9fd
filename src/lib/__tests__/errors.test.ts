import {
  AuthApiError,
  AuthInvalidCredentialsError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
  FunctionsFetchError,
  FunctionsHttpError,
  type PostgrestSingleResponse,
} from '@supabase/supabase-js';
import {
  AppError,
  classifyError,
  getErrorStatus,
  isChunkLoadError,
  isConnectionProblem,
  isNetworkError,
  toUserMessage,
  unwrap,
} from '../errors';
// Keys of lazily loaded domains translate once their chunk has loaded them, as here.
import '@/i18n/apps';
import '@/i18n/ideas';
import '@/i18n/wallet';

const NETWORK = 'Problem z połączeniem sieciowym. Spróbuj ponownie później.';
const UNEXPECTED = 'Wystąpił nieoczekiwany błąd';
const SESSION_EXPIRED = 'Sesja wygasła, zaloguj się ponownie';

/** A PostgREST error body as the client hands it over. */
function postgrest(code: string, message: string, details: string | null = null) {
  return { code, message, details, hint: null };
}

describe('toUserMessage: HTTP statuses (product.md#account-8)', () => {
  it.each([
    [400, 'Nieprawidłowe dane'],
    [401, SESSION_EXPIRED],
    [403, 'Brak dostępu'],
    [404, 'Nie znaleziono zasobu'],
    [500, 'Błąd serwera, spróbuj ponownie później'],
    [409, UNEXPECTED],
    [418, UNEXPECTED],
    [429, 'Zbyt wiele prób. Odczekaj kilka minut i spróbuj ponownie.'],
    [502, UNEXPECTED],
    [503, UNEXPECTED],
  ])('status %i → %s', (status, message) => {
    expect(toUserMessage(new AppError('failed', { status }))).toBe(message);
    expect(toUserMessage({ status, message: 'failed' })).toBe(message);
  });

  it('uses the status of a function that answered with an error', () => {
    const error = new FunctionsHttpError(new Response('{}', { status: 403 }));
    expect(toUserMessage(error)).toBe('Brak dostępu');
    expect(getErrorStatus(error)).toBe(403);
  });
});

describe('toUserMessage: network failures', () => {
  it.each([
    ['Chrome', new TypeError('Failed to fetch')],
    ['Node', new TypeError('fetch failed')],
    ['Firefox', new TypeError('NetworkError when attempting to fetch resource.')],
    ['Safari', new TypeError('Load failed')],
    ['PostgREST client', postgrest('', 'TypeError: Failed to fetch', 'TypeError: Failed to fetch')],
    ['Auth client', new AuthRetryableFetchError('Failed to fetch', 0)],
    ['Functions client', new FunctionsFetchError(new TypeError('Failed to fetch'))],
    ['app', new AppError('offline', { code: 'network' })],
  ])('%s failure → the network message', (_source, error) => {
    expect(isNetworkError(error)).toBe(true);
    expect(toUserMessage(error)).toBe(NETWORK);
  });

  it('does not call an HTTP answer a network failure', () => {
    expect(isNetworkError(new AppError('Failed to fetch', { status: 500 }))).toBe(false);
    expect(isNetworkError(new AuthRetryableFetchError('Bad gateway', 502))).toBe(false);
    expect(toUserMessage(new AuthRetryableFetchError('Internal error', 500))).toBe(
      'Błąd serwera, spróbuj ponownie później',
    );
  });
});

describe('a code chunk that failed to load (a page, the registration tab, the phone input, supabase-js)', () => {
  it.each([
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: https://klub.example/assets/x.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: https://klub.example/assets/x.js')],
    ['WebKit', new TypeError('Importing a module script failed.')],
    ['Vite preload', new Error('Unable to preload CSS for /assets/x.css')],
  ])('%s: recognised, and shown as the network message', (_engine, error) => {
    expect(isChunkLoadError(error)).toBe(true);
    expect(isNetworkError(error)).toBe(true);
    expect(toUserMessage(error)).toBe(NETWORK);
  });

  it('is not any other TypeError', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isNetworkError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  });
});

describe('isConnectionProblem: errors mentioning CORS, cross-origin or blocked', () => {
  it.each([
    ['CORS', new TypeError("Access to fetch at 'x' from origin 'y' has been blocked by CORS policy")],
    ['cross-origin', new Error('Cross-Origin Request Blocked: The Same Origin Policy disallows reading')],
    ['cross-origin, lower case', new Error('a cross-origin frame was denied')],
    ['blocked', new TypeError('net::ERR_BLOCKED_BY_CLIENT')],
    [
      'CORS in PostgREST details',
      postgrest('', 'TypeError: Failed to fetch', 'Caused by: CORS request did not succeed'),
    ],
    ['CORS in the cause', new TypeError('fetch failed', { cause: new Error('CORS preflight failed') })],
    ['a string', 'request blocked'],
  ])('%s → true, with the network message', (_case, error) => {
    expect(isConnectionProblem(error)).toBe(true);
    expect(toUserMessage(error)).toBe(NETWORK);
  });

  it.each([
    ['a plain network failure', new TypeError('Failed to fetch')],
    ['an HTTP answer that says blocked', new AppError('User is blocked', { status: 403 })],
    ['an auth answer that says blocked', new AuthApiError('Request blocked', 400, 'captcha_failed')],
    ['a word containing "cors"', new Error('discorsive')],
    ['nothing', null],
    ['undefined', undefined],
  ])('%s → false', (_case, error) => {
    expect(isConnectionProblem(error)).toBe(false);
  });
});

describe('toUserMessage: PostgREST error objects', () => {
  it.each([
    [
      'PGRST116 (no row for .single())',
      postgrest('PGRST116', 'JSON object requested, multiple (or no) rows returned'),
      'Nie znaleziono zasobu',
    ],
    ['42501 (RLS / privilege)', postgrest('42501', 'permission denied for table profiles'), 'Brak dostępu'],
    ['PGRST301 (JWT)', postgrest('PGRST301', 'JWT expired'), SESSION_EXPIRED],
    ['PGRST303 (JWT claims)', postgrest('PGRST303', 'JWT expired'), SESSION_EXPIRED],
    ['P0001 with a message key', postgrest('P0001', 'wallet.insufficient_funds'), 'Niewystarczające środki'],
    ['P0001 with another key', postgrest('P0001', 'validation.referral_code.invalid'), 'Nieprawidłowy kod polecający'],
    ['P0001 without a key', postgrest('P0001', 'something went wrong'), 'Nieprawidłowe dane'],
    ['P0002 without a key', postgrest('P0002', 'no rows'), 'Nie znaleziono zasobu'],
    ['P0002 with a key', postgrest('P0002', 'wallet.withdrawal_not_found'), 'Nie znaleziono wypłaty'],
    ['42501 with a key', postgrest('42501', 'auth.forbidden'), 'Brak dostępu'],
    ['23505 (unique)', postgrest('23505', 'duplicate key value violates unique constraint'), 'Nieprawidłowe dane'],
    ['22P02 (bad input)', postgrest('22P02', 'invalid input syntax for type uuid'), 'Nieprawidłowe dane'],
    ['an unknown code', postgrest('XX000', 'internal error'), UNEXPECTED],
  ])('%s', (_case, error, message) => {
    expect(toUserMessage(error)).toBe(message);
  });

  it('prefers the code over the status for a wrapped PostgREST error', () => {
    const error = new AppError('JSON object requested', { status: 406, code: 'PGRST116' });
    expect(toUserMessage(error)).toBe('Nie znaleziono zasobu');
  });

  it('falls back to the status when the code means nothing', () => {
    expect(toUserMessage(new AppError('internal', { status: 500, code: 'XX000' }))).toBe(
      'Błąd serwera, spróbuj ponownie później',
    );
  });
});

describe('toUserMessage: Supabase Auth errors (the generic classes; the texts of Auth are in lib/auth)', () => {
  it.each([
    ['session_not_found', new AuthApiError('Session not found', 403, 'session_not_found'), SESSION_EXPIRED],
    [
      'refresh_token_not_found',
      new AuthApiError('Invalid Refresh Token', 400, 'refresh_token_not_found'),
      SESSION_EXPIRED,
    ],
    ['Auth session missing!', new AuthSessionMissingError(), SESSION_EXPIRED],
    ['Auth session or user missing', new AuthApiError('Auth session or user missing', 500, undefined), SESSION_EXPIRED],
    [
      'no email or phone',
      new AuthInvalidCredentialsError('You must provide either an email or phone number and a password'),
      'Nieprawidłowe dane',
    ],
    ['an unknown code with a status', new AuthApiError('Conflict', 409, 'conflict'), UNEXPECTED],
    ['an unknown code with 403', new AuthApiError('Forbidden', 403, 'not_admin'), 'Brak dostępu'],
    // Without Auth's texts, a refused sign-in is what its status says.
    [
      'invalid_credentials',
      new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'),
      'Nieprawidłowe dane',
    ],
  ])('%s', (_case, error, message) => {
    expect(toUserMessage(error)).toBe(message);
  });
});

describe('toUserMessage: message keys and unknown errors', () => {
  it('translates a message key thrown by the app', () => {
    expect(toUserMessage(new Error('wallet.insufficient_funds'))).toBe('Niewystarczające środki');
    expect(toUserMessage(new AppError('apps.load_failed'))).toBe('Nie udało się załadować aplikacji');
    expect(toUserMessage('ideas.save_failed')).toBe('Nie udało się zapisać pomysłu');
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['an empty object', {}],
    ['a plain Error', new Error('boom')],
    ['a string that is not a key', 'boom'],
  ])('%s → the unexpected-error message', (_case, error) => {
    expect(toUserMessage(error)).toBe(UNEXPECTED);
  });
});

describe('getErrorStatus', () => {
  it.each([
    ['an AppError', new AppError('x', { status: 404 }), 404],
    ['an auth API error', new AuthApiError('x', 400, 'invalid_credentials'), 400],
    ['an auth network failure', new AuthRetryableFetchError('x', 0), undefined],
    ['a PostgREST PGRST116', postgrest('PGRST116', 'x'), 406],
    ['a PostgREST 42501', postgrest('42501', 'x'), 403],
    ['a PostgREST P0001', postgrest('P0001', 'wallet.insufficient_funds'), 400],
    ['a PostgREST JWT error', postgrest('PGRST301', 'x'), 401],
    ['a network failure', new TypeError('Failed to fetch'), undefined],
    ['a plain object with status', { status: 503 }, 503],
  ])('%s → %s', (_case, error, status) => {
    expect(getErrorStatus(error)).toBe(status);
  });
});

describe('unwrap', () => {
  it('returns the data of a successful answer', () => {
    const result: PostgrestSingleResponse<{ id: string }> = {
      success: true,
      data: { id: 'a' },
      error: null,
      count: null,
      status: 200,
      statusText: 'OK',
    };
    expect(unwrap(result)).toEqual({ id: 'a' });
  });

  it('throws an AppError with the status and code of a failed answer', () => {
    const result = {
      success: false,
      data: null,
      error: postgrest('42501', 'permission denied for table profiles'),
      count: null,
      status: 403,
      statusText: 'Forbidden',
    } as unknown as PostgrestSingleResponse<{ id: string }>;
    let thrown: unknown;
    try {
      unwrap(result);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ status: 403, code: '42501', message: 'permission denied for table profiles' });
    expect(toUserMessage(thrown)).toBe('Brak dostępu');
  });

  it('keeps a network failure a network failure (status 0, no code)', () => {
    const result = {
      success: false,
      data: null,
      error: postgrest('', 'TypeError: Failed to fetch', 'TypeError: Failed to fetch'),
      count: null,
      status: 0,
      statusText: '',
    } as unknown as PostgrestSingleResponse<null>;
    expect(() => unwrap(result)).toThrow(AppError);
    try {
      unwrap(result);
    } catch (error) {
      expect(getErrorStatus(error)).toBeUndefined();
      expect(toUserMessage(error)).toBe(NETWORK);
    }
  });
});

describe('classifyError: one class per error, with its status and code', () => {
  it.each([
    [
      'a message key an RPC raised',
      new AppError('wallet.insufficient_funds', { status: 400, code: 'P0001' }),
      'message_key',
    ],
    ['an Auth rate limit', new AuthApiError('slow down', 429, 'over_email_send_rate_limit'), 'rate_limited'],
    ['any 429', new AppError('Too Many Requests', { status: 429 }), 'rate_limited'],
    ['no answer', new TypeError('Failed to fetch'), 'network'],
    ['an expired session', new AuthApiError('Session not found', 403, 'session_not_found'), 'unauthenticated'],
    ['a missing session', new AuthSessionMissingError(), 'unauthenticated'],
    ['an expired JWT at PostgREST', postgrest('PGRST301', 'JWT expired'), 'unauthenticated'],
    ['an RLS refusal', new AppError('permission denied', { status: 403, code: '42501' }), 'forbidden'],
    ['a missing row', postgrest('PGRST116', 'no rows'), 'not_found'],
    ['a check violation', new AppError('violates check', { status: 400, code: '23514' }), 'validation'],
    ['a refused sign-in', new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'), 'validation'],
    ['a server failure', new AppError('boom', { status: 500 }), 'server'],
    ['a bad gateway', new AppError('boom', { status: 502 }), 'server'],
    ['a plain Error', new Error('boom'), 'unknown'],
    ['nothing', undefined, 'unknown'],
  ])('%s → %s', (_case, error, kind) => {
    expect(classifyError(error).kind).toBe(kind);
  });

  it('keeps the status, the code, where it came from and the key', () => {
    expect(classifyError(new AppError('wallet.insufficient_funds', { status: 400, code: 'P0001' }))).toEqual({
      kind: 'message_key',
      status: 400,
      code: 'P0001',
      auth: false,
      key: 'wallet.insufficient_funds',
    });
    expect(classifyError(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toEqual({
      kind: 'validation',
      status: 400,
      code: 'invalid_credentials',
      auth: true,
    });
    expect(classifyError(postgrest('23505', 'duplicate key'))).toMatchObject({
      kind: 'validation',
      code: '23505',
      status: 409,
    });
  });

  it('lets a feature word a class its own way and falls back to the generic text', () => {
    const texts = (errorClass: { kind: string }) =>
      errorClass.kind === 'forbidden' ? 'Tylko dla administratorów' : undefined;
    expect(toUserMessage(new AppError('permission denied', { status: 403, code: '42501' }), texts)).toBe(
      'Tylko dla administratorów',
    );
    expect(toUserMessage(new AppError('gone', { status: 404 }), texts)).toBe('Nie znaleziono zasobu');
  });
});
