import { screen, within } from '@testing-library/react';
import { mockRpc, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { OutboxBanner } from '../outbox-banner';

describe('the outbox banner of the admin area', () => {
  it('says the outbox fails, why, and where to act', async () => {
    mockRpc('admin_outbox_alert', [
      { check_key: 'job.send-outbox', value: 42, detail: null },
      { check_key: 'email.queue', value: 12, detail: '75' },
      { check_key: 'email.failed', value: 3, detail: null },
    ]);
    renderAdmin(<OutboxBanner />);
    const banner = await screen.findByRole('region', { name: 'Poczta wychodząca nie działa' });
    expect(banner).toHaveTextContent('Wysyłka e-maili nie uruchomiła się od 42 min.');
    expect(banner).toHaveTextContent('E-maile w kolejce: 12, najstarszy czeka 75 min.');
    expect(banner).toHaveTextContent('E-maile, których nie udało się wysłać: 3.');
    expect(banner).toHaveTextContent('e-maile administratorów o problemach systemu, nie docierają');
    expect(within(banner).getByRole('link', { name: 'Przejdź do „Stan systemu”' })).toHaveAttribute(
      'href',
      '/dashboard/admin/system-health',
    );
  });

  it('shows nothing while the outbox works, or when the check cannot be read', async () => {
    const calls = mockRpc('admin_outbox_alert', []);
    const { unmount } = renderAdmin(<OutboxBanner />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('outbox-banner')).toBeNull();
    unmount();
    const failing = mockRpc('admin_outbox_alert', () => postgrestFailure(500, 'XX000', 'boom'));
    renderAdmin(<OutboxBanner />);
    await vi.waitFor(() => expect(failing.length).toBeGreaterThan(0));
    expect(screen.queryByTestId('outbox-banner')).toBeNull();
  });
});
