import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import userEvent from '@testing-library/user-event';
import { createSupabaseSource } from '@/lib/supabase-source';
import type { AppSupabaseClient } from '@/lib/supabase';
import { createFakeAuthClient, fakeAuthSource, type FakeAuthClient } from '@/testing/fake-auth-client';
import { adminSession, buildSession, buildUser, memberSession, withVerifiedTotp } from '@/testing/factories';
import { settle } from '@/testing/timers';
import { isAdminUser, useAuth } from '../auth-context';
import { AuthProvider } from '../auth-provider';

function Probe() {
  const { session, user, isAdmin, loading, signOut, sessionExpired, mfaRequired, refreshSession } = useAuth();
  return (
    <div>
      <p>loading: {String(loading)}</p>
      <p>user: {user?.email ?? 'none'}</p>
      <p>session: {session ? 'yes' : 'no'}</p>
      <p>admin: {String(isAdmin)}</p>
      <p>expired: {String(sessionExpired)}</p>
      <p>mfa: {String(mfaRequired)}</p>
      <button type="button" onClick={() => void signOut()}>
        sign out
      </button>
      <button type="button" onClick={() => void signOut({ expired: true })}>
        expire
      </button>
      <button type="button" onClick={() => void refreshSession()}>
        refresh
      </button>
    </div>
  );
}

function renderProvider(client: FakeAuthClient) {
  return render(
    <AuthProvider source={fakeAuthSource(client)}>
      <Probe />
    </AuthProvider>,
  );
}

/** A source whose client is counted: `loads()` says how often the client was asked for. */
function countingSource(client: FakeAuthClient, stored: () => boolean) {
  const load = vi.fn(() => Promise.resolve({ auth: client } as unknown as AppSupabaseClient));
  return { source: createSupabaseSource({ hasStoredSession: stored, load }), load };
}

