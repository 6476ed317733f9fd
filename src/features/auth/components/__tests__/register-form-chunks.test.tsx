// A file of its own: the phone-input chunk is loaded once per module instance, and here its first
// load must be the one that fails.
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { phoneFieldChunk } from '@/components/form/phone-field-chunk';
import { RegisterForm } from '../register-form';

describe('registration: the phone-input chunk fails to load', () => {
  it('shows the connection message and a retry instead of the crash screen', async () => {
    const load = vi.spyOn(phoneFieldChunk, 'load');
    // WebKit's words (every engine's are recognised: lib/__tests__/errors.test.ts): they name no
    // address, so the retry runs the same import again (a retry under a new address, for the words
    // that name one, is lib/__tests__/chunk-loader.test.ts and e2e/registration.spec.ts).
    load.mockRejectedValueOnce(new TypeError('Importing a module script failed.'));
    const { user, unmount } = renderWithProviders(<RegisterForm />, { supabase: createTestSupabase() });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Problem z połączeniem sieciowym. Spróbuj ponownie później.',
    );
    // The rest of the form stays usable.
    expect(screen.getByLabelText('Imię i nazwisko', { selector: 'input' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    // The first load transforms the chunk: allow for a slow machine.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Numer telefonu' })).toBeEnabled(), {
      timeout: 10_000,
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    unmount();
  });
});
