// The e-mail outbox (issues 19 and 20): the sender's RPCs (service_role only; claim with skip
// locked, attempts, backoff, a maximum), and the money e-mails queued with their notifications
// unless the member switched the kind off in notification_preferences.
import { describe, expect, it } from 'vitest';
import { setMembershipLevel } from '../helpers/accounts-factories.ts';
import { admin, asActor, createAdmin, createMember, queryAs, sqlState, type TestUser } from '../helpers/db.ts';
import { checkLedgerAfterEachTest, fundWallet, pendingWithdrawal, txHash } from '../helpers/money-factories.ts';

// Credits, withdrawals and a payout run move money here: the books must agree after every test.
checkLedgerAfterEachTest();

interface OutboxRow {
  id: string;
  template: string;
  to_email: string;
  variables: Record<string, string>;
  attempts: number;
  sent_at: Date | null;
  last_error: string | null;
  next_attempt_at: Date;
}

async function outboxOf(userId: string): Promise<OutboxRow[]> {
  const { rows } = await admin().query<OutboxRow>('select * from private.email_outbox where user_id = $1 order by id', [
    userId,
  ]);
  return rows;
}

/** Queues an e-mail as a business function would, due long ago (so a claim takes it first). */
async function queued(user: TestUser, template = 'payment-confirmed'): Promise<string> {
  const { rows } = await admin().query<{ id: string }>(
    `insert into private.email_outbox (template, user_id, to_email, variables, next_attempt_at)
     values ($1, $2, $3, '{"reference":"KLB-TEST01"}', now() - interval '1 day') returning id`,
    [template, user.id, user.email],
  );
  return rows[0]!.id;
}

const CLAIM = 'select * from public.claim_email_outbox($1)';

const setPrefs = (member: TestUser, value: Record<string, boolean>) =>
  queryAs(member, 'update public.user_settings set notification_preferences = $2 where user_id = $1', [
    member.id,
    JSON.stringify(value),
  ]);

