import { act, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useSearchParams } from 'react-router-dom';
import { memberSession } from '@/testing/factories';
import { shellHandlers } from '@/testing/msw/dashboard-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders, setupUser } from '@/testing/render';
import { DashboardLayout } from '../dashboard-layout';
import { NavigationProgress } from '../navigation-progress';
import { RouteFocus } from '../route-focus';

function Shell() {
  return (
    <>
      <NavigationProgress />
      <nav>
        <Link to="/wallet">Portfel</Link>
        <Link to="/ideas">Pomysły</Link>
        <Link to="/late">Później</Link>
        <Link to="/slow">Wolna</Link>
        <Link to="/ideas?page=2">Strona 2</Link>
      </nav>
      <main id="main">
        <Outlet />
      </main>
      <RouteFocus containerId="main" />
    </>
  );
}

function IdeasPage() {
  const [params] = useSearchParams();
  return <h1>Pomysły {params.get('page') ?? ''}</h1>;
}

function LatePage() {
  const [ready, setReady] = useState(false);
  return ready ? (
    <h1>Gotowe</h1>
  ) : (
    <button type="button" onClick={() => setReady(true)}>
      Pokaż
    </button>
  );
}

/** A page that opens with a dialog, which moves the focus in as components/ui/dialog.tsx does. */
function DialogPage() {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <>
      <h1>Z oknem</h1>
      <div role="dialog" aria-label="Okno">
        <button ref={button} type="button">
          W oknie
        </button>
      </div>
    </>
  );
}

function renderShell(slow?: Promise<{ Component: () => React.JSX.Element }>) {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <h1>Start</h1> },
          { path: '/wallet', element: <h1>eWallet</h1> },
          { path: '/ideas', element: <IdeasPage /> },
          { path: '/late', element: <LatePage /> },
          { path: '/dialog', element: <DialogPage /> },
          { path: '/slow', lazy: () => slow ?? Promise.resolve({ Component: () => <h1>Wolna</h1> }) },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  const user = setupUser();
  render(<RouterProvider router={router} />);
  return { router, user };
}

const status = () => screen.getByRole('status');

describe('after a move to another page', () => {
  it('leaves the focus alone on the first page', () => {
    renderShell();
    expect(screen.getByRole('heading', { name: 'Start' })).not.toHaveFocus();
    expect(status()).toBeEmptyDOMElement();
  });

  it("moves the focus to the new page's h1 and announces it", async () => {
    const { user } = renderShell();
    await user.click(screen.getByRole('link', { name: 'Portfel' }));
    const heading = await screen.findByRole('heading', { name: 'eWallet' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(status()).toHaveTextContent('Otwarto stronę: eWallet');
  });

  it('waits for a heading that the page shows later', async () => {
    const { user } = renderShell();
    await user.click(screen.getByRole('link', { name: 'Później' }));
    expect(status()).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Pokaż' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Gotowe' })).toHaveFocus());
    expect(status()).toHaveTextContent('Otwarto stronę: Gotowe');
  });

  it('does not move the focus when only the query changes (a list page, filters)', async () => {
    const { user } = renderShell();
    await user.click(screen.getByRole('link', { name: 'Pomysły' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: /Pomysły/ })).toHaveFocus());
    const pageTwo = screen.getByRole('link', { name: 'Strona 2' });
    await user.click(pageTwo);
    await screen.findByRole('heading', { name: 'Pomysły 2' });
    expect(pageTwo).toHaveFocus();
  });

  it('leaves the focus in an open dialog', async () => {
    const { router } = renderShell();
    await act(() => router.navigate('/dialog'));
    await waitFor(() => expect(status()).toHaveTextContent('Otwarto stronę: Z oknem'));
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'W oknie' })).toHaveFocus();
  });
});

describe('while the next page loads', () => {
  it("shows a progress bar until the page's code is there", async () => {
    let resolve: (module: { Component: () => React.JSX.Element }) => void = () => {};
    const slow = new Promise<{ Component: () => React.JSX.Element }>((done) => {
      resolve = done;
    });
    const { user } = renderShell(slow);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Wolna' }));
    expect(await screen.findByRole('progressbar', { name: 'Ładowanie strony' })).toBeInTheDocument();
    await act(async () => resolve({ Component: () => <h1>Wolna</h1> }));
    await screen.findByRole('heading', { name: 'Wolna' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe("the side menu's prefetch", () => {
  it('asks for a section when its entry is pointed at or focused', async () => {
    server.use(...shellHandlers());
    const prefetch = vi.fn();
    const entries = [
      { to: '/dashboard/wallet', labelKey: 'nav.wallet' },
      { to: '/dashboard/ideas', labelKey: 'nav.ideas' },
    ] as const;
    const { user } = renderWithProviders(<DashboardLayout menu={entries} onPrefetchSection={prefetch} />, {
      route: '/dashboard',
      session: memberSession(),
    });
    const menu = await screen.findByRole('navigation', { name: 'Menu główne' });
    await user.hover(within(menu).getByRole('link', { name: 'eWallet' }));
    expect(prefetch).toHaveBeenLastCalledWith('/dashboard/wallet');
    within(menu).getByRole('link', { name: 'Pomysły' }).focus();
    expect(prefetch).toHaveBeenLastCalledWith('/dashboard/ideas');
  });
});
