import { screen } from '@testing-library/react';
import { memberSession } from '@/testing/factories';
import { renderRoute } from '../testing/render-route';

describe('the e-mail change’s second link', () => {
  it('drops the code instead of exchanging it (the address has moved already) and stays on the settings', async () => {
    const { location, authClient } = renderRoute('/dashboard/settings?email_change=1&code=3f0c1f3e', {
      session: memberSession(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ustawienia' })).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard/settings');
    expect(location().search).not.toContain('code=');
    expect(screen.getByText('Adres email został zmieniony')).toBeInTheDocument();
    expect(authClient.signOut).not.toHaveBeenCalled();
  });
});
