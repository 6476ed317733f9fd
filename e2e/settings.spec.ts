// Settings (product.md#dashboard-2, §5, §7): the avatar (crop, upload, the picture after a reload, the old
// file removed), the e-mail change confirmed through both e-mailed links, the password change with
// the right current password and refused with a wrong one.
import { expect, test, type Page } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { LandingPage } from './pages/landing-page';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { avatarFilesOf } from './support/database';
import { createMember, uniqueEmail, uniquePassword } from './support/factories';
import { pngImage } from './support/images';
import { clickLinkInMail, Mailbox } from './support/mailbox';
import { signIn } from './support/session';

async function openSettings(page: Page) {
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { name: 'Ustawienia', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profil' })).toBeVisible();
}

async function uploadAvatar(page: Page, picture: Buffer) {
  await page.getByTestId('avatar-input').setInputFiles({ name: 'zdjecie.png', mimeType: 'image/png', buffer: picture });
  const crop = page.getByRole('dialog', { name: 'Przytnij avatar' });
  const zoom = crop.getByRole('slider', { name: 'Powiększenie' });
  await expect(zoom).toBeVisible();
  await zoom.fill('1.5');
  await expect(zoom).toHaveValue('1.5');
  await crop.getByRole('button', { name: 'Zapisz avatar' }).click();
  await expect(page.getByText('Avatar został zmieniony')).toBeVisible();
  await expect(crop).toBeHidden();
}

test('an avatar is cropped, uploaded and shown after a reload; a new one replaces the old file', async ({ page }) => {
  test.setTimeout(60_000);
  const member = await createMember({ label: 'avatar' });
  await signIn(page, member);
  await openSettings(page);
  await expect(page.getByRole('img', { name: 'Brak avatara' })).toBeVisible();

  await page.getByTestId('avatar-input').setInputFiles({
    name: 'animacja.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(page.getByRole('alert')).toHaveText('Dozwolone formaty plików: JPG, PNG, WebP');

  await uploadAvatar(page, pngImage(640, 480));
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'settings with an avatar' });
  const avatar = page.getByRole('img', { name: `Avatar użytkownika ${member.name}` });
  const first = await avatar.getAttribute('src');
  expect(first).toMatch(/\/storage\/v1\/object\/public\/avatars\/[0-9a-f-]{36}\/\d{13}\.jpg$/);
  expect(await avatarFilesOf(member.email)).toHaveLength(1);

  await page.reload();
  await expect(avatar).toHaveAttribute('src', first ?? '');
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(400);

  await uploadAvatar(page, pngImage(300, 300, [74, 222, 128]));
  await expect(avatar).not.toHaveAttribute('src', first ?? '');
  const files = await avatarFilesOf(member.email);
  expect(files).toHaveLength(1);
  expect(first).not.toContain(files[0]);
});

test('the e-mail changes once both links (old and new address) are followed', async ({ page }) => {
  test.setTimeout(60_000);
  const member = await createMember({ label: 'email-from' });
  const newEmail = uniqueEmail('email-to');
  const oldBox = await Mailbox.open(member.email);
  const newBox = await Mailbox.open(newEmail);
  await signIn(page, member);
  await openSettings(page);

  await page.getByRole('button', { name: 'Zmień adres email' }).click();
  const modal = page.getByRole('dialog', { name: 'Zmiana adresu email' });
  await modal.getByLabel('Nowy adres email').fill(newEmail.toUpperCase());
  await expectNoSeriousA11yViolationsAtBothWidths(page, { include: '[role="dialog"]', label: 'change-e-mail modal' });
  await modal.getByRole('button', { name: 'Wyślij linki potwierdzające' }).click();
  await expect(modal.getByRole('status')).toHaveText(
    `Wysłaliśmy linki potwierdzające na adresy ${member.email} i ${newEmail}. Kliknij oba, aby dokończyć zmianę.`,
  );

  const toOld = await oldBox.next({ subject: 'Potwierdź nowy adres email' });
  const toNew = await newBox.next({ subject: 'Potwierdź nowy adres email' });

  await clickLinkInMail(page, toOld, 'Potwierdź adres');
  await expect(
    page.getByText('Pierwszy adres został potwierdzony. Kliknij link wysłany na drugi adres, aby dokończyć zmianę.'),
  ).toBeVisible();
  await expect(page.getByLabel('Adres email', { exact: true })).toHaveValue(member.email);

  await clickLinkInMail(page, toNew, 'Potwierdź adres');
  await expect(page.getByText('Adres email został zmieniony')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByLabel('Adres email', { exact: true })).toHaveValue(newEmail);

  // The new address signs in.
  await new DashboardPage(page).signOut(member.name);
  await signIn(page, { email: newEmail, password: member.password });
});

test('the password changes with the right current password and is refused with a wrong one', async ({ page }) => {
  test.setTimeout(60_000);
  const member = await createMember({ label: 'password' });
  await signIn(page, member);
  await openSettings(page);
  const security = page.getByRole('region', { name: 'Bezpieczeństwo' });
  const current = security.getByLabel('Obecne hasło');
  const next = security.getByLabel('Nowe hasło', { exact: true });
  const confirm = security.getByLabel('Potwierdź nowe hasło');
  const submit = security.getByRole('button', { name: 'Zmień hasło' });
  const newPassword = uniquePassword();

  await current.fill(`${member.password}x`);
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await submit.click();
  await expect(security.getByText('Obecne hasło jest nieprawidłowe')).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'settings, wrong current password' });

  await current.fill(member.password);
  await confirm.fill(`${newPassword}1`);
  await submit.click();
  await expect(security.getByText('Hasła nie są identyczne')).toBeVisible();

  await confirm.fill(newPassword);
  await submit.click();
  await expect(security.getByRole('status')).toHaveText('Hasło zostało zmienione pomyślnie');
  await expect(current).toHaveValue('');

  const dashboard = new DashboardPage(page);
  await dashboard.signOut(member.name);
  const landing = new LandingPage(page);
  await landing.expectShown();
  await landing.login.signIn(member.email, member.password);
  await expect(landing.login.error).toHaveText('Nieprawidłowy email lub hasło');
  await landing.login.signIn(member.email, newPassword);
  await dashboard.expectSignedIn(member.name);
});
