// Factories and probes for the money domain (notifications, wallet, CCC). Arranging goes through
// the superuser pool or service_role; assertions read the truth behind RLS with admin().
import { randomBytes } from 'node:crypto';
import { afterEach, expect, onTestFinished } from 'vitest';
import { tronAddress } from './chain-factories.ts';
import { admin, queryAs, type TestUser } from './db.ts';

/** A well-formed ERC20/BSC address: 0x + 40 hex characters. */
export const walletAddress = () => `0x${randomBytes(20).toString('hex')}`;

/** A well-formed transaction hash: 0x + 64 hex characters (ERC20/BSC). */
export const txHash = () => `0x${randomBytes(32).toString('hex')}`;

/** The club's receiving (and paying) address of each network in the test database. */
export const CLUB_ADDRESSES = {
  TRC20: 'TQ2iB6UZ2T5xZzbyVuxp6xMmTxPE3mTWZX',
  ERC20: '0x52908400098527886E0F7030069857D2E4169EE7',
  BSC: '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
} as const;

export type UsdtNetwork = keyof typeof CLUB_ADDRESSES;

/**
 * The club pays withdrawals on every network, from CLUB_ADDRESSES (the migrations leave them off):
 * as the admin's 'Sieci USDT' settings would, arranged by the superuser. Idempotent.
 */
export async function enableUsdtNetworks(): Promise<void> {
  for (const [network, address] of Object.entries(CLUB_ADDRESSES)) {
    await admin().query(
      `update public.usdt_networks set enabled = true, receiving_address = coalesce(receiving_address, $2)
        where network = $1 and not (enabled and receiving_address is not null)`,
      [network, address],
    );
  }
}

/**
 * What usdt-verify-withdrawal records once the chain confirmed a claimed withdrawal's payout (the
 * service role's record_withdrawal_chain_transfer): from the club's address to the member's, the
 * exact amount, a block and its time. Overrides make a transfer that does not match.
 */
export async function verifyPayoutOnChain(
  withdrawalId: string,
  hash: string,
  overrides: Partial<{ from: string; to: string; amount: string; logIndex: number; network: UsdtNetwork }> = {},
): Promise<void> {
  const { rows } = await admin().query<{ network: UsdtNetwork; address: string; amount: string; claimed_by: string }>(
    'select network, address, amount, claimed_by from public.withdrawals where id = $1',
    [withdrawalId],
  );
  const row = rows[0]!;
  const { rows: club } = await admin().query<{ receiving_address: string }>(
    'select receiving_address from public.usdt_networks where network = $1',
    [row.network],
  );
  await queryAs(
    'service_role',
    'select public.record_withdrawal_chain_transfer($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
    [
      withdrawalId,
      row.claimed_by,
      overrides.network ?? row.network,
      hash,
      overrides.logIndex ?? 0,
      overrides.from ?? club[0]?.receiving_address,
      overrides.to ?? row.address,
      overrides.amount ?? row.amount,
      68_000_000 + Math.floor(Math.random() * 1_000_000),
      new Date().toISOString(),
    ],
  );
}

/**
 * 'Zrealizowana' as the admin's dialog does it: the payout verified on chain (verifyPayoutOnChain),
 * then admin_complete_withdrawal with its hash, as the claimant.
 */
export async function completeWithdrawal(
  adminUser: TestUser,
  withdrawalId: string,
  hash: string = txHash(),
): Promise<Withdrawal> {
  await verifyPayoutOnChain(withdrawalId, hash);
  const [row] = await queryAs<Withdrawal>(adminUser, 'select * from public.admin_complete_withdrawal($1, $2)', [
    withdrawalId,
    hash,
  ]);
  return row!;
}

export interface Balance {
  available_balance: string;
  pending_balance: string;
  total_balance: string;
}

/** The wallet row as stored (numeric columns come back as strings, e.g. '50.00'). */
export async function balanceOf(userId: string): Promise<Balance | undefined> {
  const { rows } = await admin().query<Balance>(
    'select available_balance, pending_balance, total_balance from public.wallet_balances where user_id = $1',
    [userId],
  );
  return rows[0];
}

/** Credits the wallet as server code would (service_role → admin_credit_wallet). */
export async function fundWallet(user: TestUser, amount: number | string, note = 'test deposit'): Promise<Balance> {
  const [row] = await queryAs<Balance>('service_role', 'select * from public.admin_credit_wallet($1, $2, $3)', [
    user.id,
    amount,
    note,
  ]);
  return row!;
}

/** Wallets whose balances disagree with their ledger or pending withdrawals (empty = the books agree). */
export async function ledgerMismatches(): Promise<unknown[]> {
  const { rows } = await admin().query('select * from private.wallet_ledger_mismatches()');
  return rows;
}

/**
 * The ledger invariant after every test of the calling file (balances = ledger sums, pending =
 * pending withdrawals): call it once at the top of a test file that moves money.
 */
export function checkLedgerAfterEachTest(): void {
  afterEach(async () => {
    expect(await ledgerMismatches()).toEqual([]);
  });
}

export interface Withdrawal {
  id: string;
  user_id: string;
  amount: string;
  network: UsdtNetwork;
  address: string;
  status: 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';
  tx_hash: string | null;
  failure_reason: string | null;
  processed_at: Date | null;
  processed_by: string | null;
  claimed_by: string | null;
  claimed_at: Date | null;
  new_address: boolean;
  hold_until: Date | null;
}

