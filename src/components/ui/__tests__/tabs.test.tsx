import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from '../tabs';

const TABS = [
  { id: 'login', label: 'Logowanie', content: <p>panel logowania</p> },
  { id: 'register', label: 'Rejestracja', content: <p>panel rejestracji</p> },
];

describe('Tabs', () => {
  it('shows the first tab, with only the selected tab in the tab order', () => {
    render(<Tabs label="Konto" tabs={TABS} />);
    expect(screen.getByRole('tablist', { name: 'Konto' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Logowanie' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Logowanie' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Rejestracja' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Logowanie' })).toHaveTextContent('panel logowania');
    expect(screen.queryByText('panel rejestracji')).not.toBeVisible();
  });

  it('switches by click', async () => {
    render(<Tabs label="Konto" tabs={TABS} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Rejestracja' }));
    expect(screen.getByRole('tabpanel', { name: 'Rejestracja' })).toHaveTextContent('panel rejestracji');
    expect(screen.queryByText('panel logowania')).not.toBeVisible();
  });

  it('moves with the arrow keys, wrapping, and with Home/End', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Konto" tabs={TABS} />);
    screen.getByRole('tab', { name: 'Logowanie' }).focus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Rejestracja' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Rejestracja' })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Logowanie' })).toHaveFocus();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Rejestracja' })).toHaveFocus();

    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Logowanie' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Rejestracja' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('Tabs: lazy content', () => {
  it('renders a lazy tab only once it is opened, keeps it afterwards, and prefetches on intent', async () => {
    const user = userEvent.setup();
    const prefetch = vi.fn();
    render(
      <Tabs
        label="Konto"
        tabs={[
          { id: 'login', label: 'Logowanie', content: <p>panel logowania</p> },
          { id: 'register', label: 'Rejestracja', content: <input aria-label="pole" />, lazy: true, prefetch },
        ]}
      />,
    );
    expect(screen.queryByRole('textbox', { name: 'pole' })).not.toBeInTheDocument();

    await user.hover(screen.getByRole('tab', { name: 'Rejestracja' }));
    expect(prefetch).toHaveBeenCalled();

    await user.click(screen.getByRole('tab', { name: 'Rejestracja' }));
    await user.type(screen.getByRole('textbox', { name: 'pole' }), 'abc');
    await user.click(screen.getByRole('tab', { name: 'Logowanie' }));
    await user.click(screen.getByRole('tab', { name: 'Rejestracja' }));
    expect(screen.getByRole('textbox', { name: 'pole' })).toHaveValue('abc');
  });
});
