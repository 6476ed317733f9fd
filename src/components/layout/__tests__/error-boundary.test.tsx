import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as browser from '@/lib/browser';
import { reloadPage } from '@/lib/browser';
import { CrashScreen } from '../crash-screen';
import { ErrorBoundary } from '../error-boundary';

vi.mock('@/lib/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof browser>()),
  reloadPage: vi.fn(),
}));

function Boom(): never {
  throw new Error('render failed');
}

describe('ErrorBoundary with the crash screen', () => {
  beforeEach(() => vi.mocked(reloadPage).mockClear());

  it('shows its children while nothing fails', () => {
    render(
      <ErrorBoundary fallback={<CrashScreen />}>
        <p>treść</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('treść')).toBeInTheDocument();
    expect(screen.queryByText('Wystąpił błąd')).not.toBeInTheDocument();
  });

  it('shows "Wystąpił błąd" with a refresh button when a child throws, and logs the error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary fallback={<CrashScreen />}>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Wystąpił błąd' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Unhandled application error', expect.any(Error), expect.anything());

    await userEvent.click(screen.getByRole('button', { name: 'Odśwież stronę' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
