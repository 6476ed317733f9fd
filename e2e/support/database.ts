// Facts the UI does not show, read from the stack's database, and a few writers that arrange data the way
// server code would (admin RPCs with service_role claims).
import pg from 'pg';
import { STACK_DATABASE_URL } from './env';

/** One statement on the stack's PostgreSQL as the superuser, on its own connection. */
export async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: STACK_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Who referred the member with this e-mail (the referrer's e-mail and the code used), if anyone. */
export async function referralOf(email: string): Promise<{ referrer: string; code: string | null } | null> {
  const rows = await query<{ referrer: string; code: string | null }>(
    `select referrer.email as referrer, c.code
       from public.referral_relationships r
       join auth.users referred on referred.id = r.referred_id
       join auth.users referrer on referrer.id = r.referrer_id
       left join public.referral_codes c on c.id = r.code_id
      where referred.email = lower($1)`,
    [email],
  );
  return rows[0] ?? null;
}

/** Gives the member with this e-mail a referral code of their own (as 'Wygeneruj kod' would); returns it. */
export async function giveReferralCode(email: string): Promise<string> {
  const code = `E2E${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1296)
    .toString(36)
    .toUpperCase()}`;
  await query(
    `insert into public.referral_codes (code, user_id) select $2, u.id from auth.users u where u.email = lower($1)`,
    [email, code],
  );
  return code;
}

// ---------------------------------------------------------------------------------------------
// Money and CCC: arranging through the admin RPCs, as server code would call them (service_role
// claims), and reading the books the screens do not show.
// ---------------------------------------------------------------------------------------------

/** Runs statements in one transaction with service_role's claims (what `private.is_admin_or_service_role()` reads). */
async function asServiceRole<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: STACK_DATABASE_URL });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
    const rows = (await client.query<Row>(text, values)).rows;
    await client.query('commit');
    return rows;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Credits a member's wallet through admin_credit_wallet (a ledger 'credit' entry). */
export async function creditWallet(email: string, amount: number): Promise<void> {
  await asServiceRole(
    `select public.admin_credit_wallet(u.id, $2, 'E2E deposit')
       from auth.users u where u.email = lower($1)`,
    [email, amount],
  );
}

export interface Books {
  available: string;
  pending: string;
  total: string;
  /** Sums of the member's ledger entries. */
  ledgerAvailable: string;
  ledgerPending: string;
  /** Sum of the member's pending and processing (claimed) withdrawals. */
  pendingWithdrawals: string;
  withdrawals: { amount: string; network: string; address: string; status: string }[];
}

/** The member's wallet as stored: balances, ledger sums and withdrawals (newest first). */
export async function booksOf(email: string): Promise<Books> {
  const [row] = await query<Books>(
    `select b.available_balance::text as available, b.pending_balance::text as pending, b.total_balance::text as total,
            coalesce((select sum(t.available_delta) from public.wallet_transactions t where t.user_id = u.id), 0)::numeric(18, 2)::text as "ledgerAvailable",
            coalesce((select sum(t.pending_delta) from public.wallet_transactions t where t.user_id = u.id), 0)::numeric(18, 2)::text as "ledgerPending",
            coalesce((select sum(w.amount) from public.withdrawals w where w.user_id = u.id and w.status in ('pending', 'processing')), 0)::numeric(18, 2)::text as "pendingWithdrawals",
            coalesce((select json_agg(json_build_object('amount', w.amount::text, 'network', w.network, 'address', w.address, 'status', w.status)
                                      order by w.created_at desc)
                        from public.withdrawals w where w.user_id = u.id), '[]'::json) as withdrawals
       from auth.users u join public.wallet_balances b on b.user_id = u.id
      where u.email = lower($1)`,
    [email],
  );
  if (!row) throw new Error(`no wallet for ${email}`);
  return row;
}

/**
 * A new address's 24-hour wait, taken as passed: the member's pending withdrawals can be claimed now
 * (the wait itself is shown and tested before this is called).
 */
export async function endWithdrawalWait(email: string): Promise<void> {
  await query(
    `update public.withdrawals w set hold_until = now() - interval '1 second'
      from auth.users u
     where u.id = w.user_id and u.email = lower($1) and w.status = 'pending' and w.hold_until > now()`,
    [email],
  );
}

/**
 * Takes every free slot of a CCC tier (admin_assign_ccc_package, at most 10 per call) for a holder
 * account; returns the assignments so the test can give them back with `releaseCccSlots`.
 */
