import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { AppError } from '@/lib/errors';
import { authErrorMessage, isEmailDeliveryFailure, isEmailNotConfirmed } from '../error-messages';

const NETWORK = 'Problem z połączeniem sieciowym. Spróbuj ponownie później.';

describe('authErrorMessage with an operation (product.md#account-8)', () => {
  const hookDown = new AuthRetryableFetchError('Error sending confirmation email', 500);
  // What supabase-js makes of Auth's 5xx answers: the status only (the message is lost).
  const smtpDown = new AuthRetryableFetchError('{}', 502);
  const hookTimeout = new AuthApiError('Failed to reach hook', 422, 'hook_timeout');
  const other = new AuthApiError('Unable to validate email address', 400, 'validation_failed');

  it('every operation: a rate limit of Auth asks the user to wait', () => {
    const emails = new AuthApiError('email rate limit exceeded', 429, 'over_email_send_rate_limit');
    const requests = new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit');
    for (const context of ['sign_up', 'resend_activation', 'magic_link', 'password_update'] as const) {
      expect(authErrorMessage(emails, context)).toBe(
        'Zbyt wiele wiadomości email w krótkim czasie. Spróbuj ponownie za kilka minut.',
      );
      expect(authErrorMessage(requests, context)).toBe('Zbyt wiele prób. Odczekaj kilka minut i spróbuj ponownie.');
    }
  });

  it('sign-up: a failed e-mail, the other failures, and what the user can fix', () => {
    expect(authErrorMessage(smtpDown, 'sign_up')).toBe('Nie udało się wysłać emaila aktywacyjnego');
    expect(authErrorMessage(hookTimeout, 'sign_up')).toBe('Nie udało się wysłać emaila aktywacyjnego');
    // A missing template or SMTP configuration (the function answers 500) is a server error (§8).
    expect(authErrorMessage(hookDown, 'sign_up')).toBe('Błąd serwera, spróbuj ponownie później');
    expect(authErrorMessage(new AuthApiError('x', 500, 'unexpected_failure'), 'sign_up')).toBe(
      'Błąd serwera, spróbuj ponownie później',
    );
    expect(authErrorMessage(other, 'sign_up')).toBe('Wystąpił błąd podczas rejestracji');
    expect(authErrorMessage(new AppError('db down', { status: 500 }), 'sign_up')).toBe(
      'Wystąpił błąd podczas rejestracji',
    );
    expect(authErrorMessage(new AuthApiError('exists', 422, 'user_already_exists'), 'sign_up')).toBe(
      'Użytkownik o tym adresie email już istnieje',
    );
    expect(authErrorMessage(new AuthApiError('captcha', 400, 'captcha_failed'), 'sign_up')).toBe(
      'Proszę potwierdzić, że nie jesteś robotem',
    );
    expect(authErrorMessage(new AuthWeakPasswordError('weak', 422, ['characters']), 'sign_up')).toBe(
      'Hasło musi zawierać wielką literę, małą literę i cyfrę',
    );
    expect(authErrorMessage(new TypeError('Failed to fetch'), 'sign_up')).toBe(NETWORK);
  });

  it('resend: "Nie udało się wysłać linku aktywacyjnego"; a missing template or SMTP set-up is a server error', () => {
    expect(authErrorMessage(smtpDown, 'resend_activation')).toBe('Nie udało się wysłać linku aktywacyjnego');
    expect(authErrorMessage(hookTimeout, 'resend_activation')).toBe('Nie udało się wysłać linku aktywacyjnego');
    expect(authErrorMessage(hookDown, 'resend_activation')).toBe('Błąd serwera, spróbuj ponownie później');
    expect(authErrorMessage(other, 'resend_activation')).toBe('Nie udało się wysłać linku aktywacyjnego');
    expect(authErrorMessage(new TypeError('Failed to fetch'), 'resend_activation')).toBe(NETWORK);
  });

  it('activation: an expired or used link, else the activation error', () => {
    expect(authErrorMessage(new AuthApiError('expired', 403, 'otp_expired'), 'activation')).toBe(
      'Link aktywacyjny wygasł lub został już użyty. Zaloguj się, aby wysłać nowy link aktywacyjny.',
    );
    expect(authErrorMessage(other, 'activation')).toBe('Wystąpił błąd podczas aktywacji konta');
  });

  it('reset link and password change', () => {
    expect(authErrorMessage(other, 'reset_link')).toBe('Link resetowania hasła wygasł lub jest nieprawidłowy');
    // No answer at all: the link may still be good.
    expect(authErrorMessage(new AuthRetryableFetchError('Failed to fetch', 0), 'reset_link')).toBe(NETWORK);
    expect(authErrorMessage(new AuthApiError('same', 422, 'same_password'), 'password_update')).toBe(
      'Nowe hasło musi się różnić od obecnego',
    );
    expect(authErrorMessage(other, 'password_update')).toBe('Wystąpił błąd podczas zmiany hasła');
  });

  it('magic link: expired, or otherwise invalid', () => {
    expect(authErrorMessage(new AuthApiError('expired', 403, 'otp_expired'), 'magic_link')).toBe(
      'Link logowania wygasł lub został już użyty. Wyślij nowy link.',
    );
    expect(authErrorMessage(other, 'magic_link')).toBe('Link logowania jest nieprawidłowy. Wyślij nowy link.');
  });

  it('recognises an unconfirmed e-mail, and a wrong second-factor code', () => {
    expect(isEmailNotConfirmed(new AuthApiError('Email not confirmed', 400, 'email_not_confirmed'))).toBe(true);
    expect(isEmailNotConfirmed(other)).toBe(false);
    expect(authErrorMessage(new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed'))).toBe(
      'Nieprawidłowy kod',
    );
  });
});

describe('e-mails an Auth call could not send (send-email hook)', () => {
  it('tells a failed delivery (502, hook_*) from a server failure such as a missing template (500)', () => {
    for (const failed of [
      new AuthRetryableFetchError('{}', 502),
      new AuthRetryableFetchError('{}', 504),
      new AuthApiError('Failed to reach hook within maximum time of 5.000000 seconds', 422, 'hook_timeout'),
      new AuthApiError('Failed to reach hook after maximum retries', 422, 'hook_timeout_after_retry'),
    ]) {
      expect(isEmailDeliveryFailure(failed)).toBe(true);
    }
    expect(isEmailDeliveryFailure(new AuthRetryableFetchError('{}', 500))).toBe(false);
    expect(isEmailDeliveryFailure(new AuthApiError('bad', 400, 'validation_failed'))).toBe(false);
    expect(isEmailDeliveryFailure(new AppError('bad gateway', { status: 502 }))).toBe(false);
  });
});
