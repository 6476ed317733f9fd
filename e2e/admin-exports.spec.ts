// The admin's withdrawals CSV ('Wypłaty', issue 20 §6), end to end: a fresh member asks for a
// withdrawal through the API as the wallet form does; the seeded admin downloads the pending list's
// CSV and finds its row; after marking it completed, the completed list's CSV holds the hash and the
// time of the settlement. Only this file's own member and withdrawal are created or changed (the
// lists also hold other files' withdrawals, so the row is found by the member's e-mail), and the file
// runs beside the others.
import { expect, test } from '@playwright/test';
import { signInApi, type ApiSession } from './support/admin-api';
import { clubAddress, mineBlocks, sendUsdt } from './support/chain';
import { creditWallet, endWithdrawalWait, query } from './support/database';
import { ANON_KEY, API_URL } from './support/env';
import { csvLines, csvTime } from './support/downloads';
import { createMember } from './support/factories';
import { SEEDED_ADMIN, signIn } from './support/session';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const HEADER =
  'Członek;E-mail;Kwota (USDT);Sieć;Adres portfela;Zlecono;Status;Rozpatrzono;Hash transakcji;Powód odrzucenia';

interface Withdrawal {
  id: string;
  amount: string;
  created_at: string;
}

/** The member asks for a withdrawal (RPC request_withdrawal, as the wallet's form does). */
async function requestWithdrawal(session: ApiSession, amount: string): Promise<Withdrawal> {
  const response = await fetch(`${API_URL}/rest/v1/rpc/request_withdrawal`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${session.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ p_amount: amount, p_network: 'BSC', p_address: ADDRESS }),
  });
  const body = (await response.json()) as Withdrawal;
  if (!response.ok) throw new Error(`request_withdrawal: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

test('the admin downloads the withdrawals CSV: the header and the row of a fresh member’s withdrawal, pending and then completed', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const member = await createMember({ label: 'admin-export' });
  await creditWallet(member.email, 100);
  // Cents of its own, so the completion button names this withdrawal only.
  const amount = `25.${String(10 + (Date.now() % 90))}`;
  const withdrawal = await requestWithdrawal(await signInApi(member.email, member.password), amount);
  // The CSV writes numbers with a decimal comma and no trailing zeros.
  const csvAmount = String(Number(amount)).replace('.', ',');

  const admin = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(admin, SEEDED_ADMIN);
  await admin.goto('/dashboard/admin/withdrawals');
  await expect(admin.getByRole('heading', { level: 1, name: 'Wypłaty' })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Pobierz CSV' })).toBeEnabled();

  // Pending (the list's default): every pending withdrawal of the club, this member's among them.
  const pending = await csvLines(
    admin,
    () => admin.getByRole('button', { name: 'Pobierz CSV' }).click(),
    'wyplaty.csv',
  );
  expect(pending[0]).toBe(HEADER);
  expect(pending.filter((line) => line.includes(member.email))).toEqual([
    `${member.name};${member.email};${csvAmount};BSC;${ADDRESS};${csvTime(withdrawal.created_at)};Oczekujące;;;`,
  ]);

  // Claimed (the new address's 24 h wait taken as passed), then completed with a hash: the completed
  // list's CSV has the settlement time and the hash.
  await endWithdrawalWait(member.email);
  await admin.reload();
  await admin
    .getByRole('row')
    .filter({ hasText: member.email })
    .getByRole('button', { name: `Przejmij wypłatę ${amount.replace('.', ',')} USDT` })
    .click();
  // Sent on the local BSC chain from the club's address; final after 3 blocks.
  const { hash } = await sendUsdt('BSC', { from: await clubAddress('BSC'), to: ADDRESS, amount });
  await mineBlocks('BSC', 3);
  await admin
    .getByRole('row')
    .filter({ hasText: member.email })
    .getByRole('button', { name: `Zrealizowana: wypłata ${amount.replace('.', ',')} USDT` })
    .click();
  const complete = admin.getByRole('dialog', { name: 'Wypłata zrealizowana' });
  await complete.getByLabel('Hash transakcji (0x…)').fill(hash);
  await complete.getByRole('button', { name: 'Zrealizowana' }).click();
  await expect(complete).toBeHidden();
  const [settled] = await query<{ processed_at: string }>(
    'select processed_at::text from public.withdrawals where id = $1',
    [withdrawal.id],
  );
  await admin.getByLabel('Status').selectOption('completed');
  await expect(admin).toHaveURL(/status=completed/);
  const completed = await csvLines(
    admin,
    () => admin.getByRole('button', { name: 'Pobierz CSV' }).click(),
    'wyplaty.csv',
  );
  expect(completed[0]).toBe(HEADER);
  expect(completed.filter((line) => line.includes(member.email))).toEqual([
    `${member.name};${member.email};${csvAmount};BSC;${ADDRESS};${csvTime(withdrawal.created_at)};Zrealizowane;${csvTime(
      settled!.processed_at,
    )};${hash};`,
  ]);
});
