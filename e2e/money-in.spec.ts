// Money in (issue 34): the two journeys of plan changes and refunds, in the CLUB_MONEY chain (they
// confirm and refund orders and take a DIAMOND slot, which no other journey touches).
// 1. A PREMIUM member mid-term upgrades to VIP: before 'Zapłać' the plan dialog states the VIP period
//    with the days the unused PREMIUM period is worth at the list prices; the member pays through the
//    Przelewy24 sandbox, the gateway confirms by itself, and the badge and 'Moje płatności' show the
//    same dates.
// 2. The admin records a VIP upgrade paid in two USDT transfers (underpaid, then the second payment
//    in 'Płatności'), then refunds it and a DIAMOND package: the member is PREMIUM again, with the end
//    date of before, and the DIAMOND slot is free again.
// axe at 1366 and 390 px on the screens this issue changed.
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { orderCccApi, orderPlanApi, signInApi } from './support/admin-api';
import { backdateMembership, confirmOrderAsGateway, query } from './support/database';
import { createMember, type Member } from './support/factories';
import { startSandboxPayment } from './support/przelewy24';
import { SEEDED_ADMIN, signIn } from './support/session';

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
/** The last day of a 12-month period from `day`: the day before the same date a year later. */
const yearEnd = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return addDays(new Date(Date.UTC(year + 1, month - 1, date)).toISOString().slice(0, 10), -1);
};
const dmy = (day: string) => day.split('-').reverse().join('.');
const txHash = () => `0x${Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;

/** A PREMIUM year the member bought 100 days ago (confirmed by the gateway then); returns its last day. */
async function premiumBoughtMidTerm(member: Member): Promise<string> {
  const session = await signInApi(member.email, member.password);
  await confirmOrderAsGateway(await orderPlanApi(session, 'PREMIUM', 'transfer'));
  await backdateMembership(member.email, 100);
  const [row] = await query<{ last_day: string }>(
    `select m.last_day::text from public.membership_periods m join auth.users u on u.id = m.user_id
      where u.email = lower($1) and m.level = 'PREMIUM'`,
    [member.email],
  );
  return row!.last_day;
}

/** The admin, signed in with the second factor in a browser context of their own, on 'Płatności'. */
async function adminPayments(context: BrowserContext, reference: string): Promise<Page> {
  const page = await (await context.browser()!.newContext()).newPage();
  await signIn(page, SEEDED_ADMIN);
  await page.goto(`/dashboard/admin/payments?status=all&q=${reference}`);
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toBeVisible();
  return page;
}

/** A USDT transfer's hash and network in the admin's payment dialog, then axe on the dialog at both widths. */
async function enterTransaction(admin: Page, dialog: Locator, network: 'ERC20' | 'BSC', label: string) {
  await dialog.getByLabel(/Hash transakcji USDT/).fill(txHash());
  await dialog.getByLabel('Sieć transakcji USDT').selectOption(network);
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { include: '[role="dialog"]', label });
}

async function refundInAdmin(admin: Page, reference: string) {
  await admin.goto(`/dashboard/admin/payments?status=all&q=${reference}`);
  await admin.getByRole('button', { name: `Zwróć płatność ${reference}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Zwróć płatność' });
  await dialog.getByLabel(/^Powód zwrotu/).fill('Rezygnacja w terminie');
  await dialog.getByLabel('Sposób zwrotu').selectOption('usdt');
  await dialog.getByLabel('Tytuł przelewu lub hash transakcji zwrotu').fill(txHash());
  await dialog.getByRole('button', { name: 'Zwróć' }).click();
  await expect(admin.getByText(`Zwrócono płatność ${reference}`)).toBeVisible();
  await expect(admin.getByRole('row', { name: new RegExp(reference) })).toContainText('Zwrócone');
}

