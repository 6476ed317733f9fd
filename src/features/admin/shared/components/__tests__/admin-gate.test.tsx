import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { buildSession, buildUser, withVerifiedTotp } from '@/testing/factories';
import { authUrl, recordPost, sessionAnswer, userAnswer, gotrueError } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderAdmin } from '../../../testing/render-admin';
import { AdminGate } from '../admin-gate';

const challengeAnswer = () =>
  HttpResponse.json({ id: 'challenge-1', type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 });

function setup({ factor, aal }: { factor: boolean; aal: 'aal1' | 'aal2' }, verify?: () => Response) {
  const base = buildUser({ admin: true });
  const admin = factor ? withVerifiedTotp(base) : base;
  const factorId = admin.factors?.[0]?.id ?? 'none';
  server.use(http.get(authUrl('/user'), () => userAnswer(admin)));
  const challenge = recordPost(authUrl(`/factors/${factorId}/challenge`), challengeAnswer);
  const verifyCall = recordPost(
    authUrl(`/factors/${factorId}/verify`),
    verify ?? (() => sessionAnswer(buildSession(admin, { aal: 'aal2' }))),
  );
  server.use(challenge.handler, verifyCall.handler);
  const view = renderAdmin(
    <AdminGate>
      <p>Zawartość panelu</p>
    </AdminGate>,
    { session: buildSession(admin, { aal }) },
  );
  return { ...view, admin, verifyCall };
}

describe('the admin gate (every admin right needs aal2)', { timeout: 15_000 }, () => {
  it('lets an admin in who used the second factor in this session', async () => {
    setup({ factor: true, aal: 'aal2' });
    expect(await screen.findByText('Zawartość panelu')).toBeInTheDocument();
  });

  it('asks an aal1 admin with 2FA for the code; six digits; then shows the area', async () => {
    const { user, verifyCall } = setup({ factor: true, aal: 'aal1' });
    expect(await screen.findByRole('heading', { name: 'Potwierdź dostęp do panelu admina' })).toBeInTheDocument();
    expect(screen.queryByText('Zawartość panelu')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Kod weryfikacyjny'), '12a');
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));
    expect(await screen.findByText('Kod musi składać się z 6 cyfr')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Kod weryfikacyjny'));
    await user.type(screen.getByLabelText('Kod weryfikacyjny'), '123456');
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));
    expect(await screen.findByText('Zawartość panelu')).toBeInTheDocument();
    expect(verifyCall.calls[0]?.body).toMatchObject({ code: '123456' });
  });

  it('says a wrong code is wrong and stays', async () => {
    const { user } = setup({ factor: true, aal: 'aal1' }, () =>
      gotrueError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
    );
    await user.type(await screen.findByLabelText('Kod weryfikacyjny'), '654321');
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nieprawidłowy kod');
    await waitFor(() => expect(screen.getByLabelText('Kod weryfikacyjny')).toHaveValue(''));
    expect(screen.queryByText('Zawartość panelu')).not.toBeInTheDocument();
  });

  it('leads an admin without a factor to set one up first, then shows the area', async () => {
    const { user, admin } = setup({ factor: false, aal: 'aal1' });
    const enroll = recordPost(authUrl('/factors'), () =>
      HttpResponse.json({
        id: 'f-new',
        type: 'totp',
        friendly_name: 'Klub',
        totp: {
          qr_code: '<svg></svg>',
          secret: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/Klub:admin?secret=JBSWY3DPEHPK3PXP',
        },
      }),
    );
    const challenge = recordPost(authUrl('/factors/f-new/challenge'), challengeAnswer);
    const verify = recordPost(authUrl('/factors/f-new/verify'), () =>
      sessionAnswer(buildSession(withVerifiedTotp(admin), { aal: 'aal2' })),
    );
    server.use(enroll.handler, challenge.handler, verify.handler);

    expect(await screen.findByRole('heading', { name: 'Weryfikacja dwuetapowa jest wymagana' })).toBeInTheDocument();
    expect(screen.queryByText('Zawartość panelu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skonfiguruj weryfikację dwuetapową' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    const dialog = screen.getByRole('dialog', { name: 'Włącz weryfikację dwuetapową' });
    await user.type(within(dialog).getByLabelText('Kod z aplikacji'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Zweryfikuj' }));
    expect(await screen.findByText('Zawartość panelu')).toBeInTheDocument();
    expect(verify.calls[0]?.body).toMatchObject({ code: '123456' });
  });

  it('an aal1 admin without a factor never sees the area', async () => {
    setup({ factor: false, aal: 'aal1' });
    expect(await screen.findByRole('button', { name: 'Skonfiguruj weryfikację dwuetapową' })).toBeInTheDocument();
    expect(screen.queryByText('Zawartość panelu')).not.toBeInTheDocument();
  });
});
