import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { signupClaimFor } from '@/data/auth/signup-claim';
import { unconfirmedUser } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import {
  authUrl,
  gotrueError,
  okAnswer,
  recordPost,
  rpcAnswer,
  rpcUrl,
  userAnswer,
} from '@/testing/msw/supabase-answers';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { advanceTime, fakeTimers } from '@/testing/timers';
import { DEVELOPMENT_CAPTCHA_TOKEN as DEV_CAPTCHA } from '../../utils/captcha-token';
import { REFERRAL_STORAGE_KEY } from '../../utils/referral-storage';
import { RegisterForm } from '../register-form';

type Answers = {
  status?: 'missing' | 'not_activated' | 'active';
  referralValid?: boolean;
  signup?: () => Response;
};

/** The server: account status, referral check and sign-up, each recorded. */
function serverAnswers({ status = 'missing', referralValid = true, signup }: Answers = {}) {
  const statusCall = recordPost(rpcUrl('get_account_status'), () => rpcAnswer(status));
  const referralCall = recordPost(rpcUrl('validate_referral_code'), () => rpcAnswer(referralValid));
  const signupCall = recordPost(authUrl('/signup'), () => (signup ? signup() : userAnswer(unconfirmedUser())));
  server.use(statusCall.handler, referralCall.handler, signupCall.handler);
  return { statusCall, referralCall, signupCall };
}

async function setup(route = '/') {
  const supabase = createTestSupabase();
  const view = renderWithProviders(<RegisterForm />, { supabase, route });
  // The phone input is a chunk of its own: wait until it replaces its placeholder.
  // The first load of the file transforms and evaluates the chunk (libphonenumber's metadata): with
  // npm test's other lanes on both cores that took more than 10 s once; only a failing test waits
  // this long (the unit test timeout is 20 s).
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Numer telefonu' })).toBeEnabled(), {
    timeout: 18_000,
  });
  return view;
}

