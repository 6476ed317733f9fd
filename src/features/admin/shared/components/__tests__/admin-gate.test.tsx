import { screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { AppError } from '@/lib/errors';
import { adminKeys } from '../../api/keys';
import { http, HttpResponse } from 'msw';
import { buildSession, buildUser, withVerifiedTotp } from '@/testing/factories';
import { authUrl, recordPost, sessionAnswer, userAnswer, gotrueError } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderAdmin } from '../../../testing/render-admin';
import { AdminGate } from '../admin-gate';

function Refused() {
  useQuery({
    queryKey: [...adminKeys.all, 'probe'],
    queryFn: () => Promise.reject(new AppError('auth.forbidden', { status: 403, code: '42501' })),
    retry: false,
  });
  return <p>Zawartość panelu</p>;
}

function setup(
  { factor, aal, sessionFactor = factor }: { factor: boolean; aal: 'aal1' | 'aal2'; sessionFactor?: boolean },
  verify?: () => Response,
  child = <p>Zawartość panelu</p>,
) {
  const base = buildUser({ admin: true });
  const admin = factor ? withVerifiedTotp(base) : base;
  const factorId = admin.factors?.[0]?.id ?? 'none';
  server.use(http.get(authUrl('/user'), () => userAnswer(admin)));
  const challenge = recordPost(authUrl(`/factors/${factorId}/challenge`), () =>
    HttpResponse.json({ id: 'challenge-1', type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 }),
  );
  const verifyCall = recordPost(
    authUrl(`/factors/${factorId}/verify`),
    verify ?? (() => sessionAnswer(buildSession(admin, { aal: 'aal2' }))),
  );
  server.use(challenge.handler, verifyCall.handler);
  // The session's user carries the factors Auth gave at sign-in (maybe none: enrolled since).
  const sessionUser = sessionFactor ? admin : { ...admin, factors: [] };
  const view = renderAdmin(<AdminGate>{child}</AdminGate>, { session: buildSession(sessionUser, { aal }) });
  return { ...view, verifyCall };
}

describe('the admin gate (second factor for admin work)', () => {
  it('lets an admin without 2FA straight in', async () => {
    setup({ factor: false, aal: 'aal1' });
    expect(await screen.findByText('Zawartość panelu')).toBeInTheDocument();
  });

  it('lets an admin in who used the second factor in this session', async () => {
    setup({ factor: true, aal: 'aal2' });
    expect(await screen.findByText('Zawartość panelu')).toBeInTheDocument();
  });

  it('asks an aal1 admin with 2FA for the code; six digits; then shows the area', async () => {
    const { user, verifyCall } = setup({ factor: true, aal: 'aal1' });
    expect(await screen.findByRole('heading', { name: 'Potwierdź dostęp do panelu admina' })).toBeInTheDocument();
    expect(screen.queryByText('Zawartość panelu')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Kod weryfikacyjny'), '12a');
    await user.click(screen.getByRole('button', { name: 'Zweryfikuj' }));
    expect(await screen.findByText('Kod musi składać się z 6 cyfr')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Kod weryfikacyjny'));
    await user.type(screen.getByLabelText('Kod weryfikacyjny'), '123456');
    await user.click(screen.getByRole('button', { name: 'Zweryfikuj' }));
    expect(await screen.findByText('Zawartość panelu')).toBeInTheDocument();
    expect(verifyCall.calls[0]?.body).toMatchObject({ code: '123456' });
  });

  it('asks Auth again after a refusal: a factor enrolled since the sign-in brings the code form', async () => {
    setup({ factor: true, sessionFactor: false, aal: 'aal1' }, undefined, <Refused />);
    expect(await screen.findByRole('heading', { name: 'Potwierdź dostęp do panelu admina' })).toBeInTheDocument();
  });

  it('says a wrong code is wrong and stays', async () => {
    const { user } = setup({ factor: true, aal: 'aal1' }, () =>
      gotrueError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
    );
    await user.type(await screen.findByLabelText('Kod weryfikacyjny'), '654321');
    await user.click(screen.getByRole('button', { name: 'Zweryfikuj' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nieprawidłowy kod');
    await waitFor(() => expect(screen.getByLabelText('Kod weryfikacyjny')).toHaveValue(''));
  });
});
