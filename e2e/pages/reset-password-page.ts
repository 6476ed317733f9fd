// /reset-password?code=…: the new password, twice (product.md#account-2, §4).
import { expect, type Locator, type Page } from '@playwright/test';

export class ResetPasswordPage {
  readonly heading: Locator;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly submit: Locator;
  readonly success: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Resetowanie hasła' });
    this.newPassword = page.getByLabel('Nowe hasło');
    this.confirmPassword = page.getByLabel('Powtórz hasło');
    this.submit = page.getByRole('button', { name: 'Zmień hasło' });
    this.success = page.getByRole('status').filter({ hasText: 'Hasło zostało zmienione pomyślnie' });
  }

  /** The form, once the link's code was exchanged for a session (only then can it be sent). */
  async expectForm(): Promise<void> {
    await expect(this.page).toHaveURL(/\/reset-password\?code=/);
    await expect(this.heading).toBeVisible();
    await expect(this.submit).toBeEnabled();
  }

  async setPassword(password: string): Promise<void> {
    await this.newPassword.fill(password);
    await this.confirmPassword.fill(password);
    await this.submit.click();
  }
}
