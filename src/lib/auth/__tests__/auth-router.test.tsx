import type { Session } from '@supabase/supabase-js';
import { screen } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import { adminSession, memberSession } from '@/testing/factories';
import { createFakeAuthClient, fakeAuthSource } from '@/testing/fake-auth-client';
import { renderInProviders } from '@/testing/render';
import { AuthRouter, type RouterFactory } from '../auth-router';

/** Routes that say which admin flag they were built for. */
function routesFor({ isAdmin }: { isAdmin: boolean }): RouteObject[] {
  return [{ path: '*', element: <p>{isAdmin ? 'trasy administratora' : 'trasy członka'}</p> }];
}

/** An auth client whose session read answers when the test says so. */
function heldSessionRead() {
  const client = createFakeAuthClient();
  let answer: (session: Session | null) => void = () => {};
  const read = new Promise<{ data: { session: Session | null }; error: null }>((resolve) => {
    answer = (session) => resolve({ data: { session }, error: null });
  });
  client.getSession.mockImplementation(() => read);
  return { client, answer };
}

function renderAuthRouter(storedIsAdmin: (() => boolean | undefined) | undefined) {
  const { client, answer } = heldSessionRead();
  const built: boolean[] = [];
  const createRoutes = vi.fn(routesFor);
  const createRouter: RouterFactory = (routes) => createMemoryRouter(routes, { initialEntries: ['/dashboard'] });
  const routeFactory = (context: { isAdmin: boolean }) => {
    built.push(context.isAdmin);
    return createRoutes(context);
  };
  renderInProviders(
    <AuthRouter
      createRoutes={routeFactory}
      createRouter={createRouter}
      storedIsAdmin={storedIsAdmin}
      fallback={<p>Ładowanie</p>}
    />,
    fakeAuthSource(client),
  );
  return { answer, built };
}

describe('AuthRouter: the router for a stored session', () => {
  it('builds the router for the stored admin flag while the session is still being read, and keeps it when the read agrees', async () => {
    const { answer, built } = renderAuthRouter(() => true);

    expect(screen.getByText('Ładowanie')).toBeInTheDocument();
    expect(built).toEqual([true]);

    answer(adminSession());
    expect(await screen.findByText('trasy administratora')).toBeInTheDocument();
    expect(built).toEqual([true]);
  });

  it('builds it again when the session read answers otherwise (the stored session has ended)', async () => {
    const { answer, built } = renderAuthRouter(() => true);
    expect(built).toEqual([true]);

    answer(null);
    expect(await screen.findByText('trasy członka')).toBeInTheDocument();
    expect(built).toEqual([true, false]);
  });

  it('builds it again for a member whose stored session said admin', async () => {
    const { answer, built } = renderAuthRouter(() => true);

    answer(memberSession());
    expect(await screen.findByText('trasy członka')).toBeInTheDocument();
    expect(built).toEqual([true, false]);
  });

  it('builds nothing before the session answers when no admin flag is stored', async () => {
    const { answer, built } = renderAuthRouter(() => undefined);
    expect(built).toEqual([]);

    answer(memberSession());
    expect(await screen.findByText('trasy członka')).toBeInTheDocument();
    expect(built).toEqual([false]);
  });
});
