-- USDT on chain (issue 37): the club's settings per network and the one table of chain transfers
-- that pay orders (payment_receipts.chain_transfer_id) and withdrawals (chain_transfers.withdrawal_id).
-- The network type and its formats (private.is_usdt_address, private.is_usdt_tx_hash,
-- private.usdt_decimals) are in 20261122000800_payments.sql, before the tables that check them.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Tables
-- ========================================================================================

-- public.usdt_networks ------------------------------------------------------------------
-- One row per network: whether the club takes and pays USDT on it, the club's receiving address,
-- and the withdrawal rules of the network (minimum amount, the fee stored on a withdrawal).
create table public.usdt_networks (
  network public.withdrawal_network primary key,
  enabled boolean not null default false,
  receiving_address text,
  min_withdrawal numeric(12,2) not null default 0.01,
  withdrawal_fee numeric(12,2) not null default 0,
  updated_at timestamptz not null default now(),
  constraint usdt_networks_receiving_address_check check (
    receiving_address is null or private.is_usdt_address(network, receiving_address)
  ),
  -- Members pay to the address: a network without one cannot be offered.
  constraint usdt_networks_enabled_check check (not enabled or receiving_address is not null),
  constraint usdt_networks_min_withdrawal_check check (min_withdrawal between 0.01 and 1000000),
  constraint usdt_networks_withdrawal_fee_check check (withdrawal_fee >= 0 and withdrawal_fee < min_withdrawal),
  constraint usdt_networks_finite_check check (min_withdrawal <> all (array['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]) and withdrawal_fee <> all (array['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))
);
alter table public.usdt_networks enable row level security;

-- public.chain_transfers ----------------------------------------------------------------
-- One USDT Transfer on a chain, recorded once: (network, hash, log index) is unique. Read from the
-- chain (verified_at, log index, parties, amount, block) by the verifier or the watcher, or entered by
-- an admin's hand (log index null: the whole transaction, nothing read). What it was used for: the
-- order it paid (its payment_receipts row names it) or the withdrawal it paid out; neither → not
-- matched (yet).
create table public.chain_transfers (
  id bigint generated always as identity primary key,
  network public.withdrawal_network not null,
  tx_hash text not null,
  log_index integer,
  from_address text,
  to_address text,
  amount_units numeric(78,0),
  amount numeric(38,18),
  block_number bigint,
  block_time timestamptz,
  verified_at timestamptz,
  order_id uuid references public.payment_orders (id),
  withdrawal_id uuid references public.withdrawals (id),
  recorded_by uuid,
  created_at timestamptz not null default now(),
  constraint chain_transfers_tx_hash_check check (private.is_usdt_tx_hash(network, tx_hash) and tx_hash = lower(tx_hash)),
  constraint chain_transfers_log_index_check check (log_index >= 0),
  constraint chain_transfers_from_check check (from_address is null or private.is_usdt_address(network, from_address)),
  constraint chain_transfers_to_check check (to_address is null or private.is_usdt_address(network, to_address)),
  constraint chain_transfers_amount_check check (
    amount_units > 0 and amount * power(10::numeric, private.usdt_decimals(network)) = amount_units
  ),
  constraint chain_transfers_block_check check (block_number >= 0),
  constraint chain_transfers_finite_check check (amount_units <> all (array['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]) and amount <> all (array['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric])),
  -- Read from the chain: every fact is there; entered by hand: none is.
  constraint chain_transfers_verified_check check (
    (verified_at is not null and log_index is not null and from_address is not null and to_address is not null
      and amount_units is not null and amount is not null and block_number is not null and block_time is not null)
    or (verified_at is null and log_index is null and from_address is null and to_address is null
      and amount_units is null and amount is null and block_number is null and block_time is null)
  ),
  constraint chain_transfers_one_use check (order_id is null or withdrawal_id is null)
);
alter table public.chain_transfers enable row level security;

-- public.usdt_payment_checks ------------------------------------------------------------
-- A member's 'Hash transakcji' for an order, and what the chain verifier (usdt-verify-payment) last
-- found: waiting (not final yet, or the provider did not answer: checked again by the scheduled
-- job), confirmed (the transfer paid the order through private.confirm_payment) or rejected (with
-- the verdict). One row per order and transaction; the member reads their own.
create table public.usdt_payment_checks (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.payment_orders (id),
  user_id uuid references auth.users (id) on delete set null,
  network public.withdrawal_network not null,
  tx_hash text not null,
  status text not null default 'waiting',
  outcome text,
  confirmations integer,
  required integer,
  chain_transfer_id bigint references public.chain_transfers (id),
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  checked_at timestamptz,
  next_check_at timestamptz not null default now(),
  constraint usdt_payment_checks_status_check check (status in ('waiting', 'confirmed', 'rejected')),
  constraint usdt_payment_checks_outcome_check check (outcome ~ '^[a-z][a-z_]{0,39}$'),
  constraint usdt_payment_checks_tx_hash_check check (private.is_usdt_tx_hash(network, tx_hash) and tx_hash = lower(tx_hash)),
  constraint usdt_payment_checks_confirmations_check check (confirmations >= 0 and required >= 0),
  constraint usdt_payment_checks_confirmed_check check ((status = 'confirmed') = (chain_transfer_id is not null)),
  constraint usdt_payment_checks_one unique (order_id, network, tx_hash)
);
alter table public.usdt_payment_checks enable row level security;

-- private.usdt_check_submissions --------------------------------------------------------
-- Every hash a member submitted (accepted or not), for the rate limit: 10 an hour, 30 a day.
create table private.usdt_check_submissions (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
alter table private.usdt_check_submissions enable row level security;

-- private.chain_watch_cursors -----------------------------------------------------------
-- Where the watcher (usdt-watch) is in each network's incoming transfers to the club's address: the
-- provider's opaque cursor, for that address (a new address starts again).
create table private.chain_watch_cursors (
  network public.withdrawal_network primary key,
  address text not null,
  cursor text check (char_length(cursor) <= 2000),
  updated_at timestamptz not null default now()
);
alter table private.chain_watch_cursors enable row level security;

-- public.chain_unrecognised_transfers ---------------------------------------------------
-- 'Nierozpoznane wpłaty': a final transfer to a club address that no member reported and whose
-- amount is no pending order's. It credits nothing until an admin assigns it to an order; or the
-- admin records that it was sent back (refunded) or ignores it. Each decision audited.
create table public.chain_unrecognised_transfers (
  chain_transfer_id bigint primary key references public.chain_transfers (id),
  status text not null default 'open',
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by uuid,
  note text,
  refund_reference text,
  constraint chain_unrecognised_transfers_status_check check (status in ('open', 'assigned', 'refunded', 'ignored')),
  constraint chain_unrecognised_transfers_decided_check check ((status = 'open') = (decided_at is null)),
  constraint chain_unrecognised_transfers_note_check check (char_length(note) between 1 and 500),
  constraint chain_unrecognised_transfers_refund_check check (
    (status = 'refunded') = (refund_reference is not null) and char_length(refund_reference) between 1 and 200
  )
);
alter table public.chain_unrecognised_transfers enable row level security;

-- A receipt's transfer (the column is in 20261122000800_payments.sql).
alter table public.payment_receipts
  add constraint payment_receipts_chain_transfer_id_fkey foreign key (chain_transfer_id) references public.chain_transfers (id);

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- One transfer once; at most one hand-entered row (log index null) per transaction.
create unique index chain_transfers_transfer_idx on public.chain_transfers (network, tx_hash, log_index) nulls not distinct;
create index chain_transfers_order_id_idx on public.chain_transfers (order_id) where order_id is not null;
create index chain_transfers_withdrawal_id_idx on public.chain_transfers (withdrawal_id) where withdrawal_id is not null;
create index chain_transfers_recorded_by_idx on public.chain_transfers (recorded_by) where recorded_by is not null;

-- The re-check job's queue; a member's checks; an order's; the hash lookup of the watcher.
create index usdt_payment_checks_due_idx on public.usdt_payment_checks (next_check_at) where status = 'waiting';
create index usdt_payment_checks_user_idx on public.usdt_payment_checks (user_id, created_at);
create index usdt_payment_checks_tx_idx on public.usdt_payment_checks (network, tx_hash);
create index usdt_payment_checks_chain_transfer_id_idx on public.usdt_payment_checks (chain_transfer_id)
  where chain_transfer_id is not null;
create index usdt_check_submissions_user_idx on private.usdt_check_submissions (user_id, created_at);

-- The open queue, oldest first.
create index chain_unrecognised_transfers_open_idx on public.chain_unrecognised_transfers (created_at) where status = 'open';

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.record_chain_transfer() -------------------------------------------------------
-- THE one way a transfer is recorded, returned when it already is. p_log_index null: entered by an
-- admin's hand (the other facts null too): an already recorded transfer of that transaction is
-- returned (the first by log index), else a hand-entered row. With a log index: read from the chain;
-- a hand-entered row of that transaction becomes this transfer (the admin's entry, now verified).
-- Whether it may be used is the caller's (private.confirm_payment), under the transfer's row lock.
create function private.record_chain_transfer(
  p_network public.withdrawal_network,
  p_tx_hash text,
  p_log_index integer,
  p_from text,
  p_to text,
  p_amount_units numeric,
  p_block_number bigint,
  p_block_time timestamptz,
  p_actor uuid default null
)
returns public.chain_transfers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_hash text := lower(btrim(coalesce(p_tx_hash, '')));
  v_row public.chain_transfers;
begin
  if not private.is_usdt_tx_hash(p_network, v_hash) then
    raise exception using errcode = 'P0001', message = 'payments.invalid_tx_hash';
  end if;
  -- One transaction's rows are decided one caller at a time (a hand entry against chain reads).
  perform pg_advisory_xact_lock(hashtextextended('chain_transfer:' || p_network::text || ':' || v_hash, 0));
  if p_log_index is null then
    select * into v_row from public.chain_transfers t
     where t.network = p_network and t.tx_hash = v_hash
     order by t.log_index nulls first limit 1;
    if not found then
      insert into public.chain_transfers (network, tx_hash, recorded_by)
      values (p_network, v_hash, p_actor)
      returning * into v_row;
    end if;
    return v_row;
  end if;

  select * into v_row from public.chain_transfers t
   where t.network = p_network and t.tx_hash = v_hash and t.log_index = p_log_index;
  if found then
    return v_row;
  end if;
  update public.chain_transfers t
     set log_index = p_log_index, from_address = p_from, to_address = p_to, amount_units = p_amount_units,
         amount = p_amount_units * ('1e-' || private.usdt_decimals(p_network))::numeric,
         block_number = p_block_number, block_time = p_block_time, verified_at = now()
   where t.network = p_network and t.tx_hash = v_hash and t.log_index is null
  returning * into v_row;
  if not found then
    insert into public.chain_transfers (
      network, tx_hash, log_index, from_address, to_address, amount_units, amount, block_number, block_time,
      verified_at, recorded_by
    )
    values (
      p_network, v_hash, p_log_index, p_from, p_to, p_amount_units,
      p_amount_units * ('1e-' || private.usdt_decimals(p_network))::numeric, p_block_number, p_block_time, now(), p_actor
    )
    returning * into v_row;
  end if;
  return v_row;
end
$$;

-- private.guard_chain_transfers() -------------------------------------------------------
-- What the chain said stays as it said it, and a transfer used for an order or a withdrawal stays
-- used for it (undone only by a recorded refund, never by an edit). A hand-entered row is filled in
-- once, when the chain is read.
create function private.guard_chain_transfers()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.verified_at is not null and (
       new.network, new.tx_hash, new.log_index, new.from_address, new.to_address, new.amount_units, new.block_number,
       new.block_time, new.verified_at
     ) is distinct from (
       old.network, old.tx_hash, old.log_index, old.from_address, old.to_address, old.amount_units, old.block_number,
       old.block_time, old.verified_at
     ) then
    raise exception using errcode = 'P0001', message = 'chain.transfer_immutable';
  end if;
  if old.verified_at is null and (new.network, new.tx_hash) is distinct from (old.network, old.tx_hash) then
    raise exception using errcode = 'P0001', message = 'chain.transfer_immutable';
  end if;
  if (old.order_id is not null and new.order_id is distinct from old.order_id)
     or (old.withdrawal_id is not null and new.withdrawal_id is distinct from old.withdrawal_id) then
    raise exception using errcode = 'P0001', message = 'payments.tx_hash_used';
  end if;
  return new;
end
$$;

-- public.admin_update_usdt_network() ----------------------------------------------------
-- Admin (aal2): a network's settings; a null argument keeps the value (an empty address removes it,
-- which also turns the network off). Audited.
create function public.admin_update_usdt_network(
  p_network public.withdrawal_network,
  p_enabled boolean default null,
  p_receiving_address text default null,
  p_min_withdrawal numeric default null,
  p_withdrawal_fee numeric default null
)
returns public.usdt_networks
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.usdt_networks;
  v_row public.usdt_networks;
  v_address text := btrim(p_receiving_address);
  v_new_address text;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  select * into v_before from public.usdt_networks n where n.network = p_network for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_network';
  end if;
  if v_address <> '' and not private.is_usdt_address(p_network, v_address) then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_address';
  end if;
  if p_min_withdrawal is not null and (p_min_withdrawal not between 0.01 and 1000000 or p_min_withdrawal <> round(p_min_withdrawal, 2)) then
    raise exception using errcode = 'P0001', message = 'chain.invalid_min_withdrawal';
  end if;
  if p_withdrawal_fee is not null and (p_withdrawal_fee < 0 or p_withdrawal_fee <> round(p_withdrawal_fee, 2)) then
    raise exception using errcode = 'P0001', message = 'chain.invalid_withdrawal_fee';
  end if;
  if coalesce(p_withdrawal_fee, v_before.withdrawal_fee) >= coalesce(p_min_withdrawal, v_before.min_withdrawal) then
    raise exception using errcode = 'P0001', message = 'chain.fee_above_minimum';
  end if;
  v_new_address := case when v_address is null then v_before.receiving_address else nullif(v_address, '') end;
  if coalesce(p_enabled, v_before.enabled) and v_new_address is null then
    raise exception using errcode = 'P0001', message = 'chain.address_required';
  end if;
  update public.usdt_networks n
     set enabled = coalesce(p_enabled, n.enabled),
         receiving_address = v_new_address,
         min_withdrawal = coalesce(p_min_withdrawal, n.min_withdrawal),
         withdrawal_fee = coalesce(p_withdrawal_fee, n.withdrawal_fee),
         updated_at = now()
   where n.network = p_network
  returning * into v_row;
  perform private.audit('usdt_network.update', 'usdt_network', p_network::text, null,
    jsonb_build_object('enabled', v_before.enabled, 'receiving_address', v_before.receiving_address,
                       'min_withdrawal', v_before.min_withdrawal, 'withdrawal_fee', v_before.withdrawal_fee),
    jsonb_build_object('enabled', v_row.enabled, 'receiving_address', v_row.receiving_address,
                       'min_withdrawal', v_row.min_withdrawal, 'withdrawal_fee', v_row.withdrawal_fee));
  return v_row;
end
$$;

-- private.usdt_payment_due() ------------------------------------------------------------
-- What a transfer for the order must at least be: the price, or what is still due when underpaid.
create function private.usdt_payment_due(p_order public.payment_orders)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select case when p_order.status = 'underpaid' then p_order.shortfall else p_order.amount end
$$;

-- public.chain_begin_payment_check() ----------------------------------------------------
-- Service role (usdt-verify-payment, for the member whose token it checked): the member's hash for
-- their USDT order. Refuses what cannot be this order's payment (someone else's order, no network, a
-- paid or refunded order, a hash of another format or already used) and more than 10 submissions an
-- hour or 30 a day. Returns the check (created, or the same order and hash again) and what the
-- verifier must find: the amount due and the club's address on the order's network.
create function public.chain_begin_payment_check(p_user_id uuid, p_order_id uuid, p_tx_hash text)
returns table (check_id bigint, status text, network public.withdrawal_network, tx_hash text, amount numeric,
               to_address text, order_status public.payment_order_status)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
  v_hash text := lower(btrim(coalesce(p_tx_hash, '')));
  v_address text;
  v_check public.usdt_payment_checks;
begin
  if p_user_id is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  -- One member's submissions are counted one after another.
  perform 1 from public.profiles p where p.user_id = p_user_id for update;
  if (select count(*) from private.usdt_check_submissions s
       where s.user_id = p_user_id and s.created_at > now() - interval '1 hour') >= 10
     or (select count(*) from private.usdt_check_submissions s
          where s.user_id = p_user_id and s.created_at > now() - interval '1 day') >= 30 then
    raise exception using errcode = 'P0001', message = 'payments.too_many_checks';
  end if;
  insert into private.usdt_check_submissions (user_id) values (p_user_id);

  select * into v_order from public.payment_orders o where o.id = p_order_id and o.user_id = p_user_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'payments.order_not_found';
  end if;
  if v_order.method <> 'usdt' or v_order.network is null then
    raise exception using errcode = 'P0001', message = 'payments.network_required';
  end if;
  if not private.is_usdt_tx_hash(v_order.network, v_hash) then
    raise exception using errcode = 'P0001', message = 'payments.invalid_tx_hash';
  end if;
  select * into v_check from public.usdt_payment_checks c
   where c.order_id = v_order.id and c.network = v_order.network and c.tx_hash = v_hash;
  if v_check.status = 'confirmed' then
    return query select v_check.id, v_check.status, v_check.network, v_check.tx_hash, null::numeric, null::text, v_order.status;
    return;
  end if;
  if v_order.status not in ('pending', 'underpaid', 'expired', 'cancelled') then
    raise exception using errcode = 'P0001', message = 'payments.not_pending';
  end if;
  -- A transaction another order or a withdrawal used, or another order's member reported.
  if exists (select 1 from public.chain_transfers t
              where t.network = v_order.network and t.tx_hash = v_hash
                and (t.withdrawal_id is not null or t.order_id <> v_order.id))
     or exists (select 1 from public.usdt_payment_checks c
                 where c.network = v_order.network and c.tx_hash = v_hash and c.order_id <> v_order.id
                   and c.status <> 'rejected') then
    raise exception using errcode = 'P0001', message = 'payments.tx_hash_used';
  end if;
  select n.receiving_address into v_address from public.usdt_networks n where n.network = v_order.network;
  if v_address is null then
    raise exception using errcode = 'P0001', message = 'payments.network_disabled';
  end if;
  insert into public.usdt_payment_checks as c (order_id, user_id, network, tx_hash)
  values (v_order.id, p_user_id, v_order.network, v_hash)
  on conflict on constraint usdt_payment_checks_one
  do update set status = 'waiting', next_check_at = now()
  returning * into v_check;
  return query select v_check.id, v_check.status, v_check.network, v_check.tx_hash, private.usdt_payment_due(v_order),
                      v_address, v_order.status;
end
$$;

-- public.chain_due_payment_checks() -----------------------------------------------------
-- Service role (the re-check run of usdt-verify-payment): the waiting checks whose time has come,
-- oldest first, with what the verifier must find.
create function public.chain_due_payment_checks(p_limit integer default 20)
returns table (check_id bigint, network public.withdrawal_network, tx_hash text, amount numeric, to_address text)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.network, c.tx_hash, private.usdt_payment_due(o), n.receiving_address
    from public.usdt_payment_checks c
    join public.payment_orders o on o.id = c.order_id
    join public.usdt_networks n on n.network = c.network
   where c.status = 'waiting' and c.next_check_at <= now() and n.receiving_address is not null
   order by c.next_check_at
   limit least(greatest(coalesce(p_limit, 20), 1), 100)
$$;

-- public.chain_finish_payment_check() ---------------------------------------------------
-- Service role (usdt-verify-payment): what the verifier found for a check (p_verdict: the JSON of
-- _shared/chain/clients.ts verifyResultToJson). ok → the transfer is recorded and confirms the order
-- through private.confirm_payment (decided via the chain), with the amount that arrived rounded down
-- to the cent: less than due → underpaid. not_final / retryable → waiting, checked again (sooner
-- while the network confirms, later when the provider fails); not_found → waiting for an hour (a
-- transaction just sent may not be visible yet), then rejected; anything else → rejected.
create function public.chain_finish_payment_check(p_check_id bigint, p_verdict jsonb)
returns table (status text, outcome text, confirmations integer, required integer,
               order_status public.payment_order_status)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_check public.usdt_payment_checks;
  v_verdict text := p_verdict ->> 'status';
  v_transfer jsonb := p_verdict -> 'transfer';
  v_row public.chain_transfers;
  v_amount numeric;
  v_order public.payment_orders;
  v_delay interval;
begin
  if v_verdict is null or v_verdict !~ '^[a-z][a-z_]{0,39}$' then
    raise exception using errcode = 'P0001', message = 'chain.invalid_verdict';
  end if;
  select * into v_check from public.usdt_payment_checks c where c.id = p_check_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'chain.check_not_found';
  end if;
  if v_check.status = 'confirmed' then
    select * into v_order from public.payment_orders o where o.id = v_check.order_id;
    return query select v_check.status, v_check.outcome, v_check.confirmations, v_check.required, v_order.status;
    return;
  end if;
  v_delay := least(interval '5 minutes', interval '10 seconds' * power(2, least(v_check.attempts, 5)));

  if v_verdict = 'ok' then
    if v_transfer is null or v_transfer ->> 'to' is null then
      raise exception using errcode = 'P0001', message = 'chain.invalid_verdict';
    end if;
    v_row := private.record_chain_transfer(
      v_check.network, v_check.tx_hash, (v_transfer ->> 'logIndex')::integer, v_transfer ->> 'from',
      v_transfer ->> 'to', (v_transfer ->> 'units')::numeric, (v_transfer ->> 'blockNumber')::bigint,
      (v_transfer ->> 'blockTime')::timestamptz
    );
    v_amount := least(floor(v_row.amount * 100) / 100, 9999999999.99);
    if v_amount < 0.01 then
      update public.usdt_payment_checks c
         set status = 'rejected', outcome = 'short_amount', checked_at = now(), attempts = c.attempts + 1
       where c.id = v_check.id returning * into v_check;
    else
      begin
        select (r.payment_order).* into v_order
          from private.confirm_payment(v_check.order_id, v_amount, 'chain', null, v_row.id) r;
        update public.usdt_payment_checks c
           set status = 'confirmed', outcome = 'ok', chain_transfer_id = v_row.id, checked_at = now(),
               attempts = c.attempts + 1, confirmations = coalesce((p_verdict ->> 'confirmations')::integer, c.required),
               required = coalesce(c.required, (p_verdict ->> 'confirmations')::integer)
         where c.id = v_check.id returning * into v_check;
      exception when sqlstate 'P0001' then
        if sqlerrm <> 'payments.tx_hash_used' then
          raise;
        end if;
        update public.usdt_payment_checks c
           set status = 'rejected', outcome = 'tx_hash_used', checked_at = now(), attempts = c.attempts + 1
         where c.id = v_check.id returning * into v_check;
      end;
    end if;
  elsif v_verdict in ('not_final', 'retryable') or (v_verdict = 'not_found' and v_check.created_at > now() - interval '1 hour') then
    update public.usdt_payment_checks c
       set status = 'waiting', outcome = v_verdict, checked_at = now(), attempts = c.attempts + 1,
           confirmations = case when v_verdict = 'not_final' then (p_verdict ->> 'confirmations')::integer else c.confirmations end,
           required = case when v_verdict = 'not_final' then (p_verdict ->> 'required')::integer else c.required end,
           next_check_at = now() + case when v_verdict = 'not_final' then interval '5 seconds' else v_delay end
     where c.id = v_check.id returning * into v_check;
  else
    update public.usdt_payment_checks c
       set status = 'rejected', outcome = v_verdict, checked_at = now(), attempts = c.attempts + 1
     where c.id = v_check.id returning * into v_check;
  end if;
  select * into v_order from public.payment_orders o where o.id = v_check.order_id;
  return query select v_check.status, v_check.outcome, v_check.confirmations, v_check.required, v_order.status;
end
$$;

-- public.chain_watch_targets() ----------------------------------------------------------
-- Service role (usdt-watch): the networks switched on, their club address and where the watcher is
-- (null: from the start; a changed address starts again).
create function public.chain_watch_targets()
returns table (network public.withdrawal_network, address text, cursor text)
language sql
stable
security definer
set search_path = ''
as $$
  select n.network, n.receiving_address, case when c.address = n.receiving_address then c.cursor end
    from public.usdt_networks n
    left join private.chain_watch_cursors c on c.network = n.network
   where n.enabled and n.receiving_address is not null
   order by n.network
$$;

-- public.chain_record_incoming() --------------------------------------------------------
-- Service role (usdt-watch): final transfers to the club's address on a network (p_transfers: an
-- array of ChainTransferJson), then the cursor, in one transaction. Each transfer is recorded once
-- (a run that failed halfway is simply run again). One already used, or that a member reported
-- (usdt_payment_checks: the verifier decides it), or already queued is left alone; one of exactly
-- the amount of a pending order of the network pays it (decided via the chain); anything else goes
-- to 'Nierozpoznane wpłaty' and credits nothing.
create function public.chain_record_incoming(
  p_network public.withdrawal_network, p_address text, p_transfers jsonb, p_cursor text
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_item jsonb;
  v_row public.chain_transfers;
  v_order_id uuid;
  v_known integer := 0;
  v_matched integer := 0;
  v_queued integer := 0;
begin
  if jsonb_typeof(p_transfers) <> 'array' or jsonb_array_length(p_transfers) > 500 then
    raise exception using errcode = 'P0001', message = 'chain.invalid_transfers';
  end if;
  if not exists (select 1 from public.usdt_networks n where n.network = p_network and n.receiving_address = p_address) then
    raise exception using errcode = 'P0001', message = 'chain.address_changed';
  end if;
  for v_item in select * from jsonb_array_elements(p_transfers) loop
    if v_item ->> 'to' is distinct from p_address and lower(v_item ->> 'to') is distinct from lower(p_address) then
      continue;
    end if;
    v_row := private.record_chain_transfer(
      p_network, v_item ->> 'hash', (v_item ->> 'logIndex')::integer, v_item ->> 'from', v_item ->> 'to',
      (v_item ->> 'units')::numeric, (v_item ->> 'blockNumber')::bigint, (v_item ->> 'blockTime')::timestamptz
    );
    if v_row.order_id is not null or v_row.withdrawal_id is not null
       or exists (select 1 from public.chain_unrecognised_transfers u where u.chain_transfer_id = v_row.id)
       or exists (select 1 from public.usdt_payment_checks c
                   where c.network = p_network and c.tx_hash = v_row.tx_hash and c.status <> 'rejected') then
      v_known := v_known + 1;
      continue;
    end if;
    v_order_id := null;
    select o.id into v_order_id from public.payment_orders o
     where o.status = 'pending' and o.method = 'usdt' and o.network = p_network and o.amount = v_row.amount;
    if v_order_id is not null then
      perform 1 from private.confirm_payment(v_order_id, v_row.amount, 'chain', null, v_row.id);
      v_matched := v_matched + 1;
    else
      insert into public.chain_unrecognised_transfers (chain_transfer_id) values (v_row.id);
      v_queued := v_queued + 1;
    end if;
  end loop;
  insert into private.chain_watch_cursors as c (network, address, cursor, updated_at)
  values (p_network, p_address, p_cursor, now())
  on conflict (network) do update set address = excluded.address, cursor = excluded.cursor, updated_at = now();
  return jsonb_build_object('known', v_known, 'matched', v_matched, 'unrecognised', v_queued);
end
$$;

-- public.admin_list_unrecognised_transfers() --------------------------------------------
-- Admin: 'Nierozpoznane wpłaty', open ones first by age, then the decided ones newest first.
create function public.admin_list_unrecognised_transfers(p_status text default 'open', p_limit integer default 50)
returns table (
  chain_transfer_id bigint, status text, network public.withdrawal_network, tx_hash text, log_index integer,
  from_address text, amount numeric, block_number bigint, block_time timestamptz, created_at timestamptz,
  decided_at timestamptz, note text, refund_reference text, order_id uuid, order_reference text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  return query
    select u.chain_transfer_id, u.status, t.network, t.tx_hash, t.log_index, t.from_address, t.amount, t.block_number,
           t.block_time, u.created_at, u.decided_at, u.note, u.refund_reference, t.order_id, o.reference
      from public.chain_unrecognised_transfers u
      join public.chain_transfers t on t.id = u.chain_transfer_id
      left join public.payment_orders o on o.id = t.order_id
     where p_status is null or u.status = p_status
     order by case when u.status = 'open' then u.created_at end, u.decided_at desc nulls last, u.chain_transfer_id
     limit least(greatest(coalesce(p_limit, 50), 1), 200);
end
$$;

-- public.admin_assign_unrecognised_transfer() -------------------------------------------
-- Admin (aal2): an unrecognised transfer pays the USDT order named by its reference, through
-- private.confirm_payment (decided by this admin; the amount rounded down to the cent). Audited.
create function public.admin_assign_unrecognised_transfer(p_transfer_id bigint, p_order_reference text)
returns table (changed boolean, payment_order public.payment_orders)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_queued public.chain_unrecognised_transfers;
  v_transfer public.chain_transfers;
  v_order public.payment_orders;
  v_result record;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  select * into v_queued from public.chain_unrecognised_transfers u where u.chain_transfer_id = p_transfer_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'chain.transfer_not_found';
  end if;
  if v_queued.status <> 'open' then
    raise exception using errcode = 'P0001', message = 'chain.transfer_decided';
  end if;
  select * into v_order from public.payment_orders o where o.reference = upper(btrim(coalesce(p_order_reference, '')));
  if not found then
    raise exception using errcode = 'P0002', message = 'payments.order_not_found';
  end if;
  if v_order.method <> 'usdt' then
    raise exception using errcode = 'P0001', message = 'payments.invalid_network';
  end if;
  select * into v_transfer from public.chain_transfers t where t.id = p_transfer_id;
  select * into v_result
    from private.confirm_payment(v_order.id, least(floor(v_transfer.amount * 100) / 100, 9999999999.99), 'admin',
                                 (select auth.uid()), p_transfer_id);
  update public.chain_unrecognised_transfers u
     set status = 'assigned', decided_at = now(), decided_by = (select auth.uid())
   where u.chain_transfer_id = p_transfer_id;
  perform private.audit('chain_transfer.assign', 'chain_transfer', p_transfer_id::text, v_order.user_id,
    jsonb_build_object('status', 'open'),
    jsonb_build_object('status', 'assigned', 'order_id', v_order.id, 'reference', v_order.reference,
                       'network', v_transfer.network, 'tx_hash', v_transfer.tx_hash, 'amount', v_transfer.amount));
  changed := v_result.changed;
  payment_order := v_result.payment_order;
  return next;
end
$$;

-- public.admin_close_unrecognised_transfer() --------------------------------------------
-- Admin (aal2): an unrecognised transfer sent back to its sender (p_status 'refunded', with the
-- hash or reference of the refund) or ignored (with a reason). Nothing is credited. Audited.
create function public.admin_close_unrecognised_transfer(
  p_transfer_id bigint, p_status text, p_note text, p_refund_reference text default null
)
returns public.chain_unrecognised_transfers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.chain_unrecognised_transfers;
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
  v_reference text := nullif(btrim(coalesce(p_refund_reference, '')), '');
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_status is null or p_status not in ('refunded', 'ignored') then
    raise exception using errcode = 'P0001', message = 'chain.invalid_decision';
  end if;
  if v_note is null or char_length(v_note) > 500 then
    raise exception using errcode = 'P0001', message = 'chain.note_required';
  end if;
  if p_status = 'refunded' and (v_reference is null or char_length(v_reference) > 200) then
    raise exception using errcode = 'P0001', message = 'chain.refund_reference_required';
  end if;
  select * into v_row from public.chain_unrecognised_transfers u where u.chain_transfer_id = p_transfer_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'chain.transfer_not_found';
  end if;
  if v_row.status <> 'open' then
    raise exception using errcode = 'P0001', message = 'chain.transfer_decided';
  end if;
  update public.chain_unrecognised_transfers u
     set status = p_status, decided_at = now(), decided_by = (select auth.uid()), note = v_note,
         refund_reference = case when p_status = 'refunded' then v_reference end
   where u.chain_transfer_id = p_transfer_id
  returning * into v_row;
  perform private.audit('chain_transfer.' || case when p_status = 'refunded' then 'refund' else 'ignore' end,
    'chain_transfer', p_transfer_id::text, null,
    jsonb_build_object('status', 'open'),
    jsonb_build_object('status', v_row.status, 'note', v_row.note, 'refund_reference', v_row.refund_reference));
  return v_row;
end
$$;

-- ========================================================================================
-- Triggers
-- ========================================================================================

create trigger chain_transfers_guard
  before update on public.chain_transfers
  for each row execute function private.guard_chain_transfers();

-- ========================================================================================
-- Policies
-- ========================================================================================

create policy chain_transfers_select_authenticated on public.chain_transfers
  for select to authenticated
  using ((select private.is_admin())
         or exists (select 1 from public.payment_orders o where o.id = order_id and o.user_id = (select auth.uid()))
         or exists (select 1 from public.withdrawals w where w.id = withdrawal_id and w.user_id = (select auth.uid())));

create policy usdt_payment_checks_select_authenticated on public.usdt_payment_checks
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy chain_unrecognised_transfers_select_authenticated on public.chain_unrecognised_transfers
  for select to authenticated
  using ((select private.is_admin()));

create policy usdt_networks_select_authenticated on public.usdt_networks
  for select to authenticated
  using (true);

-- ========================================================================================
-- Grants
-- ========================================================================================

revoke delete, insert, maintain, references, trigger, truncate, update on public.chain_transfers from service_role;
revoke delete, insert, maintain, references, trigger, truncate, update on public.usdt_networks from service_role;
grant select on public.chain_transfers to authenticated;
grant select on public.usdt_networks to authenticated;
grant execute on function public.admin_update_usdt_network(public.withdrawal_network,boolean,text,numeric,numeric) to authenticated;
revoke delete, insert, maintain, references, trigger, truncate, update on public.usdt_payment_checks from service_role;
revoke delete, insert, maintain, references, trigger, truncate, update on public.chain_unrecognised_transfers from service_role;
grant select on public.usdt_payment_checks to authenticated;
grant select on public.chain_unrecognised_transfers to authenticated;
grant execute on function public.chain_begin_payment_check(uuid,uuid,text) to service_role;
grant execute on function public.chain_due_payment_checks(integer) to service_role;
grant execute on function public.chain_finish_payment_check(bigint,jsonb) to service_role;
grant execute on function public.chain_watch_targets() to service_role;
grant execute on function public.chain_record_incoming(public.withdrawal_network,text,jsonb,text) to service_role;
grant execute on function public.admin_list_unrecognised_transfers(text,integer) to authenticated;
grant execute on function public.admin_assign_unrecognised_transfer(bigint,text) to authenticated;
grant execute on function public.admin_close_unrecognised_transfer(bigint,text,text,text) to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on table public.usdt_networks is 'The club''s USDT networks (TRC20, ERC20, BSC): enabled, the club''s receiving address (shown on the payment page, watched by usdt-watch), the minimum withdrawal and the fee a withdrawal stores. Read by members; written by admin_update_usdt_network (audited).';
comment on column public.usdt_networks.withdrawal_fee is 'USDT kept from a withdrawal on this network for the network fee (stored on the withdrawal when requested); below min_withdrawal.';
comment on table public.chain_transfers is 'Every USDT transfer the club used or saw, once per (network, hash, log index): read from the chain (verified_at; amount in the smallest unit and in USDT) or entered by an admin (log index null). order_id / withdrawal_id: what it paid; the receipt of an order names it (payment_receipts.chain_transfer_id). Written only by private.record_chain_transfer and the confirm functions.';
comment on column public.chain_transfers.log_index is 'EVM: the block-wide logIndex; TRON: the log''s position in the transaction. Null: entered by an admin''s hand (the whole transaction).';
comment on column public.chain_transfers.amount_units is 'The amount in the token''s smallest unit (10^-6 USDT on TRC20/ERC20, 10^-18 on BSC); amount is the same in USDT.';
comment on function private.record_chain_transfer(public.withdrawal_network,text,integer,text,text,numeric,bigint,timestamptz,uuid) is 'Records a USDT transfer once per (network, hash, log index) and returns it (already recorded: the existing row). Log index null: an admin''s hand entry, answered with a recorded transfer of that transaction if there is one. A chain read fills a hand-entered row of its transaction. Serialised per transaction by an advisory lock.';
comment on function public.admin_update_usdt_network(public.withdrawal_network,boolean,text,numeric,numeric) is 'Admin (aal2): a network''s settings (enabled needs an address; fee below the minimum withdrawal); null keeps a value, an empty address removes it; audited.';

comment on table public.usdt_payment_checks is 'A member''s ''Hash transakcji'' for a USDT order and the chain verifier''s last answer: waiting (confirmations / required; re-checked by the scheduled job), confirmed (chain_transfer_id paid the order), rejected (outcome: the verdict). Members read their own.';
comment on table private.usdt_check_submissions is 'Every hash a member submitted: the rate limit of chain_begin_payment_check (10 an hour, 30 a day).';
comment on table private.chain_watch_cursors is 'The watcher''s (usdt-watch) position per network in the incoming transfers of the club''s address (the provider''s cursor).';
comment on table public.chain_unrecognised_transfers is '''Nierozpoznane wpłaty'': final transfers to a club address nobody reported and no pending order''s amount matched. Credit nothing; an admin assigns one to an order, records its refund or ignores it (audited).';
comment on function public.chain_begin_payment_check(uuid,uuid,text) is 'Service role (usdt-verify-payment): a member''s hash for their USDT order (10 an hour, 30 a day); the check and what the transfer must be (amount due, club address).';
comment on function public.chain_finish_payment_check(bigint,jsonb) is 'Service role: the verifier''s verdict for a check; ok records the transfer and confirms the order through private.confirm_payment (decided via chain, amount rounded down to the cent); not_final/retryable wait for the re-check; not_found waits for an hour; else rejected.';
comment on function public.chain_due_payment_checks(integer) is 'Service role: the waiting checks due for another look (the scheduled re-check).';
comment on function public.chain_watch_targets() is 'Service role (usdt-watch): the enabled networks, their club address and the watcher''s cursor.';
comment on function public.chain_record_incoming(public.withdrawal_network,text,jsonb,text) is 'Service role (usdt-watch): records incoming final transfers once; pays the pending order of exactly that amount, or queues the transfer in ''Nierozpoznane wpłaty''; stores the cursor.';
comment on function public.admin_list_unrecognised_transfers(text,integer) is 'Admin: ''Nierozpoznane wpłaty'' by status (open first, oldest first).';
comment on function public.admin_assign_unrecognised_transfer(bigint,text) is 'Admin (aal2): an unrecognised transfer pays the USDT order of that reference (private.confirm_payment; audited chain_transfer.assign).';
comment on function public.admin_close_unrecognised_transfer(bigint,text,text,text) is 'Admin (aal2): an unrecognised transfer refunded (with the refund''s reference) or ignored, with a note; credits nothing; audited.';

-- ========================================================================================
-- Data
-- ========================================================================================

insert into public.usdt_networks (network) values ('TRC20'), ('ERC20'), ('BSC');
