// Money operations (issue 20): the admin credits a member in 'Portfel' → the member sees the entry in
// 'Historia operacji', the notification and the e-mail; the credit is in 'Dziennik zmian'; the member
// switches the 'Zlecenie wypłaty' e-mail off in 'Powiadomienia e-mail', withdraws, and the admin
// completes it: the member's e-mail has the transaction link, and no e-mail of the switched-off kind
// came (e-mails are sent by send-outbox on the stack's 5 s timer); a member saves an
// address, withdraws with it and cancels; the history's CSV holds the rows. axe on every new screen
// at 1366 px and 390 px. (The seeded accounts keep their balances: other journeys read them, so the
// credited member is a fresh one.)
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { clubAddress, mineBlocks, sendUsdt } from './support/chain';
import { booksOf, creditWallet, endWithdrawalWait, query } from './support/database';
import { csvDay, csvLines } from './support/downloads';
import { createMember } from './support/factories';
import { orderPlanApi, signInApi } from './support/admin-api';
import { signIn } from './support/session';

const ADMIN = { email: 'admin@klub.local', password: 'Admin1234' };
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/** An amount as the CSV writes it: a decimal comma, no grouping, no trailing zeros. */
const csvAmount = (value: string | number) => String(Number(value)).replace('.', ',');
async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(page, who);
  return page;
}

