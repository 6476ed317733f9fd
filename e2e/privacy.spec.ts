// A member's data (issue 38, RODO), the two journeys: Jan downloads his data (the file holds his
// orders and his ledger, and opens with the privacy notice the footer links to); a member with
// two-factor sign-in deletes the account, cannot sign in again, receives 'Twoje konto zostało
// usunięte', their stored avatar is removed through Storage, and the admin sees the deletion in
// 'Wnioski RODO'. axe at 1366 and 390 px on each screen.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { LandingPage } from './pages/landing-page';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { orderPlanApi, signInApi } from './support/admin-api';
import { creditWallet, query } from './support/database';
import { ANON_KEY, API_URL } from './support/env';
import { createMember } from './support/factories';
import { pngImage } from './support/images';
import { SEEDED_ADMIN, signIn } from './support/session';
import { totpCode } from './support/totp';

async function openSettings(page: Page) {
  await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Ustawienia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ustawienia' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Twoje dane' });
  await expect(card).toBeVisible();
  return card;
}

/** Two-factor sign-in switched on through Auth's API, as the set-up dialog does; returns the factor's secret. */
async function enrollTotp(email: string, password: string): Promise<string> {
  const { accessToken } = await signInApi(email, password);
  const auth = async <T>(route: string, body: unknown): Promise<T> => {
    const response = await fetch(`${API_URL}/auth/v1${route}`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as T;
    if (!response.ok) throw new Error(`POST ${route}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const factor = await auth<{ id: string; totp: { secret: string } }>('/factors', {
    factor_type: 'totp',
    friendly_name: 'Aplikacja',
  });
  const challenge = await auth<{ id: string }>(`/factors/${factor.id}/challenge`, {});
  await auth(`/factors/${factor.id}/verify`, { challenge_id: challenge.id, code: totpCode(factor.totp.secret) });
  return factor.totp.secret;
}

/** The member's avatar, uploaded to their folder through the Storage API (as the avatar cropper does). */
async function uploadAvatar(email: string, password: string): Promise<string> {
  const { accessToken, userId } = await signInApi(email, password);
  const name = `${userId}/avatar.png`;
  const response = await fetch(`${API_URL}/storage/v1/object/avatars/${name}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'image/png' },
    body: new Uint8Array(pngImage(64, 64)),
  });
  expect(response.ok, `avatar upload: ${response.status}`).toBe(true);
  return name;
}

test('Jan downloads his data: one JSON file with his orders and ledger, opening with the privacy notice', async ({
  page,
}) => {
  const jan = await createMember({ label: 'jan', name: 'Jan Pobierający' });
  const reference = await orderPlanApi(await signInApi(jan.email, jan.password), 'START', 'transfer');
  await creditWallet(jan.email, 42);
  await signIn(page, jan);

  const card = await openSettings(page);
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'settings with Twoje dane' });
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Pobierz moje dane' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^moje-dane-\d{4}-\d{2}-\d{2}\.json$/);
  const content = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
    informacja: { title: string; sections: { heading: string }[] };
    sekcje: Record<string, string>;
    dane: {
      profile: { email: string; full_name: string };
      orders: { reference: string; status: string }[];
      wallet_ledger: { kind: string; available_delta: number }[];
    };
  };
  expect(content.informacja.title).toBe('Polityka prywatności');
  expect(content.informacja.sections.map((section) => section.heading)).toContain('Komu przekazujemy dane');
  expect(content.dane.profile).toMatchObject({ email: jan.email, full_name: 'Jan Pobierający' });
  expect(content.dane.orders).toEqual([expect.objectContaining({ reference, status: 'pending' })]);
  expect(content.dane.wallet_ledger).toEqual([expect.objectContaining({ kind: 'credit', available_delta: 42 })]);
  await expect(page.getByText('Pobrano plik z Twoimi danymi')).toBeVisible();

  // The same text is the privacy notice the footer links to.
  await page.getByRole('link', { name: 'Polityka prywatności' }).last().click();
  await expect(page).toHaveURL(/\/polityka-prywatnosci$/);
  for (const section of content.informacja.sections) {
    await expect(page.getByRole('heading', { level: 2, name: section.heading })).toBeVisible();
  }
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'the privacy notice' });
});

