// Money out (issue 35 §1), end to end: a fresh member withdraws to an address never paid to, and
// both the member and the admin see why it waits 24 h; once the wait is over the seeded admin
// claims it ('Przejmij'): it is 'W realizacji' with the admin and the claim's age, the member's
// cancel (from a page opened before the claim) is refused with the reason and the row then says
// why it can no longer be cancelled; the admin sends it on the local BSC chain and completes it with
// the transaction hash and the member gets the e-mail with the transaction link. Then the treasurer's
// view (issue 35 §3-4): the admin opens 'Finanse', whose pending and claimed withdrawals equal the
// lists their links open; the member, now a referrer whose referred member paid a plan, has a
// commission 'Do wypłaty' that the admin settles into the wallet from 'Finanse' (rate, preview,
// confirmation): the member sees it 'Wypłacona', gets the e-mail, and the wallet holds the USDT. axe
// at 1366 and 390 px on each changed screen and on the settlement dialog. Only this file's members,
// withdrawal and commission are created or changed; the settlement is of this member's commissions only.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { clubAddress, mineBlocks, sendUsdt } from './support/chain';
import {
  booksOf,
  commissionsOf,
  creditWallet,
  endWithdrawalWait,
  giveReferralCode,
  payPlanAsGateway,
} from './support/database';
import { createMember } from './support/factories';
import { SEEDED_ADMIN, signIn } from './support/session';

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

/**
 * A figure of 'Finanse' and the total of the list its link opens. The figures are club-wide and
 * other journeys create withdrawals beside this one: a comparison counts only when the figure read
 * again after the list is the one read before it (nothing changed in between).
 */
async function figureAndList(admin: Page, label: string): Promise<{ figure: string; list: string }> {
  for (;;) {
    await admin.goto('/dashboard/admin/finance');
    const link = admin.getByTestId('finance-liabilities').locator('div').filter({ hasText: label }).getByRole('link');
    const figure = (await link.textContent()) ?? '';
    await link.click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Wypłaty' })).toBeVisible();
    // The list's total, or its empty text (which stands for 'Wypłat: 0').
    const total = admin
      .getByTestId('withdrawals-total')
      .or(admin.getByText(/^Brak (oczekujących )?wypłat( w realizacji)?$/));
    const list = (await total.textContent())?.replace(/^Brak.*$/, 'Wypłat: 0') ?? '';
    await admin.goto('/dashboard/admin/finance');
    const again = admin.getByTestId('finance-liabilities').locator('div').filter({ hasText: label }).getByRole('link');
    if ((await again.textContent()) === figure) return { figure, list };
  }
}

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who);
  return page;
}