describe('AuthProvider', () => {
  it('stays loading until the first session lookup answers, then exposes the session', async () => {
    let answer: (value: Awaited<ReturnType<typeof client.getSession>>) => void = () => {};
    const client = createFakeAuthClient();
    client.getSession.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const session = memberSession();
    renderProvider(client);

    expect(screen.getByText('loading: true')).toBeInTheDocument();
    expect(screen.getByText('user: none')).toBeInTheDocument();
    await waitFor(() => expect(client.getSession).toHaveBeenCalled());

    await act(async () => answer({ data: { session }, error: null }));

    expect(screen.getByText('loading: false')).toBeInTheDocument();
    expect(screen.getByText(`user: ${session.user.email}`)).toBeInTheDocument();
    expect(screen.getByText('admin: false')).toBeInTheDocument();
  });

  it('stops loading, signed out, when the lookup fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = createFakeAuthClient();
    client.getSession.mockRejectedValueOnce(new Error('storage unavailable'));
    renderProvider(client);
    expect(await screen.findByText('loading: false')).toBeInTheDocument();
    expect(screen.getByText('session: no')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it('follows auth events', async () => {
    const client = createFakeAuthClient();
    renderProvider(client);
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
    renderProvider(client);
    await waitFor(() => expect(client.getSession).toHaveBeenCalled());
    const fresh = memberSession();
    act(() => client.emit('SIGNED_IN', fresh));
    await act(async () => answer({ data: { session: null }, error: null }));
    expect(screen.getByText(`user: ${fresh.user.email}`)).toBeInTheDocument();
    expect(screen.getByText('loading: false')).toBeInTheDocument();
  });

  it('clears local and session storage on SIGNED_OUT', async () => {
    const client = createFakeAuthClient({ session: memberSession() });
    renderProvider(client);
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
    renderProvider(client);
    await screen.findByText('session: yes');
    localStorage.setItem('sb-auth-token', 'x');

    await userEvent.click(screen.getByRole('button', { name: 'sign out' }));

    expect(await screen.findByText('session: no')).toBeInTheDocument();
    expect(localStorage.length).toBe(0);
    expect(warn).toHaveBeenCalledWith('Sign-out failed', expect.any(TypeError));
    expect(screen.getByText('expired: false')).toBeInTheDocument();
  });

  it('unsubscribes when unmounted', async () => {
    const client = createFakeAuthClient();
    const { unmount } = renderProvider(client);
    await screen.findByText('loading: false');
    expect(client.listenerCount()).toBe(1);
    unmount();
    expect(client.listenerCount()).toBe(0);
  });
});

describe('AuthProvider: loading the client only when needed', () => {
  it('without a stored session: signed out at once, the client is not loaded', async () => {
    const client = createFakeAuthClient();
    const { source, load } = countingSource(client, () => false);
    render(
      <AuthProvider source={source}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('loading: false')).toBeInTheDocument();
    expect(screen.getByText('session: no')).toBeInTheDocument();
    await settle();
    expect(load).not.toHaveBeenCalled();
  });

  it('with a stored session: loads the client and asks it once', async () => {
    const session = memberSession();
    const client = createFakeAuthClient({ session });
    const { source, load } = countingSource(client, () => true);
    render(
      <AuthProvider source={source}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('loading: true')).toBeInTheDocument();
    expect(await screen.findByText(`user: ${session.user.email}`)).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(client.getSession).toHaveBeenCalledTimes(1);
  });

  it('hears a sign-in made through a client that a form loaded later', async () => {
    const client = createFakeAuthClient();
    const { source } = countingSource(client, () => false);
    render(
      <AuthProvider source={source}>
        <Probe />
      </AuthProvider>,
    );
    expect(client.listenerCount()).toBe(0);

    // A form loads the client and signs in: the provider is subscribed before the form continues.
    const session = memberSession();
    await act(async () => {
      const loaded = await source.load();
      expect(client.listenerCount()).toBe(1);
      (loaded.auth as unknown as FakeAuthClient).emit('SIGNED_IN', session);
    });
    expect(screen.getByText(`user: ${session.user.email}`)).toBeInTheDocument();
  });

  it('does not re-render its readers when auth-js reports the stored session again (INITIAL_SESSION)', async () => {
    const session = memberSession();
    const client = createFakeAuthClient({ session });
    const renders = { count: 0 };
    function Reader() {
      useAuth();
      // Counted after each render of this reader has been committed.
      useEffect(() => {
        renders.count += 1;
      });
      return null;
    }
    render(
      <AuthProvider source={fakeAuthSource(client)}>
        <Probe />
        <Reader />
      </AuthProvider>,
    );
    await screen.findByText('session: yes');
    const rendersBefore = renders.count;

    // The same session, as a new object (auth-js reads it from storage again).
    act(() => client.emit('INITIAL_SESSION', JSON.parse(JSON.stringify(session)) as typeof session));
    expect(renders.count).toBe(rendersBefore);

    // Another session (another token) is taken.
    const next = memberSession();
    act(() => client.emit('INITIAL_SESSION', next));
    expect(screen.getByText(`user: ${next.user.email}`)).toBeInTheDocument();
  });

  it('loads the client when another tab stores a session', async () => {
    let stored = false;
    const session = memberSession();
    const client = createFakeAuthClient();
    client.onAuthStateChange.mockImplementation((callback) => {
      queueMicrotask(() => callback('INITIAL_SESSION', session));
      return { data: { subscription: { unsubscribe: () => {} } } };
    });
    const { source, load } = countingSource(client, () => stored);
    render(
      <AuthProvider source={source}>
        <Probe />
      </AuthProvider>,
    );
    stored = true;
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'sb-x-auth-token' }));
    });
    expect(await screen.findByText(`user: ${session.user.email}`)).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('AuthProvider: the session-expired decision', () => {
  async function signedIn() {
    const client = createFakeAuthClient({ session: memberSession() });
    renderProvider(client);
    await screen.findByText('session: yes');
    return client;
  }

  it('opens when a shown session ends without a sign-out here (refresh failed, revoked, other tab)', async () => {
    const client = await signedIn();
    act(() => client.emit('SIGNED_OUT', null));
    expect(screen.getByText('expired: true')).toBeInTheDocument();
  });

  it('does not open on a deliberate sign-out', async () => {
    await signedIn();
    await userEvent.click(screen.getByRole('button', { name: 'sign out' }));
    expect(await screen.findByText('session: no')).toBeInTheDocument();
    expect(screen.getByText('expired: false')).toBeInTheDocument();
  });

  it('opens when the countdown signs out (expired: true)', async () => {
    const client = await signedIn();
    await userEvent.click(screen.getByRole('button', { name: 'expire' }));
    expect(await screen.findByText('expired: true')).toBeInTheDocument();
    expect(client.signOut).toHaveBeenCalledTimes(1);
  });

  it('does not open on TOKEN_REFRESHED', async () => {
    const client = await signedIn();
    act(() => client.emit('TOKEN_REFRESHED', memberSession()));
    expect(screen.getByText('expired: false')).toBeInTheDocument();
  });

  it('does not open when a stored session turns out invalid at start-up (never shown)', async () => {
    const client = createFakeAuthClient();
    client.getSession.mockImplementationOnce(async () => {
      client.emit('SIGNED_OUT', null);
      return { data: { session: null }, error: null };
    });
    renderProvider(client);
    await screen.findByText('loading: false');
    expect(screen.getByText('expired: false')).toBeInTheDocument();
  });

  it('closes when the user signs in again', async () => {
    const client = await signedIn();
    act(() => client.emit('SIGNED_OUT', null));
    act(() => client.emit('SIGNED_IN', memberSession()));
    expect(screen.getByText('expired: false')).toBeInTheDocument();
  });
});

describe('AuthProvider: refresh and second factor', () => {
  it('refreshes with the session’s refresh token', async () => {
    const session = memberSession();
    const client = createFakeAuthClient({ session });
    renderProvider(client);
    await screen.findByText('session: yes');
    await userEvent.click(screen.getByRole('button', { name: 'refresh' }));
    expect(client.refreshSession).toHaveBeenCalledWith({ refresh_token: session.refresh_token });
  });

  it('asks for the second factor for an aal1 session of an account with verified TOTP', async () => {
    const client = createFakeAuthClient({ session: buildSession(withVerifiedTotp(buildUser())) });
    renderProvider(client);
    expect(await screen.findByText('mfa: true')).toBeInTheDocument();
    act(() => client.emit('MFA_CHALLENGE_VERIFIED', buildSession(withVerifiedTotp(buildUser()), { aal: 'aal2' })));
    expect(screen.getByText('mfa: false')).toBeInTheDocument();
  });

  it('does not ask without a verified factor', async () => {
    const client = createFakeAuthClient({ session: memberSession() });
    renderProvider(client);
    await screen.findByText('session: yes');
    expect(screen.getByText('mfa: false')).toBeInTheDocument();
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
