// A file of its own: the phone-input chunk is loaded once per module instance, and here its first
// load must be the one that fails.
import { screen, waitFor } from '@testing-library/react';
import { phoneFieldChunk } from '@/components/form/phone-field-chunk';
import { ToastProvider } from '@/components/ui/toast';
import { buildSession, buildUser } from '@/testing/factories';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { ProfileCard } from '../profile-card';
import { profileOf } from './fixtures';

describe('settings: the phone-input chunk fails to load', () => {
  it('offers a retry in place of the field, not the crash screen; what was typed stays', async () => {
    vi.spyOn(phoneFieldChunk, 'load').mockRejectedValueOnce(new TypeError('Importing a module script failed.'));
    const account = buildUser({ email: 'ewa@example.pl' });
    const { user } = renderWithProviders(
      <ToastProvider>
        <ProfileCard profile={profileOf(account)} />
      </ToastProvider>,
      { supabase: createTestSupabase(), session: buildSession(account) },
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Problem z połączeniem sieciowym. Spróbuj ponownie później.',
    );
    await user.clear(screen.getByLabelText('Nazwa wyświetlana'));
    await user.type(screen.getByLabelText('Nazwa wyświetlana'), 'Ewa K.');
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Numer telefonu' })).toBeEnabled(), {
      timeout: 10_000,
    });
    expect(screen.getByLabelText('Nazwa wyświetlana')).toHaveValue('Ewa K.');
  });
});
