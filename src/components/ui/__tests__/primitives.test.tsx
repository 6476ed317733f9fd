import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { Dialog } from '../dialog';
import { EmptyState, ErrorState } from '../states';
import { TOAST_DURATION_MS, ToastProvider, useToast } from '../toast';

describe('ConfirmDialog', () => {
  function Harness({ pending = false, error = null }: { pending?: boolean; error?: string | null }) {
    const [open, setOpen] = useState(false);
    const [confirmed, setConfirmed] = useState(0);
    return (
      <>
        <button onClick={() => setOpen(true)}>Usuń</button>
        <output aria-label="confirmed">{confirmed}</output>
        <ConfirmDialog
          open={open}
          title="Usuwanie"
          description="Czy na pewno chcesz usunąć ten pomysł?"
          confirmLabel="Usuń pomysł"
          pending={pending}
          error={error}
          onConfirm={() => setConfirmed((n) => n + 1)}
          onClose={() => setOpen(false)}
        />
      </>
    );
  }

  it('asks, focuses Cancel first, confirms, and returns the focus to the opener on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Usuń' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Usuwanie' });
    expect(dialog).toHaveAccessibleDescription('Czy na pewno chcesz usunąć ten pomysł?');
    expect(screen.getByRole('button', { name: 'Anuluj' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Usuń pomysł' }));
    expect(screen.getByLabelText('confirmed')).toHaveTextContent('1');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('cannot be dismissed while the action runs, and shows its failure', async () => {
    const user = userEvent.setup();
    render(<Harness pending error="Nie udało się usunąć" />);
    await user.click(screen.getByRole('button', { name: 'Usuń' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Usuń pomysł' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się usunąć');
  });
});

describe('Dialog', () => {
  it('keeps Tab inside the panel', async () => {
    const user = userEvent.setup();
    render(
      <Dialog open onClose={() => undefined} title="Okno">
        <button>Pierwszy</button>
        <button>Drugi</button>
      </Dialog>,
    );
    expect(screen.getByRole('button', { name: 'Pierwszy' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Drugi' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Pierwszy' })).toHaveFocus();
  });

  it('as a slide-over at the right edge: the same modal dialog (focus in, Escape closes, focus back)', async () => {
    const user = userEvent.setup();
    function SlideOver() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Dzwonek</button>
          <Dialog open={open} onClose={() => setOpen(false)} title="Panel" placement="right">
            <button>Zamknij panel</button>
          </Dialog>
        </>
      );
    }
    render(<SlideOver />);
    const opener = screen.getByRole('button', { name: 'Dzwonek' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Panel' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.className).toContain('h-dvh');
    expect(screen.getByRole('button', { name: 'Zamknij panel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

describe('states', () => {
  it('shows the empty text with its hint', () => {
    render(<EmptyState hint="Udostępnij swój kod">Nie masz jeszcze żadnych poleconych osób.</EmptyState>);
    expect(screen.getByText('Nie masz jeszcze żadnych poleconych osób.')).toBeInTheDocument();
    expect(screen.getByText('Udostępnij swój kod')).toBeInTheDocument();
  });

  it('announces an error and retries', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    render(<ErrorState message="Nie udało się załadować aplikacji" onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się załadować aplikacji');
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});

describe('toasts', () => {
  function Harness() {
    const toast = useToast();
    return (
      <>
        <button onClick={() => toast.show('Zapisano')}>ok</button>
        <button onClick={() => toast.show('Nie udało się dodać reakcji', 'error')}>fail</button>
      </>
    );
  }

  it('announces success politely and hides it after a while; errors stay as alerts until closed', async () => {
    vi.useFakeTimers();
    try {
      render(
        <ToastProvider>
          <Harness />
        </ToastProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'ok' }));
      fireEvent.click(screen.getByRole('button', { name: 'fail' }));
      expect(screen.getByRole('status')).toHaveTextContent('Zapisano');
      expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się dodać reakcji');
      act(() => {
        vi.advanceTimersByTime(TOAST_DURATION_MS);
      });
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.getByRole('alert')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Zamknij komunikat' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Card', () => {
  it('is a region named by its title', async () => {
    const { Card } = await import('../card');
    render(
      <Card title="Top Partnerzy">
        <p>treść</p>
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Top Partnerzy' })).toHaveTextContent('treść');
  });
});
