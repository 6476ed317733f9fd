// The e-mail change's links (one per address) lead back to the settings page with Auth's token hash:
// the dashboard guard verifies it, then the page says what happened (features/settings).
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { serveSettings } from '@/features/settings/components/__tests__/fixtures';
import { buildSession, buildUser } from '@/testing/factories';
import { authUrl, gotrueError, recordPost, sessionAnswer } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { createTestSupabase } from '@/testing/supabase';
import { renderRoute } from '../testing/render-route';

const account = buildUser({ email: 'ewa@example.pl' });
const LINK = '/dashboard/settings?email_change=1&token_hash=pkce_e1&type=email_change';

function setup(verify: () => Response) {
  const verifyCall = recordPost(authUrl('/verify'), verify);
  server.use(
    verifyCall.handler,
    http.post(authUrl('/token'), () => sessionAnswer(buildSession(account))),
    ...serveSettings(account),
  );
  return { verifyCall, ...renderRoute(LINK, { supabase: createTestSupabase(), session: buildSession(account) }) };
}

describe('an e-mail change link', () => {
  it('the second of two: verified with Auth, then the settings page says the address was changed', async () => {
    const { verifyCall, location } = setup(() => sessionAnswer(buildSession(account)));
    expect(await screen.findByText('Adres email został zmieniony')).toBeInTheDocument();
    expect(verifyCall.calls[0]?.body).toMatchObject({ token_hash: 'pkce_e1', type: 'email_change' });
    await waitFor(() => expect(location()).toMatchObject({ pathname: '/dashboard/settings', search: '' }));
  });

  it('the first of two: the settings page asks for the other link', async () => {
    setup(() =>
      HttpResponse.json({
        msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
        code: '200',
      }),
    );
    expect(
      await screen.findByText(
        'Pierwszy adres został potwierdzony. Kliknij link wysłany na drugi adres, aby dokończyć zmianę.',
      ),
    ).toBeInTheDocument();
  });

  it('a link Auth refuses: says so, with a way to the dashboard', async () => {
    setup(() => gotrueError(403, 'otp_expired', 'Email link is invalid or has expired'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Link potwierdzający zmianę adresu email wygasł lub jest nieprawidłowy',
    );
    expect(screen.getByRole('link', { name: 'Przejdź do panelu' })).toHaveAttribute('href', '/dashboard');
  });
});
