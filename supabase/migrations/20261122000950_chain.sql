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
  constraint usdt_networks_withdrawal_fee_check check (withdrawal_fee >= 0 and withdrawal_fee < min_withdrawal)
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

-- ========================================================================================
-- Data
-- ========================================================================================

insert into public.usdt_networks (network) values ('TRC20'), ('ERC20'), ('BSC');
