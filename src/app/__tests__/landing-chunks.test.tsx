// A chunk of the landing page that cannot be loaded: the page stays, with the connection message
// and a retry (not the crash screen). Its own file: the registration chunk loads once per module.
import { screen, within } from '@testing-library/react';
import { createTestSupabase } from '@/testing/supabase';
import { emailLinkFormChunk } from '@/features/auth/components/login-panel';
import { registerFormChunk } from '../routes/landing';
import { renderRoute } from '../testing/render-route';

describe('the landing page when the registration tab’s chunk fails to load', () => {
  it('shows the connection message in the tab and loads it again on "Spróbuj ponownie"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.spyOn(registerFormChunk, 'load');
    load.mockRejectedValue(new TypeError('Importing a module script failed.'));
    const { user } = renderRoute('/', { supabase: createTestSupabase() });

    await user.click(await screen.findByRole('tab', { name: 'Rejestracja' }));
    const panel = screen.getByRole('tabpanel', { name: 'Rejestracja' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Problem z połączeniem sieciowym. Spróbuj ponownie później.',
    );
    expect(screen.queryByText('Wystąpił błąd')).not.toBeInTheDocument();
    // The login tab still works.
    expect(screen.getByRole('tab', { name: 'Logowanie' })).toBeEnabled();

    load.mockRestore();
    await user.click(within(panel).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await within(panel).findByRole('button', { name: 'Zarejestruj się' })).toBeInTheDocument();
  });
});

describe('the landing page when the reset and magic-link form’s chunk fails to load', () => {
  it('shows the connection message in place of the form and loads it again on "Spróbuj ponownie"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.spyOn(emailLinkFormChunk, 'load');
    load.mockRejectedValue(new TypeError('Importing a module script failed.'));
    const { user } = renderRoute('/', { supabase: createTestSupabase() });

    await user.type(await screen.findByLabelText('Email'), 'jan@example.pl');
    await user.click(screen.getByRole('button', { name: 'Nie pamiętasz hasła?' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Problem z połączeniem sieciowym. Spróbuj ponownie później.',
    );
    expect(screen.queryByText('Wystąpił błąd')).not.toBeInTheDocument();

    load.mockRestore();
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    const form = await screen.findByRole('form', { name: 'Resetowanie hasła' });
    expect(within(form).getByLabelText('Email')).toHaveValue('jan@example.pl');
  });
});