test('admin credits a member in Portfel: the member sees the entry, the notification and the e-mail; the audit tab lists it; a completed withdrawal e-mails the transaction link, a switched-off kind nothing', async ({
  browser,
}) => {
  test.setTimeout(180_000);
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
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: 'Portfel dialog', include: '[role="dialog"]' });
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
  await expectNoSeriousA11yViolationsAtBothWidths(own, { label: 'wallet with history' });
  await own
    .getByRole('button', { name: /Powiadomienia/ })
    .first()
    .click();
  await expect(own.getByRole('dialog', { name: 'Powiadomienia' }).getByText('Portfel zasilony')).toBeVisible();
  const credited = await member.mailbox.next({ subject: 'Nowe środki w portfelu: 75.50 USDT', timeout: 30_000 });
  expect(credited.Text).toContain(reason);
  await own.keyboard.press('Escape');

  // 'Powiadomienia e-mail': the withdrawal-request e-mail switched off.
  await own.goto('/dashboard/settings');
  const emails = own.getByRole('region', { name: 'Powiadomienia e-mail' });
  await expect(emails.getByRole('switch', { name: 'Zlecenie wypłaty' })).toHaveAttribute('aria-checked', 'true');
  await expectNoSeriousA11yViolationsAtBothWidths(own, { label: 'settings with Powiadomienia e-mail' });
  await emails.getByRole('switch', { name: 'Zlecenie wypłaty' }).click();
  await emails.getByRole('button', { name: 'Zapisz ustawienia powiadomień' }).click();
  await expect(emails.getByRole('status')).toHaveText('Ustawienia powiadomień zostały zapisane');

  // A withdrawal the admin completes: the e-mail with the transaction link; none for the request.
  await own.goto('/dashboard/wallet');
  const form = own.getByRole('region', { name: 'Wypłata środków' });
  // An amount no other pending withdrawal of the run has (the admin's list shows every member's).
  const cents = String(10 + (Date.now() % 90));
  await form.getByLabel(/^Kwota \(USDT\)/).fill(`20.${cents}`);
  await form.getByLabel('Sieć').selectOption('BSC');
  await form.getByLabel('Adres portfela').fill(ADDRESS);
  await form.getByRole('button', { name: 'Wypłać' }).click();
  await expect(form.getByRole('status')).toContainText(`Zlecenie wypłaty 20,${cents} USDT zostało przyjęte`);
  // A new address waits 24 h (e2e/withdrawals.spec.ts shows the wait): taken as passed here.
  await endWithdrawalWait(member.email);
  await admin.goto('/dashboard/admin/withdrawals');
  const pending = admin.getByRole('row', { name: new RegExp(member.name) });
  await pending.getByRole('button', { name: `Przejmij wypłatę 20,${cents} USDT` }).click();
  // Claimed: the list shows 'W realizacji', where this admin decides.
  const claimed = admin.getByRole('row', { name: new RegExp(member.name) });
  await claimed.getByRole('button', { name: `Odrzuć wypłatę 20,${cents} USDT` }).click();
  const fail = admin.getByRole('dialog', { name: 'Odrzuć wypłatę' });
  await expectNoSeriousA11yViolationsAtBothWidths(admin, {
    label: 'withdrawal reject dialog',
    include: '[role="dialog"]',
  });
  await fail.getByRole('button', { name: 'Anuluj' }).click();
  await expect(fail).toBeHidden();
  await claimed.getByRole('button', { name: `Zrealizowana: wypłata 20,${cents} USDT` }).click();
  const complete = admin.getByRole('dialog', { name: 'Wypłata zrealizowana' });
  await expectNoSeriousA11yViolationsAtBothWidths(admin, {
    label: 'withdrawal complete dialog',
    include: '[role="dialog"]',
  });
  // The admin sends it on the local BSC chain from the club's address; once final, the hash completes it.
  const { hash } = await sendUsdt('BSC', { from: await clubAddress('BSC'), to: ADDRESS, amount: `20.${cents}` });
  await mineBlocks('BSC', 3);
  await complete.getByLabel('Hash transakcji (0x…)').fill(hash);
  await complete.getByRole('button', { name: 'Zrealizowana' }).click();
  await expect(complete).toBeHidden();
  const completed = await member.mailbox.next({ subject: `Wypłata 20.${cents} USDT zrealizowana`, timeout: 30_000 });
  expect(completed.HTML).toContain(`href="https://bscscan.com/tx/${hash}"`);
  expect(completed.Text).toContain(`https://bscscan.com/tx/${hash}`);
  expect(await member.mailbox.subjects()).not.toContain(`Przyjęliśmy zlecenie wypłaty 20.${cents} USDT`);
  expect(
    await query('select 1 from private.email_outbox where to_email = lower($1) and template = $2', [
      member.email,
      'withdrawal-requested',
    ]),
  ).toEqual([]);

  // 'Wypłaty zysków': a preview only (a run would credit the seeded members other journeys read).
  await admin.goto('/dashboard/admin/profit-payouts');
  await expect(admin.getByRole('heading', { level: 1, name: 'Wypłaty zysków' })).toBeVisible();
  const revenue = admin.getByRole('combobox', { name: 'Wpis przychodu' });
  await revenue.selectOption({ index: 1 });
  await admin.getByLabel(/^Kurs PLN→USDT/).fill('0,25');
  await admin.getByRole('button', { name: 'Podgląd' }).click();
  await expect(admin.getByRole('row', { name: /PREMIUM/ })).toContainText('15%');
  await expect(admin.getByTestId('payout-totals')).toContainText('kurs 0.25');
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: 'profit payouts preview' });

  // The audit trail: the credit and the completed withdrawal, by the admin, about the member.
  await admin.goto('/dashboard/admin/audit');
  await expect(admin.getByRole('heading', { level: 1, name: 'Dziennik zmian' })).toBeVisible();
  // The trail's hash chain, verified by the server, is intact.
  await expect(admin.getByRole('region', { name: 'Łańcuch wpisów' })).toContainText('Łańcuch wpisów nienaruszony');
  // The member filter resolves a name or an e-mail: choose the member from the matches.
  await admin.getByLabel(/^Członek \(imię, nazwisko lub e-mail\)/).fill(member.email);
  await admin
    .getByRole('list', { name: 'Znalezieni członkowie' })
    .getByRole('button', { name: new RegExp(member.email.replace(/[.+]/g, '\\$&')) })
    .click();
  await admin.getByLabel('Administrator', { exact: true }).selectOption('admin@klub.local');
  await admin.getByRole('button', { name: 'Filtruj' }).click();
  const row = admin.getByRole('row', { name: /wallet\.credit/ });
  await expect(row).toContainText('admin@klub.local');
  await expect(row).toContainText(reason);
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: 'audit tab' });
  const lines = await csvLines(
    admin,
    () => admin.getByRole('button', { name: 'Pobierz CSV' }).click(),
    'dziennik-zmian.csv',
  );
  expect(lines[0]?.startsWith('Data;Administrator (e-mail);Akcja;Obiekt;Członek;Zmiany')).toBe(true);
  // Newest first: the withdrawal the admin completed (with the block its payout was verified in), its
  // claim, then the credit; the chain check itself is the function's row, not this admin's.
  expect(lines).toHaveLength(4);
  expect(lines[1]).toContain('withdrawal.complete');
  expect(lines[1]).toContain('block_number');
  expect(lines[2]).toContain('withdrawal.claim');
  expect(lines[3]).toContain('wallet.credit');
  expect(lines.slice(1).every((line) => line.includes(memberId))).toBe(true);
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
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'wallet with saved addresses' });

  // Cancel the pending withdrawal: the amount is available again.
  await page.getByRole('region', { name: 'Historia wypłat' }).getByRole('button', { name: 'Anuluj wypłatę' }).click();
  const confirm = page.getByRole('dialog', { name: 'Anulować wypłatę?' });
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'cancel dialog', include: '[role="dialog"]' });
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

  const lines = await csvLines(
    page,
    () => history.getByRole('button', { name: 'Pobierz CSV' }).click(),
    'historia-operacji.csv',
  );
  expect(lines[0]).toBe('Data;Operacja;Kwota (USDT);Saldo dostępne po;W trakcie wypłaty po;Opis;Transakcja');
  expect(lines.slice(1).map((line) => line.split(';')[1])).toEqual([
    'Zwrot środków z wypłaty',
    'Zlecenie wypłaty',
    'Wpłata',
  ]);
  expect(lines[2]).toContain(';-30;70;30;');
});

