import type { User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast';
import { buildSession, buildUser, withVerifiedTotp } from '@/testing/factories';
import { authUrl, gotrueError, recordPost, sessionAnswer, userAnswer } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { SecurityCard } from '../security-card';

function setup(account: User, aal: 'aal1' | 'aal2' = 'aal1', ...handlers: Parameters<typeof server.use>) {
  server.use(
    ...handlers,
    http.get(authUrl('/user'), () => userAnswer(account)),
  );
  const supabase = createTestSupabase();
  const wrap = (node: ReactNode) => <ToastProvider>{node}</ToastProvider>;
  return {
    ...renderWithProviders(wrap(<SecurityCard />), { supabase, session: buildSession(account, { aal }) }),
    supabase,
  };
}

describe('change password', { timeout: 15_000 }, () => {
  const current = () => screen.getByLabelText('Obecne hasło');
  const next = () => screen.getByLabelText('Nowe hasło');
  const confirm = () => screen.getByLabelText('Potwierdź nowe hasło');
  const submit = () => screen.getByRole('button', { name: 'Zmień hasło' });

  async function fill(
    values: { current?: string; next?: string; confirm?: string },
    user: ReturnType<typeof setup>['user'],
  ) {
    if (values.current) await user.type(current(), values.current);
    if (values.next) await user.type(next(), values.next);
    if (values.confirm) await user.type(confirm(), values.confirm);
  }

  it('requires the current password and a strong new one', async () => {
    const { user } = setup(buildUser());
    await user.click(submit());
    expect(await screen.findByText('Podaj obecne hasło')).toBeInTheDocument();
    expect(screen.getByText('Hasło musi mieć co najmniej 8 znaków')).toBeInTheDocument();
    await user.type(next(), 'wszystkiemale1');
    expect(await screen.findByText('Hasło musi zawierać wielką literę, małą literę i cyfrę')).toBeInTheDocument();
  });

  it("says 'Hasła nie są identyczne' when the confirmation differs", async () => {
    const { user } = setup(buildUser());
    await fill({ current: 'Stare1234', next: 'NoweHaslo1', confirm: 'NoweHaslo2' }, user);
    await user.click(submit());
    expect(await screen.findByText('Hasła nie są identyczne')).toBeInTheDocument();
    expect(confirm()).toHaveAccessibleDescription('Hasła nie są identyczne');
  });

  it("sends the new and the current password to Auth: 'Hasło zostało zmienione pomyślnie', fields cleared", async () => {
    const account = buildUser();
    let body: unknown;
    const { user } = setup(
      account,
      'aal1',
      http.put(authUrl('/user'), async ({ request }) => {
        body = await request.json();
        return userAnswer(account);
      }),
    );
    await fill({ current: 'Stare1234', next: 'NoweHaslo1', confirm: 'NoweHaslo1' }, user);
    await user.click(submit());
    expect(await screen.findByRole('status')).toHaveTextContent('Hasło zostało zmienione pomyślnie');
    expect(body).toMatchObject({ password: 'NoweHaslo1', current_password: 'Stare1234' });
    expect(current()).toHaveValue('');
    expect(next()).toHaveValue('');
  });

  it('puts a wrong current password (refused by Auth) at its field', async () => {
    const { user } = setup(
      buildUser(),
      'aal1',
      http.put(authUrl('/user'), () =>
        gotrueError(400, 'current_password_mismatch', 'Current password required when setting new password.'),
      ),
    );
    await fill({ current: 'Zle12345', next: 'NoweHaslo1', confirm: 'NoweHaslo1' }, user);
    await user.click(submit());
    expect(await screen.findByText('Obecne hasło jest nieprawidłowe')).toBeInTheDocument();
    expect(current()).toHaveAccessibleDescription('Obecne hasło jest nieprawidłowe');
    expect(current()).toHaveFocus();
    expect(next()).toHaveValue('NoweHaslo1');
  });

  it.each([
    [gotrueError(422, 'same_password', 'New password should be different'), 'Nowe hasło musi się różnić od obecnego'],
    [
      gotrueError(422, 'weak_password', 'Password is too weak', { weak_password: { reasons: ['pwned'] } }),
      'Hasło znajduje się w znanym wycieku danych',
    ],
  ])('puts Auth’s answer about the new password at its field', async (answer, text) => {
    const { user } = setup(
      buildUser(),
      'aal1',
      http.put(authUrl('/user'), () => answer.clone()),
    );
    await fill({ current: 'Stare1234', next: 'NoweHaslo1', confirm: 'NoweHaslo1' }, user);
    await user.click(submit());
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(next()).toHaveAccessibleDescription(text);
  });
});

describe('two-factor toggle', { timeout: 15_000 }, () => {
  const toggle = () => screen.findByRole('switch', { name: 'Weryfikacja dwuetapowa' });
  const factorAnswer = (id: string) =>
    HttpResponse.json({
      id,
      type: 'totp',
      friendly_name: 'Klub',
      totp: {
        qr_code: '<svg></svg>',
        secret: 'JBSWY3DPEHPK3PXP',
        uri: `otpauth://totp/Klub:ewa?secret=JBSWY3DPEHPK3PXP&issuer=Klub`,
      },
    });

  it('reads the state from Auth MFA', async () => {
    setup(withVerifiedTotp(buildUser()), 'aal2');
    expect(await toggle()).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('Włączona')).toBeInTheDocument();
  });

  it('turns on: QR code and secret, a code button that waits for a code, then the factor is verified', async () => {
    const account = buildUser();
    const enroll = recordPost(authUrl('/factors'), () => factorAnswer('f-new'));
    const challenge = recordPost(authUrl('/factors/f-new/challenge'), () =>
      HttpResponse.json({ id: 'c1', type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 }),
    );
    let verified = false;
    const verify = recordPost(authUrl('/factors/f-new/verify'), (call) => {
      if (call.body.code !== '123456') return gotrueError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
      verified = true;
      return sessionAnswer(buildSession(withVerifiedTotp(account), { aal: 'aal2' }));
    });
    const { user } = setup(account, 'aal1', enroll.handler, challenge.handler, verify.handler);
    const sw = await toggle();
    expect(sw).toHaveAttribute('aria-checked', 'false');
    await user.click(sw);

    // The dialog's chunk (qrcode.react) loads first; the set-up dialog replaces the loading one.
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    const dialog = screen.getByRole('dialog', { name: 'Włącz weryfikację dwuetapową' });
    expect(within(dialog).getByRole('img', { name: 'Kod QR do aplikacji uwierzytelniającej' })).toBeInTheDocument();
    expect(enroll.calls[0]?.body).toMatchObject({ factor_type: 'totp', issuer: 'Klub' });
    const verifyButton = within(dialog).getByRole('button', { name: 'Zweryfikuj' });
    expect(verifyButton).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Kod z aplikacji'), '000000');
    expect(verifyButton).toBeEnabled();
    await user.click(verifyButton);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nieprawidłowy kod');
    expect(within(dialog).getByLabelText('Kod z aplikacji')).toHaveValue('');

    server.use(http.get(authUrl('/user'), () => userAnswer(withVerifiedTotp(account))));
    await user.type(within(dialog).getByLabelText('Kod z aplikacji'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Zweryfikuj' }));
    expect(await screen.findByText('Weryfikacja dwuetapowa została włączona')).toBeInTheDocument();
    expect(verified).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(await toggle()).toHaveAttribute('aria-checked', 'true'));
  });

  it('removes the half-made factor when the set-up is cancelled, and an abandoned one before enrolling', async () => {
    const stale = { ...withVerifiedTotp(buildUser()).factors![0]!, id: 'f-stale', status: 'unverified' as const };
    const account = { ...buildUser(), factors: [stale] };
    const removed: string[] = [];
    const { user } = setup(
      account,
      'aal1',
      http.post(authUrl('/factors'), () => factorAnswer('f-new')),
      http.delete(authUrl('/factors/:id'), ({ params }) => {
        removed.push(String(params.id));
        return HttpResponse.json({ id: params.id });
      }),
    );
    await user.click(await toggle());
    await screen.findByTestId('totp-secret');
    const dialog = screen.getByRole('dialog', { name: 'Włącz weryfikację dwuetapową' });
    expect(removed).toEqual(['f-stale']);
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(removed).toEqual(['f-stale', 'f-new']));
  });

  it("says 'Nie udało się skonfigurować weryfikacji dwuetapowej' when Auth cannot enrol", async () => {
    const { user } = setup(
      buildUser(),
      'aal1',
      http.post(authUrl('/factors'), () => gotrueError(500, 'unexpected_failure', 'boom')),
    );
    await user.click(await toggle());
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się skonfigurować weryfikacji dwuetapowej');
  });

  it("turns off after 'Czy na pewno chcesz wyłączyć weryfikację dwuetapową?' (aal2 session)", async () => {
    const account = withVerifiedTotp(buildUser());
    const factorId = account.factors![0]!.id;
    const removed: string[] = [];
    const { user } = setup(
      account,
      'aal2',
      http.delete(authUrl('/factors/:id'), ({ params }) => {
        removed.push(String(params.id));
        server.use(http.get(authUrl('/user'), () => userAnswer({ ...account, factors: [] })));
        return HttpResponse.json({ id: params.id });
      }),
      http.post(authUrl('/token'), () => sessionAnswer(buildSession({ ...account, factors: [] }))),
    );
    await user.click(await toggle());
    const confirm = screen.getByRole('dialog', { name: 'Wyłączenie weryfikacji dwuetapowej' });
    expect(confirm).toHaveTextContent('Czy na pewno chcesz wyłączyć weryfikację dwuetapową?');
    await user.click(within(confirm).getByRole('button', { name: 'Wyłącz' }));
    expect(await screen.findByText('Weryfikacja dwuetapowa została wyłączona')).toBeInTheDocument();
    expect(removed).toEqual([factorId]);
    await waitFor(async () => expect(await toggle()).toHaveAttribute('aria-checked', 'false'));
  });

  it('asks an aal1 session for the code before turning off', async () => {
    const account = withVerifiedTotp(buildUser());
    const factorId = account.factors![0]!.id;
    const removed: string[] = [];
    const { user } = setup(
      account,
      'aal1',
      http.post(authUrl(`/factors/${factorId}/challenge`), () =>
        HttpResponse.json({ id: 'c1', type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 }),
      ),
      http.post(authUrl(`/factors/${factorId}/verify`), () => sessionAnswer(buildSession(account, { aal: 'aal2' }))),
      http.delete(authUrl('/factors/:id'), ({ params }) => {
        removed.push(String(params.id));
        return HttpResponse.json({ id: params.id });
      }),
      http.post(authUrl('/token'), () => sessionAnswer(buildSession({ ...account, factors: [] }))),
    );
    await user.click(await toggle());
    await user.click(screen.getByRole('button', { name: 'Wyłącz' }));
    const code = await screen.findByLabelText('Kod weryfikacyjny');
    expect(removed).toEqual([]);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));
    await waitFor(() => expect(removed).toEqual([factorId]));
    expect(await screen.findByText('Weryfikacja dwuetapowa została wyłączona')).toBeInTheDocument();
  });

  it("says 'Nie udało się wyłączyć weryfikacji dwuetapowej' when Auth refuses", async () => {
    const { user } = setup(
      withVerifiedTotp(buildUser()),
      'aal2',
      http.delete(authUrl('/factors/:id'), () => gotrueError(500, 'unexpected_failure', 'boom')),
    );
    await user.click(await toggle());
    await user.click(screen.getByRole('button', { name: 'Wyłącz' }));
    const confirm = screen.getByRole('dialog', { name: 'Wyłączenie weryfikacji dwuetapowej' });
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'Nie udało się wyłączyć weryfikacji dwuetapowej',
    );
  });
});
