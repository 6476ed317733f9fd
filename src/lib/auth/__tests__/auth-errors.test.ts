import {
  AuthApiError,
  AuthInvalidCredentialsError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
  AuthWeakPasswordError,
} from '@supabase/supabase-js';
import { AppError, toUserMessage } from '@/lib/errors';
import { authRedirectError, authUserMessage, rateLimitMessage } from '../auth-errors';
import '@/i18n/wallet';

const NETWORK = 'Problem z połączeniem sieciowym. Spróbuj ponownie później.';
const UNEXPECTED = 'Wystąpił nieoczekiwany błąd';
const SESSION_EXPIRED = 'Sesja wygasła, zaloguj się ponownie';

describe('authUserMessage: Supabase Auth errors', () => {
  it.each([
    [
      'invalid_credentials',
      new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'),
      'Nieprawidłowy email lub hasło',
    ],
    [
      'email_not_confirmed',
      new AuthApiError('Email not confirmed', 400, 'email_not_confirmed'),
      'Konto nie zostało aktywowane',
    ],
    [
      'user_already_exists',
      new AuthApiError('User already registered', 422, 'user_already_exists'),
      'Użytkownik o tym adresie email już istnieje',
    ],
    [
      'email_exists',
      new AuthApiError('Email address already exists', 422, 'email_exists'),
      'Użytkownik o tym adresie email już istnieje',
    ],
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
  ])('%s', (_case, error, message) => {
    expect(authUserMessage(error)).toBe(message);
  });

  it('passes the weak-password reasons on, joined with commas', () => {
    const error = new AuthWeakPasswordError('Password is too weak', 422, ['length', 'characters']);
    expect(authUserMessage(error)).toBe(
      'Hasło musi mieć co najmniej 8 znaków, Hasło musi zawierać wielką literę, małą literę i cyfrę',
    );
  });

  it('names a leaked password among the weak-password reasons', () => {
    const error = new AuthWeakPasswordError('Password is known to be weak', 422, ['pwned']);
    expect(authUserMessage(error)).toBe('Hasło znajduje się w znanym wycieku danych');
  });

  it('says the password is too weak when no reason is given', () => {
    expect(authUserMessage(new AuthWeakPasswordError('weak', 422, []))).toBe('Hasło jest zbyt słabe');
    expect(authUserMessage(new AuthApiError('weak', 422, 'weak_password'))).toBe('Hasło jest zbyt słabe');
  });
});

describe("authUserMessage: what comes before Auth's texts", () => {
  it('keeps a message key, a network failure and the rate limits', () => {
    expect(authUserMessage(new AppError('wallet.insufficient_funds', { code: 'invalid_credentials' }))).toBe(
      'Niewystarczające środki',
    );
    expect(authUserMessage(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(NETWORK);
    const emails = new AuthApiError('email rate limit exceeded', 429, 'over_email_send_rate_limit');
    expect(authUserMessage(emails)).toBe(
      'Zbyt wiele wiadomości email w krótkim czasie. Spróbuj ponownie za kilka minut.',
    );
    expect(toUserMessage(emails)).toBe('Zbyt wiele prób. Odczekaj kilka minut i spróbuj ponownie.');
    expect(rateLimitMessage(new AppError('Too Many Requests', { status: 429 }))).toBe(
      'Zbyt wiele prób. Odczekaj kilka minut i spróbuj ponownie.',
    );
    expect(rateLimitMessage(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toBeUndefined();
  });

  it('falls back to the generic message for what Auth has no text for', () => {
    expect(authUserMessage(new AuthApiError('Conflict', 409, 'conflict'))).toBe(UNEXPECTED);
    expect(authUserMessage(new AuthSessionMissingError())).toBe(SESSION_EXPIRED);
    // A PostgREST error whose code happens to look like Auth's is not Auth's.
    expect(authUserMessage({ code: 'invalid_credentials', message: 'x', details: null, hint: null })).toBe(UNEXPECTED);
  });
});

describe('auth redirect errors', () => {
  it('reads the error Supabase puts in a redirect address', () => {
    const error = authRedirectError(
      new URLSearchParams('error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid'),
    );
    expect(error?.code).toBe('otp_expired');
    expect(authUserMessage(error)).toBe('Link wygasł lub został już użyty');
    expect(authRedirectError(new URLSearchParams('code=abc'))).toBeNull();
  });
});