const field = (name: string) =>
  screen.getByLabelText(name === 'Kod polecający' ? /^Kod polecający/ : name, { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Zarejestruj się' });

type Values = { name: string; email: string; phone: string; referral: string; password: string; confirm: string };
const VALID: Values = {
  name: 'Jan Kowalski',
  email: 'Jan@Example.pl',
  phone: '501234567',
  referral: '',
  password: 'Haslo1234',
  confirm: 'Haslo1234',
};

/**
 * Fills the form as a member pasting each text (one input event per field instead of one per
 * character: typing ~50 characters per test was most of this file's time). The phone too: each key
 * typed into it re-rendered its country list of some 250 options; these tests need the number, and
 * its input parses a pasted one. The live password rules below are typed.
 */
async function fill(user: ReturnType<typeof renderWithProviders>['user'], values: Partial<Values> = {}) {
  const all = { ...VALID, ...values };
  const paste = async (input: HTMLElement, value: string) => {
    await user.click(input);
    await user.paste(value);
  };
  if (all.name) await paste(field('Imię i nazwisko'), all.name);
  if (all.email) await paste(field('Email'), all.email);
  if (all.phone) await paste(screen.getByRole('textbox', { name: 'Numer telefonu' }), all.phone);
  if (all.referral) {
    await user.clear(field('Kod polecający'));
    await paste(field('Kod polecający'), all.referral);
  }
  if (all.password) await paste(field('Hasło'), all.password);
  if (all.confirm) await paste(field('Potwierdź hasło'), all.confirm);
}

describe('registration: the form', () => {
  it('has every field, PL as the default country, and no captcha outside production', async () => {
    await setup();
    for (const label of ['Imię i nazwisko', 'Email', 'Kod polecający', 'Hasło', 'Potwierdź hasło']) {
      expect(field(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('combobox', { name: 'Kraj numeru telefonu' })).toHaveValue('PL');
    expect(screen.getByText('(opcjonalnie)')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Weryfikacja, że nie jesteś robotem' })).not.toBeInTheDocument();
  });

  it('shows the form-level errors under their fields and focuses the first', async () => {
    const { user } = await setup();
    await user.click(submit());

    expect(await screen.findByText('Imię i nazwisko musi mieć co najmniej 3 znaki')).toBeInTheDocument();
    expect(field('Imię i nazwisko')).toHaveAccessibleDescription('Imię i nazwisko musi mieć co najmniej 3 znaki');
    expect(field('Imię i nazwisko')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Email')).toHaveAccessibleDescription('Nieprawidłowy adres email');
    expect(screen.getByRole('textbox', { name: 'Numer telefonu' })).toHaveAccessibleDescription(
      'Numer telefonu jest wymagany',
    );
    expect(field('Hasło')).toHaveAccessibleDescription('Hasło musi mieć co najmniej 8 znaków');
    expect(field('Imię i nazwisko')).toHaveFocus();
  });

  it('names a short name, an invalid phone and different passwords', async () => {
    const { user } = await setup();
    await fill(user, { name: 'Jo', phone: '12345', confirm: 'Haslo12345' });
    await user.click(submit());

    expect(await screen.findByText('Imię i nazwisko musi mieć co najmniej 3 znaki')).toBeInTheDocument();
    expect(screen.getByText('Nieprawidłowy numer telefonu')).toBeInTheDocument();
    expect(field('Potwierdź hasło')).toHaveAccessibleDescription('Hasła nie są identyczne');
    expect(screen.queryByText('Nieprawidłowy adres email')).not.toBeInTheDocument();
  });

  it('refuses a name that passes for the club’s staff, and sends nothing (the database’s rule too)', async () => {
    const { user } = await setup();
    await fill(user, { name: 'Administrator Klubu' });
    await user.click(submit());
    expect(await screen.findByText('Ta nazwa jest zarezerwowana dla administracji klubu')).toBeInTheDocument();
    expect(field('Imię i nazwisko')).toHaveValue('Administrator Klubu');
  });

  it('checks what the database and Auth check: a name over 100 characters, a password without upper case or digit', async () => {
    const { statusCall, signupCall } = serverAnswers();
    const { user } = await setup();
    await fill(user, { name: 'A'.repeat(101), password: 'abcdefgh', confirm: 'abcdefgh' });
    await user.click(submit());

    expect(await screen.findByText('Imię i nazwisko może mieć najwyżej 100 znaków')).toBeInTheDocument();
    expect(field('Hasło')).toHaveAccessibleDescription('Hasło musi zawierać wielką literę, małą literę i cyfrę');
    expect(statusCall.calls).toHaveLength(0);
    expect(signupCall.calls).toHaveLength(0);
  });

  it('lists the password rules beside the field as they are met, and shows the password on request', async () => {
    const { user } = await setup();
    const rules = screen.getByRole('list', { name: 'Wymagania hasła' });
    expect(within(rules).getAllByText('(niespełnione)', { exact: false })).toHaveLength(4);
    await user.type(field('Hasło'), 'abC1');
    expect(within(rules).getByText('Wielka litera')).toHaveTextContent('(spełnione)');
    expect(within(rules).getByText('Cyfra')).toHaveTextContent('(spełnione)');
    expect(within(rules).getByText('Co najmniej 8 znaków')).toHaveTextContent('(niespełnione)');
    await user.type(field('Hasło'), 'defgh');
    expect(within(rules).getByText('Co najmniej 8 znaków')).toHaveTextContent('(spełnione)');

    expect(field('Hasło')).toHaveAttribute('type', 'password');
    const [show] = screen.getAllByRole('button', { name: 'Pokaż hasło' });
    await user.click(show!);
    expect(show).toHaveAttribute('aria-pressed', 'true');
    expect(field('Hasło')).toHaveAttribute('type', 'text');
    expect(field('Hasło')).toHaveValue('abC1defgh');
  });

  it('links the privacy notice page under the form, in a new tab (what was typed stays)', async () => {
    await setup();
    const link = await screen.findByRole('link', { name: 'polityka prywatności klubu' });
    expect(link).toHaveAttribute('href', '/polityka-prywatnosci');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
  });

  it('refuses a phone of fewer than 7 digits with the format message (the database’s rule too)', async () => {
    const { user } = await setup();
    await fill(user, { phone: '1234' });
    await user.click(submit());
    expect(await screen.findByText('Nieprawidłowy format numeru telefonu')).toBeInTheDocument();
  });

  it('clears a field’s error once it is corrected', async () => {
    const { user } = await setup();
    await fill(user, { confirm: 'Inne12345' });
    await user.click(submit());
    expect(await screen.findByText('Hasła nie są identyczne')).toBeInTheDocument();
    await user.clear(field('Potwierdź hasło'));
    await user.type(field('Potwierdź hasło'), 'Haslo1234');
    await waitFor(() => expect(screen.queryByText('Hasła nie są identyczne')).not.toBeInTheDocument());
  });

  it('shows the service-level problems as one general error and does not call the server', async () => {
    const { statusCall, signupCall } = serverAnswers();
    const { user } = await setup();
    await fill(user, { name: 'Jan 3ci' });
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Imię i nazwisko może zawierać tylko litery, spacje i myślniki',
    );
    expect(statusCall.calls).toHaveLength(0);
    expect(signupCall.calls).toHaveLength(0);
  });
});

describe('registration: with the server', () => {
  it('signs up and shows the check-your-mailbox screen that mentions the spam folder', async () => {
    const { statusCall, referralCall, signupCall } = serverAnswers();
    const { user } = await setup();
    await fill(user, { referral: 'ab12cd' });
    await user.click(submit());

    // The heading takes the focus in an effect, just after it appears.
    const heading = await screen.findByRole('heading', { name: 'Sprawdź swoją skrzynkę email' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(
      'Wysłaliśmy link aktywacyjny na adres jan@example.pl. Kliknij go, aby aktywować konto. Jeśli nie widzisz wiadomości, sprawdź folder spam.',
    );
    expect(statusCall.calls[0]?.body).toEqual({ p_email: 'jan@example.pl' });
    expect(referralCall.calls[0]?.body).toEqual({ p_code: 'AB12CD' });
    expect(signupCall.calls[0]?.body).toMatchObject({
      email: 'jan@example.pl',
      password: 'Haslo1234',
      data: { full_name: 'Jan Kowalski', phone: '+48501234567', referral_code: 'AB12CD' },
      gotrue_meta_security: { captcha_token: DEV_CAPTCHA },
    });
    expect(signupCall.calls[0]?.query.redirect_to).toBe('http://localhost:3000/activate');
  });

  it('the check-your-mailbox screen: resend after a visible 60-second countdown, and a way to correct the address', async () => {
    const resend = recordPost(authUrl('/resend'), () => okAnswer());
    const { signupCall } = serverAnswers();
    server.use(resend.handler);
    const { user } = await setup();
    await fill(user, { email: 'jan@exmaple.pl' });
    fakeTimers({ clock: true });
    await user.click(submit());

    await screen.findByRole('heading', { name: 'Sprawdź swoją skrzynkę email' });
    const again = screen.getByRole('button', { name: 'Wyślij link aktywacyjny ponownie' });
    expect(again).toBeDisabled();
    expect(screen.getByRole('timer')).toHaveTextContent('60 s');
    await advanceTime(59_000);
    expect(screen.getByRole('timer')).toHaveTextContent('1 s');
    expect(again).toBeDisabled();
    await advanceTime(1_000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(again).toBeEnabled();

    // The account exists now (not activated): the resend goes out and the countdown starts again.
    server.use(http.post(rpcUrl('get_account_status'), () => rpcAnswer('not_activated')));
    await user.click(again);
    expect(
      await screen.findByText('Link aktywacyjny został wysłany ponownie na adres jan@exmaple.pl.'),
    ).toBeInTheDocument();
    expect(resend.calls[0]?.body).toMatchObject({ type: 'signup', email: 'jan@exmaple.pl' });
    expect(await screen.findByRole('timer')).toHaveTextContent('60 s');
    expect(again).toBeDisabled();

    // A mistyped address: back to the form with what was typed, the e-mail focused.
    await user.click(screen.getByRole('button', { name: 'Popraw adres email' }));
    expect(field('Email')).toHaveFocus();
    expect(field('Email')).toHaveValue('jan@exmaple.pl');
    expect(field('Imię i nazwisko')).toHaveValue('Jan Kowalski');
    expect(field('Hasło')).toHaveValue('Haslo1234');
    expect(signupCall.calls).toHaveLength(1);
  });

  it('keeps a claim secret in this browser and sends only its SHA-256 (pre-account takeover guard)', async () => {
    const { signupCall } = serverAnswers();
    const { user } = await setup();
    await fill(user);
    await user.click(submit());
    await screen.findByRole('heading', { name: 'Sprawdź swoją skrzynkę email' });

    const secret = signupClaimFor('jan@example.pl');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const sent = (signupCall.calls[0]?.body as { data: { signup_claim: string } }).data.signup_claim;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret ?? ''));
    expect(sent).toBe(Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join(''));
    expect(JSON.stringify(signupCall.calls[0]?.body)).not.toContain(secret);
  });

  it('does not check a referral code that was left empty', async () => {
    const { referralCall, signupCall } = serverAnswers();
    const { user } = await setup();
    await fill(user);
    await user.click(submit());
    await screen.findByRole('heading', { name: 'Sprawdź swoją skrzynkę email' });
    expect(referralCall.calls).toHaveLength(0);
    expect(signupCall.calls[0]?.body).toMatchObject({ data: { referral_code: null } });
  });

  it('shows "Rejestracja..." while registering', async () => {
    let release: () => void = () => {};
    server.use(
      http.post(rpcUrl('get_account_status'), async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return rpcAnswer('active');
      }),
    );
    const { user } = await setup();
    await fill(user);
    await user.click(submit());
    expect(await screen.findByRole('button', { name: 'Rejestracja...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Zarejestruj się' })).toBeEnabled();
  });

  it('refuses an e-mail of an activated account', async () => {
    const { signupCall } = serverAnswers({ status: 'active' });
    const { user } = await setup();
    await fill(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Użytkownik o tym adresie email już istnieje');
    expect(signupCall.calls).toHaveLength(0);
  });

  it('marks an unknown referral code under its field and focuses it', async () => {
    const { signupCall } = serverAnswers({ referralValid: false });
    const { user } = await setup();
    await fill(user, { referral: 'NOPE1234' });
    await user.click(submit());
    expect(await screen.findByText('Nieprawidłowy kod polecający')).toBeInTheDocument();
    expect(field('Kod polecający')).toHaveAccessibleDescription('Nieprawidłowy kod polecający');
    expect(field('Kod polecający')).toHaveFocus();
    expect(signupCall.calls).toHaveLength(0);
  });

  it('offers the resend panel for an account waiting for activation; cancel clears the e-mail', async () => {
    const resend = recordPost(authUrl('/resend'), () => okAnswer());
    const { signupCall } = serverAnswers({ status: 'not_activated' });
    server.use(resend.handler);
    const { user } = await setup();
    await fill(user);
    await user.click(submit());

    const panel = await screen.findByRole('region', { name: 'Konto nie zostało aktywowane' });
    expect(signupCall.calls).toHaveLength(0);
    await user.click(within(panel).getByRole('button', { name: 'Wyślij link aktywacyjny ponownie' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'Link aktywacyjny został wysłany ponownie na adres jan@example.pl.',
    );
    expect(resend.calls[0]?.body).toMatchObject({ type: 'signup', email: 'jan@example.pl' });

    await user.click(within(panel).getByRole('button', { name: 'Anuluj' }));
    expect(screen.queryByRole('region', { name: 'Konto nie zostało aktywowane' })).not.toBeInTheDocument();
    expect(field('Email')).toHaveValue('');
    expect(field('Email')).toHaveFocus();
    expect(field('Imię i nazwisko')).toHaveValue('Jan Kowalski');
  });

  it.each([
    [
      'an SMTP server that refused it (the function answers 502)',
      () =>
        gotrueError(
          502,
          'unknown',
          'Sending the e-mail failed: SMTP server smtp.example.com:465 did not take the message: 550',
        ),
    ],
    ['a hook timeout', () => gotrueError(422, 'hook_timeout', 'Failed to reach hook within maximum time')],
  ])('says "Nie udało się wysłać emaila aktywacyjnego" for %s', async (_case, answer) => {
    serverAnswers({ signup: answer });
    const { user } = await setup();
    await fill(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się wysłać emaila aktywacyjnego');
  });

  it.each([
    'E-mail setup is missing: e-mail template "account-activation" not found',
    'E-mail setup is missing: no SMTP config for e-mail template "account-activation": it has none and no default SMTP config exists',
  ])('shows the server-error message when the e-mail cannot be made (500: %s)', async (message) => {
    serverAnswers({ signup: () => gotrueError(500, 'unexpected_failure', message) });
    const { user } = await setup();
    await fill(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Błąd serwera, spróbuj ponownie później');
  });

  it('says "Wystąpił błąd podczas rejestracji" for another failure', async () => {
    serverAnswers({ signup: () => gotrueError(400, 'validation_failed', 'Unable to validate email address') });
    const { user } = await setup();
    await fill(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Wystąpił błąd podczas rejestracji');
  });

  it('passes on the server’s weak-password reasons', async () => {
    serverAnswers({
      signup: () =>
        gotrueError(422, 'weak_password', 'Password is known to be weak', { weak_password: { reasons: ['pwned'] } }),
    });
    const { user } = await setup();
    await fill(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Hasło znajduje się w znanym wycieku danych');
  });

  it('says "Wystąpił błąd podczas rejestracji" when the status check fails', async () => {
    server.use(http.post(rpcUrl('get_account_status'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const { user } = await setup();
    await fill(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Wystąpił błąd podczas rejestracji');
  });
});

describe('registration: the referral code', () => {
  it('is prefilled, uppercased, from ?ref', async () => {
    await setup('/?ref=ab12cd');
    expect(field('Kod polecający')).toHaveValue('AB12CD');
  });

  it('is prefilled from the code kept in this session', async () => {
    sessionStorage.setItem(REFERRAL_STORAGE_KEY, 'KEPT1234');
    await setup('/');
    expect(field('Kod polecający')).toHaveValue('KEPT1234');
  });

  it('is empty without a code', async () => {
    await setup('/');
    expect(field('Kod polecający')).toHaveValue('');
  });
});
