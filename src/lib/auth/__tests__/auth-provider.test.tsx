import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeAuthClient } from '@/testing/fake-auth-client';
import { adminSession, buildSession, buildUser, memberSession } from '@/testing/factories';
import { isAdminUser, useAuth } from '../auth-context';
import { AuthProvider } from '../auth-provider';

function Probe() {
  const { session, user, isAdmin, loading, signOut } = useAuth();
  return (
    <div>
      <p>loading: {String(loading)}</p>
      <p>user: {user?.email ?? 'none'}</p>
      <p>session: {session ? 'yes' : 'no'}</p>
      <p>admin: {String(isAdmin)}</p>
      <button type="button" onClick={() => void signOut()}>
        sign out
      </button>
    </div>
  );
}

describe('AuthProvider', () => {
  it('stays loading until the first session lookup answers, then exposes the session', async () => {
    let answer: (value: Awaited<ReturnType<typeof client.getSession>>) => void = () => {};
    const client = createFakeAuthClient();
    client.getSession.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const session = memberSession();
    render(
      <AuthProvider client={client}>
        <Probe />
      </AuthProvider>,
    );

    expect(screen.getByText('loading: true')).toBeInTheDocument();
    expect(screen.getByText('user: none')).toBeInTheDocument();

    await act(async () => answer({ data: { session }, error: null }));

    expect(screen.getByText('loading: false')).toBeInTheDocument();
    expect(screen.getByText(`user: ${session.user.email}`)).toBeInTheDocument();
    expect(screen.getByText('admin: false')).toBeInTheDocument();
  });

  it('stops loading, signed out, when the lookup fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = createFakeAuthClient();
    client.getSession.mockRejectedValueOnce(new Error('storage unavailable'));
    render(
      <AuthProvider client={client}>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText('loading: false')).toBeInTheDocument();
    expect(screen.getByText('session: no')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it('follows auth events', async () => {
    const client = createFakeAuthClient();
    render(
      <AuthProvider client={client}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('loading: false');

    const admin = adminSession();
    act(() => client.emit('SIGNED_IN', admin));
    expect(screen.getByText(`user: ${admin.user.email}`)).toBeInTheDocument();
    expect(screen.getByText('admin: true')).toBeInTheDocument();

    act(() => client.emit('SIGNED_OUT', null));
    expect(screen.getByText('session: no')).toBeInTheDocument();
    expect(screen.getByText('admin: false')).toBeInTheDocument();
  });

  it('does not let a late session lookup overwrite a newer event', async () => {
    let answer: (value: Awaited<ReturnType<typeof client.getSession>>) => void = () => {};
    const client = createFakeAuthClient();
    client.getSession.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    render(
      <AuthProvider client={client}>
        <Probe />
      </AuthProvider>,
    );
    const fresh = memberSession();
    act(() => client.emit('SIGNED_IN', fresh));
    await act(async () => answer({ data: { session: null }, error: null }));
    expect(screen.getByText(`user: ${fresh.user.email}`)).toBeInTheDocument();
    expect(screen.getByText('loading: false')).toBeInTheDocument();
  });

  it('clears local and session storage on SIGNED_OUT', async () => {
    const client = createFakeAuthClient({ session: memberSession() });
    render(
      <AuthProvider client={client}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('session: yes');
    localStorage.setItem('pending-activation', 'x');
    sessionStorage.setItem('referral', 'ABC');

    act(() => client.emit('SIGNED_OUT', null));

    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('signs out locally even when the sign-out call fails, and logs the failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = createFakeAuthClient({ session: memberSession() });
    client.signOut.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(
      <AuthProvider client={client}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('session: yes');
    localStorage.setItem('sb-auth-token', 'x');

    await userEvent.click(screen.getByRole('button', { name: 'sign out' }));

    expect(await screen.findByText('session: no')).toBeInTheDocument();
    expect(localStorage.length).toBe(0);
    expect(warn).toHaveBeenCalledWith('Sign-out failed', expect.any(TypeError));
  });

  it('unsubscribes when unmounted', async () => {
    const client = createFakeAuthClient();
    const { unmount } = render(
      <AuthProvider client={client}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('loading: false');
    expect(client.listenerCount()).toBe(1);
    unmount();
    expect(client.listenerCount()).toBe(0);
  });
});

describe('isAdminUser', () => {
  it('reads app_metadata.admin === true only', () => {
    expect(isAdminUser(buildUser({ admin: true }))).toBe(true);
    expect(isAdminUser(buildUser())).toBe(false);
    expect(isAdminUser(null)).toBe(false);
  });

  it('ignores user_metadata, which the user can write', () => {
    const user = buildUser({ userMetadata: { admin: true } });
    expect(isAdminUser(user)).toBe(false);
    expect(isAdminUser(buildSession(user).user)).toBe(false);
  });

  it('does not accept a truthy non-boolean', () => {
    const user = buildUser();
    user.app_metadata = { ...user.app_metadata, admin: 'true' };
    expect(isAdminUser(user)).toBe(false);
  });
});
