import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AboveModals } from '../above-modals';
import { Dialog } from '../dialog';
import { ToastProvider, useToast } from '../toast';

function Nested() {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button onClick={() => setOuter(true)}>Edytuj</button>
      <Dialog open={outer} onClose={() => setOuter(false)} title="Formularz">
        <input aria-label="Nazwa" />
        <button onClick={() => setInner(true)}>Sesja</button>
      </Dialog>
      <Dialog open={inner} onClose={() => setInner(false)} title="Sesja wkrótce wygaśnie">
        <button>Przedłuż</button>
      </Dialog>
    </>
  );
}

describe('Dialog (native <dialog>, showModal)', () => {
  it('is a modal <dialog> named by its title, with the focus inside', async () => {
    render(<Nested />);
    await userEvent.click(screen.getByRole('button', { name: 'Edytuj' }));
    const dialog = screen.getByRole('dialog', { name: 'Formularz' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('textbox', { name: 'Nazwa' })).toHaveFocus();
  });

  it('closes only the top dialog on Escape, then the one under it, returning the focus each time', async () => {
    render(<Nested />);
    await userEvent.click(screen.getByRole('button', { name: 'Edytuj' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sesja' }));
    expect(screen.getByRole('button', { name: 'Przedłuż' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Sesja wkrótce wygaśnie' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Formularz' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sesja' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edytuj' })).toHaveFocus();
  });

  it('stays open on Escape and on a backdrop click while it is not dismissible', async () => {
    const onClose = vi.fn();
    render(
      <Dialog open onClose={onClose} title="Zapisywanie" dismissible={false}>
        <button>OK</button>
      </Dialog>,
    );
    await userEvent.keyboard('{Escape}');
    await userEvent.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('dialog') });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Zapisywanie' })).toHaveAttribute('open');
  });

  it('closes on a click on the backdrop (outside the panel), not inside it', async () => {
    const onClose = vi.fn();
    render(
      <Dialog open onClose={onClose} title="Podgląd">
        <p>Treść</p>
      </Dialog>,
    );
    await userEvent.click(screen.getByText('Treść'));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('dialog') });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside, wrapping both ways', async () => {
    render(
      <Dialog open onClose={() => undefined} title="Formularz">
        <input aria-label="Nazwa" />
        <button>Zapisz</button>
      </Dialog>,
    );
    expect(screen.getByRole('textbox', { name: 'Nazwa' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Zapisz' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: 'Nazwa' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Zapisz' })).toHaveFocus();
  });
});

describe('AboveModals (the session box over an open dialog)', () => {
  function Page({ onExtend }: { onExtend: () => void }) {
    const [outer, setOuter] = useState(false);
    const [inner, setInner] = useState(false);
    return (
      <>
        <button onClick={() => setOuter(true)}>Zapłać</button>
        <Dialog open={outer} onClose={() => setOuter(false)} title="Płatność">
          <button onClick={() => setInner(true)}>Szczegóły</button>
          <button onClick={() => setOuter(false)}>Zamknij</button>
        </Dialog>
        <Dialog open={inner} onClose={() => setInner(false)} title="Szczegóły płatności">
          <button onClick={() => setInner(false)}>Wróć</button>
        </Dialog>
        <AboveModals>
          <section aria-label="Sesja wkrótce wygaśnie">
            <button onClick={onExtend}>Przedłuż sesję</button>
          </section>
        </AboveModals>
      </>
    );
  }

  const box = () => screen.getByRole('region', { name: 'Sesja wkrótce wygaśnie' });

  it('renders in place, inside the topmost open dialog while one is open, and back in place after', async () => {
    render(<Page onExtend={() => undefined} />);
    const dialog = (name: string) => screen.getByRole('dialog', { name });
    expect(box()).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Zapłać' }));
    expect(dialog('Płatność')).toContainElement(box());
    await userEvent.click(screen.getByRole('button', { name: 'Szczegóły' }));
    expect(dialog('Szczegóły płatności')).toContainElement(box());
    expect(dialog('Płatność')).not.toContainElement(box());
    await userEvent.click(screen.getByRole('button', { name: 'Wróć' }));
    expect(dialog('Płatność')).toContainElement(box());
    await userEvent.click(screen.getByRole('button', { name: 'Zamknij' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(box()).toBeInTheDocument();
  });

  it("is in the open dialog's Tab order and works there, and the dialog stays open", async () => {
    const onExtend = vi.fn();
    render(<Page onExtend={onExtend} />);
    await userEvent.click(screen.getByRole('button', { name: 'Zapłać' }));
    expect(screen.getByRole('button', { name: 'Szczegóły' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Zamknij' })).toHaveFocus();
    await userEvent.tab();
    const extend = screen.getByRole('button', { name: 'Przedłuż sesję' });
    expect(extend).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Szczegóły' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(extend).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    expect(onExtend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Płatność' })).toHaveAttribute('open');
  });

  it('puts a toast shown while a dialog stays open inside it, where it is read and can be closed', async () => {
    function Credit() {
      const toast = useToast();
      return (
        <Dialog open onClose={() => undefined} title="Portfel">
          <button onClick={() => toast.show('Zasilono portfel')}>Zatwierdź</button>
        </Dialog>
      );
    }
    render(
      <ToastProvider>
        <Credit />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Zatwierdź' }));
    const dialog = screen.getByRole('dialog', { name: 'Portfel' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Zasilono portfel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zamknij komunikat' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
