import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { buildSession, buildUser, withVerifiedTotp } from '@/testing/factories';
import { authUrl, gotrueError, recordPost, sessionAnswer, userAnswer } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { SecondFactorForm } from '../second-factor-form';

function setup(verify: () => Response) {
  const user = withVerifiedTotp(buildUser());
  const factorId = user.factors?.[0]?.id ?? '';
  const challenge = recordPost(authUrl(`/factors/${factorId}/challenge`), () =>
    HttpResponse.json({ id: 'challenge-1', type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 }),
  );
  const verifyCall = recordPost(authUrl(`/factors/${factorId}/verify`), verify);
  server.use(
    http.get(authUrl('/user'), () => userAnswer(user)),
    challenge.handler,
    verifyCall.handler,
  );
  const supabase = createTestSupabase();
  const view = renderWithProviders(<SecondFactorForm />, { supabase, session: buildSession(user) });
  return { ...view, supabase, challenge, verifyCall, account: user };
}

describe('the second factor', () => {
  it('asks for the 6-digit code, focused', async () => {
    setup(() => new Response(null, { status: 500 }));
    expect(screen.getByRole('heading', { name: 'Weryfikacja dwuetapowa' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Kod weryfikacyjny')).toHaveFocus());
  });

  it('wants six digits', async () => {
    const { user, challenge } = setup(() => new Response(null, { status: 500 }));
    await user.type(screen.getByLabelText('Kod weryfikacyjny'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Zweryfikuj' }));
    expect(await screen.findByText('Kod musi składać się z 6 cyfr')).toBeInTheDocument();
    expect(challenge.calls).toHaveLength(0);
  });

  it('a wrong code: "Nieprawidłowy kod", the field cleared and focused', async () => {
    const { user, verifyCall } = setup(() => gotrueError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'));
    await user.type(screen.getByLabelText('Kod weryfikacyjny'), '123456');
    await user.click(screen.getByRole('button', { name: 'Zweryfikuj' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Nieprawidłowy kod');
    expect(verifyCall.calls[0]?.body).toMatchObject({ challenge_id: 'challenge-1', code: '123456' });
    expect(screen.getByLabelText('Kod weryfikacyjny')).toHaveValue('');
    expect(screen.getByLabelText('Kod weryfikacyjny')).toHaveFocus();
  });

  it('the right code gives an aal2 session', async () => {
    const aal2 = buildSession(withVerifiedTotp(buildUser()), { aal: 'aal2' });
    const { user, supabase } = setup(() => sessionAnswer(aal2));
    await user.type(screen.getByLabelText('Kod weryfikacyjny'), '654321');
    await user.click(screen.getByRole('button', { name: 'Zweryfikuj' }));
    await waitFor(() => expect(supabase.storedSession()?.access_token).toBe(aal2.access_token));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('cancel signs the half-finished session out', async () => {
    const logout = recordPost(authUrl('/logout'), () => new Response(null, { status: 204 }));
    server.use(logout.handler);
    const { user, supabase } = setup(() => new Response(null, { status: 500 }));
    await user.click(screen.getByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(supabase.storedSession()).toBeNull());
    expect(logout.calls).toHaveLength(1);
  });
});
