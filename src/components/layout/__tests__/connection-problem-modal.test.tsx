import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import type * as browser from '@/lib/browser';
import { reloadPage } from '@/lib/browser';
import { reportConnectionProblem } from '@/lib/connection-problem';
import { AppError } from '@/lib/errors';
import { renderWithProviders } from '@/testing/render';

vi.mock('@/lib/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof browser>()),
  reloadPage: vi.fn(),
}));

function Data({ queryFn }: { queryFn: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['data'], queryFn });
  if (query.isError) return <button type="button">błąd zapytania</button>;
  return <p>{query.data ?? 'ładowanie'}</p>;
}

describe('the connection-problem modal', () => {
  beforeEach(() => vi.mocked(reloadPage).mockClear());

  it('opens for a CORS failure of a query, as an accessible dialog with the focus inside', async () => {
    const queryFn = vi.fn(() => Promise.reject(new TypeError('Failed to fetch: request blocked by CORS policy')));
    renderWithProviders(<Data queryFn={queryFn} />);

    const dialog = await screen.findByRole('dialog', { name: 'Problem z połączeniem' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Odśwież stronę' })).toBeInTheDocument();
  });

  it('stays closed for other errors', async () => {
    const queryFn = () => Promise.reject(new AppError('server', { status: 500 }));
    renderWithProviders(<Data queryFn={queryFn} />);
    expect(await screen.findByRole('button', { name: 'błąd zapytania' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('retries the failed queries and closes', async () => {
    let attempt = 0;
    const queryFn = vi.fn(() => {
      attempt += 1;
      return attempt === 1 ? Promise.reject(new Error('blocked by CORS')) : Promise.resolve('dane');
    });
    const { user } = renderWithProviders(<Data queryFn={queryFn} />);
    await user.click(await screen.findByRole('button', { name: 'Spróbuj ponownie' }));

    expect(await screen.findByText('dane')).toBeInTheDocument();
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refreshes the page', async () => {
    const { user } = renderWithProviders(<p>strona</p>);
    act(() => reportConnectionProblem(new Error('cross-origin')));
    await user.click(await screen.findByRole('button', { name: 'Odśwież stronę' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape, returns the focus, and keeps Tab inside', async () => {
    const { user } = renderWithProviders(<button type="button">przed</button>);
    const before = screen.getByRole('button', { name: 'przed' });
    before.focus();
    act(() => reportConnectionProblem(new Error('cross-origin')));

    const retry = await screen.findByRole('button', { name: 'Spróbuj ponownie' });
    expect(retry).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Odśwież stronę' })).toHaveFocus();
    await user.tab();
    expect(retry).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Odśwież stronę' })).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(before).toHaveFocus();
  });
});