export async function fillCccTier(tier: string, holderEmail: string): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const [free] = await query<{ free: number }>(
      `select (t.total_slots - (select count(*) from public.ccc_assignments a
                                  where a.package_tier = t.tier and a.end_date >= now()))::int as free
         from public.ccc_tiers t where t.tier = $1::public.ccc_tier`,
      [tier],
    );
    if (!free || free.free <= 0) return ids;
    const rows = await asServiceRole<{ id: string }>(
      `select a.id from auth.users u, public.admin_assign_ccc_package(u.id, $2::public.ccc_tier, $3) a
        where u.email = lower($1)`,
      [holderEmail, tier, Math.min(free.free, 10)],
    );
    ids.push(...rows.map((row) => row.id));
  }
}

/** Gives CCC slots back (admin_remove_ccc_assignment). */
export async function releaseCccSlots(ids: readonly string[]): Promise<void> {
  for (const id of ids) await asServiceRole('select public.admin_remove_ccc_assignment($1)', [id]);
}

/** The stored payment link of a plan or CCC tier for a method. */
export async function paymentLink(kind: 'plan' | 'ccc', tier: string, method: string): Promise<string> {
  const table = kind === 'plan' ? 'public.plan_payment_links' : 'public.ccc_payment_links';
  const [row] = await query<{ url: string }>(`select url from ${table} where tier::text = $1 and method::text = $2`, [
    tier,
    method,
  ]);
  if (!row) throw new Error(`no ${kind} payment link for ${tier}/${method}`);
  return row.url;
}

/** The files in the member's avatar folder (storage.objects of bucket avatars). */
export async function avatarFilesOf(email: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `select o.name from storage.objects o join auth.users u on o.name like u.id::text || '/%'
      where o.bucket_id = 'avatars' and u.email = lower($1) order by o.name`,
    [email],
  );
  return rows.map((row) => row.name);
}

/** How many visits a referral code has counted (`track_referral_visit`). */
export async function referralVisits(code: string): Promise<number> {
  const rows = await query<{ visits: number }>(
    'select visits_count as visits from public.referral_codes where code = $1',
    [code],
  );
  if (!rows[0]) throw new Error(`no referral code ${code}`);
  return rows[0].visits;
}

/**
 * Confirms an order as the payment gateway would after its verify (private.confirm_payment with what
 * is due at the order's fixed price): the journey starts with something the member already paid.
 */
export async function confirmOrderAsGateway(reference: string): Promise<void> {
  await query(
    `select private.confirm_payment(o.id, o.amount, 'gateway', null) from public.payment_orders o where o.reference = $1`,
    [reference],
  );
}

/**
 * The member's membership as if bought `days` ago: every period (and the end date its order states)
 * moves back, and the level cache is written from the periods again.
 */
export async function backdateMembership(email: string, days: number): Promise<void> {
  await query(
    `with member as (select u.id from auth.users u where u.email = lower($1)),
          moved as (
            update public.membership_periods m
               set first_day = m.first_day - $2::int, last_day = m.last_day - $2::int
             where m.user_id = (select id from member)
            returning m.order_id, m.last_day)
     update public.payment_orders o set membership_valid_until = moved.last_day
       from moved where o.id = moved.order_id`,
    [email, days],
  );
  await query('select private.sync_membership_cache(u.id) from auth.users u where u.email = lower($1)', [email]);
}

/**
 * The member with this e-mail buys a plan by transfer and the gateway confirms it (an order at the
 * catalogue's price, private.confirm_payment): for a referred member, the referrer's commission.
 */
export async function payPlanAsGateway(email: string, tier: 'START' | 'PREMIUM' | 'VIP'): Promise<void> {
  const [order] = await query<{ reference: string }>(
    `insert into public.payment_orders (reference, user_id, kind, plan_tier, method, amount, currency, expires_at)
     select private.new_payment_reference(), u.id, 'plan', m.tier, 'transfer', m.yearly_price_pln, 'PLN', now() + interval '7 days'
       from auth.users u, public.membership_plans m
      where u.email = lower($1) and m.tier = $2
     returning reference`,
    [email, tier],
  );
  if (!order) throw new Error(`no member ${email}`);
  await confirmOrderAsGateway(order.reference);
}

/** The commissions of the referrer with this e-mail: PLN, status (to_pay / paid / cancelled), USDT once paid. */
export async function commissionsOf(
  email: string,
): Promise<{ amount_pln: string; status: string; amount_usdt: string | null }[]> {
  return query(
    `select c.amount_pln::text, c.amount_usdt::text,
            case when c.cancelled_at is not null then 'cancelled' when c.settled_at is not null then 'paid' else 'to_pay' end as status
       from public.referral_commissions c join auth.users u on u.id = c.referrer_id
      where u.email = lower($1) order by c.created_at`,
    [email],
  );
}
