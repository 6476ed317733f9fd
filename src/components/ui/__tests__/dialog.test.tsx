import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog } from '../dialog';

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
});
