import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SafeLinkText } from '../safe-link-text';

const ORIGIN = 'https://klub.example.com';

function showText(content: string) {
  const router = createMemoryRouter([
    { path: '*', element: <p data-testid="text">{<SafeLinkText content={content} origin={ORIGIN} />}</p> },
  ]);
  render(<RouterProvider router={router} />);
  return screen.getByTestId('text');
}

describe('SafeLinkText', () => {
  it('renders this app’s paths as in-app links and other sites in a new tab without the opener', () => {
    showText('Zobacz [pakiety](/dashboard/ccc) i [blog](https://blog.example.org/wpis).');
    expect(screen.getByRole('link', { name: 'pakiety' })).toHaveAttribute('href', '/dashboard/ccc');
    expect(screen.getByRole('link', { name: 'pakiety' })).not.toHaveAttribute('target');
    const external = screen.getByRole('link', { name: 'blog (otwiera się w nowej karcie)' });
    expect(external).toHaveAttribute('href', 'https://blog.example.org/wpis');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each([
    '[a](javascript:alert(1))',
    '[a](data:text/html,<script>alert(1)</script>)',
    '[a](//evil.example)',
    '[a](/\\evil.example)',
    '[a](ｊａｖａｓｃｒｉｐｔ:alert(1))',
    '[a](vbscript:msgbox)',
  ])('%s stays text', (content) => {
    const text = showText(`Kliknij ${content} teraz`);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(text).toHaveTextContent('Kliknij a teraz');
  });

  it('never turns markup into HTML', () => {
    const text = showText('<img src=x onerror=alert(1)><b>pogrubione</b>');
    expect(within(text).queryByRole('img')).not.toBeInTheDocument();
    expect(within(text).queryByText('pogrubione', { selector: 'b' })).not.toBeInTheDocument();
    expect(text).toHaveTextContent('<img src=x onerror=alert(1)><b>pogrubione</b>');
  });
});
