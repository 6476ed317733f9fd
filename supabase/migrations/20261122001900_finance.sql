-- Finance: the treasurer's view ('Finanse', issue 35 §4): what the club owes its members now, the
-- money that came in by month, method and currency, and what went out as profit payouts and
-- commission settlements by month, in one read.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Tables
-- ========================================================================================

-- private.finance_money_in --------------------------------------------------------------
-- Money in by month (Warsaw), method, currency and the order's state, kept by a trigger on
-- payment_orders, so 'Finanse' reads some hundred rows instead of every order: per bucket the
-- orders and the sum of what they received (amount_received). The month is the decision's for
-- paid, underpaid and to_refund orders and the refund's for refunded ones.
create table private.finance_money_in (
  month date not null,
  method public.payment_method not null,
  currency text not null,
  status public.payment_order_status not null,
  orders integer not null,
  amount numeric(18,2) not null,
  constraint finance_money_in_status_check CHECK ((status = ANY (ARRAY['paid'::public.payment_order_status, 'underpaid'::public.payment_order_status, 'to_refund'::public.payment_order_status, 'refunded'::public.payment_order_status]))),
  constraint finance_money_in_orders_check CHECK ((orders >= 0)),
  constraint finance_money_in_pkey PRIMARY KEY (month, method, currency, status),
  constraint finance_money_in_amount_finite_check CHECK ((amount <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric])))
);
alter table private.finance_money_in enable row level security;

-- private.finance_wallet_totals ---------------------------------------------------------
-- The members' available balances in all and how many wallets hold money, kept in 16 shards (a
-- session's transactions add to the shard of its backend), so 'Finanse' reads 16 rows instead of
-- every wallet. Each transaction adds its wallets' changes once, at commit (a deferred trigger of
-- a marker row in private.finance_wallet_flush), not once per ledger entry: a payout run that
-- credits 100 000 wallets updates one shard row once.
create table private.finance_wallet_totals (
  shard smallint not null,
  available numeric(20,2) default 0 not null,
  wallets integer default 0 not null,
  constraint finance_wallet_totals_shard_check CHECK (((shard >= 0) AND (shard < 16))),
  constraint finance_wallet_totals_pkey PRIMARY KEY (shard),
  constraint finance_wallet_totals_available_finite_check CHECK ((available <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric])))
);
alter table private.finance_wallet_totals enable row level security;

-- private.finance_wallet_flush ----------------------------------------------------------
-- One row per transaction that changed a wallet's available balance, inserted with its first
-- change and deleted at its commit, when its deferred trigger adds the changes to a shard.
create table private.finance_wallet_flush (
  txid bigint not null,
  constraint finance_wallet_flush_pkey PRIMARY KEY (txid)
);
alter table private.finance_wallet_flush enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- private.finance_wallet_mismatch() compares the shards with the wallets holding money.
create index wallet_balances_available_idx on public.wallet_balances (available_balance) where available_balance > 0;

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.finance_money_in_bucket() -----------------------------------------------------
-- The bucket of an order in private.finance_money_in, or null when it counts nowhere (not paid,
-- underpaid, to be refunded or refunded, or no money received).
create function private.finance_money_in_bucket(p_order public.payment_orders)
returns date
language sql
immutable
set search_path = ''
as $$
  select case when p_order.status in ('paid', 'underpaid', 'to_refund', 'refunded') and p_order.amount_received is not null
              then date_trunc('month', (case when p_order.status = 'refunded' then p_order.refunded_at
                                             else coalesce(p_order.decided_at, p_order.created_at) end)
                                        at time zone 'Europe/Warsaw')::date end
$$;