test('a payout run pays every tier: each member sees the profit notification; the run, its items, the audit trail and the CSV exports hold it; a rate 16× the previous is stopped by the warning, corrected, run and reversed', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const TIERS = [
    { tier: 'START', percentage: 5 },
    { tier: 'PREMIUM', percentage: 15 },
    { tier: 'VIP', percentage: 20 },
  ] as const;
  const members = [];
  for (const { tier } of TIERS) {
    const member = await createMember({ label: `payout-${tier.toLowerCase()}` });
    // The level held on the entry's day (today): a period around it, with the profile's cache.
    await query(
      `insert into public.membership_periods (user_id, level, first_day, last_day, source)
       select u.id, $1, private.warsaw_today() - 30, private.warsaw_today() + 334, 'backfill'
         from auth.users u where u.email = lower($2)`,
      [tier, member.email],
    );
    await query(`select private.sync_membership_cache(u.id) from auth.users u where u.email = lower($1)`, [
      member.email,
    ]);
    members.push({ ...member, tier });
  }
  // The entry is the second newest: the main panel's 'latest revenue' (read by other journeys) stays.
  const amount = 12345.67;
  const [entry] = await query<{ id: string }>(
    `insert into public.ecommerce_revenue (amount, created_at)
       select $1, coalesce(max(created_at), now()) - interval '1 second' from public.ecommerce_revenue
     returning id`,
    [amount],
  );
  // A second entry, older still, for the run at the corrected rate (and its reversal).
  const [second] = await query<{ id: string }>(
    `insert into public.ecommerce_revenue (amount, created_at) values (1000, $1::timestamptz - interval '1 second')
     returning id`,
    [
      (
        await query<{ created_at: Date }>('select created_at from public.ecommerce_revenue where id = $1', [entry!.id])
      )[0]!.created_at,
    ],
  );
  // A pending order of the START member, for the payments CSV.
  const buyer = members[0]!;
  const reference = await orderPlanApi(await signInApi(buyer.email, buyer.password), 'VIP', 'transfer');

  const admin = await signedIn(browser, ADMIN);
  await admin.goto('/dashboard/admin/profit-payouts');
  await admin.getByRole('combobox', { name: 'Wpis przychodu' }).selectOption(entry!.id);
  await admin.getByLabel(/^Kurs PLN→USDT/).fill('0,25');
  await admin.getByRole('button', { name: 'Podgląd' }).click();
  for (const { tier, percentage } of TIERS) {
    await expect(admin.locator(`tr[data-tier="${tier}"]`)).toContainText(`${percentage}%`);
  }
  // The first run of the club: no previous rate to compare with.
  await expect(admin.getByText(/różni się o .* od kursu poprzedniej wypłaty/)).toHaveCount(0);
  await admin.getByRole('button', { name: 'Zatwierdź wypłatę' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Zatwierdzić wypłatę zysków?' });
  await expect(confirm).toContainText('(kurs 0.25)');
  await expectNoSeriousA11yViolationsAtBothWidths(admin, {
    label: 'payout run confirmation',
    include: '[role="dialog"]',
  });
  await confirm.getByRole('button', { name: 'Zatwierdź wypłatę' }).click();
  await expect(admin.getByText(/^Wypłacono .* USDT dla .* członków\.$/)).toBeVisible();

  // What the run wrote: its totals, and each new member's share.
  const [run] = await query<{
    id: string;
    members_count: number;
    total_pln: string;
    total_usdt: string;
    remainder_pln: string;
    created_at: Date;
  }>(
    'select id, members_count, total_pln, total_usdt, remainder_pln, created_at from public.payout_runs where revenue_id = $1',
    [entry!.id],
  );
  expect(run).toBeDefined();
  const shares = await query<{ email: string; tier: string; amount_pln: string; amount_usdt: string }>(
    `select p.email, i.tier::text as tier, i.amount_pln::text as amount_pln, i.amount_usdt::text as amount_usdt
       from public.payout_run_items i join public.profiles p on p.user_id = i.user_id
      where i.run_id = $1 and p.email = any($2)`,
    [run!.id, members.map((m) => m.email.toLowerCase())],
  );
  expect(shares.map((s) => s.tier).sort()).toEqual(['PREMIUM', 'START', 'VIP']);

  // The run is listed with its totals and who ran it.
  const listed = admin.locator(`tr[data-run-id="${run!.id}"]`);
  await expect(listed).toContainText('admin@klub.local');
  await expect(listed).toContainText(`${Number(run!.members_count)}`);
  await expect(listed).toContainText(
    `${new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 2 }).format(Number(run!.total_usdt))} USDT`,
  );
  const runLines = await csvLines(
    admin,
    () => admin.getByRole('button', { name: 'Pobierz CSV' }).click(),
    'wyplaty-zyskow.csv',
  );
  expect(runLines[0]).toBe(
    'Data wypłaty;Data wpisu;Przychód;Kurs PLN→USDT;Członkowie;Razem PLN;Razem USDT;Reszta;Wykonał;Status',
  );
  expect(runLines).toContainEqual(
    expect.stringMatching(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2};\\d{4}-\\d{2}-\\d{2};${csvAmount(amount)};0,25;${run!.members_count};${csvAmount(run!.total_pln)};${csvAmount(run!.total_usdt)};${csvAmount(run!.remainder_pln)};admin@klub\\.local;Wypłacona$`,
      ),
    ),
  );

  // Each member: the profit notification with the PLN amount, the percentage and the tier.
  for (const member of members) {
    const share = shares.find((s) => s.email === member.email.toLowerCase())!;
    const { percentage } = TIERS.find((t) => t.tier === member.tier)!;
    const page = await signedIn(browser, member);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Powiadomienia/ })
      .click();
    const item = page
      .getByRole('dialog', { name: 'Powiadomienia' })
      .getByRole('listitem')
      .filter({ hasText: 'Wypłata zysków' });
    await expect(item).toContainText(
      `Otrzymałeś ${share.amount_pln} PLN z puli ${member.tier}: ${share.amount_usdt} USDT po kursie 0.25 USDT za 1 PLN.`,
    );
    await expect(item).toContainText(`${percentage}% z pakietu ${member.tier}`);
    await page.context().close();
  }

  // The run's items: each member with the tier, PLN and USDT; the CSV holds them with the rate.
  await admin
    .getByRole('button', { name: /^Pozycje wypłaty z / })
    .first()
    .click();
  const itemsDialog = admin.getByRole('dialog', { name: /^Pozycje wypłaty zysków z / });
  await expect(itemsDialog.getByRole('columnheader', { name: 'Kwota (USDT)' })).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: 'payout run items', include: '[role="dialog"]' });
  const itemLines = await csvLines(
    admin,
    () => itemsDialog.getByRole('button', { name: 'Pobierz CSV' }).click(),
    `wyplata-zyskow-${csvDay(new Date(run!.created_at))}.csv`,
  );
  expect(itemLines[0]).toBe(
    'Członek;E-mail;Poziom;Kwota (PLN);Kwota (USDT);Kurs PLN→USDT;Pobrano przy cofnięciu (USDT);Zadłużenie (USDT)',
  );
  expect(itemLines.length - 1).toBe(Number(run!.members_count));
  for (const share of shares) {
    expect(itemLines).toContainEqual(
      `${members.find((m) => m.email.toLowerCase() === share.email)!.name};${share.email};${share.tier};${csvAmount(share.amount_pln)};${csvAmount(share.amount_usdt)};0,25;;`,
    );
  }
  await itemsDialog.getByRole('button', { name: 'Zamknij listę' }).click();
  await expect(itemsDialog).toBeHidden();

  // A second entry at a rate 16× the previous (4 instead of 0.25): the warning names both numbers;
  // corrected to 0,25 it runs without it, and is then reversed with a reason: the balances return.
  const vipMember = members[2]!;
  const afterFirst = await booksOf(vipMember.email);
  await admin.getByRole('combobox', { name: 'Wpis przychodu' }).selectOption(second!.id);
  const rate = admin.getByLabel(/^Kurs PLN→USDT/);
  await rate.fill('4');
  await admin.getByRole('button', { name: 'Podgląd' }).click();
  const farText = 'Kurs 4 USDT za 1 PLN różni się o 1500% od kursu poprzedniej wypłaty (0.25 USDT za 1 PLN).';
  await expect(admin.getByRole('alert').filter({ hasText: farText })).toBeVisible();
  await admin.getByRole('button', { name: 'Zatwierdź wypłatę' }).click();
  const warning = admin.getByRole('dialog', { name: 'Kurs odbiega od poprzedniej wypłaty' });
  await expect(warning).toContainText(farText);
  await expect(warning.getByRole('button', { name: 'Potwierdzam kurs 4 zamiast 0.25' })).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: 'payout rate warning', include: '[role="dialog"]' });
  await warning.getByRole('button', { name: 'Popraw kurs' }).click();
  await expect(rate).toBeFocused();
  await rate.fill('0,25');
  await admin.getByRole('button', { name: 'Podgląd' }).click();
  await expect(admin.getByTestId('payout-previous-rate')).toHaveText('Kurs poprzedniej wypłaty: 0.25.');
  await expect(admin.getByText(/różni się o .* od kursu poprzedniej wypłaty/)).toHaveCount(0);
  await admin.getByRole('button', { name: 'Zatwierdź wypłatę' }).click();
  await admin
    .getByRole('dialog', { name: 'Zatwierdzić wypłatę zysków?' })
    .getByRole('button', { name: 'Zatwierdź wypłatę' })
    .click();
  await expect(admin.getByText(/^Wypłacono .* USDT dla .* członków\.$/)).toBeVisible();
  const [secondRun] = await query<{ id: string; rate_pln_usdt: string; created_at: Date }>(
    'select id, rate_pln_usdt::text, created_at from public.payout_runs where revenue_id = $1',
    [second!.id],
  );
  expect(secondRun!.rate_pln_usdt).toBe('0.250000');
  const afterSecond = await booksOf(vipMember.email);
  expect(Number(afterSecond.available)).toBeGreaterThan(Number(afterFirst.available));

  await admin
    .locator(`tr[data-run-id="${secondRun!.id}"]`)
    .getByRole('button', { name: /^Cofnij wypłatę z / })
    .click();
  const reverse = admin.getByRole('dialog', { name: 'Cofnąć wypłatę zysków?' });
  await reverse.getByRole('button', { name: 'Cofnij' }).click();
  await expect(reverse.getByText('Podaj powód (maksymalnie 500 znaków)')).toBeVisible();
  await reverse.getByLabel(/^Powód cofnięcia/).fill('Wpis przychodu zdublowany');
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: 'payout reversal', include: '[role="dialog"]' });
  await reverse.getByRole('button', { name: 'Cofnij' }).click();
  await expect(admin.getByText(/^Cofnięto wypłatę: pobrano .* USDT, zadłużenie 0,00 USDT\.$/)).toBeVisible();
  await expect(admin.locator(`tr[data-run-id="${secondRun!.id}"]`)).toContainText('Cofnięta');
  await expect(admin.locator(`tr[data-run-id="${secondRun!.id}"]`)).toContainText('Wpis przychodu zdublowany');
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: 'profit payouts with a reversed run' });
  const afterReversal = await booksOf(vipMember.email);
  expect(afterReversal.available).toBe(afterFirst.available);
  expect(afterReversal.ledgerAvailable).toBe(afterReversal.available);
  // The reversed run freed its entry: it is offered again.
  await expect(
    admin.getByRole('combobox', { name: 'Wpis przychodu' }).locator(`option[value="${second!.id}"]`),
  ).toHaveCount(1);

  // The audit trail lists the run; a member chosen by e-mail narrows it to what concerns them.
  await admin.goto('/dashboard/admin/audit');
  await admin.getByLabel('Akcja', { exact: true }).selectOption('Wypłata zysków');
  await admin.getByRole('button', { name: 'Filtruj' }).click();
  await expect(admin.getByRole('row', { name: new RegExp(`payout\\.run.*${run!.id}`) })).toBeVisible();
  const auditLines = await csvLines(
    admin,
    () => admin.getByRole('button', { name: 'Pobierz CSV' }).click(),
    'dziennik-zmian.csv',
  );
  expect(auditLines.slice(1).every((line) => line.split(';')[2]!.startsWith('payout.'))).toBe(true);
  expect(auditLines.some((line) => line.includes(run!.id))).toBe(true);

  // Revenue: every entry, with its pools and the day it was paid out; an entry not paid out offers
  // 'Popraw' and 'Unieważnij'.
  await admin.goto('/dashboard/admin/revenue');
  await admin
    .getByRole('button', { name: /^Popraw wpis z / })
    .first()
    .click();
  await expect(admin.getByRole('dialog', { name: 'Poprawić wpis przychodu?' })).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: 'revenue correction', include: '[role="dialog"]' });
  await admin.getByRole('dialog', { name: 'Poprawić wpis przychodu?' }).getByRole('button', { name: 'Anuluj' }).click();
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: 'revenue tab' });
  const revenueLines = await csvLines(
    admin,
    () => admin.getByRole('button', { name: 'Pobierz CSV' }).click(),
    'przychod.csv',
  );
  expect(revenueLines[0]).toBe(
    'Data;Kwota (PLN);Pula START 5% (PLN);Pula PREMIUM 15% (PLN);Pula VIP 20% (PLN);Wypłata zysków (dzień)',
  );
  expect(revenueLines).toContainEqual(
    expect.stringMatching(new RegExp(`;12345,67;617,28;1851,85;2469,13;${csvDay(new Date(run!.created_at))}$`)),
  );
  const [{ entries }] = (await query<{ entries: number }>(
    'select count(*)::int as entries from public.ecommerce_revenue',
  )) as [{ entries: number }];
  expect(revenueLines.length - 1).toBeGreaterThanOrEqual(entries);

  // Payments: what the filters show (all statuses, the buyer's e-mail).
  await admin.goto('/dashboard/admin/payments');
  await admin.getByLabel('Status').selectOption('');
  await admin.getByRole('searchbox', { name: 'Szukaj' }).fill(buyer.email);
  // The debounced search has reached the URL state the list and the CSV read (before it, the
  // default 'pending' filter alone can show this one order too).
  await expect.poll(() => new URL(admin.url()).searchParams.get('q')).toBe(buyer.email);
  await expect(admin.locator(`tr[data-order-reference="${reference}"]`)).toBeVisible();
  // The search has reached the list (it is debounced; the seed has an order of its own).
  await expect(admin.locator('tr[data-order-reference]')).toHaveCount(1);
  // The export is the list on screen: its button waits while the list still shows other filters'
  // rows (the pending list it opened with had only this order too; exporting then gave every order).
  await expect(admin.getByRole('button', { name: 'Pobierz CSV' })).toBeEnabled();
  // The payments tab (with its CSV button) is checked by axe in payments.spec.ts.
  const paymentLines = await csvLines(
    admin,
    () => admin.getByRole('button', { name: 'Pobierz CSV' }).click(),
    'platnosci.csv',
  );
  expect(paymentLines).toHaveLength(2);
  expect(paymentLines[1]).toMatch(
    new RegExp(
      `^${reference};${buyer.name};${buyer.email.toLowerCase().replace(/[.+]/g, '\\$&')};[^;]*;.*;Przelew;[\\d,]+;PLN;\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2};Oczekuje na potwierdzenie;;;;;;;;;\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2};;;;$`,
    ),
  );

  // Users: the VIP member found by e-mail, their level in the row.
  const vip = members[2]!;
  await admin.goto('/dashboard/admin/users');
  await admin.getByLabel('Szukaj').fill(vip.email);
  // The list shows the one match (the search applies 300 ms after typing): the CSV exports that.
  await expect(admin.getByRole('button', { name: /^Portfel: / })).toHaveCount(1);
  await expect(admin.getByRole('button', { name: `Portfel: ${vip.name}` })).toBeVisible();
  const userLines = await csvLines(
    admin,
    () => admin.getByRole('button', { name: 'Pobierz CSV' }).click(),
    'uzytkownicy.csv',
  );
  expect(userLines).toHaveLength(2);
  expect(userLines[1]).toContain(`${vip.name};${vip.email.toLowerCase()};`);
  expect(userLines[1]).toMatch(/;VIP;[^;]*;Tak;\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
});
