import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, buttonClassName } from '../button';

const classes = (element: HTMLElement) => element.className.split(/\s+/);

describe('Button', () => {
  it('is a plain button (not a submit) that runs its action', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Zapisz</Button>);
    const button = screen.getByRole('button', { name: 'Zapisz' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('has one padding and text size per size: sm is compact, md (the default) is not', () => {
    render(
      <>
        <Button variant="ghost" size="sm">
          Oznacz wszystkie
        </Button>
        <Button>Wyślij</Button>
      </>,
    );
    const small = classes(screen.getByRole('button', { name: 'Oznacz wszystkie' }));
    expect(small).toEqual(expect.arrayContaining(['px-2', 'py-1', 'text-xs']));
    expect(small).not.toEqual(expect.arrayContaining(['px-4']));
    expect(small.filter((name) => /^(px|py|text-(xs|sm))-?/.test(name))).toEqual(['px-2', 'py-1', 'text-xs']);
    const normal = classes(screen.getByRole('button', { name: 'Wyślij' }));
    expect(normal.filter((name) => /^(px|py|text-(xs|sm))-?/.test(name))).toEqual(['px-4', 'py-2', 'text-sm']);
  });

  it('gives links the same look, size included', () => {
    expect(buttonClassName('secondary', 'w-full', 'sm')).toContain('px-2 py-1 text-xs');
    expect(buttonClassName('secondary', 'w-full', 'sm')).not.toContain('px-4');
  });
});
