// The app served by Vite works against the local stack: a seeded member (supabase/seed.sql) signs
// in through the login form, from the app's origin (CORS), and the mail catcher answers the API
// the E2E mailbox helper reads.
import { expect, test } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { LandingPage } from './pages/landing-page';
import { seeded } from './support/factories';
import { INBOX_URL } from './support/env';

test('a seeded member signs in through the login form and sees the dashboard', async ({ page }) => {
  const member = seeded.anna;
  const landing = await new LandingPage(page).goto();

  await landing.login.signIn(member.email, member.password);

  // The header shows the profile's display name (the seed gives Anna one).
  await new DashboardPage(page).expectSignedIn(member.displayName);
});

test('the mail catcher answers the Mailpit API the E2E mailbox helper reads', async ({ request }) => {
  const response = await request.get(`${INBOX_URL}/api/v1/messages`);
  expect(response.ok()).toBe(true);
  expect(await response.json()).toMatchObject({ messages: expect.any(Array) });
});
