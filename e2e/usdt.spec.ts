// USDT checked on chain (issue 37): a member orders PREMIUM in USDT on TRC20, our payment page shows
// the club's address and the QR code with the order's exact amount, the member sends that amount on
// the stack's local chain (its control API) and pastes the transaction's hash: 'Czekamy na
// potwierdzenia sieci (x/19)' while the chain confirms; the chain advances and the scheduled re-check
// confirms the order without an admin (decided via the chain). Then the watcher's side: a transfer
// nobody reported waits in the admin's 'Nierozpoznane wpłaty', credits nothing, and the admin ignores
// it (audited). axe at 1366 and 390 px on the payment page, while waiting, and on 'Płatności'.
// Fresh members and unique amounts only: it runs beside everything.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { query } from './support/database';
import { API_URL } from './support/env';
import { createMember } from './support/factories';
import { SEEDED_ADMIN, signIn } from './support/session';

/** The stack's chain emulator (scripts/stack/chain.ts): the API port + 7 unless STACK_CHAIN_PORT moves it. */
const CHAIN_URL = process.env.STACK_CHAIN_PORT
  ? `http://127.0.0.1:${process.env.STACK_CHAIN_PORT}`
  : `http://127.0.0.1:${Number(new URL(API_URL).port) + 7}`;
/** The member's own TRON wallet (any valid address: the local chain holds no balances). */
const MEMBER_WALLET = 'TY19XVXuYHRK9Y2hBRfPXFRuiiGQDzWnQB';

async function chain<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${CHAIN_URL}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

test('a member pays PREMIUM in USDT on TRC20 with a transfer on the chain: waiting for confirmations, then paid without an admin', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = await createMember({ label: 'usdt' });
  await signIn(page, member);

  await page.goto('/dashboard/investments');
  await page.getByRole('button', { name: 'Wybierz plan PREMIUM' }).click();
  const dialog = page.getByRole('dialog', { name: 'Płatność za plan PREMIUM' });
  await dialog.getByRole('radio', { name: /Kryptowaluta USDT/ }).check();
  await dialog.getByLabel('Sieć USDT').selectOption('TRC20');
  await dialog.getByRole('checkbox', { name: /Chcę, aby usługa zaczęła się od razu/ }).check();
  await dialog.getByRole('button', { name: 'Zapłać' }).click();

  await page.waitForURL(/\/dashboard\/platnosc-usdt\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').at(-1)!;
  await expect(page.getByRole('heading', { level: 1, name: 'Płatność USDT' })).toBeVisible();
  const [club] = await query<{ receiving_address: string }>(
    `select receiving_address from public.usdt_networks where network = 'TRC20'`,
  );
  await expect(page.getByTestId('usdt-address')).toHaveText(club!.receiving_address);
  const [order] = await query<{ amount: string; price: string }>(
    `select o.amount::text, m.price_usdt::text as price
       from public.payment_orders o join public.membership_plans m on m.tier = o.plan_tier where o.id = $1`,
    [orderId],
  );
  // The price plus the order's own cents (0.01–0.99), shown and in the QR code.
  const cents = Math.round((Number(order!.amount) - Number(order!.price)) * 100);
  expect(cents).toBeGreaterThanOrEqual(1);
  expect(cents).toBeLessThanOrEqual(99);
  const shown = (await page.getByTestId('usdt-amount').textContent()) ?? '';
  expect(shown.replace(/[\s\u00a0]/g, '')).toBe(`${Number(order!.amount).toFixed(2).replace('.', ',')}USDT`);
  const qr = page.getByRole('img', { name: /^Kod QR: adres Klubu i kwota/ });
  await expect(qr).toBeVisible();
  await expect(page.getByTestId('usdt-qr')).toHaveAttribute(
    'data-value',
    `tron:${club!.receiving_address}?amount=${Number(order!.amount).toFixed(2)}&token=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`,
  );
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'USDT payment page' });

  // The member sends the exact amount on the local TRON chain, then pastes the hash.
  const sent = await chain<{ hash: string }>('/api/transfer', {
    network: 'TRC20',
    from: MEMBER_WALLET,
    to: club!.receiving_address,
    amount: Number(order!.amount).toFixed(2),
  });
  await page.getByLabel('Hash transakcji').fill(`0x${sent.hash}`);
  await page.getByRole('button', { name: 'Sprawdź płatność' }).click();
  await expect(page.getByText('Nieprawidłowy hash transakcji', { exact: false })).toBeVisible();
  await page.getByLabel('Hash transakcji').fill(sent.hash);
  await page.getByRole('button', { name: 'Sprawdź płatność' }).click();
  const waiting = page.getByTestId('usdt-waiting');
  await expect(waiting).toContainText(/Czekamy na potwierdzenia sieci \(\d+\/19\)/);
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'USDT payment waiting for confirmations' });

  // The chain advances past TRON's solidified head; the scheduled re-check confirms the order.
  await chain('/api/mine', { network: 'TRC20', blocks: 19 });
  await expect(page.getByText('Płatność potwierdzona. Dziękujemy!')).toBeVisible({ timeout: 30_000 });
  const [paid] = await query<{ status: string; decided_via: string; decided_by: string | null; tx_hash: string }>(
    'select status, decided_via, decided_by, tx_hash from public.payment_orders where id = $1',
    [orderId],
  );
  expect(paid).toEqual({ status: 'paid', decided_via: 'chain', decided_by: null, tx_hash: sent.hash });
  // The member's plans page shows the order paid.
  await page.getByRole('link', { name: 'Wróć do planów' }).click();
  await expect(page.getByRole('region', { name: 'Moje płatności' })).toContainText('PREMIUM');
});

