// /dashboard: what a signed-in member sees (the shell: header with the user menu, the main panel)
// and the bottom-right session-expiry box (product.md#account-2, product.md#dashboard-2).
import { expect, type Locator, type Page } from '@playwright/test';

export class DashboardPage {
  readonly heading: Locator;
  readonly expiryBox: SessionExpiryBox;
  readonly sessionExpiredDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Panel główny', level: 1 });
    this.expiryBox = new SessionExpiryBox(page);
    this.sessionExpiredDialog = page.getByRole('dialog', { name: 'Sesja wygasła' });
  }

  /** The user menu's button; its name says who is signed in (the profile's display name, else e-mail). */
  userMenu(who: string): Locator {
    return this.page.getByRole('button', { name: `Menu użytkownika: ${who}` });
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard');
  }

  /** On /dashboard (no code left in the address), signed in as `who`. */
  async expectSignedIn(who: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/dashboard$/);
    await expect(this.heading).toBeVisible();
    await expect(this.userMenu(who)).toBeVisible();
  }

  async signOut(who: string): Promise<void> {
    await this.userMenu(who).click();
    await this.page.getByRole('button', { name: 'Wyloguj' }).click();
  }
}

export class SessionExpiryBox {
  readonly box: Locator;
  readonly countdown: Locator;
  readonly extend: Locator;

  constructor(page: Page) {
    this.box = page.getByRole('region', { name: 'Sesja wkrótce wygaśnie' });
    this.countdown = this.box.getByRole('timer');
    this.extend = this.box.getByRole('button', { name: 'Przedłuż sesję' });
  }
}
