import { act, render, screen } from '@testing-library/react';
import { OfflineBanner } from '../offline-banner';

function goOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('the offline banner', () => {
  it("says 'Brak połączenia z internetem' while the browser is offline, and goes when it is back", () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    goOnline(false);
    expect(screen.getByRole('alert')).toHaveTextContent('Brak połączenia z internetem');
    goOnline(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
