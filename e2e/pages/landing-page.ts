// '/': the authentication screen with its two tabs (product.md#account-2). The login tab's
// modes (password, forgot password, magic link, the confirmation) and the registration form.
import { expect, type Locator, type Page } from '@playwright/test';
import type { MemberData } from '../support/factories';

export class LandingPage {
  readonly loginTab: Locator;
  readonly registerTab: Locator;
  readonly login: LoginPanel;
  readonly registration: RegistrationPanel;

  constructor(readonly page: Page) {
    this.loginTab = page.getByRole('tab', { name: 'Logowanie' });
    this.registerTab = page.getByRole('tab', { name: 'Rejestracja' });
    this.login = new LoginPanel(page.getByRole('tabpanel', { name: 'Logowanie' }));
    this.registration = new RegistrationPanel(page.getByRole('tabpanel', { name: 'Rejestracja' }));
  }

  /** Opens '/', optionally with a query (e.g. `?ref=CODE`), and waits for the tabs. */
  async goto(search = ''): Promise<this> {
    await this.page.goto(`/${search}`);
    await this.expectShown();
    return this;
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/(\?.*)?$/);
    await expect(this.loginTab).toBeVisible();
  }

  /** The message a redirect left on the page (activated, password changed, a failed link). */
  notice(text: string): Locator {
    return this.page.getByRole('main').getByRole('status').filter({ hasText: text });
  }

  async openRegistration(): Promise<RegistrationPanel> {
    await this.registerTab.click();
    await expect(this.registration.submit).toBeVisible();
    return this.registration;
  }

  async openLogin(): Promise<LoginPanel> {
    await this.loginTab.click();
    return this.login;
  }
}

export class LoginPanel {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly forgotPassword: Locator;
  readonly magicLink: Locator;
  /** The form's general error ('Nieprawidłowy email lub hasło', …). */
  readonly error: Locator;
  /** The panel for an account that is not activated yet, with resend and cancel. */
  readonly notActivatedPanel: Locator;
  readonly resendActivation: Locator;
  /** 'Sprawdź swoją skrzynkę email' after a reset or magic link was sent. */
  readonly linkSent: Locator;

  constructor(readonly panel: Locator) {
    this.email = panel.getByLabel('Email', { exact: true });
    this.password = panel.getByLabel('Hasło', { exact: true });
    this.submit = panel.getByRole('button', { name: 'Zaloguj się', exact: true });
    this.forgotPassword = panel.getByRole('button', { name: 'Nie pamiętasz hasła?' });
    this.magicLink = panel.getByRole('button', { name: 'Logowanie linkiem z emaila' });
    this.error = panel.getByRole('alert');
    this.notActivatedPanel = panel.getByRole('region', { name: 'Konto nie zostało aktywowane' });
    this.resendActivation = this.notActivatedPanel.getByRole('button', { name: 'Wyślij link aktywacyjny ponownie' });
    this.linkSent = panel.getByRole('heading', { name: 'Sprawdź swoją skrzynkę email' });
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** Forgot-password mode: sends the reset link and waits for the confirmation. */
  async requestPasswordReset(email: string): Promise<void> {
    await this.forgotPassword.click();
    await this.email.fill(email);
    await this.panel.getByRole('button', { name: 'Wyślij link resetujący' }).click();
    await expect(this.linkSent).toBeVisible();
  }

  /** Magic-link mode: sends the link and waits for the confirmation. */
  async requestMagicLink(email: string): Promise<void> {
    await this.magicLink.click();
    await this.email.fill(email);
    await this.panel.getByRole('button', { name: 'Wyślij link logowania' }).click();
    await expect(this.linkSent).toBeVisible();
  }

  /** In the not-activated panel: asks for a new activation link and waits for its confirmation. */
  async resendActivationLink(email: string): Promise<void> {
    await this.resendActivation.click();
    await expect(this.notActivatedPanel.getByRole('status')).toHaveText(
      `Link aktywacyjny został wysłany ponownie na adres ${email}. Jeśli nie widzisz wiadomości, sprawdź folder spam.`,
    );
  }
}

export class RegistrationPanel {
  readonly name: Locator;
  readonly email: Locator;
  readonly phone: Locator;
  readonly referralCode: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  /** The check-your-mailbox screen after a successful registration. */
  readonly success: Locator;
  readonly successText: Locator;

  constructor(readonly panel: Locator) {
    this.name = panel.getByLabel('Imię i nazwisko');
    this.email = panel.getByLabel('Email', { exact: true });
    this.phone = panel.getByLabel('Numer telefonu');
    this.referralCode = panel.getByLabel('Kod polecający');
    this.password = panel.getByLabel('Hasło', { exact: true });
    this.confirmPassword = panel.getByLabel('Potwierdź hasło');
    this.submit = panel.getByRole('button', { name: 'Zarejestruj się' });
    this.error = panel.getByRole('alert');
    this.success = panel.getByRole('heading', { name: 'Sprawdź swoją skrzynkę email' });
    this.successText = panel.getByRole('status');
  }

  /** Fills every field (the referral code only when given) and submits. */
  async register(member: MemberData, { referralCode }: { referralCode?: string } = {}): Promise<void> {
    await this.name.fill(member.name);
    await this.email.fill(member.email);
    // The phone input formats as it goes; the country selector stays on its default, PL.
    await expect(this.phone).toBeEditable();
    await this.phone.pressSequentially(member.phone);
    if (referralCode !== undefined) await this.referralCode.fill(referralCode);
    await this.password.fill(member.password);
    await this.confirmPassword.fill(member.password);
    await this.submit.click();
  }

  /** The check-your-mailbox screen for this address, with the spam-folder hint. */
  async expectSent(email: string): Promise<void> {
    await expect(this.success).toBeVisible();
    await expect(this.successText).toHaveText(
      `Wysłaliśmy link aktywacyjny na adres ${email}. Kliknij go, aby aktywować konto. ` +
        'Jeśli nie widzisz wiadomości, sprawdź folder spam.',
    );
  }
}
