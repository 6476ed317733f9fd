// Withdrawals checked on chain (issue 37 §3), end to end on the local TRON chain: a fresh member
// requests a TRC20 withdrawal (the network's minimum under the amount), the seeded admin claims it and
// sends USDT from the club's address on the chain (its control API, as a developer would), pastes the
// hash of a transfer to another address first (refused: 'Odbiorca transakcji to …, a nie adres
// członka'), then the right one: not final yet ('Czekamy na potwierdzenia sieci (x/19)'), the chain
// advances, 'Sprawdź ponownie' completes it. The member sees 'Zrealizowana' with the block and its
// time and the Tronscan link, and gets the e-mail with the block. axe at 1366 and 390 px on each
// changed screen. Runs in the club-money chain: it mines TRON blocks, which the USDT payment journey
// watches.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { tronHexToAddress } from '../supabase/functions/_shared/chain/networks.ts';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { clubAddress, mineBlocks, sendUsdt } from './support/chain';
import { booksOf, creditWallet, endWithdrawalWait } from './support/database';
import { createMember } from './support/factories';
import { SEEDED_ADMIN, signIn } from './support/session';

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who);
  return page;
}

/** A fresh TRON address (base58check of 0x41 + 20 random bytes). */
function randomTronAddress(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return tronHexToAddress(Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''));
}

test('a TRC20 withdrawal completed only with its transfer verified on chain; the member sees the block and time', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const member = await createMember({ label: 'usdt-withdrawal' });
  await creditWallet(member.email, 100);
  const address = randomTronAddress();
  const stranger = randomTronAddress();
  const club = await clubAddress('TRC20');
  // Cents of its own, so the admin's buttons name this withdrawal only.
  const cents = String(10 + (Date.now() % 90));
  const amount = `25.${cents}`;
  const shown = `25,${cents} USDT`;

  // The member chooses TRC20: its minimum is under the amount, the address is a T… one.
  const own = await signedIn(browser, member);
  await own.goto('/dashboard/wallet');
  const form = own.getByRole('region', { name: 'Wypłata środków' });
  await form.getByLabel('Sieć').selectOption('TRC20');
  await expect(form.getByText(/Minimalna wypłata w sieci TRC20: .* Opłatę sieci pokrywa klub\./)).toBeVisible();
  await form.getByLabel(/^Kwota \(USDT\)/).fill(amount);
  // A mistyped character breaks the checksum: refused in the form.
  await form.getByLabel('Adres portfela').fill(`${address.slice(0, -1)}${address.endsWith('a') ? 'b' : 'a'}`);
  await form.getByRole('button', { name: 'Wypłać' }).click();
  await expect(form.getByText('Nieprawidłowy adres portfela')).toBeVisible();
  await form.getByLabel('Adres portfela').fill(address);
  await form.getByRole('button', { name: 'Wypłać' }).click();
  await expect(form.getByRole('status')).toContainText(`Zlecenie wypłaty ${shown} zostało przyjęte`);
  const history = own.getByRole('region', { name: 'Historia wypłat' });
  const row = history.getByRole('listitem').filter({ hasText: shown });
  await expect(row).toContainText('Oczekująca');
  await expect(row).toContainText('Sieć TRC20');
  await expectNoSeriousA11yViolationsAtBothWidths(own, { label: 'wallet: a TRC20 withdrawal requested' });

  // The admin claims it (the new address's wait taken as over).
  await endWithdrawalWait(member.email);
  const admin = await signedIn(browser, SEEDED_ADMIN);
  await admin.goto('/dashboard/admin/withdrawals');
  await admin
    .getByRole('row')
    .filter({ hasText: member.email })
    .getByRole('button', { name: `Przejmij wypłatę ${shown}` })
    .click();
  await expect(admin).toHaveURL(/status=processing/);
  const claimed = admin.getByRole('row').filter({ hasText: member.email });

  // Two transfers from the club on the chain: one to a stranger, one to the member.
  const wrong = await sendUsdt('TRC20', { from: club, to: stranger, amount });
  const right = await sendUsdt('TRC20', { from: club, to: address, amount });

  await claimed.getByRole('button', { name: `Zrealizowana: wypłata ${shown}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Wypłata zrealizowana' });
  await expect(dialog).toContainText('Wyślij kwotę wypłaty z adresu klubu w sieci TRC20');
  const hashField = dialog.getByLabel('Hash transakcji (64 znaki, bez 0x)');
  await hashField.fill(wrong.hash);
  await dialog.getByRole('button', { name: 'Zrealizowana' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `Odbiorca transakcji to ${stranger}, a nie adres członka (${address})`,
  );
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: 'withdrawals: a payout to another address refused' });

  // The right hash: the transfer matches, but TRON has not solidified its block yet.
  await hashField.fill(right.hash);
  await dialog.getByRole('button', { name: 'Zrealizowana' }).click();
  await expect(dialog.getByText(/^Czekamy na potwierdzenia sieci \(\d+\/19\)$/)).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  expect(await booksOf(member.email)).toMatchObject({ pending: amount });
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: 'withdrawals: waiting for confirmations' });

  // The chain advances; the same hash is checked again and the withdrawal is completed.
  await mineBlocks('TRC20', 19);
  await dialog.getByRole('button', { name: 'Sprawdź ponownie' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText(`Wypłata ${shown} oznaczona jako zrealizowana`)).toBeVisible();

  // The member: 'Zrealizowana', the block and its time, the Tronscan link; the e-mail names the block.
  await own.reload();
  const done = own.getByRole('region', { name: 'Historia wypłat' }).getByRole('listitem').filter({ hasText: shown });
  await expect(done).toContainText('Zrealizowana');
  await expect(done).toContainText(new RegExp(`Potwierdzona w sieci: blok ${right.blockNumber}, \\d`));
  await expect(done.getByRole('link', { name: /Zobacz transakcję/ })).toHaveAttribute(
    'href',
    `https://tronscan.org/#/transaction/${right.hash}`,
  );
  await expectNoSeriousA11yViolationsAtBothWidths(own, { label: 'wallet: a TRC20 withdrawal completed on chain' });
  const mail = await member.mailbox.next({ subject: `Wypłata ${amount} USDT zrealizowana`, timeout: 30_000 });
  expect(mail.HTML).toContain(`href="https://tronscan.org/#/transaction/${right.hash}"`);
  expect(mail.HTML).toContain(`Potwierdzona w sieci: blok ${right.blockNumber} (`);
  expect(await booksOf(member.email)).toMatchObject({
    pending: '0.00',
    ledgerPending: '0.00',
    pendingWithdrawals: '0.00',
  });
});
