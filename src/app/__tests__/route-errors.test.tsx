import { screen } from '@testing-library/react';
import type * as browser from '@/lib/browser';
import { reloadPage } from '@/lib/browser';
import { memberSession } from '@/testing/factories';
import { renderRoute } from '../testing/render-route';

vi.mock('@/lib/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof browser>()),
  reloadPage: vi.fn(),
}));

// A section that crashes while rendering.
vi.mock('@/app/routes/dashboard/wallet', () => ({
  Component: () => {
    throw new Error('wallet exploded');
  },
}));

// A section whose chunk cannot be loaded (e.g. a stale deployment).
vi.mock('@/app/routes/dashboard/ccc', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('the crash screen (route errorElement)', () => {
  beforeEach(() => {
    vi.mocked(reloadPage).mockClear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('replaces a section that throws with "Wystąpił błąd" and a refresh button', async () => {
    const { user } = renderRoute('/dashboard/wallet', { session: memberSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wystąpił błąd' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Odśwież stronę' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('is not shown when a section chunk fails to load: the connection message, and a retry that reloads', async () => {
    const { user } = renderRoute('/dashboard/ccc', { session: memberSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Problem z połączeniem' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Problem z połączeniem sieciowym. Spróbuj ponownie później.');
    expect(screen.queryByText('Wystąpił błąd')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('leaves the other sections working', async () => {
    renderRoute('/dashboard/apps', { session: memberSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Aplikacje' })).toBeInTheDocument();
    expect(screen.queryByText('Wystąpił błąd')).not.toBeInTheDocument();
  });
});
