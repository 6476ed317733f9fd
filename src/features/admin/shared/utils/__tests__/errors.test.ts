import { AuthApiError } from '@supabase/supabase-js';
import { AppError } from '@/lib/errors';
import { adminErrorMessage } from '../errors';

describe('adminErrorMessage: a failed admin operation, by the class of the error', () => {
  it('says the request got no answer when the network failed', () => {
    expect(adminErrorMessage(new TypeError('Failed to fetch'), 'smtp.save_failed')).toBe(
      'Problem z połączeniem sieciowym. Spróbuj ponownie później.',
    );
  });

  it("shows the database's own reason", () => {
    const self = new AppError('admin.cannot_delete_self', { code: 'P0001', status: 400 });
    expect(adminErrorMessage(self, 'smtp.delete_failed')).toBe('Nie możesz usunąć własnego konta');
  });

  it('shows the refusal when the database refused the admin', () => {
    expect(adminErrorMessage(new AppError('permission denied', { code: '42501' }), 'smtp.save_failed')).toBe(
      'Brak dostępu',
    );
    expect(adminErrorMessage(new AuthApiError('Forbidden', 403, undefined), 'smtp.save_failed')).toBe('Brak dostępu');
  });

  it("gives the operation's text for a generic key or any other failure", () => {
    expect(adminErrorMessage(new AppError('http.bad_request', { status: 400 }), 'smtp.save_failed')).toBe(
      'Nie udało się zapisać konfiguracji SMTP',
    );
    expect(adminErrorMessage(new AppError('boom', { status: 500 }), 'smtp.delete_failed')).toBe(
      'Nie udało się usunąć konfiguracji',
    );
  });
});
