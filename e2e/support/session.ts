// Signing in as a member for journeys that are not about signing in: through the login form, as a
// member would (the form, supabase-js and the stack's Auth together), then waiting for the dashboard.
import { expect, type Page } from '@playwright/test';
import { LandingPage } from '../pages/landing-page';

export interface Credentials {
  email: string;
  password: string;
}

/** Signs in on '/' and waits until the dashboard shell is on screen. */
export async function signIn(page: Page, who: Credentials): Promise<void> {
  const landing = await new LandingPage(page).goto();
  await landing.login.signIn(who.email, who.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Menu główne' })).toBeVisible();
}
