import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import type { Env } from '@/config/env';
import { buildSession, unconfirmedUser } from '@/testing/factories';
import {
  authUrl,
  gotrueError,
  okAnswer,
  recordPost,
  rpcAnswer,
  rpcUrl,
  sessionAnswer,
  userAnswer,
} from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { LoginPanel } from '../login-panel';
import { RegisterForm } from '../register-form';

// A production build: the captcha is shown.
vi.mock('@/config/env', async (importOriginal) => {
  const original = await importOriginal<{ env: Env }>();
  return { ...original, env: { ...original.env, isProduction: true, mode: 'production' } };
});

const resetCaptcha = vi.hoisted(() => vi.fn());

// hCaptcha needs its script from the internet: a stand-in with the same props and methods.
vi.mock('@hcaptcha/react-hcaptcha', async () => {
  const { useImperativeHandle } = await import('react');
  type Props = {
    ref?: unknown;
    size?: string;
    theme?: string;
    sitekey: string;
    onVerify?: (token: string, key: string) => void;
  };
  function FakeHCaptcha({ ref, size, theme, sitekey, onVerify }: Props) {
    useImperativeHandle(ref as never, () => ({
      execute: () => Promise.resolve({ response: 'invisible-answer', key: 'key' }),
      resetCaptcha,
    }));
    return (
      <button
        type="button"
        data-testid={`hcaptcha-${size}`}
        data-theme={theme}
        data-sitekey={sitekey}
        onClick={() => onVerify?.('widget-answer', 'key')}
      >
        Rozwiąż captcha
      </button>
    );
  }
  return { default: FakeHCaptcha };
});

/**
 * Fills the registration form as a member pasting each text: one input event per field (typing
 * each key re-rendered the whole form, phone country list included; these tests are about the
 * captcha).
 */
async function fillRegistration(user: ReturnType<typeof renderWithProviders>['user']) {
  const fields: [HTMLElement, string][] = [
    [screen.getByLabelText('Imię i nazwisko'), 'Jan Kowalski'],
    [screen.getByLabelText('Email'), 'jan@example.pl'],
    [screen.getByRole('textbox', { name: 'Numer telefonu' }), '501234567'],
    [screen.getByLabelText('Hasło'), 'Haslo1234'],
    [screen.getByLabelText('Potwierdź hasło'), 'Haslo1234'],
  ];
  for (const [input, text] of fields) {
    await user.click(input);
    await user.paste(text);
  }
}

describe('the captcha in a production build', () => {
  it('the resend panel runs its own captcha when the link is requested', async () => {
    const resend = recordPost(authUrl('/resend'), () => okAnswer());
    server.use(
      http.post(authUrl('/token'), () => gotrueError(400, 'email_not_confirmed', 'Email not confirmed')),
      http.post(rpcUrl('get_account_status'), () => rpcAnswer('not_activated')),
      resend.handler,
    );
    const { user } = renderWithProviders(<LoginPanel />, { supabase: createTestSupabase() });
    await user.type(screen.getByLabelText('Email'), 'jan@example.pl');
    await user.type(screen.getByLabelText('Hasło'), 'Haslo1234');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    await user.click(await screen.findByRole('button', { name: 'Wyślij link aktywacyjny ponownie' }));
    await waitFor(() => expect(resend.calls).toHaveLength(1));
    expect(resend.calls[0]?.body).toMatchObject({ gotrue_meta_security: { captcha_token: 'invisible-answer' } });
  });

  it('registration shows the widget (dark, normal) and requires it to be solved', async () => {
    const signup = recordPost(authUrl('/signup'), () => userAnswer(unconfirmedUser()));
    server.use(
      signup.handler,
      http.post(rpcUrl('get_account_status'), () => rpcAnswer('missing')),
    );
    const { user } = renderWithProviders(<RegisterForm />, { supabase: createTestSupabase() });
    // The first load transforms the chunk: allow for a slow machine.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Numer telefonu' })).toBeEnabled(), {
      timeout: 10_000,
    });

    const widget = await screen.findByTestId('hcaptcha-normal');
    expect(widget).toHaveAttribute('data-theme', 'dark');
    expect(widget).toHaveAttribute('data-sitekey', '10000000-ffff-ffff-ffff-000000000001');

    await fillRegistration(user);
    await user.click(screen.getByRole('button', { name: 'Zarejestruj się' }));

    expect(await screen.findByText('Proszę potwierdzić, że nie jesteś robotem')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Weryfikacja, że nie jesteś robotem' })).toHaveFocus();
    expect(signup.calls).toHaveLength(0);

    await user.click(widget);
    await user.click(screen.getByRole('button', { name: 'Zarejestruj się' }));
    await screen.findByRole('heading', { name: 'Sprawdź swoją skrzynkę email' });
    expect(signup.calls[0]?.body).toMatchObject({ gotrue_meta_security: { captcha_token: 'widget-answer' } });
  });

  it('registration resets the solved captcha after a failed sign-up', async () => {
    server.use(
      http.post(rpcUrl('get_account_status'), () => rpcAnswer('missing')),
      http.post(authUrl('/signup'), () => gotrueError(400, 'captcha_failed', 'captcha protection: request disallowed')),
    );
    const { user } = renderWithProviders(<RegisterForm />, { supabase: createTestSupabase() });
    // The first load transforms the chunk: allow for a slow machine.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Numer telefonu' })).toBeEnabled(), {
      timeout: 10_000,
    });
    await fillRegistration(user);
    await user.click(await screen.findByTestId('hcaptcha-normal'));
    await user.click(screen.getByRole('button', { name: 'Zarejestruj się' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Proszę potwierdzić, że nie jesteś robotem');
    expect(resetCaptcha).toHaveBeenCalled();
  });

  it('login runs the invisible captcha and sends its answer', async () => {
    const token = recordPost(authUrl('/token'), () => sessionAnswer(buildSession()));
    server.use(token.handler);
    const { user } = renderWithProviders(<LoginPanel />, { supabase: createTestSupabase() });
    // Not with the page: only once the visitor starts on the form.
    expect(screen.queryByTestId('hcaptcha-invisible')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'jan@example.pl');
    expect(await screen.findByTestId('hcaptcha-invisible')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Hasło'), 'Haslo1234');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));

    await waitFor(() => expect(token.calls).toHaveLength(1));
    expect(token.calls[0]?.body).toMatchObject({ gotrue_meta_security: { captcha_token: 'invisible-answer' } });
  });
});
