import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { AppError } from '@/lib/errors';
import { passwordFailure, settingsErrorMessage } from '../error-messages';

const NETWORK = 'Problem z połączeniem sieciowym. Spróbuj ponownie później.';
const PROFILE_FAILED = 'Nie udało się zaktualizować profilu';

describe('settingsErrorMessage: the class of the error, in the settings page words', () => {
  it('says the request got no answer when the network failed', () => {
    expect(settingsErrorMessage(new TypeError('Failed to fetch'), 'settings.profile_update_failed')).toBe(NETWORK);
    expect(
      settingsErrorMessage(new AuthRetryableFetchError('Failed to fetch', 0), 'settings.profile_update_failed'),
    ).toBe(NETWORK);
  });

  it("shows the server's own key for the profile, e-mail and file rules", () => {
    const reserved = new AppError('profile.full_name_reserved', { code: 'P0001', status: 400 });
    expect(settingsErrorMessage(reserved, 'settings.profile_update_failed')).toBe(
      'Ta nazwa jest zarezerwowana dla administracji klubu',
    );
  });

  it("words Auth's e-mail codes", () => {
    expect(
      settingsErrorMessage(new AuthApiError('Email exists', 422, 'email_exists'), 'settings.email_change_failed'),
    ).toBe('Użytkownik o tym adresie email już istnieje');
    expect(
      settingsErrorMessage(
        new AuthApiError('Invalid email', 400, 'email_address_invalid'),
        'settings.email_change_failed',
      ),
    ).toBe('Nieprawidłowy adres email');
  });

  it("gives the operation's text for anything else, a key of another area included", () => {
    expect(settingsErrorMessage(new AppError('boom', { status: 500 }), 'settings.profile_update_failed')).toBe(
      PROFILE_FAILED,
    );
    expect(
      settingsErrorMessage(new AppError('http.forbidden', { status: 403 }), 'settings.profile_update_failed'),
    ).toBe(PROFILE_FAILED);
    expect(
      settingsErrorMessage(new AppError('permission denied', { code: '42501' }), 'settings.two_factor_disable_failed'),
    ).toBe('Nie udało się wyłączyć weryfikacji dwuetapowej');
  });
});

describe('passwordFailure: where a failed password change belongs', () => {
  it("puts Auth's answers about the current password on that field", () => {
    expect(passwordFailure(new AuthApiError('Wrong', 422, 'current_password_mismatch'))).toEqual({
      field: 'currentPassword',
      message: 'Obecne hasło jest nieprawidłowe',
    });
  });

  it('puts a reused password on the new field', () => {
    expect(passwordFailure(new AuthApiError('Same', 422, 'same_password'))).toEqual({
      field: 'newPassword',
      message: 'Nowe hasło musi się różnić od obecnego',
    });
  });

  it('keeps a network failure on the form', () => {
    expect(passwordFailure(new TypeError('Failed to fetch'))).toEqual({ field: null, message: NETWORK });
  });
});
