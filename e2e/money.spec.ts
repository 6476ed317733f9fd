// Money operations (issue 20): the admin credits a member in 'Portfel' → the member sees the entry in
// 'Historia operacji' and the notification; the credit is in 'Dziennik zmian'; a member saves an
// address, withdraws with it and cancels; the history's CSV holds the rows. axe on every new screen
// at 1366 px and 390 px. (The seeded accounts keep their balances: other journeys read them, so the
// credited member is a fresh one.)
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { booksOf, creditWallet, query } from './support/database';
import { createMember } from './support/factories';
import { signIn } from './support/session';

const ADMIN = { email: 'admin@klub.local', password: 'Admin1234' };
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const WIDTHS = [1366, 390] as const;

async function keepSessionAlive(page: Page): Promise<void> {
  await page.addLocatorHandler(
    page.getByRole('button', { name: 'Przedłuż sesję' }),
    async (button) => {
      await button.click({ timeout: 1_000 }).catch(() => undefined);
    },
    { noWaitAfter: true },
  );
}

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await keepSessionAlive(page);
  await signIn(page, who);
  return page;
}

/** axe at both widths, on the whole page or a part of it. */
async function axeAtWidths(page: Page, label: string, include?: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page, { label: `${label} at ${width} px`, include });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('admin credits a member in Portfel: the member sees the entry and the notification; the audit tab lists it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const member = await createMember({ label: 'money-credit' });
  const reason = `Premia ${Date.now()}`;
  const memberId = (
    await query<{ id: string }>('select id from auth.users where email = lower($1)', [member.email])
  )[0]!.id;

  const admin = await signedIn(browser, ADMIN);
  await admin.goto('/dashboard/admin/users');
  await admin.getByLabel('Szukaj').fill(member.email);
  // The member's own row: names are drawn from a short list, and until the search has answered the
  // table still lists other members, one of whom may have the same name.
  await admin
    .getByRole('row')
    .filter({ hasText: member.email })
    .getByRole('button', { name: `Portfel: ${member.name}` })
    .click();
  const dialog = admin.getByRole('dialog', { name: `Portfel: ${member.name}` });
  await expect(dialog.getByTestId('admin-wallet-available')).toHaveText('0,00 USDT');
  await expect(dialog.getByText('Brak operacji')).toBeVisible();
  await axeAtWidths(admin, 'Portfel dialog', '[role="dialog"]');
  await dialog.getByLabel('Kwota (USDT)').fill('75,50');
  await dialog.getByLabel(/^Powód/).fill(reason);
  await dialog.getByRole('button', { name: 'Zatwierdź' }).click();
  await expect(dialog.getByTestId('admin-wallet-available')).toHaveText('75,50 USDT');
  await expect(dialog.getByText(reason)).toBeVisible();
  expect(await booksOf(member.email)).toMatchObject({ available: '75.50', ledgerAvailable: '75.50' });

  // The member: the entry in 'Historia operacji', the notification in the panel.
  const own = await signedIn(browser, member);
  await own.goto('/dashboard/wallet');
  const history = own.getByRole('region', { name: 'Historia operacji' });
  const entry = history.getByRole('listitem').first();
  await expect(entry).toContainText('Wpłata');
  await expect(entry).toContainText('+75,50 USDT');
  await expect(entry).toContainText(reason);
  await expect(entry).toContainText('Saldo dostępne po: 75,50 USDT');
  await axeAtWidths(own, 'wallet with history');
  await own
    .getByRole('button', { name: /Powiadomienia/ })
    .first()
    .click();
  await expect(own.getByRole('dialog', { name: 'Powiadomienia' }).getByText('Portfel zasilony')).toBeVisible();

  // 'Wypłaty zysków': a preview only (a run would credit the seeded members other journeys read).
  await admin.goto('/dashboard/admin/profit-payouts');
  await expect(admin.getByRole('heading', { level: 1, name: 'Wypłaty zysków' })).toBeVisible();
  const revenue = admin.getByRole('combobox', { name: 'Wpis przychodu' });
  await revenue.selectOption({ index: 1 });
  await admin.getByLabel(/^Kurs PLN→USDT/).fill('0,25');
  await admin.getByRole('button', { name: 'Podgląd' }).click();
  await expect(admin.getByRole('row', { name: /PREMIUM/ })).toContainText('15%');
  await expect(admin.getByTestId('payout-totals')).toContainText('kurs 0.25');
  await axeAtWidths(admin, 'profit payouts preview');

  // The audit trail: the credit, by the admin, about the member.
  await admin.goto('/dashboard/admin/audit');
  await expect(admin.getByRole('heading', { level: 1, name: 'Dziennik zmian' })).toBeVisible();
  await admin.getByLabel('Członek (ID użytkownika)').fill(memberId);
  await admin.getByRole('button', { name: 'Filtruj' }).click();
  const row = admin.getByRole('row', { name: /wallet\.credit/ });
  await expect(row).toContainText('admin@klub.local');
  await expect(row).toContainText(reason);
  await axeAtWidths(admin, 'audit tab');
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Pobierz CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFData;Administrator (e-mail);Akcja;Obiekt;Członek;Zmiany')).toBe(true);
  const lines = csv.trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('wallet.credit');
  expect(lines[1]).toContain(memberId);
});