test("a transfer nobody reported waits in 'Nierozpoznane wpłaty' and credits nothing until the admin decides (ignored, audited)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const [club] = await query<{ receiving_address: string }>(
    `select receiving_address from public.usdt_networks where network = 'TRC20'`,
  );
  // Six decimals: no order's amount (they have two), so the watcher cannot match it.
  const amount = `3.${String(Date.now() % 1_000_000).padStart(6, '1')}`;
  const sent = await chain<{ hash: string }>('/api/transfer', {
    network: 'TRC20',
    from: MEMBER_WALLET,
    to: club!.receiving_address,
    amount,
  });
  await chain('/api/mine', { network: 'TRC20', blocks: 19 });
  // usdt-watch runs every 10 s on the stack.
  await expect
    .poll(
      async () =>
        (
          await query<{ status: string }>(
            `select u.status from public.chain_unrecognised_transfers u
               join public.chain_transfers t on t.id = u.chain_transfer_id where t.tx_hash = $1`,
            [sent.hash],
          )
        )[0]?.status,
      { timeout: 45_000 },
    )
    .toBe('open');

  await signIn(page, SEEDED_ADMIN);
  await page.goto('/dashboard/admin/payments');
  const queue = page.getByRole('region', { name: 'Nierozpoznane wpłaty' });
  const row = queue.getByRole('row', { name: new RegExp(sent.hash) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('form', { name: 'Sieć TRC20' })).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(page, {
    label: "admin 'Płatności' with the USDT queue and networks",
  });
  await row.getByRole('button', { name: /^Ignoruj: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Zignoruj wpłatę' });
  await dialog.getByLabel('Notatka (powód)').fill('Testowa wpłata z sieci lokalnej');
  await dialog.getByRole('button', { name: 'Ignoruj' }).click();
  await expect(page.getByText('Zignorowano wpłatę')).toBeVisible();
  await expect(row).toBeHidden();
  const [decided] = await query<{ status: string; receipts: number; audited: number }>(
    `select u.status,
            (select count(*)::int from public.payment_receipts r where r.chain_transfer_id = t.id) as receipts,
            (select count(*)::int from public.admin_audit_log a
              where a.action = 'chain_transfer.ignore' and a.target_id = t.id::text) as audited
       from public.chain_unrecognised_transfers u join public.chain_transfers t on t.id = u.chain_transfer_id
      where t.tx_hash = $1`,
    [sent.hash],
  );
  expect(decided).toEqual({ status: 'ignored', receipts: 0, audited: 1 });
});