test("the admin claims a withdrawal: the member cannot cancel it any more and sees 'W realizacji'; completed with a hash, the member gets the e-mail", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const member = await createMember({ label: 'withdrawal-claim' });
  await creditWallet(member.email, 100);
  // Cents of its own, so the admin's buttons name this withdrawal only.
  const cents = String(10 + (Date.now() % 90));
  const shown = `30,${cents} USDT`;

  // The member withdraws to a new address: it waits 24 h and the history says so.
  const own = await signedIn(browser, member);
  await own.goto('/dashboard/wallet');
  const form = own.getByRole('region', { name: 'Wypłata środków' });
  await form.getByLabel(/^Kwota \(USDT\)/).fill(`30.${cents}`);
  await form.getByLabel('Sieć').selectOption('BSC');
  await form.getByLabel('Adres portfela').fill(ADDRESS);
  await form.getByRole('button', { name: 'Wypłać' }).click();
  await expect(form.getByRole('status')).toContainText(`Zlecenie wypłaty ${shown} zostało przyjęte`);
  const history = own.getByRole('region', { name: 'Historia wypłat' });
  const row = history.getByRole('listitem').filter({ hasText: shown });
  await expect(row).toContainText('Oczekująca');
  await expect(row).toContainText('Nowy adres: dla bezpieczeństwa wypłata czeka do');
  await expect(row.getByRole('button', { name: 'Anuluj wypłatę' })).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(own, { label: 'wallet: a withdrawal waiting for a new address' });

  // The admin's queue says why it waits and offers no claim yet.
  const admin = await signedIn(browser, SEEDED_ADMIN);
  await admin.goto('/dashboard/admin/withdrawals');
  await expect(admin.getByRole('heading', { level: 1, name: 'Wypłaty' })).toBeVisible();
  const queued = admin.getByRole('row').filter({ hasText: member.email });
  await expect(queued).toContainText('Nowy adres: czeka do');
  await expect(queued.getByRole('button', { name: `Przejmij wypłatę ${shown}` })).toHaveCount(0);
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: 'withdrawals: pending with a waiting new address' });

  // 24 h later: the admin claims it and the list turns to 'W realizacji', held by this admin.
  await endWithdrawalWait(member.email);
  await admin.reload();
  await admin
    .getByRole('row')
    .filter({ hasText: member.email })
    .getByRole('button', { name: `Przejmij wypłatę ${shown}` })
    .click();
  await expect(admin).toHaveURL(/status=processing/);
  const claimed = admin.getByRole('row').filter({ hasText: member.email });
  await expect(claimed).toContainText('Ty');
  await expect(claimed).toContainText(/od (< 1|\d+) min/);
  await expect(claimed.getByRole('button', { name: `Zrealizowana: wypłata ${shown}` })).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: "withdrawals: 'W realizacji' with the claimant" });

  // The member's page was opened before the claim: the cancel is refused with the reason…
  await row.getByRole('button', { name: 'Anuluj wypłatę' }).click();
  const confirm = own.getByRole('dialog', { name: 'Anulować wypłatę?' });
  await confirm.getByRole('button', { name: 'Anuluj wypłatę' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(
    'Nie udało się anulować wypłaty: Wypłata jest już w realizacji i nie można jej anulować',
  );
  await own.keyboard.press('Escape');
  // …and the history, read again, says 'W realizacji' and why, with no cancel.
  await expect(row).toContainText('W realizacji');
  await expect(row).toContainText('Administrator przejął tę wypłatę');
  await expect(row).toContainText('nie można jej już anulować');
  await expect(row.getByRole('button', { name: 'Anuluj wypłatę' })).toHaveCount(0);
  expect(await booksOf(member.email)).toMatchObject({
    available: (100 - Number(`30.${cents}`)).toFixed(2),
    pending: `30.${cents}`,
    pendingWithdrawals: `30.${cents}`,
  });
  await expectNoSeriousA11yViolationsAtBothWidths(own, { label: "wallet: a withdrawal 'W realizacji'" });

  // The admin sends the coins on the local BSC chain from the club's address, lets it become final
  // and completes it with the hash: the member's e-mail has the link.
  const { hash } = await sendUsdt('BSC', { from: await clubAddress('BSC'), to: ADDRESS, amount: `30.${cents}` });
  await mineBlocks('BSC', 3);
  await claimed.getByRole('button', { name: `Zrealizowana: wypłata ${shown}` }).click();
  const complete = admin.getByRole('dialog', { name: 'Wypłata zrealizowana' });
  await complete.getByLabel('Hash transakcji (0x…)').fill(hash);
  await complete.getByRole('button', { name: 'Zrealizowana' }).click();
  await expect(complete).toBeHidden();
  const mail = await member.mailbox.next({ subject: `Wypłata 30.${cents} USDT zrealizowana`, timeout: 30_000 });
  expect(mail.HTML).toContain(`href="https://bscscan.com/tx/${hash}"`);
  await own.reload();
  await expect(
    own.getByRole('region', { name: 'Historia wypłat' }).getByRole('listitem').filter({ hasText: shown }),
  ).toContainText('Zrealizowana');
  expect(await booksOf(member.email)).toMatchObject({
    pending: '0.00',
    ledgerPending: '0.00',
    pendingWithdrawals: '0.00',
  });

  // 'Finanse': the liabilities link to the lists behind them, and each equals its list.
  await admin.goto('/dashboard/admin/finance');
  await expect(admin.getByRole('heading', { level: 1, name: 'Finanse' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Zobowiązania teraz' })).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: "'Finanse'" });
  const pending = await figureAndList(admin, 'Wypłaty oczekujące');
  expect(pending.figure).toMatch(/^Wypłat: \d+$/);
  expect(pending.list).toBe(pending.figure);
  const processing = await figureAndList(admin, 'Wypłaty w realizacji');
  expect(processing.list).toBe(processing.figure);
  await expect(admin).toHaveURL(/\/dashboard\/admin\/finance$/);

  // The member refers a friend who buys START: a commission 'Do wypłaty' on the partner page.
  const code = await giveReferralCode(member.email);
  const friend = await createMember({ label: 'withdrawal-referred', referralCode: code });
  await payPlanAsGateway(friend.email, 'START');
  const [owed] = await commissionsOf(member.email);
  expect(owed).toMatchObject({ status: 'to_pay' });
  await own.goto('/dashboard/referral');
  const commissions = own.getByRole('list', { name: 'Prowizje' });
  await expect(commissions.getByRole('listitem')).toHaveCount(1);
  await expect(commissions.getByRole('listitem')).toContainText('Do wypłaty');

  // The admin settles this member's commissions from 'Finanse' at 0,25 USDT per PLN.
  await admin.reload();
  const owedRow = admin
    .getByRole('region', { name: 'Prowizje do wypłaty według partnerów', exact: true })
    .getByRole('row')
    .filter({ hasText: member.email });
  await owedRow.getByRole('button', { name: /^Wypłać prowizje: / }).click();
  const settle = admin.getByRole('dialog', { name: /^Wypłata prowizji: / });
  await settle.getByLabel(/^Kurs PLN→USDT/).fill('0,25');
  await settle.getByRole('button', { name: 'Podgląd' }).click();
  const preview = settle.getByTestId('settlement-preview');
  const usdt = (Math.floor((Math.round(Number(owed!.amount_pln) * 100) * 25) / 100) / 100).toFixed(2);
  const shownUsdt = `${usdt.replace('.', ',')} USDT`;
  await expect(preview).toContainText(shownUsdt);
  await expect(preview).toContainText(`Prowizje1`);
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: "'Finanse': the settlement dialog's preview" });
  await settle.getByRole('button', { name: `Wypłać ${shownUsdt}` }).click();
  await expect(settle).toBeHidden();
  await expect(admin.getByRole('status').filter({ hasText: `Wypłacono ${shownUsdt}` })).toBeVisible();

  // Paid once, into the wallet: the member's e-mail, the partner page and the books say so.
  const paid = await member.mailbox.next({ subject: `Prowizje za polecenia wypłacone: ${usdt} USDT`, timeout: 30_000 });
  expect(paid.Text).toContain('po kursie 0.25 USDT za 1 PLN');
  expect(await commissionsOf(member.email)).toEqual([{ ...owed, status: 'paid', amount_usdt: usdt }]);
  await own.reload();
  await expect(own.getByRole('list', { name: 'Prowizje' }).getByRole('listitem')).toContainText('Wypłacona');
  expect(await booksOf(member.email)).toMatchObject({
    available: (100 - Number(`30.${cents}`) + Number(usdt)).toFixed(2),
    ledgerAvailable: (100 - Number(`30.${cents}`) + Number(usdt)).toFixed(2),
  });
  await expectNoSeriousA11yViolationsAtBothWidths(own, { label: "referral: a commission 'Wypłacona'" });
});