-- private.count_finance_money_in() ------------------------------------------------------
-- Statement trigger on payment_orders (insert, update, delete; transition tables): moves the orders
-- a statement changed from their old buckets to their new ones, one upsert per bucket, so a bulk
-- insert (an import, the bench's seed) touches each bucket once, not once per order.
create function private.count_finance_money_in()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.finance_money_in as f (month, method, currency, status, orders, amount)
    select private.finance_money_in_bucket(n), n.method, n.currency, n.status, count(*), sum(n.amount_received)
      from new_rows n
     where private.finance_money_in_bucket(n) is not null
     group by 1, 2, 3, 4
    on conflict (month, method, currency, status)
    do update set orders = f.orders + excluded.orders, amount = f.amount + excluded.amount;
  elsif tg_op = 'DELETE' then
    update private.finance_money_in f
       set orders = f.orders - d.n, amount = f.amount - d.a
      from (select private.finance_money_in_bucket(o) as month, o.method, o.currency, o.status,
                   count(*) as n, sum(o.amount_received) as a
              from old_rows o
             where private.finance_money_in_bucket(o) is not null
             group by 1, 2, 3, 4) d
     where f.month = d.month and f.method = d.method and f.currency = d.currency and f.status = d.status;
  else
    -- Negative deltas update existing buckets (an insert with them would break the check even
    -- when it ends in an update); new buckets are inserted.
    with d as (
      select x.month, x.method, x.currency, x.status, sum(x.n) as n, sum(x.a) as a
        from (select private.finance_money_in_bucket(o) as month, o.method, o.currency, o.status,
                     -1 as n, -o.amount_received as a
                from old_rows o
               where private.finance_money_in_bucket(o) is not null
              union all
              select private.finance_money_in_bucket(n), n.method, n.currency, n.status, 1, n.amount_received
                from new_rows n
               where private.finance_money_in_bucket(n) is not null) x
       group by 1, 2, 3, 4
      having sum(x.n) <> 0 or sum(x.a) <> 0
    ),
    changed as (
      update private.finance_money_in f
         set orders = f.orders + d.n, amount = f.amount + d.a
        from d
       where f.month = d.month and f.method = d.method and f.currency = d.currency and f.status = d.status
      returning f.month, f.method, f.currency, f.status
    )
    insert into private.finance_money_in as f (month, method, currency, status, orders, amount)
    select d.month, d.method, d.currency, d.status, d.n, d.a
      from d
     where not exists (select 1 from changed c
                        where c.month = d.month and c.method = d.method and c.currency = d.currency and c.status = d.status)
    on conflict (month, method, currency, status)
    do update set orders = f.orders + excluded.orders, amount = f.amount + excluded.amount;
  end if;
  return null;
end
$$;

-- private.track_finance_wallets() ------------------------------------------------------
-- Trigger on wallet_balances (each row): adds the change of the available balance and of 'holds
-- money' to this transaction's sum (a transaction-local setting, rolled back with a savepoint as
-- the change itself is), and with the first change of the transaction inserts its flush marker.
create function private.track_finance_wallets()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_available numeric := 0;
  v_wallets integer := 0;
  v_sum text := coalesce(current_setting('klub.finance_wallets', true), '');
begin
  if tg_op in ('UPDATE', 'DELETE') then
    v_available := v_available - old.available_balance;
    v_wallets := v_wallets - (old.available_balance > 0)::integer;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    v_available := v_available + new.available_balance;
    v_wallets := v_wallets + (new.available_balance > 0)::integer;
  end if;
  if v_available = 0 and v_wallets = 0 then
    return null;
  end if;
  if v_sum = '' then
    insert into private.finance_wallet_flush (txid) values (txid_current()) on conflict (txid) do nothing;
  else
    v_available := v_available + split_part(v_sum, ':', 1)::numeric;
    v_wallets := v_wallets + split_part(v_sum, ':', 2)::integer;
  end if;
  perform set_config('klub.finance_wallets', v_available::text || ':' || v_wallets::text, true);
  return null;
end
$$;

-- private.flush_finance_wallets() -------------------------------------------------------
-- Deferred trigger of the flush marker, at commit: adds the transaction's sum to its shard once.
create function private.flush_finance_wallets()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sum text := coalesce(current_setting('klub.finance_wallets', true), '');
begin
  if v_sum <> '' then
    update private.finance_wallet_totals t
       set available = t.available + split_part(v_sum, ':', 1)::numeric,
           wallets = t.wallets + split_part(v_sum, ':', 2)::integer
     where t.shard = pg_backend_pid() % 16;
    perform set_config('klub.finance_wallets', '', true);
  end if;
  delete from private.finance_wallet_flush f where f.txid = new.txid;
  return null;
end
$$;

-- private.finance_wallet_mismatch() -----------------------------------------------------
-- The shards against the wallets themselves (tests, the bench's check): a row when they differ.
create function private.finance_wallet_mismatch()
returns table (kept_available numeric, kept_wallets bigint, available numeric, wallets bigint)
language sql
stable
set search_path = ''
as $$
  select k.available, k.wallets, w.available, w.wallets
    from (select coalesce(sum(t.available), 0) as available, coalesce(sum(t.wallets), 0)::bigint as wallets
            from private.finance_wallet_totals t) k,
         (select coalesce(sum(b.available_balance), 0) as available, count(*) as wallets
            from public.wallet_balances b where b.available_balance > 0) w
   where k.available <> w.available or k.wallets <> w.wallets
$$;

-- private.finance_mismatches() ----------------------------------------------------------
-- The buckets of private.finance_money_in that differ from the orders themselves (tests and the
-- bench's check); empty when they agree.
create function private.finance_mismatches()
returns table (month date, method public.payment_method, currency text, status public.payment_order_status,
               kept_orders integer, kept_amount numeric, orders bigint, amount numeric)
language sql
stable
set search_path = ''
as $$
  with actual as (
    select private.finance_money_in_bucket(o) as month, o.method, o.currency, o.status,
           count(*) as orders, sum(o.amount_received) as amount
      from public.payment_orders o
     where private.finance_money_in_bucket(o) is not null
     group by 1, 2, 3, 4
  )
  select coalesce(f.month, a.month), coalesce(f.method, a.method), coalesce(f.currency, a.currency),
         coalesce(f.status, a.status), f.orders, f.amount, a.orders, a.amount
    from (select * from private.finance_money_in k where k.orders <> 0 or k.amount <> 0) f
    full join actual a
      on a.month = f.month and a.method = f.method and a.currency = f.currency and a.status = f.status
   where f.orders is distinct from a.orders::integer or f.amount is distinct from a.amount
$$;

-- public.admin_finance_overview() -------------------------------------------------------
-- Admin ('Finanse'): everything the tab shows, in one call.
--   liabilities: available (sum of available balances, USDT) and wallets (how many hold money);
--                in_withdrawal (pending + processing withdrawals, USDT); pending {count, amount,
--                oldest} and processing {count, amount, oldest_claim}; commissions {count,
--                members, total_pln} ('Do wypłaty');
--   money_in:    per month (newest first, p_months of them), method and currency: paid, underpaid,
--                to_refund and refunded {orders, amount} (amount_received; PLN or USDT);
--   payouts:     per month: profit payout runs {runs, members, credited_usdt, credited_pln,
--                remainder_pln (PLN of the pools kept by rounding)} and commission settlements
--                {commissions, settled_pln, settled_usdt}.
create function public.admin_finance_overview(p_months integer default 24)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_since date;
  v_result jsonb;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_months is null or p_months < 1 or p_months > 120 then
    raise exception using errcode = '22023', message = 'finance.invalid_months';
  end if;
  v_since := (date_trunc('month', now() at time zone 'Europe/Warsaw') - make_interval(months => p_months - 1))::date;

  select jsonb_build_object(
    'liabilities', (
      -- The wallets from their shards, the open withdrawals by status (their partial indexes), the
      -- commissions 'Do wypłaty' per referrer (their partial index, in referrer order).
      select jsonb_build_object(
               'available', w.available, 'wallets', w.wallets,
               'in_withdrawal', p.amount + q.amount,
               'pending', jsonb_build_object('count', p.n, 'amount', p.amount, 'oldest', p.oldest),
               'processing', jsonb_build_object('count', q.n, 'amount', q.amount, 'oldest_claim', q.oldest),
               'commissions', jsonb_build_object('count', c.n, 'members', c.members, 'total_pln', c.pln))
        from (select coalesce(sum(t.available), 0) as available, coalesce(sum(t.wallets), 0) as wallets
                from private.finance_wallet_totals t) w,
             (select count(*) as n, coalesce(sum(x.amount), 0) as amount, min(x.created_at) as oldest
                from public.withdrawals x where x.status = 'pending') p,
             (select count(*) as n, coalesce(sum(x.amount), 0) as amount, min(x.claimed_at) as oldest
                from public.withdrawals x where x.status = 'processing') q,
             (select count(*) as members, coalesce(sum(g.n), 0) as n, coalesce(sum(g.pln), 0) as pln
                from (select k.referrer_id, count(*) as n, sum(k.amount_pln) as pln
                        from public.referral_commissions k
                       where k.settled_at is null and k.cancelled_at is null and k.referrer_id is not null
                       group by k.referrer_id) g) c
    ),
    'money_in', coalesce((
      select jsonb_agg(jsonb_build_object(
               'month', to_char(m.month, 'YYYY-MM'), 'method', m.method, 'currency', m.currency,
               'paid', jsonb_build_object('orders', m.paid_orders, 'amount', m.paid_amount),
               'underpaid', jsonb_build_object('orders', m.underpaid_orders, 'amount', m.underpaid_amount),
               'to_refund', jsonb_build_object('orders', m.to_refund_orders, 'amount', m.to_refund_amount),
               'refunded', jsonb_build_object('orders', m.refunded_orders, 'amount', m.refunded_amount))
             order by m.month desc, m.method, m.currency)
        from (select f.month, f.method, f.currency,
                     coalesce(sum(f.orders) filter (where f.status = 'paid'), 0) as paid_orders,
                     coalesce(sum(f.amount) filter (where f.status = 'paid'), 0) as paid_amount,
                     coalesce(sum(f.orders) filter (where f.status = 'underpaid'), 0) as underpaid_orders,
                     coalesce(sum(f.amount) filter (where f.status = 'underpaid'), 0) as underpaid_amount,
                     coalesce(sum(f.orders) filter (where f.status = 'to_refund'), 0) as to_refund_orders,
                     coalesce(sum(f.amount) filter (where f.status = 'to_refund'), 0) as to_refund_amount,
                     coalesce(sum(f.orders) filter (where f.status = 'refunded'), 0) as refunded_orders,
                     coalesce(sum(f.amount) filter (where f.status = 'refunded'), 0) as refunded_amount
                from private.finance_money_in f
               where f.month >= v_since and f.orders > 0
               group by f.month, f.method, f.currency) m), '[]'::jsonb),
    'payouts', coalesce((
      select jsonb_agg(jsonb_build_object(
               'month', to_char(x.month, 'YYYY-MM'),
               'runs', coalesce(r.runs, 0), 'members', coalesce(r.members, 0),
               'credited_usdt', coalesce(r.usdt, 0), 'credited_pln', coalesce(r.pln, 0),
               'remainder_pln', coalesce(r.remainder, 0),
               'commissions', coalesce(c.n, 0), 'settled_pln', coalesce(c.pln, 0), 'settled_usdt', coalesce(c.usdt, 0))
             order by x.month desc)
        from (select date_trunc('month', pr.created_at at time zone 'Europe/Warsaw')::date as month
                from public.payout_runs pr where pr.created_at >= v_since
              union
              select date_trunc('month', rc.settled_at at time zone 'Europe/Warsaw')::date
                from public.referral_commissions rc where rc.settled_at >= v_since) x
        left join (select date_trunc('month', pr.created_at at time zone 'Europe/Warsaw')::date as month,
                          count(*) as runs, sum(pr.members_count) as members, sum(pr.total_usdt) as usdt,
                          sum(pr.total_pln) as pln, sum(pr.remainder_pln) as remainder
                     from public.payout_runs pr where pr.created_at >= v_since group by 1) r on r.month = x.month
        left join (select date_trunc('month', rc.settled_at at time zone 'Europe/Warsaw')::date as month,
                          count(*) as n, sum(rc.amount_pln) as pln, sum(rc.amount_usdt) as usdt
                     from public.referral_commissions rc where rc.settled_at >= v_since group by 1) c on c.month = x.month
    ), '[]'::jsonb),
    'months', p_months,
    'since', v_since
  ) into v_result;
  return v_result;
end
$$;

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- payment_orders_finance_money_in_* on public.payment_orders ----------------------------
create trigger payment_orders_finance_money_in_insert
  after insert on public.payment_orders
  referencing new table as new_rows
  for each statement execute function private.count_finance_money_in();

create trigger payment_orders_finance_money_in_update
  after update on public.payment_orders
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.count_finance_money_in();

create trigger payment_orders_finance_money_in_delete
  after delete on public.payment_orders
  referencing old table as old_rows
  for each statement execute function private.count_finance_money_in();

-- wallet_balances_finance_totals on public.wallet_balances ------------------------------
create trigger wallet_balances_finance_totals
  after insert or delete or update of available_balance on public.wallet_balances
  for each row execute function private.track_finance_wallets();

-- finance_wallet_flush_at_commit on private.finance_wallet_flush ------------------------
create constraint trigger finance_wallet_flush_at_commit
  after insert on private.finance_wallet_flush
  deferrable initially deferred
  for each row execute function private.flush_finance_wallets();

-- ========================================================================================
-- Grants
-- ========================================================================================

revoke execute on function public.admin_finance_overview(integer) from service_role;
grant execute on function public.admin_finance_overview(integer) to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on table private.finance_money_in is 'Money in by month (Warsaw; the decision''s, the refund''s for refunded orders), method, currency and state (paid, underpaid, to_refund, refunded): orders and amount_received, kept by the payment_orders_finance_money_in_* statement triggers; private.finance_mismatches() compares it with the orders.';
comment on function public.admin_finance_overview(integer) is 'Admin (''Finanse''): {liabilities {available, wallets, in_withdrawal, pending {count, amount, oldest}, processing {count, amount, oldest_claim}, commissions {count, members, total_pln}}, money_in [{month, method, currency, paid, underpaid, to_refund, refunded: {orders, amount}}], payouts [{month, runs, members, credited_usdt, credited_pln, remainder_pln, commissions, settled_pln, settled_usdt}], months, since} in one call; p_months 1..120.';
comment on table private.finance_wallet_totals is 'Sum of the members'' available balances and the count of wallets holding money, in 16 shards added to once per transaction at commit (private.track_finance_wallets, private.flush_finance_wallets); private.finance_wallet_mismatch() compares them with the wallets.';
comment on table private.finance_wallet_flush is 'The commit marker of a transaction that changed available balances (its deferred trigger adds the changes to a shard and deletes it).';
comment on function private.finance_mismatches() is 'Buckets of private.finance_money_in that differ from the payment orders; empty when they agree.';

-- ========================================================================================
-- Data
-- ========================================================================================

-- Orders recorded before this file (none on a fresh project; a local database being migrated again).
insert into private.finance_money_in (month, method, currency, status, orders, amount)
select private.finance_money_in_bucket(o), o.method, o.currency, o.status, count(*), sum(o.amount_received)
  from public.payment_orders o
 where private.finance_money_in_bucket(o) is not null
 group by 1, 2, 3, 4;

insert into private.finance_wallet_totals (shard) select g from generate_series(0, 15) g;
update private.finance_wallet_totals t
   set available = w.available, wallets = w.wallets
  from (select coalesce(sum(b.available_balance), 0) as available, count(*) as wallets
          from public.wallet_balances b where b.available_balance > 0) w
 where t.shard = 0;