/** A pending withdrawal of `amount`, requested by the member (the wallet is funded first). */
export async function pendingWithdrawal(
  member: TestUser,
  amount = 10,
  network: UsdtNetwork = 'ERC20',
): Promise<Withdrawal> {
  await enableUsdtNetworks();
  await fundWallet(member, amount);
  const [row] = await queryAs<Withdrawal>(member, 'select * from public.request_withdrawal($1, $2, $3)', [
    amount,
    network,
    network === 'TRC20' ? tronAddress() : walletAddress(),
  ]);
  return row!;
}

/**
 * The admin claims a pending withdrawal (pending → processing), as the payouts tab's 'Przejmij'
 * does; a new address's 24-hour wait is taken as passed first. Complete and fail need the claim.
 */
export async function claimWithdrawal(adminUser: TestUser, withdrawalId: string): Promise<Withdrawal> {
  await admin().query('update public.withdrawals set hold_until = least(hold_until, now()) where id = $1', [
    withdrawalId,
  ]);
  const [row] = await queryAs<Withdrawal>(adminUser, 'select * from public.admin_claim_withdrawal($1)', [withdrawalId]);
  return row!;
}

export interface NotificationRow {
  id: string;
  user_id: string;
  type: 'profit' | 'message' | 'system';
  title: string;
  content: string;
  data: Record<string, unknown>;
  created_at: Date;
  read_at: Date | null;
}

/** A notification stored for the user (as a server function would insert it). */
export async function createNotification(
  userId: string,
  input: Partial<Pick<NotificationRow, 'type' | 'title' | 'content' | 'data'>> & { read_at?: Date | null } = {},
): Promise<NotificationRow> {
  const { rows } = await admin().query<NotificationRow>(
    `insert into public.notifications (user_id, type, title, content, data, read_at)
     values ($1, $2, $3, $4, $5, $6) returning *`,
    [
      userId,
      input.type ?? 'system',
      input.title ?? 'Witamy w klubie',
      input.content ?? 'Treść powiadomienia',
      input.data ?? {},
      input.read_at ?? null,
    ],
  );
  return rows[0]!;
}

export async function notificationsOf(userId: string): Promise<NotificationRow[]> {
  const { rows } = await admin().query<NotificationRow>(
    'select * from public.notifications where user_id = $1 order by created_at, id',
    [userId],
  );
  return rows;
}

export type CccTier = 'PLATINUM' | 'DIAMOND' | 'GOLD' | 'SILVER' | 'BRONZE' | 'START';

/**
 * Stores `count` assignments of a tier for the user directly (copying the catalogue), active unless
 * `expired`. Called inside a test, they are removed when the test ends, pass or fail: the tiers'
 * slots are club-wide, and a tier left full made later files' orders fail with payments.no_slots
 * (in whichever order the files ran). Called in a hook, the caller removes them.
 */
export async function occupySlots(
  tier: CccTier,
  count: number,
  userId: string,
  { expired = false } = {},
): Promise<string[]> {
  const { rows } = await admin().query<{ id: string }>(
    `insert into public.ccc_assignments (user_id, package_tier, ccc_amount, profit_share, duration_months, start_date, end_date)
     select $1, t.tier, t.ccc_amount, t.profit_share, t.duration_months,
            case when $4 then now() - interval '400 days' else now() end,
            case when $4 then now() - interval '1 day' else now() + make_interval(days => t.duration_months * 30) end
       from public.ccc_tiers t, generate_series(1, $3)
      where t.tier = $2
     returning id`,
    [userId, tier, count, expired],
  );
  const ids = rows.map((row) => row.id);
  if (insideTest()) {
    onTestFinished(async () => {
      await admin().query('delete from public.ccc_assignments where id = any($1)', [ids]);
    });
  }
  return ids;
}

/** Whether a test (not a hook) is running: onTestFinished works there only. */
function insideTest(): boolean {
  try {
    onTestFinished(() => undefined);
    return true;
  } catch {
    return false;
  }
}

/** Free slots of a tier right now, as the server counts them (pending orders' reservations included). */
export async function freeSlots(tier: CccTier): Promise<number> {
  const { rows } = await admin().query<{ free: number }>('select private.ccc_free_slots($1) as free', [tier]);
  return rows[0]!.free;
}

/**
 * Pays a plan for the member the way the payment path does: an order at the catalogue's transfer price,
 * confirmed through private.confirm_payment (as the payment gateway would). Returns the order's id.
 */
export async function payForPlan(userId: string, tier: 'START' | 'PREMIUM' | 'VIP'): Promise<string> {
  const { rows } = await admin().query<{ id: string; amount: string }>(
    `insert into public.payment_orders (reference, user_id, kind, plan_tier, method, amount, currency, expires_at)
     select private.new_payment_reference(), $1, 'plan', m.tier, 'transfer', m.yearly_price_pln, 'PLN', now() + interval '7 days'
       from public.membership_plans m where m.tier = $2
     returning id, amount::text`,
    [userId, tier],
  );
  const order = rows[0]!;
  await admin().query(`select private.confirm_payment($1, $2::numeric, 'gateway', null)`, [order.id, order.amount]);
  return order.id;
}