describe('the sender RPCs', () => {
  it('are callable by service_role only', async () => {
    const member = await createMember();
    const adminUser = await createAdmin();
    for (const actor of ['anon', member, adminUser] as const) {
      expect(await sqlState(queryAs(actor, CLAIM, [1]))).toBe('42501');
      expect(await sqlState(queryAs(actor, 'select public.complete_email_outbox(1)'))).toBe('42501');
      expect(await sqlState(queryAs(actor, "select public.fail_email_outbox(1, 'x')"))).toBe('42501');
      expect(await sqlState(queryAs(actor, 'select * from private.email_outbox'))).toBe('42501');
    }
  });

  it('claims due e-mails once, counts the attempt, and marks them sent', async () => {
    const member = await createMember();
    const first = await queued(member);
    const second = await queued(member);
    const claimed = await queryAs<{ id: string; template: string; to_email: string; attempts: number }>(
      'service_role',
      CLAIM,
      [2],
    );
    expect(claimed.map((row) => row.id).sort()).toEqual([first, second].sort());
    expect(claimed[0]).toMatchObject({ template: 'payment-confirmed', to_email: member.email, attempts: 1 });
    // Leased: a second claim does not take them again.
    const again = await queryAs<{ id: string }>('service_role', CLAIM, [100]);
    expect(again.map((row) => row.id)).not.toContain(first);

    expect(await queryAs('service_role', 'select public.complete_email_outbox($1) as done', [first])).toEqual([
      { done: true },
    ]);
    expect(await queryAs('service_role', 'select public.complete_email_outbox($1) as done', [first])).toEqual([
      { done: false },
    ]);
    const [sent] = await outboxOf(member.id);
    expect(sent).toMatchObject({ id: first, attempts: 1, last_error: null });
    expect(sent!.sent_at).toBeInstanceOf(Date);
  });

  it('skips rows another sender holds instead of waiting for them', async () => {
    const member = await createMember();
    const held = await queued(member);
    const free = await queued(member);
    const client = await admin().connect();
    try {
      await client.query('begin');
      await client.query('select 1 from private.email_outbox where id = $1 for update', [held]);
      const claimed = await queryAs<{ id: string }>('service_role', CLAIM, [2]);
      expect(claimed.map((row) => row.id)).toContain(free);
      expect(claimed.map((row) => row.id)).not.toContain(held);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('backs off after a failure, keeps the error, and gives up after 5 attempts', async () => {
    const member = await createMember();
    const id = await queued(member);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const claimed = await queryAs<{ id: string; attempts: number }>('service_role', CLAIM, [100]);
      expect(claimed.find((row) => row.id === id)?.attempts).toBe(attempt);
      await queryAs('service_role', 'select public.fail_email_outbox($1, $2)', [id, `SMTP 451 try ${attempt}`]);
      const [row] = await outboxOf(member.id);
      const waitMinutes = (row!.next_attempt_at.getTime() - Date.now()) / 60_000;
      expect(waitMinutes).toBeGreaterThan(2 ** (attempt - 1) - 0.5);
      expect(waitMinutes).toBeLessThanOrEqual(2 ** (attempt - 1));
      expect(row!.last_error).toBe(`SMTP 451 try ${attempt}`);
      // Due again at once (as if the backoff had passed).
      await admin().query(`update private.email_outbox set next_attempt_at = now() - interval '1 day' where id = $1`, [
        id,
      ]);
    }
    const claimed = await queryAs<{ id: string }>('service_role', CLAIM, [100]);
    expect(claimed.map((row) => row.id)).not.toContain(id);
    expect((await outboxOf(member.id))[0]).toMatchObject({ attempts: 5, sent_at: null });
  });

  it('keeps at most 500 characters of an error', async () => {
    const member = await createMember();
    const id = await queued(member);
    await queryAs('service_role', 'select public.fail_email_outbox($1, $2)', [id, 'x'.repeat(2000)]);
    expect((await outboxOf(member.id))[0]!.last_error).toHaveLength(500);
  });
});

describe('money e-mails', () => {
  it('queue with the withdrawal notifications: requested, completed with the transaction link, failed with the reason', async () => {
    const adminUser = await createAdmin();
    const member = await createMember({ fullName: 'Ewa Wypłacająca' });
    const done = await pendingWithdrawal(member, 25, 'BSC');
    const hash = txHash();
    await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [done.id, hash]);
    const failed = await pendingWithdrawal(member, 10, 'ERC20');
    await queryAs(adminUser, 'select public.admin_fail_withdrawal($1, $2)', [failed.id, 'Nieprawidłowy adres']);

    const mails = (await outboxOf(member.id)).filter((m) => m.template.startsWith('withdrawal-'));
    expect(mails.map((m) => m.template)).toEqual([
      'withdrawal-requested',
      'withdrawal-completed',
      'withdrawal-requested',
      'withdrawal-failed',
    ]);
    expect(mails[0]!.variables).toMatchObject({
      fname: 'Ewa Wypłacająca',
      amount: '25.00 USDT',
      network: 'BSC',
      address: done.address,
    });
    expect(mails[1]!.variables).toMatchObject({ tx_hash: hash, tx_link: `https://bscscan.com/tx/${hash}` });
    expect(mails[3]!.variables).toMatchObject({ amount: '10.00 USDT', reason: 'Nieprawidłowy adres' });
    expect(mails.every((m) => m.to_email === member.email)).toBe(true);
  });

  it('queue with a credit (admin or server code) and a profit payout notification', async () => {
    const adminUser = await createAdmin();
    const member = await createMember();
    await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 50, 'Premia za październik')`, [
      member.id,
    ]);
    await queryAs('service_role', `select public.admin_credit_wallet($1, 12.5, 'Zwrot', true)`, [member.id]);
    await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'debit', 5, 'Korekta')`, [member.id]);
    // What admin_run_payout sends each member (its payout data).
    await admin().query(
      `select private.notify($1, 'profit', 'Wypłata zysków', 'x',
         jsonb_build_object('kind', 'profit_payout', 'amount', 125.5, 'currency', 'PLN', 'percentage', 15,
                            'tier', 'PREMIUM', 'amountUsdt', 31.37))`,
      [member.id],
    );
    const mails = await outboxOf(member.id);
    expect(mails.map((m) => [m.template, m.variables.amount, m.variables.reason])).toEqual([
      ['wallet-credited', '50.00 USDT', 'Premia za październik'],
      ['wallet-credited', '12.50 USDT', 'Zwrot'],
      ['profit-payout', '125.50 PLN', undefined],
    ]);
    expect(mails[2]!.variables).toMatchObject({ amount_usdt: '31.37 USDT', percentage: '15%', tier: 'PREMIUM' });
  });

  it('a payout run queues one e-mail per paid member', async () => {
    const adminUser = await createAdmin();
    const vip = await createMember();
    await setMembershipLevel(vip.id, 'VIP');
    const { rows } = await admin().query<{ id: string }>(
      `insert into public.ecommerce_revenue (amount) values (1000) returning id`,
    );
    await queryAs(adminUser, 'select * from public.admin_run_payout($1, 0.25)', [rows[0]!.id]);
    const mails = await outboxOf(vip.id);
    expect(mails.map((m) => m.template)).toEqual(['profit-payout']);
    expect(mails[0]!.variables).toMatchObject({ percentage: '20%', tier: 'VIP' });
  });

  it('are not queued for a kind the member switched off; other kinds still are', async () => {
    const adminUser = await createAdmin();
    const member = await createMember();
    await setPrefs(member, { wallet_credited: false, withdrawal_requested: true });
    await fundWallet(member, 5);
    await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 50, 'Premia')`, [member.id]);
    await pendingWithdrawal(member, 10);
    expect((await outboxOf(member.id)).map((m) => m.template)).toEqual(['withdrawal-requested']);
    // The in-app notification is still there.
    const { rows } = await admin().query<{ n: number }>(
      `select count(*)::int as n from public.notifications where user_id = $1 and data ->> 'kind' = 'wallet_credited'`,
      [member.id],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('a failed notification insert takes its e-mail with it (one transaction)', async () => {
    const adminUser = await createAdmin();
    const member = await createMember();
    await expect(
      asActor(adminUser, async (query) => {
        await query(`select public.admin_adjust_wallet($1, 'credit', 50, 'Premia')`, [member.id]);
        throw new Error('the request failed after the RPC');
      }),
    ).rejects.toThrow('the request failed');
    expect(await outboxOf(member.id)).toEqual([]);
  });

  it('the templates are editable ones in the admin list', async () => {
    const adminUser = await createAdmin();
    const rows = await queryAs<{ name: string }>(
      adminUser,
      `select name from public.email_templates where name in
         ('withdrawal-requested', 'withdrawal-completed', 'withdrawal-failed', 'wallet-credited', 'profit-payout')
       order by name`,
    );
    expect(rows).toHaveLength(5);
  });
});