test('a member with two-factor sign-in deletes the account: signed out, cannot sign in, gets the e-mail; the admin sees it logged', async ({
  page,
  browser,
}) => {
  // Two sign-ins (one with its TOTP step), the deletion, its e-mail and the admin's tab: 32 s under a
  // loaded npm test ran out of the default 30 s while the admin's list was loading.
  test.setTimeout(90_000);
  const started = new Date();
  const member = await createMember({ label: 'usuwany', name: 'Ola Usuwana' });
  const totpSecret = await enrollTotp(member.email, member.password);
  const avatar = await uploadAvatar(member.email, member.password);
  await signIn(page, { ...member, totpSecret });
  // Auth's own log (the local Auth writes it as GoTrue does): the member's sign-ups, sign-ins, factor.
  const [account] = await query<{ id: string }>('select id from auth.users where email = $1', [member.email]);
  const authLog = () =>
    query(
      `select 1 from auth.audit_log_entries
        where payload ->> 'actor_id' = $1 or payload -> 'traits' ->> 'user_id' = $1 or lower(payload ->> 'actor_username') = $2`,
      [account!.id, member.email],
    );
  expect((await authLog()).length, 'Auth logged the member').toBeGreaterThan(0);

  const card = await openSettings(page);
  await card.getByRole('button', { name: 'Usuń konto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Usuń konto' });
  await expect(dialog.getByText('Co zachowamy i dlaczego')).toBeVisible();
  await expect(dialog.getByLabel('Kod weryfikacyjny')).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'the Usuń konto dialog' });

  await dialog.getByLabel('Hasło', { exact: true }).fill(member.password);
  await dialog.getByLabel('Kod weryfikacyjny').fill(totpCode(totpSecret));
  await dialog.getByLabel('Wpisz USUŃ, aby potwierdzić').fill('USUŃ');
  await dialog.getByRole('button', { name: 'Usuń konto na zawsze' }).click();

  await expect(page).toHaveURL(/\/polityka-prywatnosci$/);
  await expect(page.getByRole('status')).toHaveText(
    'Twoje konto zostało usunięte. Potwierdzenie wysłaliśmy na Twój adres e-mail.',
  );
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'the notice after the deletion' });

  const goodbye = await member.mailbox.next({ subject: 'Twoje konto zostało usunięte', timeout: 30_000 });
  expect(goodbye.Text).toContain('Dokumenty płatności');

  expect(await authLog(), 'Auth’s log of the member is erased').toEqual([]);

  // Signed out here, and the password no longer opens anything.
  const landing = await new LandingPage(page).goto();
  await landing.login.signIn(member.email, member.password);
  await expect(landing.login.error).toContainText(/Nieprawidłowy email lub hasło|Nie znaleziono konta/);

  // remove-stored-files takes the avatar away through Storage after the commit.
  await expect
    .poll(
      async () =>
        (await query('select 1 from storage.objects where bucket_id = $1 and name = $2', ['avatars', avatar])).length,
      {
        message: 'the avatar removed through the Storage API',
        timeout: 30_000,
      },
    )
    .toBe(0);

  // 'Wnioski RODO': the erasure, done in the app, completed, the member gone.
  const [logged] = await query<{ id: string }>(
    `select id from public.privacy_requests
      where kind = 'erasure' and channel = 'app' and status = 'completed' and subject_erased and completed_at >= $1
      order by completed_at desc limit 1`,
    [started],
  );
  expect(logged, 'the deletion is logged').toBeDefined();
  const adminPage = await browser.newPage();
  await signIn(adminPage, SEEDED_ADMIN);
  await adminPage.goto('/dashboard/admin/privacy-requests');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Wnioski RODO' })).toBeVisible();
  const row = adminPage.locator(`tr[data-request-id="${logged!.id}"]`);
  await expect(row).toContainText('Usunięcie konta');
  await expect(row).toContainText('w aplikacji');
  await expect(row).toContainText('Zrealizowany');
  await expect(row).toContainText('Członek usunięty');
  await expect(row).toContainText('członek (sam)');
  await expectNoSeriousA11yViolationsAtBothWidths(adminPage, { label: 'Wnioski RODO' });
  await adminPage.close();
});