test('a member saves an address, withdraws with it, cancels; the history and its CSV show every step', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const member = await createMember({ label: 'money-cancel' });
  await creditWallet(member.email, 100);
  const page = await signedIn(browser, member);
  await page.goto('/dashboard/wallet');
  const form = page.getByRole('region', { name: 'Wypłata środków' });
  await form.getByLabel(/^Kwota \(USDT\)/).fill('30');
  await form.getByLabel('Sieć').selectOption('BSC');
  await form.getByLabel('Adres portfela').fill(ADDRESS);
  await form.getByLabel('Zapisz ten adres').check();
  await form.getByRole('button', { name: 'Wypłać' }).click();
  await expect(form.getByRole('status')).toContainText('Zlecenie wypłaty 30,00 USDT zostało przyjęte');

  const saved = page.getByRole('region', { name: 'Zapisane adresy' });
  await expect(saved.getByText(ADDRESS)).toBeVisible();
  await expect(saved.getByText('Domyślny')).toBeVisible();
  await axeAtWidths(page, 'wallet with saved addresses');

  // Cancel the pending withdrawal: the amount is available again.
  await page.getByRole('region', { name: 'Historia wypłat' }).getByRole('button', { name: 'Anuluj wypłatę' }).click();
  const confirm = page.getByRole('dialog', { name: 'Anulować wypłatę?' });
  await axeAtWidths(page, 'cancel dialog', '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Anuluj wypłatę' }).click();
  await expect(page.getByText('Wypłata została anulowana.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Historia wypłat' })).toContainText('Anulowana');
  const history = page.getByRole('region', { name: 'Historia operacji' });
  await expect(history.getByRole('listitem').first()).toContainText('Zwrot środków z wypłaty');
  expect(await booksOf(member.email)).toMatchObject({
    available: '100.00',
    pending: '0.00',
    ledgerAvailable: '100.00',
    ledgerPending: '0.00',
  });

  // The saved address fills the form next time (the default).
  await page.reload();
  await expect(form.getByLabel('Adres portfela')).toHaveValue(ADDRESS);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    history.getByRole('button', { name: 'Pobierz CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('historia-operacji.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Data;Operacja;Kwota (USDT);Saldo dostępne po;W trakcie wypłaty po;Opis;Transakcja');
  expect(lines.slice(1).map((line) => line.split(';')[1])).toEqual([
    'Zwrot środków z wypłaty',
    'Zlecenie wypłaty',
    'Wpłata',
  ]);
  expect(lines[2]).toContain(';-30;70;30;');
});