test('a PREMIUM member upgrading to VIP mid-term sees the VIP dates before paying, and the same dates once the gateway confirms', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = await createMember({ label: 'upgrade' });
  const premiumEnd = await premiumBoughtMidTerm(member);
  const [facts] = await query<{ today: string; premium: string; vip: string }>(
    `select private.warsaw_today()::text as today,
            (select yearly_price_pln::text from public.membership_plans where tier = 'PREMIUM') as premium,
            (select yearly_price_pln::text from public.membership_plans where tier = 'VIP') as vip`,
  );
  const today = facts!.today;
  // The unused PREMIUM days (today included) at the yearly list prices, whole days only.
  const unused = (Date.parse(premiumEnd) - Date.parse(today)) / DAY_MS + 1;
  const extra = Math.floor((unused * Number(facts!.premium)) / Number(facts!.vip));
  expect(extra).toBeGreaterThan(0);
  const vipEnd = addDays(yearEnd(today), extra);
  const period = `Plan VIP od ${dmy(today)} do ${dmy(vipEnd)} (w tym ${extra} dni za niewykorzystany okres PREMIUM)`;

  await signIn(page, member);
  await page.goto('/dashboard/investments');
  await expect(page.getByRole('link', { name: `Poziom członkostwa: PREMIUM · do ${dmy(premiumEnd)}` })).toBeVisible();
  await page.getByRole('button', { name: 'Wybierz plan VIP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Płatność za plan VIP' });
  await expect(dialog.getByTestId('plan-change-summary')).toContainText(period);
  await expectNoSeriousA11yViolationsAtBothWidths(page, { include: '[role="dialog"]', label: 'plan dialog: upgrade' });

  const { tab, reference } = await startSandboxPayment(page, dialog);
  // Paid on the gateway's page: the return page waits until the gateway's confirmation lands.
  await tab.getByRole('button', { name: 'Zapłać' }).click();
  await tab.waitForURL(`**/dashboard/investments?platnosc=${reference}`);
  await expect(tab.getByRole('region', { name: 'Dziękujemy — sprawdzamy płatność' }).getByRole('status')).toContainText(
    'Opłacone',
    { timeout: 20_000 },
  );
  // Confirmed on its own day with the same dates: the badge and the order in 'Moje płatności'.
  await expect(tab.getByRole('link', { name: `Poziom członkostwa: VIP · do ${dmy(vipEnd)}` })).toBeVisible();
  const order = tab
    .getByRole('region', { name: 'Moje płatności' })
    .getByRole('listitem')
    .filter({ hasText: reference });
  await expect(order).toContainText('Opłacone');
  await expect(order).toContainText(period);
  await expectNoSeriousA11yViolationsAtBothWidths(tab, { label: "plans page, 'Moje płatności' with the VIP period" });
});

test('the admin records an underpaid VIP upgrade’s second payment, then refunds it and a DIAMOND package: the member is PREMIUM again and the slot is free', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const member = await createMember({ label: 'refund' });
  const premiumEnd = await premiumBoughtMidTerm(member);
  const session = await signInApi(member.email, member.password);
  const vip = await orderPlanApi(session, 'VIP', 'usdt');
  const diamond = await orderCccApi(session, 'DIAMOND', 'usdt');
  await confirmOrderAsGateway(diamond);

  await signIn(page, member);
  await page.goto('/dashboard/ccc');
  const tier = page.getByRole('article', { name: 'DIAMOND' });
  await expect(tier).toContainText(/\d+ \/ 20/);
  const freeWithPackage = Number(/(\d+) \/ 20/.exec((await tier.textContent()) ?? '')?.[1]);

  // The first transfer is short: 'Niedopłata', nothing granted.
  const admin = await adminPayments(context, vip);
  await admin.getByRole('button', { name: `Potwierdź płatność ${vip}` }).click();
  const first = admin.getByRole('dialog', { name: 'Potwierdź płatność' });
  await first.getByLabel('Otrzymana kwota (USDT)').fill('10000');
  await enterTransaction(admin, first, 'ERC20', 'confirm dialog (USDT)');
  await first.getByRole('button', { name: 'Potwierdź' }).click();
  await expect(admin.getByText(`Potwierdzono płatność ${vip}`)).toBeVisible();
  const row = admin.getByRole('row', { name: new RegExp(vip) });
  await expect(row).toContainText('Niedopłata');
  await expect(row).toContainText(/Brakuje 2099,00\sUSDT/);
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: "admin 'Płatności' with an underpaid order" });

  // The second transfer: what is still due is the default.
  await admin.getByRole('button', { name: `Dopłata do płatności ${vip}` }).click();
  const second = admin.getByRole('dialog', { name: 'Zarejestruj dopłatę' });
  await expect(second.getByLabel('Otrzymana kwota (USDT)')).toHaveValue('2099');
  await expect(second).toContainText(/Otrzymano dotąd\s*10\s?000,00\sUSDT/);
  await enterTransaction(admin, second, 'BSC', 'second payment dialog');
  await second.getByRole('button', { name: 'Zarejestruj dopłatę' }).click();
  await expect(admin.getByText(`Zarejestrowano wpłatę ${vip}`)).toBeVisible();
  await expect(row).toContainText('Opłacone');

  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: /^Poziom członkostwa: VIP · do / })).toBeVisible();

  await refundInAdmin(admin, vip);
  await refundInAdmin(admin, diamond);
  await admin.context().close();

  // Back to the PREMIUM year as it was, and the DIAMOND slot free again.
  await page.goto('/dashboard/ccc');
  await expect(page.getByRole('link', { name: `Poziom członkostwa: PREMIUM · do ${dmy(premiumEnd)}` })).toBeVisible();
  await expect(tier).toContainText(`${freeWithPackage + 1} / 20`);
  const mine = page.getByRole('region', { name: 'Moje płatności' });
  for (const reference of [vip, diamond])
    await expect(mine.getByRole('listitem').filter({ hasText: reference })).toContainText('Zwrócone');
});
