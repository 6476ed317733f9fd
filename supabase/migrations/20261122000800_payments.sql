-- Payments: payment orders (plans and CCC packages), payment links and the admin decisions on them.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Types
-- ========================================================================================

-- public.payment_item_kind --------------------------------------------------------------
create type public.payment_item_kind as enum ('plan', 'ccc');

-- public.payment_method -----------------------------------------------------------------
create type public.payment_method as enum ('transfer', 'usdt', 'acc');

-- public.payment_order_status -----------------------------------------------------------
create type public.payment_order_status as enum (
  'pending', 'paid', 'rejected', 'cancelled', 'expired', 'underpaid', 'to_refund', 'refunded'
);

-- The USDT networks (issue 37): of a withdrawal and a saved address (20261122000900_wallet.sql), of an
-- order's transaction and of a chain transfer (20261122000950_chain.sql). TRC20 is USDT on TRON.
create type public.withdrawal_network as enum ('TRC20', 'ERC20', 'BSC');

-- Who decided an order: an admin in the panel, the payment gateway, the chain verifier.
create type public.payment_decider as enum ('admin', 'gateway', 'chain');

-- ========================================================================================
-- Network formats (functions the tables' checks use, so defined before them)
-- ========================================================================================

-- private.usdt_decimals() ---------------------------------------------------------------
-- USDT's decimals on each network: 6 on TRON and Ethereum, 18 on BSC (BEP-20 USDT).
create function private.usdt_decimals(p_network public.withdrawal_network)
returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case p_network when 'BSC' then 18 else 6 end
$$;

-- private.is_tron_address() -------------------------------------------------------------
-- A TRON address as wallets show it: base58check of 25 bytes (0x41, the 20-byte account, the first
-- 4 bytes of SHA-256(SHA-256(the 21 bytes))), 34 characters starting with 'T'. The checksum is
-- checked: one mistyped character is refused before money goes to it.
create function private.is_tron_address(p_address text)
returns boolean
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_alphabet constant text := '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  v_n numeric := 0;
  v_hex text := '';
  v_bytes bytea;
begin
  if p_address is null or p_address !~ '^T[1-9A-HJ-NP-Za-km-z]{33}$' then
    return false;
  end if;
  for i in 1..34 loop
    v_n := v_n * 58 + (strpos(v_alphabet, substr(p_address, i, 1)) - 1);
  end loop;
  for i in 1..25 loop
    v_hex := lpad(to_hex(mod(v_n, 256)::integer), 2, '0') || v_hex;
    v_n := div(v_n, 256);
  end loop;
  if v_n <> 0 then
    return false;
  end if;
  v_bytes := decode(v_hex, 'hex');
  return get_byte(v_bytes, 0) = 65
     and substring(sha256(sha256(substring(v_bytes from 1 for 21))) from 1 for 4) = substring(v_bytes from 22 for 4);
end
$$;

-- private.is_usdt_address() -------------------------------------------------------------
-- An address of the network: TRC20 base58check 'T…' (34 characters); ERC20 and BSC 0x + 40 hex.
create function private.is_usdt_address(p_network public.withdrawal_network, p_address text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when p_network is null or p_address is null then false
    when p_network = 'TRC20' then private.is_tron_address(p_address)
    else p_address ~ '^0x[0-9a-fA-F]{40}$'
  end
$$;

-- private.is_usdt_tx_hash() -------------------------------------------------------------
-- A transaction id of the network: TRC20 64 hex without 0x; ERC20 and BSC 0x + 64 hex (any case).
create function private.is_usdt_tx_hash(p_network public.withdrawal_network, p_tx_hash text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when p_network is null or p_tx_hash is null then false
    when p_network = 'TRC20' then p_tx_hash ~ '^[0-9a-fA-F]{64}$'
    else p_tx_hash ~ '^0x[0-9a-fA-F]{64}$'
  end
$$;

-- ========================================================================================
-- Tables
-- ========================================================================================

-- public.ccc_payment_links --------------------------------------------------------------
create table public.ccc_payment_links (
  tier public.ccc_tier not null references public.ccc_tiers (tier) on delete cascade,
  method public.payment_method not null,
  url text not null check (char_length(url) <= 2048 and url ~* '^https?://[^[:space:]/?#]+\.[^[:space:]/?#]+([/?#][^[:space:]]*)?$'),
  updated_at timestamptz not null default now(),
  primary key (tier, method)
);
alter table public.ccc_payment_links enable row level security;

-- public.payment_orders -----------------------------------------------------------------
create table public.payment_orders (
  id uuid default gen_random_uuid() not null,
  reference text not null,
  user_id uuid,
  kind public.payment_item_kind not null,
  plan_tier public.membership_level,
  ccc_tier public.ccc_tier,
  quantity smallint default 1 not null,
  method public.payment_method not null,
  amount numeric(12,2) not null,
  currency text not null,
  status public.payment_order_status default 'pending'::public.payment_order_status not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  decided_at timestamp with time zone,
  decided_by uuid,
  amount_received numeric(12,2),
  tx_hash text,
  rejection_reason text,
  membership_valid_until date,
  expires_at timestamp with time zone not null,
  decided_via public.payment_decider,
  network public.withdrawal_network,
  consent_text text,
  consent_at timestamp with time zone,
  buyer_name text,
  buyer_email text,
  replaces_order_id uuid,
  cancel_reason text,
  refunded_at timestamp with time zone,
  refunded_by uuid,
  refund_reason text,
  refund_method text,
  refund_reference text,
  -- USDT on a network: the cents added to the list price so that the amount is unique among the
  -- pending orders of the network (the watcher matches a transfer by it); amount includes it.
  amount_offset numeric(3,2),
  shortfall numeric(12,2) generated always as (case when amount_received < amount then amount - amount_received end) stored,
  surplus numeric(12,2) generated always as (case when amount_received > amount then amount_received - amount end) stored,
  constraint payment_orders_amount_check CHECK ((amount > (0)::numeric)),
  constraint payment_orders_amount_finite_check CHECK ((amount <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint payment_orders_amount_received_check CHECK ((amount_received > (0)::numeric)),
  constraint payment_orders_amount_received_finite_check CHECK ((amount_received <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint payment_orders_currency_check CHECK ((currency = ANY (ARRAY['PLN'::text, 'USDT'::text]))),
  constraint payment_orders_decision CHECK ((((status = 'pending'::public.payment_order_status) AND (decided_at IS NULL)) OR ((status <> 'pending'::public.payment_order_status) AND (decided_at IS NOT NULL)))),
  constraint payment_orders_item CHECK ((((kind = 'plan'::public.payment_item_kind) AND (plan_tier IS NOT NULL) AND (ccc_tier IS NULL) AND (quantity = 1)) OR ((kind = 'ccc'::public.payment_item_kind) AND (ccc_tier IS NOT NULL) AND (plan_tier IS NULL)))),
  constraint payment_orders_quantity_check CHECK (((quantity >= 1) AND (quantity <= 10))),
  -- A rejected order has its reason, and keeps it when money still arrives for it (to be refunded).
  constraint payment_orders_reason CHECK (((status <> 'rejected'::public.payment_order_status) OR (rejection_reason IS NOT NULL))
    AND ((rejection_reason IS NULL) OR (status = ANY (ARRAY['rejected'::public.payment_order_status, 'to_refund'::public.payment_order_status, 'refunded'::public.payment_order_status])))),
  constraint payment_orders_reference_check CHECK ((reference ~ '^KLB-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$'::text)),
  constraint payment_orders_rejection_reason_check CHECK (((char_length(rejection_reason) >= 1) AND (char_length(rejection_reason) <= 500))),
  constraint payment_orders_tx_hash_check CHECK (tx_hash is null or (private.is_usdt_tx_hash(network, tx_hash) and tx_hash = lower(tx_hash))),
  constraint payment_orders_tx_hash_usdt CHECK (((tx_hash IS NULL) OR (method = 'usdt'::public.payment_method))),
  constraint payment_orders_ccc_tier_fkey FOREIGN KEY (ccc_tier) REFERENCES public.ccc_tiers(tier),
  constraint payment_orders_plan_tier_fkey FOREIGN KEY (plan_tier) REFERENCES public.membership_plans(tier),
  constraint payment_orders_consent_check check (
    (consent_text is null) = (consent_at is null) and char_length(consent_text) between 1 and 1000
  ),
  constraint payment_orders_network_usdt check (network is null or method = 'usdt'),
  constraint payment_orders_amount_offset_check check (
    amount_offset is null or (network is not null and amount_offset between 0.01 and 0.99)
  ),
  constraint payment_orders_amount_offset_finite_check check (amount_offset <> all (array['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric])),
  constraint payment_orders_decided_via_check check (
    decided_via is not null or status in ('pending', 'cancelled', 'expired')
  ),
  constraint payment_orders_cancel_reason_check check (
    (status = 'cancelled') = (cancel_reason is not null)
    and (cancel_reason is null or cancel_reason in ('member', 'price_changed', 'member_deleted'))
  ),
  constraint payment_orders_refund_check check (
    (status = 'refunded') = (refunded_at is not null)
    and (refunded_at is null) = (refund_reason is null)
    and (refunded_at is null) = (refund_method is null)
    and (refunded_at is null) = (refund_reference is null)
    and char_length(refund_reason) between 1 and 500
    and refund_method in ('transfer', 'usdt', 'acc', 'other')
    and char_length(refund_reference) between 1 and 200
  ),
  constraint payment_orders_received_check check (
    status not in ('paid', 'underpaid', 'to_refund') or amount_received is not null
  ),
  constraint payment_orders_buyer_check check (char_length(buyer_name) <= 200 and char_length(buyer_email) <= 320),
  constraint payment_orders_replaces_order_id_fkey FOREIGN KEY (replaces_order_id) REFERENCES public.payment_orders(id),
  constraint payment_orders_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL,
  constraint payment_orders_pkey PRIMARY KEY (id),
  constraint payment_orders_reference_key UNIQUE (reference)
);
alter table public.payment_orders enable row level security;

-- public.payment_events -----------------------------------------------------------------
-- Append-only log of the payment gateway (Przelewy24): every registration, notification, verify,
-- transaction lookup and gateway confirmation, with what was sent and answered.
create table public.payment_events (
  id bigint generated always as identity primary key,
  order_id uuid references public.payment_orders (id) on delete cascade,
  session_id text check (char_length(session_id) between 1 and 100),
  kind text not null check (kind in ('register', 'notification', 'verify', 'by_session', 'confirm')),
  outcome text not null check (outcome ~ '^[a-z][a-z_]{0,39}$'),
  signature_valid boolean,
  http_status integer check (http_status between 100 and 599),
  request_body text check (char_length(request_body) <= 65536),
  response_body text check (char_length(response_body) <= 65536),
  headers jsonb not null default '{}'::jsonb check (jsonb_typeof(headers) = 'object'),
  request_id text check (char_length(request_id) <= 200),
  error text check (char_length(error) <= 2000),
  created_at timestamptz not null default now()
);
alter table public.payment_events enable row level security;

-- public.payment_receipts ---------------------------------------------------------------
-- Every payment received for an order, one row each (private.confirm_payment writes them): what
-- came in, when, decided by whom and through what, and for USDT its transaction. The order's
-- amount_received is their sum; one (network, transaction) is recorded once.
create table public.payment_receipts (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.payment_orders (id),
  amount numeric(12,2) not null,
  currency text not null,
  decided_via public.payment_decider not null,
  decided_by uuid,
  -- The USDT transfer this payment is (public.chain_transfers, 20261122000950_chain.sql, where its
  -- foreign key is added): one transfer is one payment, of one order.
  chain_transfer_id bigint unique,
  received_at timestamptz not null default now(),
  constraint payment_receipts_amount_check check (amount > 0 and amount <> all (array['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric])),
  constraint payment_receipts_currency_check check (currency in ('PLN', 'USDT'))
);
alter table public.payment_receipts enable row level security;
-- Periods and packages of an order (their tables come earlier, in 20261122000300_membership.sql and
-- 20261122000700_ccc.sql).
alter table public.membership_periods
  add constraint membership_periods_order_id_fkey foreign key (order_id) references public.payment_orders (id);
alter table public.ccc_assignments
  add constraint ccc_assignments_order_id_fkey foreign key (order_id) references public.payment_orders (id);

-- public.payment_settings ---------------------------------------------------------------
create table public.payment_settings (
  id boolean primary key default true,
  order_expiry_days smallint not null default 7,
  daily_order_limit smallint not null default 10,
  updated_at timestamptz not null default now(),
  constraint payment_settings_id_check check (id),
  constraint payment_settings_order_expiry_days_check check (order_expiry_days between 1 and 60),
  constraint payment_settings_daily_order_limit_check check (daily_order_limit between 1 and 100)
);
alter table public.payment_settings enable row level security;

-- public.plan_payment_links -------------------------------------------------------------
create table public.plan_payment_links (
  tier public.membership_level not null references public.membership_plans (tier) on delete cascade,
  method public.payment_method not null,
  url text not null check (char_length(url) <= 2048 and url ~* '^https?://[^[:space:]/?#]+\.[^[:space:]/?#]+([/?#][^[:space:]]*)?$'),
  updated_at timestamptz not null default now(),
  primary key (tier, method)
);
alter table public.plan_payment_links enable row level security;

-- private.payment_order_reminders -------------------------------------------------------
-- The reminders of a pending order that went out (issue 40 §2), one row each, so each is sent once:
-- 'unpaid' a day after the order, 'expiring' the day before it expires.
create table private.payment_order_reminders (
  order_id uuid not null references public.payment_orders (id) on delete cascade,
  kind text not null check (kind in ('unpaid', 'expiring')),
  sent_at timestamptz not null default now(),
  primary key (order_id, kind)
);
alter table private.payment_order_reminders enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- public.payment_events -----------------------------------------------------------------

-- The order's detail in 'Płatności' (oldest first); also the order_id foreign key.
create index payment_events_order_created_idx on public.payment_events (order_id, created_at, id);

-- One registration per session id: the order a notification's sessionId names.
create unique index payment_events_register_session_idx on public.payment_events (session_id)
  where kind = 'register' and outcome = 'requested';

-- public.payment_orders -----------------------------------------------------------------

create index payment_orders_ccc_tier_idx on public.payment_orders (ccc_tier) where ccc_tier is not null;

-- The admin list: newest first, optionally by status and method.
create index payment_orders_created_idx on public.payment_orders (created_at desc, id desc);

create index payment_orders_method_created_idx on public.payment_orders (method, created_at desc, id desc);

-- One open order per member, item and method: a second create returns the first.
create unique index payment_orders_one_pending_idx on public.payment_orders
  (user_id, kind, plan_tier, ccc_tier, quantity, method) nulls not distinct
  where status = 'pending';

create index payment_orders_plan_tier_idx on public.payment_orders (plan_tier) where plan_tier is not null;

create index payment_orders_status_created_idx on public.payment_orders (status, created_at desc, id desc);

-- The member's list (newest first) and the 3-pending limit; also the user_id foreign key.
create index payment_orders_user_created_idx on public.payment_orders (user_id, created_at desc, id desc);

-- A pending USDT order's amount is unique on its network: a transfer of that amount is that order's.
create unique index payment_orders_usdt_amount_idx on public.payment_orders (network, amount)
  where status = 'pending' and method = 'usdt' and network is not null;
create index payment_orders_pending_expiry_idx
  on public.payment_orders (expires_at) where status = 'pending';
create index payment_orders_ccc_reserved_idx
  on public.payment_orders (ccc_tier, expires_at) include (quantity) where status = 'pending' and kind = 'ccc';
create index payment_orders_replaces_order_id_idx on public.payment_orders (replaces_order_id);

-- public.payment_receipts ---------------------------------------------------------------

-- An order's payments in order; also the order_id foreign key.
create index payment_receipts_order_id_idx on public.payment_receipts (order_id, id);

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.confirm_payment_via_gateway() -------------------------------------------------
-- THE one place the payment gateway confirms an order (public.gateway_confirm_payment calls it after
-- a successful verify): the one confirmation of every payment, decided via the gateway (no deciding
-- admin). Level, periods, packages, commission, notification and e-mail exactly as an admin's
-- confirmation; less than the price → underpaid; money for an expired or cancelled order → paid or
-- to_refund by private.confirm_payment's rules.
create function private.confirm_payment_via_gateway(p_order_id uuid, p_amount_received numeric)
returns table (changed boolean, payment_order public.payment_orders)
language plpgsql
security definer
set search_path = ''
as $$
begin
  return query
    select c.changed, c.payment_order
      from private.confirm_payment(p_order_id, p_amount_received, 'gateway'::public.payment_decider, null) c;
end
$$;

-- private.guard_payment_events() --------------------------------------------------------
-- payment_events is append-only: a row is never changed (deleting an order deletes its rows).
create function private.guard_payment_events()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = '42501', message = 'payments.events_append_only';
end
$$;

-- private.new_payment_reference() -------------------------------------------------------
-- A short human reference: KLB- and 6 characters without the look-alikes 0/O and 1/I.
create function private.new_payment_reference()
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_alphabet constant text := '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  v_bytes bytea := uuid_send(gen_random_uuid());
  v_ref text := 'KLB-';
begin
  for i in 0..5 loop
    v_ref := v_ref || substr(v_alphabet, (get_byte(v_bytes, i) % 32) + 1, 1);
  end loop;
  return v_ref;
end
$$;

-- private.order_item_label() ------------------------------------------------------------
-- A member's order, shaped for the browser (public columns plus the item's Polish name).
create function private.order_item_label(p_order public.payment_orders)
returns text
language sql
stable
set search_path = ''
as $$
  select case p_order.kind
    when 'plan' then 'Plan ' || p_order.plan_tier::text
    else 'Pakiet CCC ' || p_order.ccc_tier::text || case when p_order.quantity > 1 then ' x' || p_order.quantity else '' end
  end
$$;

-- public.admin_confirm_payment() --------------------------------------------------------
-- Admin: confirms a pending order once; the received amount fits numeric(12, 2) and the e-mail shows
-- it with a 10-digit amount format.
create function public.admin_confirm_payment(
  p_order_id uuid,
  p_amount_received numeric default null,
  p_tx_hash text default null,
  p_network public.withdrawal_network default null
)
returns table (changed boolean, payment_order public.payment_orders)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
  v_network public.withdrawal_network;
  -- public.chain_transfers comes later (20261122000950_chain.sql): its id, not its row type.
  v_transfer_id bigint;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  select * into v_order from public.payment_orders o where o.id = p_order_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'payments.order_not_found';
  end if;
  if p_amount_received is null then
    -- The default is what is still due at the order's fixed price.
    p_amount_received := case when v_order.status = 'underpaid' then v_order.shortfall else v_order.amount end;
  end if;
  p_tx_hash := nullif(btrim(coalesce(p_tx_hash, '')), '');
  if p_network is not null and v_order.method <> 'usdt' then
    raise exception using errcode = 'P0001', message = 'payments.invalid_network';
  end if;
  if p_tx_hash is not null then
    if v_order.method <> 'usdt' or p_tx_hash !~ '^(0x)?[0-9a-fA-F]{64}$' then
      raise exception using errcode = 'P0001', message = 'payments.invalid_tx_hash';
    end if;
    v_network := coalesce(p_network, v_order.network);
    -- A transaction is (network, hash): without its network one hash could be counted twice.
    if v_network is null then
      raise exception using errcode = 'P0001', message = 'payments.network_required';
    end if;
    if not private.is_usdt_tx_hash(v_network, p_tx_hash) then
      raise exception using errcode = 'P0001', message = 'payments.invalid_tx_hash';
    end if;
    -- Entered by hand, not read from the chain: the whole transaction is taken for this order.
    select t.id into v_transfer_id
      from private.record_chain_transfer(v_network, p_tx_hash, null, null, null, null, null, null, (select auth.uid())) t;
  end if;
  return query select * from private.confirm_payment(
    p_order_id, p_amount_received, 'admin', (select auth.uid()), v_transfer_id
  );
end
$$;

-- public.admin_list_payment_orders() ----------------------------------------------------
-- Admin: the 'Płatności' tab. Filters by status and method, searches the reference (exact, any
-- case) or the member's name, e-mail or phone (contains); newest first; total_count capped at 1001.
create function public.admin_list_payment_orders(
  p_status public.payment_order_status default null,
  p_method public.payment_method default null,
  p_search text default null,
  p_limit integer default 20,
  p_offset integer default 0
)
returns table (
  id uuid,
  reference text,
  user_id uuid,
  kind public.payment_item_kind,
  plan_tier public.membership_level,
  ccc_tier public.ccc_tier,
  quantity smallint,
  item_label text,
  method public.payment_method,
  amount numeric,
  currency text,
  status public.payment_order_status,
  created_at timestamptz,
  decided_at timestamptz,
  decided_by uuid,
  amount_received numeric,
  tx_hash text,
  rejection_reason text,
  member_full_name text,
  member_email text,
  member_phone text,
  total_count bigint,
  expires_at timestamptz,
  decided_via public.payment_decider,
  network public.withdrawal_network,
  shortfall numeric,
  surplus numeric,
  refunded_at timestamptz,
  refunded_by uuid,
  refund_reason text,
  refund_method text,
  refund_reference text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_search text := nullif(btrim(coalesce(p_search, '')), '');
  v_pattern text;
  v_where text := 'true';
  v_from text := 'public.payment_orders o';
  v_members text;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_limit is null or p_limit not between 1 and 100 then
    raise exception using errcode = '22023', message = 'admin.invalid_limit';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'admin.invalid_offset';
  end if;
  if char_length(v_search) > 200 then
    raise exception using errcode = '22023', message = 'admin.invalid_search';
  end if;
  v_pattern := '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  if p_status is not null then
    v_where := v_where || ' and o.status = $1';
  end if;
  if p_method is not null then
    v_where := v_where || ' and o.method = $2';
  end if;
  if v_search is not null then
    -- Two indexed lookups instead of one `or` (which scanned every order): the order with that
    -- reference (its unique index), and the orders of the matching members (the orders' user
    -- index): the member with that address (the e-mail's b-tree), or the members whose name, e-mail
    -- or phone contains the text (the trigram indexes of admin_list_users).
    v_members := case when private.is_email_address(v_search)
                      then 'p.email = lower($3)'
                      else 'p.full_name ilike $4 or p.email ilike $4 or p.phone ilike $4' end;
    v_from := '(select r.* from public.payment_orders r where r.reference = upper($3)
                union all
                select m.* from public.payment_orders m
                 where m.user_id in (select p.user_id from public.profiles p where ' || v_members || ')
                   and m.reference <> upper($3)) o';
  end if;

  return query execute
    'with page as (
       select o.id from ' || v_from || '
        where ' || v_where || '
        order by o.created_at desc, o.id desc
        limit $5 offset $6
     )
     select o.id, o.reference, o.user_id, o.kind, o.plan_tier, o.ccc_tier, o.quantity,
            private.order_item_label(o), o.method, o.amount, o.currency, o.status, o.created_at,
            o.decided_at, o.decided_by, o.amount_received, o.tx_hash, o.rejection_reason,
            coalesce(p.full_name, o.buyer_name), coalesce(p.email, o.buyer_email), p.phone,
            (select count(*) from (select 1 from ' || v_from || ' where ' || v_where || ' limit 1001) c),
            o.expires_at, o.decided_via, o.network, o.shortfall, o.surplus, o.refunded_at, o.refunded_by,
            o.refund_reason, o.refund_method, o.refund_reference
       from page
       join public.payment_orders o on o.id = page.id
       left join public.profiles p on p.user_id = o.user_id
      order by o.created_at desc, o.id desc'
    using p_status, p_method, v_search, v_pattern, p_limit, p_offset;
end
$$;

-- public.admin_reject_payment() ---------------------------------------------------------
-- Admin: rejects a pending order with a reason (1-500 characters). A rejected order is returned
-- unchanged with changed = false; a paid or cancelled one raises payments.not_pending.
create function public.admin_reject_payment(p_order_id uuid, p_reason text)
returns table (changed boolean, payment_order public.payment_orders)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
  v_reason text := btrim(coalesce(p_reason, ''));
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if char_length(v_reason) not between 1 and 500 then
    raise exception using errcode = 'P0001', message = 'payments.reason_required';
  end if;
  v_order := private.lock_order(p_order_id);
  if v_order.id is null then
    raise exception using errcode = 'P0002', message = 'payments.order_not_found';
  end if;
  if v_order.status = 'rejected' then
    changed := false;
    payment_order := v_order;
    return next;
    return;
  end if;
  if v_order.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'payments.not_pending';
  end if;

  update public.payment_orders o
     set status = 'rejected', decided_at = now(), decided_by = (select auth.uid()), decided_via = 'admin',
         rejection_reason = v_reason, updated_at = now()
   where o.id = p_order_id
  returning * into v_order;

  perform private.audit(
    'payment.reject', 'payment_order', v_order.id::text, v_order.user_id,
    jsonb_build_object('status', 'pending', 'rejection_reason', null),
    jsonb_build_object('status', 'rejected', 'rejection_reason', v_reason)
  );
  perform private.notify(
    v_order.user_id, 'system', 'Płatność odrzucona',
    format('Odrzuciliśmy Twoją płatność %s (%s). Powód: %s', v_order.reference, private.order_item_label(v_order), v_reason),
    jsonb_build_object('orderId', v_order.id, 'reference', v_order.reference, 'status', 'rejected')
  );
  perform private.queue_member_email('payment-rejected', v_order.user_id, jsonb_build_object(
    'reference', v_order.reference,
    'item', private.order_item_label(v_order),
    'reason', v_reason
  ));

  changed := true;
  payment_order := v_order;
  return next;
end
$$;

-- public.cancel_payment_order() ---------------------------------------------------------
-- Member: cancels one of their pending orders (a second cancel says payments.not_pending).
create function public.cancel_payment_order(p_order_id uuid)
returns public.payment_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
begin
  if (select auth.uid()) is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  perform 1 from public.profiles p where p.user_id = (select auth.uid()) for update;
  select * into v_order from public.payment_orders o
   where o.id = p_order_id and o.user_id = (select auth.uid())
   for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'payments.order_not_found';
  end if;
  if v_order.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'payments.not_pending';
  end if;
  update public.payment_orders o
     set status = 'cancelled', cancel_reason = 'member', decided_at = now(), updated_at = now()
   where o.id = p_order_id
  returning * into v_order;
  return v_order;
end
$$;

-- public.create_payment_order() ---------------------------------------------------------
-- Member: records an order for a plan (p_plan_tier) or a CCC tier (p_ccc_tier, p_quantity) paid by
-- p_method. Prices come from the catalogue. An open order for the same item and method is
-- returned again (its amount follows the catalogue); at most 3 orders may be pending; a CCC tier
-- needs enough free slots now (the confirmation checks again under the lock).
create function public.create_payment_order(
  p_method public.payment_method,
  p_plan_tier public.membership_level default null,
  p_ccc_tier public.ccc_tier default null,
  p_quantity integer default 1,
  p_consent_text text default null,
  p_network public.withdrawal_network default null
)
returns public.payment_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := (select auth.uid());
  v_kind public.payment_item_kind;
  v_amount numeric(12, 2);
  v_currency text;
  v_plan public.membership_plans;
  v_tier public.ccc_tiers;
  v_settings public.payment_settings;
  v_order public.payment_orders;
  v_replaced uuid;
  v_consent text := nullif(btrim(coalesce(p_consent_text, '')), '');
  v_offset numeric(3,2);
begin
  if v_user_id is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_method is null then
    raise exception using errcode = 'P0001', message = 'payments.invalid_method';
  end if;
  if (p_plan_tier is null) = (p_ccc_tier is null) then
    raise exception using errcode = 'P0001', message = 'payments.invalid_item';
  end if;
  -- The consent to the service starting at once (the 14-day withdrawal right ends with it) is the
  -- order's condition: the dialogs ask for it, and an order without it is refused here too.
  if v_consent is null then
    raise exception using errcode = 'P0001', message = 'payments.consent_required';
  end if;
  if char_length(v_consent) > 1000 then
    raise exception using errcode = 'P0001', message = 'payments.invalid_consent';
  end if;
  -- USDT is paid on a network the club has switched on (public.usdt_networks, 20261122000950_chain.sql).
  if p_network is not null and p_method <> 'usdt' then
    raise exception using errcode = 'P0001', message = 'payments.invalid_network';
  end if;
  if p_network is not null and not exists (
    select 1 from public.usdt_networks n where n.network = p_network and n.enabled and n.receiving_address is not null
  ) then
    raise exception using errcode = 'P0001', message = 'payments.network_disabled';
  end if;

  if p_plan_tier is not null then
    if p_quantity is distinct from 1 then
      raise exception using errcode = 'P0001', message = 'payments.invalid_quantity';
    end if;
    select * into v_plan from public.membership_plans m where m.tier = p_plan_tier;
    if not found then
      raise exception using errcode = 'P0001', message = 'payments.invalid_item';
    end if;
    v_kind := 'plan';
    v_amount := case p_method when 'transfer' then v_plan.yearly_price_pln when 'usdt' then v_plan.price_usdt else v_plan.price_acc end;
    v_currency := case p_method when 'usdt' then 'USDT' else 'PLN' end;
  else
    if p_quantity is null or p_quantity not between 1 and 10 then
      raise exception using errcode = 'P0001', message = 'payments.invalid_quantity';
    end if;
    select * into v_tier from public.ccc_tiers t where t.tier = p_ccc_tier;
    if not found then
      raise exception using errcode = 'P0001', message = 'payments.invalid_item';
    end if;
    v_kind := 'ccc';
    v_amount := p_quantity * case p_method when 'acc' then v_tier.price_acc_usd else v_tier.price_usd end;
    v_currency := 'USDT';
  end if;

  -- One member's creates run one after another (the limits and the reuse are decided alone).
  perform 1 from public.profiles p where p.user_id = v_user_id for update;
  select * into v_settings from public.payment_settings;

  if v_kind = 'plan' and (select c.change from private.plan_change_for(v_user_id, p_plan_tier) c) = 'blocked' then
    raise exception using errcode = 'P0001', message = 'membership.open_ended';
  end if;

  select * into v_order
    from public.payment_orders o
   where o.user_id = v_user_id
     and o.status = 'pending'
     and o.kind = v_kind
     and o.plan_tier is not distinct from p_plan_tier
     and o.ccc_tier is not distinct from p_ccc_tier
     and o.quantity = p_quantity
     and o.method = p_method
     for update;
  if found then
    if v_order.expires_at > now() and v_order.amount - coalesce(v_order.amount_offset, 0) = v_amount
       and v_order.currency = v_currency and v_order.network is not distinct from p_network then
      return v_order;
    end if;
    -- The price changed (or the order lapsed): the old reference is never re-priced. It is closed and
    -- a new order with a new reference replaces it (replaces_order_id tells the member).
    update public.payment_orders o
       set status = case when o.expires_at > now() then 'cancelled' else 'expired' end::public.payment_order_status,
           cancel_reason = case when o.expires_at > now() then 'price_changed' end,
           decided_at = now(), updated_at = now()
     where o.id = v_order.id;
    v_replaced := case when v_order.expires_at > now() then v_order.id end;
  end if;

  if (select count(*) from public.payment_orders o where o.user_id = v_user_id and o.status = 'pending') >= 3 then
    raise exception using errcode = 'P0001', message = 'payments.too_many_pending';
  end if;
  if (select count(*) from public.payment_orders o
       where o.user_id = v_user_id and o.created_at > now() - interval '1 day') >= v_settings.daily_order_limit then
    raise exception using errcode = 'P0001', message = 'payments.daily_limit';
  end if;

  if v_kind = 'ccc' then
    -- The reservation: taken under the tier's lock, as the confirmation takes its slots.
    perform 1 from public.ccc_tiers t where t.tier = p_ccc_tier for update;
    if p_quantity > private.ccc_free_slots(p_ccc_tier) then
      raise exception using errcode = 'P0001', message = 'payments.no_slots';
    end if;
  end if;

  loop
    if p_network is not null then
      -- The epusdt pattern: 0.01–0.99 USDT more than the price, an amount no other pending order of
      -- the network has (drawn at random among the free ones).
      select g / 100.0 into v_offset
        from generate_series(1, 99) g
       where not exists (
         select 1 from public.payment_orders o
          where o.status = 'pending' and o.method = 'usdt' and o.network = p_network and o.amount = v_amount + g / 100.0
       )
       order by random() limit 1;
      if v_offset is null then
        raise exception using errcode = 'P0001', message = 'payments.usdt_amounts_busy';
      end if;
    end if;
    begin
      insert into public.payment_orders (
        reference, user_id, kind, plan_tier, ccc_tier, quantity, method, amount, currency, expires_at,
        consent_text, consent_at, replaces_order_id, network, amount_offset
      )
      values (
        private.new_payment_reference(), v_user_id, v_kind, p_plan_tier, p_ccc_tier, p_quantity, p_method,
        v_amount + coalesce(v_offset, 0),
        v_currency, now() + make_interval(days => v_settings.order_expiry_days),
        v_consent, case when v_consent is not null then now() end, v_replaced, p_network, v_offset
      )
      returning * into v_order;
      return v_order;
    exception when unique_violation then
      -- A reference collision (1 in 10^9), or another order took the same USDT amount at once: draw again.
      null;
    end;
  end loop;
end
$$;

-- public.gateway_begin_registration() ---------------------------------------------------
-- Service role (the przelewy24-register function, for the member whose token it checked): a new
-- gateway session for a pending PLN transfer order of that member. The session id is the order's
-- reference and a counter (KLB-XXXXXX-1, -2, …: one order may be registered again after a closed
-- tab); its 'register' / 'requested' event reserves it. At most 20 per order.
create function public.gateway_begin_registration(p_order_id uuid, p_user_id uuid, p_request_id text default null)
returns table (
  order_id uuid,
  reference text,
  session_id text,
  amount numeric,
  currency text,
  item_label text,
  email text
)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
  v_email text;
  v_count integer;
begin
  perform 1 from public.profiles p where p.user_id = p_user_id for update;
  select * into v_order from public.payment_orders o
   where o.id = p_order_id and o.user_id = p_user_id
   for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'payments.order_not_found';
  end if;
  if v_order.status <> 'pending' or v_order.expires_at <= now() then
    raise exception using errcode = 'P0001', message = 'payments.not_pending';
  end if;
  if v_order.method <> 'transfer' or v_order.currency <> 'PLN' then
    raise exception using errcode = 'P0001', message = 'payments.gateway_not_supported';
  end if;
  select count(*) into v_count from public.payment_events e
   where e.order_id = v_order.id and e.kind = 'register' and e.outcome = 'requested';
  if v_count >= 20 then
    raise exception using errcode = 'P0001', message = 'payments.too_many_attempts';
  end if;
  select p.email into v_email from public.profiles p where p.user_id = p_user_id;

  order_id := v_order.id;
  reference := v_order.reference;
  session_id := v_order.reference || '-' || (v_count + 1);
  amount := v_order.amount;
  currency := v_order.currency;
  item_label := private.order_item_label(v_order);
  email := v_email;
  insert into public.payment_events (order_id, session_id, kind, outcome, request_id)
  values (v_order.id, session_id, 'register', 'requested', left(p_request_id, 200));
  return next;
end
$$;

-- public.gateway_confirm_payment() ------------------------------------------------------
-- Service role (the przelewy24 functions, after the gateway's verify succeeded): confirms the order
-- of a registered session through private.confirm_payment_via_gateway and records the 'confirm'
-- event in the same transaction. changed = false when the order was paid already.
create function public.gateway_confirm_payment(
  p_session_id text,
  p_amount_received numeric,
  p_request_id text default null
)
returns table (changed boolean, status public.payment_order_status, order_id uuid)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order_id uuid;
  v_result record;
begin
  select e.order_id into v_order_id from public.payment_events e
   where e.session_id = p_session_id and e.kind = 'register' and e.outcome = 'requested';
  if v_order_id is null then
    raise exception using errcode = 'P0002', message = 'payments.order_not_found';
  end if;
  select c.changed, (c.payment_order).status as status into v_result
    from private.confirm_payment_via_gateway(v_order_id, p_amount_received) c;
  insert into public.payment_events (order_id, session_id, kind, outcome, request_id, response_body)
  values (v_order_id, p_session_id, 'confirm', case when v_result.changed then v_result.status::text else 'unchanged' end,
          left(p_request_id, 200), jsonb_build_object('amount_received', p_amount_received)::text);
  changed := v_result.changed;
  status := v_result.status;
  order_id := v_order_id;
  return next;
end
$$;

-- public.gateway_order_for_session() ----------------------------------------------------
-- Service role: the order a gateway session id was registered for (nothing for any other id).
create function public.gateway_order_for_session(p_session_id text)
returns table (
  order_id uuid,
  reference text,
  amount numeric,
  currency text,
  method public.payment_method,
  status public.payment_order_status
)
language sql
stable
security definer
set search_path = ''
as $$
  select o.id, o.reference, o.amount, o.currency, o.method, o.status
    from public.payment_events e
    join public.payment_orders o on o.id = e.order_id
   where e.session_id = p_session_id and e.kind = 'register' and e.outcome = 'requested'
$$;

-- public.gateway_pending_sessions() -----------------------------------------------------
-- Service role (the przelewy24-reconcile job): pending gateway orders whose newest session was
-- registered more than p_min_age ago, oldest first; the job asks the gateway about each session.
create function public.gateway_pending_sessions(p_min_age interval default interval '10 minutes', p_limit integer default 50)
returns table (order_id uuid, session_id text, amount numeric, currency text, registered_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select o.id, s.session_id, o.amount, o.currency, s.created_at
    from public.payment_orders o
    cross join lateral (
      select e.session_id, e.created_at from public.payment_events e
       where e.order_id = o.id and e.kind = 'register' and e.outcome = 'requested'
       order by e.created_at desc, e.id desc
       limit 1
    ) s
   where o.status = 'pending' and o.method = 'transfer' and o.currency = 'PLN'
     and s.created_at <= now() - p_min_age
   order by s.created_at
   limit least(greatest(coalesce(p_limit, 50), 1), 500)
$$;

-- public.gateway_record_event() ---------------------------------------------------------
-- Service role: appends one gateway event (bodies cut at 64 KiB, headers as given).
create function public.gateway_record_event(
  p_kind text,
  p_outcome text,
  p_session_id text default null,
  p_order_id uuid default null,
  p_signature_valid boolean default null,
  p_http_status integer default null,
  p_request_body text default null,
  p_response_body text default null,
  p_headers jsonb default '{}'::jsonb,
  p_request_id text default null,
  p_error text default null
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id bigint;
  v_order_id uuid := p_order_id;
  v_unauthenticated boolean := p_outcome in ('malformed', 'bad_signature');
begin
  -- Anyone can post to the notification URL: what is not signed by the gateway is kept short (2 KB;
  -- a real notification is about 400 bytes) and at most 120 such rows an hour are stored, so junk
  -- cannot fill the table. The health check still sees the stored ones.
  if v_unauthenticated then
    if (select count(*) from public.payment_events e
         where e.created_at > now() - interval '1 hour'
           and e.outcome = any (array['malformed', 'bad_signature'])) >= 120 then
      return null;
    end if;
  end if;
  if v_order_id is null and p_session_id is not null then
    select e.order_id into v_order_id from public.payment_events e
     where e.session_id = p_session_id and e.kind = 'register' and e.outcome = 'requested';
  end if;
  insert into public.payment_events (
    order_id, session_id, kind, outcome, signature_valid, http_status, request_body, response_body, headers,
    request_id, error
  )
  values (
    v_order_id, left(nullif(p_session_id, ''), 100), p_kind, p_outcome, p_signature_valid, p_http_status,
    left(p_request_body, case when v_unauthenticated then 2048 else 65536 end), left(p_response_body, 65536),
    case when v_unauthenticated and pg_column_size(p_headers) > 2048 then '{}'::jsonb else coalesce(p_headers, '{}'::jsonb) end,
    left(p_request_id, 200), left(p_error, 2000)
  )
  returning id into v_id;
  return v_id;
end
$$;

-- public.get_my_payment_orders() --------------------------------------------------------
-- Member: their orders, newest first, with the item's name.
create function public.get_my_payment_orders(p_limit integer default 50, p_offset integer default 0)
returns table (
  id uuid, reference text, kind public.payment_item_kind, plan_tier public.membership_level, ccc_tier public.ccc_tier,
  quantity smallint, item_label text, method public.payment_method, amount numeric, currency text,
  status public.payment_order_status, created_at timestamptz, decided_at timestamptz, rejection_reason text,
  tx_hash text, membership_valid_until date, expires_at timestamptz, amount_received numeric, shortfall numeric,
  surplus numeric, refunded_at timestamptz, refund_reason text, replaces_order_id uuid,
  period_first_day date, period_last_day date, period_extra_days integer, period_from_level public.membership_level
)
language plpgsql
stable
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_limit is null or p_limit not between 1 and 100 or p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'admin.invalid_limit';
  end if;
  return query
    select o.id, o.reference, o.kind, o.plan_tier, o.ccc_tier, o.quantity, private.order_item_label(o),
           o.method, o.amount, o.currency, o.status, o.created_at, o.decided_at, o.rejection_reason,
           o.tx_hash, o.membership_valid_until, o.expires_at, o.amount_received, o.shortfall, o.surplus,
           o.refunded_at, o.refund_reason, o.replaces_order_id,
           m.first_day, nullif(coalesce(m.shortened_from, m.last_day), 'infinity'), m.extra_days,
           (select r.level from public.membership_periods r where r.id = m.replaced_period_id)
      from public.payment_orders o
      -- The period the confirmation gave, as it gave it (a later upgrade or refund may have cut it).
      left join lateral (
        select p.first_day, p.last_day, p.shortened_from, p.extra_days, p.replaced_period_id
          from public.membership_periods p
         where p.order_id = o.id and o.kind = 'plan'
         order by p.created_at, p.first_day
         limit 1
      ) m on true
     where o.user_id = (select auth.uid())
     order by o.created_at desc, o.id desc
     limit p_limit offset p_offset;
end
$$;

-- private.money_text() ------------------------------------------------------------------
-- An amount with its currency, as the notices and e-mails show it ('4997.00 PLN').
create function private.money_text(p_amount numeric, p_currency text)
returns text
language sql
immutable
set search_path = ''
as $$
  select to_char(p_amount, 'FM9999999990.00') || ' ' || p_currency
$$;

-- private.lock_order() ------------------------------------------------------------------
create function private.lock_order(p_order_id uuid)
returns public.payment_orders
language plpgsql
set search_path = ''
as $$
declare
  v_user_id uuid;
  v_order public.payment_orders;
begin
  -- One lock order everywhere (member's profile, then the order, then a CCC tier): a confirmation,
  -- a refund, an expiry and a member's new order never wait on each other in a circle.
  select o.user_id into v_user_id from public.payment_orders o where o.id = p_order_id;
  if v_user_id is not null then
    perform 1 from public.profiles p where p.user_id = v_user_id for update;
  end if;
  select * into v_order from public.payment_orders o where o.id = p_order_id for update;
  return v_order;
end
$$;

-- private.add_plan_period() -------------------------------------------------------------
create function private.add_plan_period(p_order public.payment_orders, p_day date, p_actor uuid)
returns public.membership_periods
language plpgsql
set search_path = ''
as $$
declare
  v_change record;
  v_current public.membership_periods;
  v_period public.membership_periods;
  v_from date;
begin
  select * into v_change from private.plan_change_for(p_order.user_id, p_order.plan_tier, p_day);
  if v_change.change = 'blocked' then
    return null;
  end if;
  if v_change.change = 'upgrade' then
    select * into v_current
      from public.membership_periods m
     where m.user_id = p_order.user_id and m.first_day <= p_day and m.last_day >= p_day
     order by m.first_day desc
     limit 1;
    perform private.shorten_period(v_current.id, p_day - 1, 'upgrade', p_actor);
    if not isfinite(v_current.last_day) then
      -- A period with no end date is not converted: it continues after the new one.
      insert into public.membership_periods (user_id, level, first_day, last_day, source, order_id, audit_id)
      values (v_current.user_id, v_current.level, p_day, 'infinity', v_current.source, v_current.order_id,
              v_current.audit_id);
    end if;
    v_from := p_day;
  else
    v_from := v_change.first_day;
  end if;
  insert into public.membership_periods
    (user_id, level, first_day, last_day, source, order_id, extra_days, replaced_period_id)
  values (p_order.user_id, p_order.plan_tier, v_change.first_day, v_change.last_day, 'order', p_order.id,
          v_change.extra_days, v_current.id)
  returning * into v_period;
  -- Later (queued) periods move back behind the new one.
  perform private.relay_periods(p_order.user_id, v_from, v_period.last_day + 1, v_period.id);
  return v_period;
end
$$;

-- private.remove_order_periods() --------------------------------------------------------
create function private.remove_order_periods(p_order public.payment_orders, p_day date, p_actor uuid)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_period public.membership_periods;
  v_replaced public.membership_periods;
  v_next public.membership_periods;
  v_restored uuid;
  v_start date;
  v_days integer;
  v_last date;
begin
  for v_period in
    select * from public.membership_periods m
     where m.order_id = p_order.id and m.user_id = p_order.user_id and m.last_day >= p_day
       and m.last_day >= m.first_day
     order by m.first_day
     for update
  loop
    -- From the refund's day on, the period is gone; what was queued behind it moves up.
    v_start := greatest(v_period.first_day, p_day);
    perform private.shorten_period(v_period.id, v_start - 1, 'refund', p_actor);
    -- An upgrade gives back the rest of the period it cut short (one with no end date continued
    -- behind the upgrade on its own, and moves up with the others), unless that period's own order
    -- was refunded since.
    v_restored := null;
    if v_period.replaced_period_id is not null then
      select * into v_replaced from public.membership_periods m where m.id = v_period.replaced_period_id;
      if isfinite(v_replaced.shortened_from) and v_replaced.shortened_from >= v_start
         and not exists (select 1 from public.payment_orders o
                          where o.id = v_replaced.order_id and o.status = 'refunded') then
        insert into public.membership_periods (user_id, level, first_day, last_day, source, order_id, audit_id)
        values (v_replaced.user_id, v_replaced.level, v_start, v_replaced.shortened_from, v_replaced.source,
                v_replaced.order_id, v_replaced.audit_id)
        returning id, last_day + 1 into v_restored, v_start;
      end if;
    end if;
    perform private.relay_periods(p_order.user_id, v_period.first_day + 1, v_start, v_restored);
  end loop;

  -- The order's period was converted into an upgrade's extra days: those days go with the refund.
  -- Followed along the upgrades that came after (each converted the unused rest, extra days last,
  -- at the yearly list prices), they come off the period that holds them now.
  for v_period in
    select * from public.membership_periods m
     where m.order_id = p_order.id and m.user_id = p_order.user_id and m.shortened_reason = 'upgrade'
  loop
    select * into v_next from public.membership_periods m
     where m.replaced_period_id = v_period.id and m.order_id is not null
     order by m.created_at limit 1;
    continue when not found;
    v_days := v_next.extra_days;
    while v_next.shortened_reason = 'upgrade' and v_days > 0 loop
      v_days := least(v_days, v_next.shortened_from - v_next.last_day);
      v_replaced := v_next;
      select * into v_next from public.membership_periods m
       where m.replaced_period_id = v_replaced.id and m.order_id is not null
       order by m.created_at limit 1;
      exit when not found;
      v_days := floor(v_days * (select mp.yearly_price_pln from public.membership_plans mp where mp.tier = v_replaced.level)
                      / (select mp.yearly_price_pln from public.membership_plans mp where mp.tier = v_next.level))::integer;
    end loop;
    -- An admin's cut stands; after an earlier refund of a converted order only the extra days not
    -- taken off yet remain.
    continue when v_next.id is null or v_next.shortened_reason = 'admin'
                  or v_next.last_day < p_day or not isfinite(v_next.last_day);
    if v_next.shortened_reason = 'refund' then
      v_days := least(v_days, v_next.extra_days - (v_next.shortened_from - v_next.last_day));
    end if;
    continue when v_days <= 0;
    v_last := greatest(v_next.last_day - v_days, p_day - 1, v_next.first_day - 1);
    perform private.shorten_period(v_next.id, v_last, 'refund', p_actor);
    perform private.relay_periods(p_order.user_id, v_next.first_day + 1, v_last + 1, v_next.id);
  end loop;
end
$$;

-- private.confirm_payment() -------------------------------------------------------------
create function private.confirm_payment(
  p_order_id uuid,
  p_amount_received numeric,
  p_via public.payment_decider,
  p_actor uuid,
  p_chain_transfer_id bigint default null
)
returns table (changed boolean, payment_order public.payment_orders)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
  v_before public.payment_orders;
  v_total numeric;
  v_today date := private.warsaw_today();
  v_period public.membership_periods;
  v_granted boolean := true;
  v_status public.payment_order_status;
  v_profile public.profiles;
  v_referral record;
  v_commission_id uuid;
  v_valid_until date;
  -- The transfer (public.chain_transfers, 20261122000950_chain.sql, after this file): its columns.
  v_transfer_id bigint;
  v_transfer_network public.withdrawal_network;
  v_transfer_hash text;
  v_transfer_order uuid;
  v_transfer_withdrawal uuid;
  v_recorded boolean := false;
begin
  if p_via is null then
    raise exception using errcode = 'P0001', message = 'payments.invalid_decider';
  end if;
  if private.fits_catalogue_price(p_amount_received) is null then
    raise exception using errcode = 'P0001', message = 'payments.invalid_amount';
  end if;
  if not private.fits_catalogue_price(p_amount_received) then
    raise exception using errcode = 'P0001', message = 'payments.amount_too_high';
  end if;

  v_order := private.lock_order(p_order_id);
  if v_order.id is null then
    raise exception using errcode = 'P0002', message = 'payments.order_not_found';
  end if;
  if p_chain_transfer_id is not null then
    -- The USDT transfer (public.chain_transfers, unique per network, hash and log index) is locked
    -- after the order: a transfer pays one order, once; parallel calls wait here and find it used.
    select t.id, t.network, t.tx_hash, t.order_id, t.withdrawal_id
      into v_transfer_id, v_transfer_network, v_transfer_hash, v_transfer_order, v_transfer_withdrawal
      from public.chain_transfers t where t.id = p_chain_transfer_id for update;
    if not found then
      raise exception using errcode = 'P0002', message = 'payments.transfer_not_found';
    end if;
    if v_order.method <> 'usdt' then
      raise exception using errcode = 'P0001', message = 'payments.invalid_tx_hash';
    end if;
    if v_transfer_withdrawal is not null or v_transfer_order <> v_order.id then
      raise exception using errcode = 'P0001', message = 'payments.tx_hash_used';
    end if;
    v_recorded := exists (select 1 from public.payment_receipts r where r.chain_transfer_id = v_transfer_id);
  end if;
  -- Told twice about one payment (a paid order without a new transaction, a transaction already
  -- recorded for this order): nothing changes, nothing is counted twice.
  if v_recorded or (v_order.status = 'paid' and p_chain_transfer_id is null) then
    changed := false;
    payment_order := v_order;
    return next;
    return;
  end if;
  -- A refunded order's books are closed (the money went back; a new payment is a new order).
  if v_order.status not in ('pending', 'underpaid', 'expired', 'cancelled', 'rejected', 'to_refund', 'paid') then
    raise exception using errcode = 'P0001', message = 'payments.not_pending';
  end if;
  v_before := v_order;
  insert into public.payment_receipts (order_id, amount, currency, decided_via, decided_by, chain_transfer_id)
  values (v_order.id, p_amount_received, v_order.currency, p_via, p_actor, v_transfer_id);
  if v_transfer_id is not null then
    update public.chain_transfers t set order_id = v_order.id where t.id = v_transfer_id and t.order_id is null;
  end if;
  v_total := coalesce(v_order.amount_received, 0) + p_amount_received;

  if v_order.status = 'paid' then
    -- Another transaction for an order already paid: it adds to the surplus, nothing more is granted.
    update public.payment_orders o
       set amount_received = v_total, updated_at = now()
     where o.id = v_order.id
    returning * into v_order;
    perform private.audit(
      'payment.confirm', 'payment_order', v_order.id::text, v_order.user_id,
      jsonb_build_object('status', 'paid', 'amount_received', v_before.amount_received),
      jsonb_build_object('status', 'paid', 'amount_received', v_order.amount_received, 'tx_hash', v_transfer_hash,
                         'network', v_transfer_network, 'chain_transfer_id', v_transfer_id, 'decided_via', p_via)
    );
    if v_order.user_id is not null then
      perform private.notify(
        v_order.user_id, 'system', 'Nadpłata',
        format('Otrzymaliśmy kolejną wpłatę %s za opłaconą już płatność %s (%s). Nadpłata: %s — zwrócimy ją.',
               private.money_text(p_amount_received, v_order.currency), v_order.reference,
               private.order_item_label(v_order), private.money_text(v_order.surplus, v_order.currency)),
        jsonb_build_object('orderId', v_order.id, 'reference', v_order.reference, 'status', 'paid')
      );
    end if;
    changed := true;
    payment_order := v_order;
    return next;
    return;
  end if;

  if v_order.status in ('rejected', 'to_refund') then
    -- Money for an order an admin rejected, or one already waiting to be refunded: it all goes back.
    v_status := 'to_refund';
  elsif v_total < v_order.amount then
    v_status := 'underpaid';
  elsif v_order.user_id is null then
    -- The member's account was deleted: the money can only go back.
    v_granted := false;
  elsif v_order.kind = 'plan' then
    v_period := private.add_plan_period(v_order, v_today, p_actor);
    v_granted := v_period.id is not null;
  else
    -- The slot was reserved while the order was pending and unexpired; a late payment takes a free
    -- one if there is still one.
    perform 1 from public.ccc_tiers t where t.tier = v_order.ccc_tier for update;
    if v_order.quantity <= private.ccc_free_slots(v_order.ccc_tier, v_order.id) then
      perform private.assign_ccc(v_order.user_id, v_order.ccc_tier, v_order.quantity, v_order.id);
    else
      v_granted := false;
    end if;
  end if;
  if v_status is null then
    v_status := case when v_granted then 'paid' else 'to_refund' end;
  end if;
  if v_period.id is not null and isfinite(v_period.last_day) then
    v_valid_until := v_period.last_day;
  end if;

  select * into v_profile from public.profiles p where p.user_id = v_order.user_id;
  update public.payment_orders o
     set status = v_status,
         decided_at = now(),
         decided_by = p_actor,
         decided_via = p_via,
         amount_received = v_total,
         -- The order shows its first transaction; each one is in payment_receipts.
         tx_hash = coalesce(o.tx_hash, v_transfer_hash),
         network = case when o.tx_hash is null then coalesce(v_transfer_network, o.network) else o.network end,
         membership_valid_until = v_valid_until,
         cancel_reason = null,
         buyer_name = coalesce(v_profile.full_name, o.buyer_name),
         buyer_email = coalesce(v_profile.email, o.buyer_email),
         updated_at = now()
   where o.id = v_order.id
  returning * into v_order;

  -- The referrer's commission: on the referred member's first paid plan order (never on an admin's
  -- level edit).
  if v_status = 'paid' and v_order.kind = 'plan' then
    select r.referrer_id, r.code_id into v_referral
      from public.referral_relationships r where r.referred_id = v_order.user_id;
    if found and not exists (
      select 1 from public.payment_orders o
       where o.user_id = v_order.user_id and o.kind = 'plan' and o.status in ('paid', 'refunded') and o.id <> v_order.id
    ) then
      insert into public.referral_commissions (referrer_id, referred_id, level, amount_pln, order_id)
      select v_referral.referrer_id, v_order.user_id, v_order.plan_tier, round(m.yearly_price_pln * 0.10, 2), v_order.id
        from public.membership_plans m where m.tier = v_order.plan_tier
      on conflict (referred_id) do nothing
      returning id into v_commission_id;
      if v_commission_id is not null and v_referral.code_id is not null then
        update public.referral_codes c
           set conversions_count = c.conversions_count + 1, last_conversion_at = now()
         where c.id = v_referral.code_id;
      end if;
    end if;
  end if;
  if v_order.user_id is not null then
    perform private.sync_membership_cache(v_order.user_id);
  end if;

  perform private.audit(
    'payment.confirm', 'payment_order', v_order.id::text, v_order.user_id,
    jsonb_build_object('status', v_before.status, 'amount_received', v_before.amount_received, 'tx_hash', v_before.tx_hash,
                       'network', v_before.network),
    jsonb_build_object('status', v_order.status, 'amount_received', v_order.amount_received, 'tx_hash', v_order.tx_hash,
                       'network', v_order.network, 'chain_transfer_id', v_transfer_id, 'decided_via', v_order.decided_via)
  );

  if v_order.user_id is null then
    null;
  elsif v_status = 'paid' then
    perform private.notify(
      v_order.user_id, 'system', 'Płatność potwierdzona',
      format('Potwierdziliśmy Twoją płatność %s (%s).', v_order.reference, private.order_item_label(v_order))
        || case when v_period.id is not null
                then format(' Plan %s od %s do %s', v_period.level, to_char(v_period.first_day, 'DD.MM.YYYY'),
                            coalesce(to_char(v_valid_until, 'DD.MM.YYYY'), 'bezterminowo'))
                     || case when v_period.extra_days > 0
                             then format(' (w tym %s dni za niewykorzystany okres %s)', v_period.extra_days,
                                         (select r.level from public.membership_periods r where r.id = v_period.replaced_period_id))
                             else '' end
                     || '.'
                else '' end
        || case when v_order.surplus is not null
                then format(' Nadpłata: %s.', private.money_text(v_order.surplus, v_order.currency)) else '' end,
      jsonb_build_object('orderId', v_order.id, 'reference', v_order.reference, 'status', 'paid')
    );
    perform private.queue_member_email('payment-confirmed', v_order.user_id, jsonb_build_object(
      'reference', v_order.reference,
      'item', private.order_item_label(v_order),
      'amount', private.money_text(v_order.amount_received, v_order.currency),
      'valid_until', coalesce(to_char(v_valid_until, 'DD.MM.YYYY'), '')
    ));
  elsif v_status = 'underpaid' then
    perform private.notify(
      v_order.user_id, 'system', 'Niedopłata',
      format('Otrzymaliśmy %s za płatność %s (%s); brakuje %s. Dopłać brakującą kwotę z tym samym kodem płatności.',
             private.money_text(v_order.amount_received, v_order.currency), v_order.reference,
             private.order_item_label(v_order), private.money_text(v_order.shortfall, v_order.currency)),
      jsonb_build_object('orderId', v_order.id, 'reference', v_order.reference, 'status', 'underpaid',
                         'amount', v_order.shortfall, 'currency', v_order.currency)
    );
  else
    perform private.notify(
      v_order.user_id, 'system', 'Płatność do zwrotu',
      format('Otrzymaliśmy %s za płatność %s (%s), ale nie możemy jej już zrealizować. Zwrócimy Ci te pieniądze.',
             private.money_text(v_order.amount_received, v_order.currency), v_order.reference,
             private.order_item_label(v_order)),
      jsonb_build_object('orderId', v_order.id, 'reference', v_order.reference, 'status', 'to_refund')
    );
  end if;

  changed := true;
  payment_order := v_order;
  return next;
end
$$;

-- private.expire_payment_orders() -------------------------------------------------------
create function private.expire_payment_orders(p_now timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
  v_count integer := 0;
begin
  for v_order in
    -- A pending order past its time, re-checked under its lock (a confirmation that got there first wins).
    update public.payment_orders o
       set status = 'expired', decided_at = now(), updated_at = now()
     where o.status = 'pending' and o.expires_at <= p_now
    returning *
  loop
    perform private.notify(
      v_order.user_id, 'system', 'Płatność wygasła',
      format('Twoja płatność %s (%s) wygasła, bo nie otrzymaliśmy wpłaty w terminie. Jeśli nadal chcesz kupić, złóż nowe zamówienie.',
             v_order.reference, private.order_item_label(v_order)),
      jsonb_build_object('orderId', v_order.id, 'reference', v_order.reference, 'status', 'expired')
    );
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;

-- private.roll_membership_cache() -------------------------------------------------------
create function private.roll_membership_cache()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid;
  v_count integer := 0;
  v_today date := private.warsaw_today();
begin
  -- After midnight in Warsaw, the members whose cache names a day that has passed: a paid level that
  -- ended (FREE or a queued period follows; the partial index on the paid end dates), and a FREE
  -- cache waiting for a period that started in the last week (the periods' first_day index). The
  -- hundreds of thousands of FREE members whose membership ran out long ago are not visited.
  for v_user_id in
    select p.user_id from public.profiles p
     where p.membership_level <> 'FREE' and p.membership_valid_until < v_today
    union
    select p.user_id
      from public.membership_periods m
      join public.profiles p on p.user_id = m.user_id
     where m.first_day between v_today - 7 and v_today and m.last_day >= v_today and m.last_day >= m.first_day
       and p.membership_valid_until < v_today
  loop
    perform 1 from public.profiles p where p.user_id = v_user_id for update;
    perform private.sync_membership_cache(v_user_id);
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;

-- private.run_order_reminders() ---------------------------------------------------------
-- The reminders of a pending order (run with the hourly payment jobs), each once, in-app and by
-- e-mail (the member's 'Powiadomienia e-mail' switch payment_reminders): 'unpaid' once the order is
-- a day old (templates order-unpaid) and 'expiring' when it expires within a day (order-expiring),
-- the latter only for an order at least 12 hours old, so a 1-day order gets one reminder, not one at
-- once. A run sends the nearer reminder due: 'unpaid' never follows 'expiring'. Returns how many.
create function private.run_order_reminders(p_now timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row record;
  v_order public.payment_orders;
  v_sent integer := 0;
  v_item text;
  v_amount text;
  v_expires text;
begin
  for v_row in
    with due as (
      select o.id,
             case when o.expires_at <= p_now + interval '1 day' then 'expiring' else 'unpaid' end as kind
        from public.payment_orders o
       where o.status = 'pending' and o.user_id is not null
         and o.expires_at > p_now
         and ((o.expires_at <= p_now + interval '1 day' and o.created_at <= p_now - interval '12 hours')
              or o.created_at <= p_now - interval '1 day')
    )
    insert into private.payment_order_reminders (order_id, kind)
    select due.id, due.kind from due
     where not exists (select 1 from private.payment_order_reminders r
                        where r.order_id = due.id and due.kind = 'unpaid' and r.kind = 'expiring')
    on conflict do nothing
    returning order_id, kind
  loop
    select * into v_order from public.payment_orders o where o.id = v_row.order_id;
    v_item := private.order_item_label(v_order);
    v_amount := private.money_text(v_order.amount, v_order.currency);
    v_expires := to_char(v_order.expires_at at time zone 'Europe/Warsaw', 'DD.MM.YYYY HH24:MI');
    if v_row.kind = 'unpaid' then
      perform private.notify(
        v_order.user_id, 'system', 'Czekamy na Twoją płatność',
        format('Twoje zamówienie %s (%s) czeka na wpłatę %s. Opłać je do %s, inaczej wygaśnie.',
               v_order.reference, v_item, v_amount, v_expires),
        jsonb_build_object('kind', 'order_unpaid', 'orderId', v_order.id, 'reference', v_order.reference,
                           'status', 'pending', 'expiresAt', v_order.expires_at)
      );
    else
      perform private.notify(
        v_order.user_id, 'system', 'Płatność wkrótce wygaśnie',
        format('Nie otrzymaliśmy jeszcze wpłaty %s za zamówienie %s (%s). Zamówienie wygaśnie %s.',
               v_amount, v_order.reference, v_item, v_expires),
        jsonb_build_object('kind', 'order_expiring', 'orderId', v_order.id, 'reference', v_order.reference,
                           'status', 'pending', 'expiresAt', v_order.expires_at)
      );
    end if;
    perform private.queue_preferred_email(
      'payment_reminders',
      case v_row.kind when 'unpaid' then 'order-unpaid' else 'order-expiring' end,
      v_order.user_id,
      jsonb_build_object('reference', v_order.reference, 'item', v_item, 'amount', v_amount, 'expires_at', v_expires)
    );
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end
$$;

-- private.run_payment_jobs() ------------------------------------------------------------
create function private.run_payment_jobs()
returns jsonb
language sql
security definer
set search_path = ''
as $$
  select jsonb_build_object('expired', private.expire_payment_orders(), 'rolled', private.roll_membership_cache(),
                            'reminded', private.run_order_reminders())
$$;

-- public.admin_update_payment_settings() ------------------------------------------------
create function public.admin_update_payment_settings(
  p_order_expiry_days integer default null, p_daily_order_limit integer default null
)
returns public.payment_settings
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.payment_settings;
  v_row public.payment_settings;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_order_expiry_days is not null and p_order_expiry_days not between 1 and 60 then
    raise exception using errcode = 'P0001', message = 'payments.invalid_expiry_days';
  end if;
  if p_daily_order_limit is not null and p_daily_order_limit not between 1 and 100 then
    raise exception using errcode = 'P0001', message = 'payments.invalid_daily_limit';
  end if;
  select * into v_before from public.payment_settings for update;
  update public.payment_settings s
     set order_expiry_days = coalesce(p_order_expiry_days, s.order_expiry_days),
         daily_order_limit = coalesce(p_daily_order_limit, s.daily_order_limit),
         updated_at = now()
  returning * into v_row;
  perform private.audit('payment_settings.update', 'payment_settings', 'payment_settings', null,
    jsonb_build_object('order_expiry_days', v_before.order_expiry_days, 'daily_order_limit', v_before.daily_order_limit),
    jsonb_build_object('order_expiry_days', v_row.order_expiry_days, 'daily_order_limit', v_row.daily_order_limit));
  return v_row;
end
$$;

-- public.admin_refund_payment() ---------------------------------------------------------
create function public.admin_refund_payment(
  p_order_id uuid, p_reason text, p_method text, p_reference text
)
returns table (changed boolean, payment_order public.payment_orders)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
  v_before public.payment_orders;
  v_reason text := btrim(coalesce(p_reason, ''));
  v_reference text := btrim(coalesce(p_reference, ''));
  v_actor uuid := (select auth.uid());
  v_today date := private.warsaw_today();
  v_released integer := 0;
  v_commissions integer := 0;
  v_commission record;
  v_debited numeric;
  v_reversed jsonb := '[]'::jsonb;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if char_length(v_reason) not between 1 and 500 then
    raise exception using errcode = 'P0001', message = 'payments.reason_required';
  end if;
  if p_method is null or p_method not in ('transfer', 'usdt', 'acc', 'other') then
    raise exception using errcode = 'P0001', message = 'payments.invalid_refund_method';
  end if;
  if char_length(v_reference) not between 1 and 200 then
    raise exception using errcode = 'P0001', message = 'payments.refund_reference_required';
  end if;

  v_order := private.lock_order(p_order_id);
  if v_order.id is null then
    raise exception using errcode = 'P0002', message = 'payments.order_not_found';
  end if;
  if v_order.status = 'refunded' then
    changed := false;
    payment_order := v_order;
    return next;
    return;
  end if;
  if v_order.status not in ('paid', 'underpaid', 'to_refund') then
    raise exception using errcode = 'P0001', message = 'payments.not_refundable';
  end if;
  v_before := v_order;

  if v_order.status = 'paid' and v_order.user_id is not null then
    if v_order.kind = 'plan' then
      perform private.remove_order_periods(v_order, v_today, v_actor);
    else
      perform 1 from public.ccc_tiers t where t.tier = v_order.ccc_tier for update;
      -- Running packages end now (their slots are free); every package of the order, also one that
      -- already ran its course, is marked released by the refund.
      update public.ccc_assignments a
         set end_date = case when a.end_date >= now()
                             then greatest(now() - interval '1 microsecond', a.start_date + interval '1 microsecond')
                             else a.end_date end,
             released_at = now()
       where a.order_id = v_order.id and a.released_at is null;
      get diagnostics v_released = row_count;
    end if;
  end if;
  -- The order's commission is cancelled (kept, 'Anulowana'). One already settled into the
  -- referrer's wallet is taken back: a ledger debit of what it credited, as far as the wallet holds
  -- it, the rest a debt of the referrer (private.debit_or_record_debt), notified and in the audit row.
  for v_commission in
    select c.id, c.referrer_id, c.amount_usdt
      from public.referral_commissions c
     where c.order_id = v_order.id and c.cancelled_at is null and c.settled_at is not null
       and c.referrer_id is not null
     order by c.id
       for update
  loop
    v_debited := private.debit_or_record_debt(
      v_commission.referrer_id, v_commission.amount_usdt,
      'Cofnięcie prowizji za polecenie: zwrot płatności ' || v_order.reference,
      'referral_commission', v_commission.id);
    v_reversed := v_reversed || jsonb_build_object(
      'commission_id', v_commission.id, 'referrer_id', v_commission.referrer_id,
      'amount_usdt', v_commission.amount_usdt, 'debited', v_debited, 'debt', v_commission.amount_usdt - v_debited);
    perform private.notify(
      v_commission.referrer_id, 'system', 'Prowizja cofnięta',
      case when v_debited = v_commission.amount_usdt
           then format('Płatność %s poleconej osoby została zwrócona: z Twojego portfela pobrano wypłaconą prowizję %s USDT.',
                       v_order.reference, v_commission.amount_usdt)
           else format('Płatność %s poleconej osoby została zwrócona: z Twojego portfela pobrano %s USDT z wypłaconej prowizji %s USDT, a %s USDT pozostaje do spłaty z kolejnych wpływów.',
                       v_order.reference, v_debited, v_commission.amount_usdt, v_commission.amount_usdt - v_debited) end,
      jsonb_build_object('kind', 'commission_reversed', 'amount', v_commission.amount_usdt, 'currency', 'USDT',
                         'debited', v_debited, 'commissionId', v_commission.id, 'reference', v_order.reference)
    );
  end loop;
  update public.referral_commissions c
     set cancelled_at = now(), cancel_reason = 'Zwrot płatności ' || v_order.reference
   where c.order_id = v_order.id and c.cancelled_at is null;
  get diagnostics v_commissions = row_count;

  update public.payment_orders o
     set status = 'refunded', refunded_at = now(), refunded_by = v_actor, refund_reason = v_reason,
         refund_method = p_method, refund_reference = v_reference, updated_at = now()
   where o.id = v_order.id
  returning * into v_order;
  if v_order.user_id is not null then
    perform private.sync_membership_cache(v_order.user_id);
  end if;

  perform private.audit(
    'payment.refund', 'payment_order', v_order.id::text, v_order.user_id,
    jsonb_build_object('status', v_before.status),
    jsonb_build_object('status', v_order.status, 'refund_reason', v_reason, 'refund_method', p_method,
                       'refund_reference', v_reference, 'amount_received', v_order.amount_received,
                       'released_packages', v_released, 'cancelled_commissions', v_commissions,
                       'reversed_commissions', v_reversed)
  );
  if v_order.user_id is not null then
    perform private.notify(
      v_order.user_id, 'system', 'Płatność zwrócona',
      format('Zwróciliśmy Ci %s za płatność %s (%s). Powód: %s',
             private.money_text(v_order.amount_received, v_order.currency), v_order.reference,
             private.order_item_label(v_order), v_reason),
      jsonb_build_object('orderId', v_order.id, 'reference', v_order.reference, 'status', 'refunded')
    );
    perform private.queue_member_email('payment-refunded', v_order.user_id, jsonb_build_object(
      'reference', v_order.reference,
      'item', private.order_item_label(v_order),
      'amount', private.money_text(v_order.amount_received, v_order.currency),
      'reason', v_reason,
      'refund_reference', v_reference
    ));
  end if;

  changed := true;
  payment_order := v_order;
  return next;
end
$$;

-- public.preview_plan_change() ----------------------------------------------------------
create function public.preview_plan_change(p_tier public.membership_level)
returns table (
  tier public.membership_level, from_level public.membership_level, first_day date, last_day date,
  extra_days integer, change text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_tier is null or not exists (select 1 from public.membership_plans m where m.tier = p_tier) then
    raise exception using errcode = 'P0001', message = 'payments.invalid_item';
  end if;
  return query
    select c.tier, c.from_level, c.first_day,
           case when isfinite(c.last_day) then c.last_day end, c.extra_days, c.change
      from private.plan_change_for((select auth.uid()), p_tier) c;
end
$$;

-- private.anonymise_member_orders() -----------------------------------------------------
-- Trigger before delete on auth.users: a pending order is cancelled (money arriving later is kept
-- as 'Do zwrotu'). An order money came in for is accounting evidence: it keeps the buyer's name and
-- e-mail copied at payment time until its retain_until (privacy migration); the others lose them.
create function private.anonymise_member_orders()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.payment_orders o
     set buyer_name = case when o.status in ('paid', 'underpaid', 'to_refund', 'refunded') then o.buyer_name
                           else 'Usunięty członek' end,
         buyer_email = case when o.status in ('paid', 'underpaid', 'to_refund', 'refunded') then o.buyer_email end,
         status = case when o.status = 'pending' then 'cancelled'::public.payment_order_status else o.status end,
         cancel_reason = case when o.status = 'pending' then 'member_deleted' else o.cancel_reason end,
         decided_at = coalesce(o.decided_at, now()),
         updated_at = now()
   where o.user_id = old.id;
  return old;
end
$$;

-- private.money_in_mismatches() ---------------------------------------------------------
create function private.money_in_mismatches()
returns table (problem text, order_id uuid, user_id uuid)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- plpgsql: referral_commissions is created after this file (20261122001200_referral.sql).
  return query
  -- Two periods of a member on the same day.
  select 'overlapping periods', null::uuid, a.user_id
    from public.membership_periods a
    join public.membership_periods b
      on b.user_id = a.user_id and b.id > a.id
     and a.last_day >= a.first_day and b.last_day >= b.first_day
     and a.first_day <= b.last_day and b.first_day <= a.last_day
  union all
  -- A paid plan order has its period (perhaps cut short by an upgrade or an admin, never by a refund).
  select 'paid plan order without its period', o.id, o.user_id
    from public.payment_orders o
   where o.status = 'paid' and o.kind = 'plan' and o.user_id is not null
     and (not exists (select 1 from public.membership_periods m where m.order_id = o.id)
          -- Cut by a refund only when the refund was of an order whose period it had converted.
          or exists (
            select 1 from public.membership_periods m
             where m.order_id = o.id and m.shortened_reason = 'refund'
               and not exists (
                 with recursive up as (
                   select r.id, r.order_id, r.replaced_period_id
                     from public.membership_periods r where r.id = m.replaced_period_id
                   union all
                   select r.id, r.order_id, r.replaced_period_id
                     from public.membership_periods r join up on r.id = up.replaced_period_id
                 )
                 select 1 from up join public.payment_orders x on x.id = up.order_id where x.status = 'refunded')))
  union all
  -- A paid CCC order has exactly its packages, none released.
  select 'paid CCC order without exactly its packages', o.id, o.user_id
    from public.payment_orders o
   where o.status = 'paid' and o.kind = 'ccc' and o.user_id is not null
     and (select count(*) from public.ccc_assignments a where a.order_id = o.id and a.released_at is null) <> o.quantity
  union all
  -- An order not paid (yet, or any more) gives nothing: no period, package or commission still running.
  select 'unpaid order grants something', o.id, o.user_id
    from public.payment_orders o
   where o.status not in ('paid', 'refunded')
     and (exists (select 1 from public.membership_periods m where m.order_id = o.id)
          or exists (select 1 from public.ccc_assignments a where a.order_id = o.id)
          or exists (select 1 from public.referral_commissions c where c.order_id = o.id))
  union all
  -- A refunded order: its periods end before the refund's day, its packages are released, its
  -- commission cancelled.
  select 'refunded order still grants something', o.id, o.user_id
    from public.payment_orders o
   where o.status = 'refunded'
     and (exists (select 1 from public.membership_periods m
                   where m.order_id = o.id and m.last_day >= (o.refunded_at at time zone 'Europe/Warsaw')::date
                     and m.last_day >= m.first_day)
          or exists (select 1 from public.ccc_assignments a where a.order_id = o.id and a.released_at is null)
          or exists (select 1 from public.referral_commissions c where c.order_id = o.id and c.cancelled_at is null))
  union all
  -- A commission belongs to the referred member's first paid plan order; cancelled exactly when refunded.
  select 'commission does not match its order', c.order_id, c.referred_id
    from public.referral_commissions c
    left join public.payment_orders o on o.id = c.order_id
   where c.order_id is not null
     and (o.kind <> 'plan' or o.user_id is distinct from c.referred_id
          or o.status not in ('paid', 'refunded')
          or (o.status = 'refunded') <> (c.cancelled_at is not null))
  union all
  -- A referred member's paid plan order means the referrer's commission exists (on their first one).
  select 'paid plan order of a referred member without the commission', o.id, o.user_id
    from public.payment_orders o
    join public.referral_relationships r on r.referred_id = o.user_id
   where o.status = 'paid' and o.kind = 'plan'
     and not exists (select 1 from public.referral_commissions c where c.referred_id = o.user_id)
  union all
  -- What an order received is the sum of its receipts, one per payment.
  select 'amount received differs from the receipts', o.id, o.user_id
    from public.payment_orders o
   where o.amount_received is distinct from (select sum(r.amount) from public.payment_receipts r where r.order_id = o.id)
  union all
  -- The profile's level cache says what the periods say.
  select 'level cache drifted', null::uuid, d.user_id
    from private.membership_cache_mismatches() d;
end
$$;

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- ccc_payment_links_audit on public.ccc_payment_links -----------------------------------
create trigger ccc_payment_links_audit after insert or update or delete on public.ccc_payment_links
  for each row execute function private.audit_admin_write();

-- ccc_payment_links_set_updated_at on public.ccc_payment_links --------------------------
create trigger ccc_payment_links_set_updated_at
  before update on public.ccc_payment_links
  for each row execute function private.set_updated_at();

-- payment_events_append_only on public.payment_events ----------------------------------
create trigger payment_events_append_only before update on public.payment_events
  for each row execute function private.guard_payment_events();

-- plan_payment_links_audit on public.plan_payment_links ---------------------------------
create trigger plan_payment_links_audit after insert or update or delete on public.plan_payment_links
  for each row execute function private.audit_admin_write();

-- plan_payment_links_set_updated_at on public.plan_payment_links ------------------------
create trigger plan_payment_links_set_updated_at
  before update on public.plan_payment_links
  for each row execute function private.set_updated_at();

-- on_auth_user_deleting_orders on auth.users ------------------------------------------
create trigger on_auth_user_deleting_orders
  before delete on auth.users
  for each row execute function private.anonymise_member_orders();

-- ========================================================================================
-- Policies
-- ========================================================================================

-- public.ccc_payment_links --------------------------------------------------------------

create policy ccc_payment_links_delete_authenticated on public.ccc_payment_links
  for delete to authenticated
  using ((select private.is_admin()));

create policy ccc_payment_links_insert_authenticated on public.ccc_payment_links
  for insert to authenticated
  with check ((select private.is_admin()));

create policy ccc_payment_links_select_authenticated on public.ccc_payment_links
  for select to authenticated
  using (true);

create policy ccc_payment_links_update_authenticated on public.ccc_payment_links
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- public.payment_events -----------------------------------------------------------------

create policy payment_events_select_authenticated on public.payment_events
  for select to authenticated
  using ((select private.is_admin()));

-- public.payment_orders -----------------------------------------------------------------

create policy payment_orders_select_authenticated on public.payment_orders
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- public.plan_payment_links -------------------------------------------------------------

create policy plan_payment_links_delete_authenticated on public.plan_payment_links
  for delete to authenticated
  using ((select private.is_admin()));

create policy plan_payment_links_insert_authenticated on public.plan_payment_links
  for insert to authenticated
  with check ((select private.is_admin()));

create policy plan_payment_links_select_authenticated on public.plan_payment_links
  for select to authenticated
  using (true);

create policy plan_payment_links_update_authenticated on public.plan_payment_links
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy payment_receipts_select_authenticated on public.payment_receipts
  for select to authenticated
  using ((select private.is_admin())
         or exists (select 1 from public.payment_orders o where o.id = order_id and o.user_id = (select auth.uid())));

create policy payment_settings_select_authenticated on public.payment_settings
  for select to authenticated
  using (true);

-- ========================================================================================
-- Grants
-- ========================================================================================

grant execute on function private.order_item_label(public.payment_orders) to authenticated;
grant execute on function public.admin_list_payment_orders(public.payment_order_status,public.payment_method,text,integer,integer) to authenticated;
grant execute on function public.admin_reject_payment(uuid,text) to authenticated;
grant execute on function public.cancel_payment_order(uuid) to authenticated;
grant execute on function public.gateway_begin_registration(uuid,uuid,text) to service_role;
grant execute on function public.gateway_confirm_payment(text,numeric,text) to service_role;
grant execute on function public.gateway_order_for_session(text) to service_role;
grant execute on function public.gateway_pending_sessions(interval,integer) to service_role;
grant execute on function public.gateway_record_event(text,text,text,uuid,boolean,integer,text,text,jsonb,text,text) to service_role;
grant execute on function public.get_my_payment_orders(integer,integer) to authenticated;
revoke delete, insert, maintain, references, trigger, truncate, update on public.payment_events from service_role;
grant select on public.payment_events to authenticated;
revoke maintain, references, trigger, truncate on public.ccc_payment_links from service_role;
grant delete, select on public.ccc_payment_links to authenticated;
revoke delete, insert, maintain, references, trigger, truncate, update on public.payment_orders from service_role;
grant select on public.payment_orders to authenticated;
revoke maintain, references, trigger, truncate on public.plan_payment_links from service_role;
grant delete, select on public.plan_payment_links to authenticated;
grant insert (method, tier, url) on public.ccc_payment_links to authenticated;
grant update (url) on public.ccc_payment_links to authenticated;
grant insert (method, tier, url) on public.plan_payment_links to authenticated;
grant update (url) on public.plan_payment_links to authenticated;

revoke delete, insert, maintain, references, trigger, truncate, update on public.payment_receipts from service_role;
grant select on public.payment_receipts to authenticated;
revoke delete, insert, maintain, references, trigger, truncate, update on public.payment_settings from service_role;
grant select on public.payment_settings to authenticated;
grant execute on function public.admin_confirm_payment(uuid,numeric,text,public.withdrawal_network) to authenticated;
-- The network formats are checks of tables members write (withdrawals, saved addresses).
grant execute on function private.usdt_decimals(public.withdrawal_network) to authenticated, service_role;
grant execute on function private.is_tron_address(text) to authenticated, service_role;
grant execute on function private.is_usdt_address(public.withdrawal_network,text) to authenticated, service_role;
grant execute on function private.is_usdt_tx_hash(public.withdrawal_network,text) to authenticated, service_role;
grant execute on function public.create_payment_order(public.payment_method,public.membership_level,public.ccc_tier,integer,text,public.withdrawal_network) to authenticated;
grant execute on function public.admin_update_payment_settings(integer,integer) to authenticated;
grant execute on function public.admin_refund_payment(uuid,text,text,text) to authenticated;
grant execute on function public.preview_plan_change(public.membership_level) to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function public.admin_reject_payment(uuid,text) is 'Admin: rejects a pending order with a reason; changed = false when already rejected.';
comment on table public.ccc_payment_links is 'External payment page per CCC tier and method. Members read; admins write. For acc the browser appends the member''s e-mail as a query parameter.';
comment on function private.confirm_payment_via_gateway(uuid,numeric) is 'The one confirmation by the payment gateway: private.confirm_payment decided via the gateway, with no deciding admin.';
comment on function public.gateway_begin_registration(uuid,uuid,text) is 'Service role: a new Przelewy24 session (reference-N) for a pending PLN transfer order of the member; recorded as a register/requested event.';
comment on function public.gateway_confirm_payment(text,numeric,text) is 'Service role, after a successful verify: confirms the session''s order through private.confirm_payment_via_gateway and records the confirm event in the same transaction.';
comment on function public.gateway_order_for_session(text) is 'Service role: the order a Przelewy24 session id was registered for.';
comment on function public.gateway_pending_sessions(interval,integer) is 'Service role: pending gateway orders whose newest session is older than p_min_age (the reconcile job asks the gateway about them).';
comment on function public.gateway_record_event(text,text,text,uuid,boolean,integer,text,text,jsonb,text,text) is 'Service role: appends a gateway event (registration, notification, verify, lookup) to payment_events. Unsigned ones (malformed, bad_signature) keep 2 KB of the body and at most 120 an hour are stored (returns null beyond).';
comment on table public.payment_events is 'Append-only log of the Przelewy24 gateway per order: registrations, notifications (raw body, headers, signature valid or not), verify calls, lookups and confirmations, with the outcome and the function''s request id. Admins read it in the order''s detail; only the gateway RPCs write it.';
comment on table public.payment_orders is 'What a member pays: item, method, amount and currency fixed from the catalogue at creation, a KLB- reference; pending until the money is confirmed (private.confirm_payment: paid, underpaid or to_refund), or it is rejected, cancelled or expires; a paid one can be refunded. Kept when the member is deleted (anonymised). Written only by the payment functions.';
comment on table public.plan_payment_links is 'External payment page per membership plan and method. Members read; admins write. For acc the browser appends the member''s e-mail as a query parameter.';
comment on column public.payment_orders.decided_by is 'auth.uid() of the confirming or rejecting admin. No foreign key: audit value.';
comment on column public.payment_orders.membership_valid_until is 'Plan orders: the end date the confirmation set.';
comment on column public.payment_orders.tx_hash is 'USDT only: the first transaction that paid the order (lower case; TRC20 64 hex, ERC20/BSC 0x + 64 hex); every one is a public.chain_transfers row of a receipt.';
comment on type public.payment_method is 'Payment methods of the plans and CCC payment dialogs: transfer (a Polish payment gateway), usdt, acc.';

comment on function private.lock_order(uuid) is 'Locks the member''s profile, then the order (the one lock order of the money-in functions); null when there is no such order.';

comment on function private.add_plan_period(public.payment_orders,date,uuid) is 'Adds the period a paid plan order gives on a day (private.plan_change_for), shortening the current period on an upgrade and moving queued ones behind it; null when it cannot be placed (after a period with no end date).';

comment on function private.remove_order_periods(public.payment_orders,date,uuid) is 'Refund: ends the periods of an order from the day on (a queued one never runs), restores the rest of a period an upgrade cut short (not when that period''s order was refunded), takes the extra days its period gave an upgrade off the period holding them now, and moves later periods up.';

comment on function private.confirm_payment(uuid,numeric,public.payment_decider,uuid,bigint) is 'THE confirmation of money received for an order, by an admin, the payment gateway or the chain verifier (decided_via), with its USDT transfer if any (public.chain_transfers: one transfer pays one order once, refused with payments.tx_hash_used otherwise): less than the price → underpaid (nothing granted; a second payment adds up); else the plan period (private.add_plan_period) or the CCC packages, the referrer''s commission on the first paid plan order, notification and e-mail → paid (surplus recorded); an item no longer available (expired/cancelled order whose slot is gone, a period that cannot start) → to_refund. Idempotent on a paid order.';

comment on function private.is_tron_address(text) is 'A TRON address: base58check of 0x41 + 20 bytes (''T…'', 34 characters), checksum checked.';
comment on function private.is_usdt_address(public.withdrawal_network,text) is 'An address of the USDT network: TRC20 a TRON base58check address, ERC20 and BSC 0x + 40 hex.';
comment on function private.is_usdt_tx_hash(public.withdrawal_network,text) is 'A transaction id of the USDT network: TRC20 64 hex (no 0x), ERC20 and BSC 0x + 64 hex.';
comment on function public.admin_confirm_payment(uuid,numeric,text,public.withdrawal_network) is 'Admin (aal2): records money received for an order through private.confirm_payment (default amount: what is still due at the fixed price); changed = false when already paid.';

comment on function public.create_payment_order(public.payment_method,public.membership_level,public.ccc_tier,integer,text,public.withdrawal_network) is 'Member: records a pending order at the catalogue price, fixed from then on (expires after payment_settings.order_expiry_days; a CCC order reserves its slots); the same item and method while pending and at the same price returns that order; after a price change the old order is cancelled and the new one names it in replaces_order_id. Limits: 3 pending, payment_settings.daily_order_limit created in 24 hours. The consent text is required (payments.consent_required) and stored with its time. USDT on a network (p_network, switched on in usdt_networks): the amount is the price plus 0.01–0.99 USDT (amount_offset), unique among the pending orders of that network.';

comment on function public.cancel_payment_order(uuid) is 'Member: cancels an own pending order (its CCC reservation ends with it).';

comment on function private.expire_payment_orders(timestamptz) is 'Job: pending orders past expires_at become expired (their CCC reservation ends); the member is notified. Money arriving later still goes through private.confirm_payment.';

comment on function private.roll_membership_cache() is 'Job: rewrites the level cache of members whose cached paid level ended (to FREE or the queued period) and of FREE members whose next period started in the last 7 days.';

comment on function private.run_payment_jobs() is 'Hourly: expires pending orders past their time, rolls the level cache over after midnight in Warsaw and sends the reminders of unpaid orders.';
comment on function private.run_order_reminders(timestamptz) is 'With the payment jobs: the reminders of a pending order a day after it was placed (unpaid) and the day before it expires (expiring), each once, in-app and by e-mail (preference payment_reminders).';
comment on table private.payment_order_reminders is 'One row per reminder of a pending order sent (unpaid, expiring): sent once.';

comment on function public.admin_update_payment_settings(integer,integer) is 'Admin (aal2): days until a pending order expires (1-60) and orders a member may create in 24 hours (1-100); audited.';

comment on function public.admin_refund_payment(uuid,text,text,text) is 'Admin (aal2): refunds what came in for a paid, underpaid or to-be-refunded order in one transaction: the period it gave ends (queued ones move up, an upgrade gives back the period it cut short), its CCC packages are released, its commission cancelled (one already settled taken back from the referrer''s wallet by private.debit_or_record_debt, the shortfall a debt); notified, e-mailed (payment-refunded) and audited. changed = false when already refunded.';

comment on function public.preview_plan_change(public.membership_level) is 'Member: what buying a plan would give if confirmed today (Warsaw): from/to dates, extra days for the unused period of from_level, and the kind of change (new | upgrade | renewal | queued | blocked). The confirmation recomputes it on its own day.';

comment on function private.anonymise_member_orders() is 'Before a member''s account is deleted: their orders stay (user_id becomes null), a pending one is cancelled; an order money came in for keeps the buyer''s name and e-mail (the evidence), the others get ''Usunięty członek''.';

comment on function public.get_my_payment_orders(integer,integer) is 'Member: own orders, newest first, with what was received (shortfall, surplus), the expiry, the refund, and for a paid plan the period its confirmation gave (first and last day, extra days for the unused period of period_from_level).';

comment on function public.admin_list_payment_orders(public.payment_order_status,public.payment_method,text,integer,integer) is 'Admin: the payments tab. Filters by status and method; a search is a reference (exact, any case), a whole e-mail address (that member, by the e-mail index) or a part of the member''s name, e-mail or phone; newest first; total_count stops at 1 001. A deleted member''s order shows the anonymised buyer; each row has the expiry, who decided (decided_via), shortfall / surplus and the refund.';

comment on function private.money_in_mismatches() is 'The money-in invariant (tests call it after each test): every paid order has exactly the period, packages and commission it should, unpaid ones nothing, refunded ones nothing left running; a referred member''s paid plan order has its referrer''s commission; amount_received is the sum of the order''s receipts; periods never overlap; the level cache agrees with the periods. Empty when the books agree.';

comment on table public.payment_receipts is 'Every payment received for an order (private.confirm_payment): amount, time, who decided and through what (admin, gateway, chain), and its USDT transfer (chain_transfer_id; a transfer pays once). payment_orders.amount_received is their sum. Members read their orders'' receipts, admins all; written only by the confirm function.';
comment on table public.payment_settings is 'Order settings (one row), edited by admins through admin_update_payment_settings (audited): days until a pending order expires, orders a member may create in 24 hours.';
comment on column public.payment_orders.amount is 'Price from the catalogue when the order was created; never changed afterwards (a price change makes a new order).';
comment on column public.payment_orders.amount_received is 'What was received in total (a second payment of an underpaid order adds up).';
comment on column public.payment_orders.expires_at is 'A pending order expires then (payment_settings.order_expiry_days after creation); a CCC order reserves its slots until then.';
comment on column public.payment_orders.decided_via is 'Who confirmed the money: admin | gateway | chain (private.confirm_payment).';
comment on column public.payment_orders.network is 'USDT: the network the member pays on (chosen with the order) and of tx_hash; a transfer of another network does not pay it.';
comment on column public.payment_orders.consent_text is 'The consent the member ticked (service starts at once, the 14-day withdrawal right ends with it), with consent_at.';
comment on column public.payment_orders.buyer_name is 'The member''s name and e-mail (buyer_email) at payment time: the accounting evidence, kept when the account is erased until retain_until; an order no money came in for gets ''Usunięty członek'' instead.';
comment on column public.payment_orders.replaces_order_id is 'The pending order this one replaced after a catalogue price change (that one was cancelled with cancel_reason price_changed).';
comment on column public.payment_orders.shortfall is 'Underpaid: what is still missing.';
comment on column public.payment_orders.surplus is 'Paid: what came in above the price.';
comment on column public.payment_orders.refund_method is 'How the money went back: transfer | usdt | acc | other; refund_reference: the transfer title or transaction hash.';

-- ========================================================================================
-- Data
-- ========================================================================================

insert into public.payment_settings (id) values (true);

-- Hourly on hosted Supabase, only where pg_cron is installable and loaded (README: enable the
-- extension, then run the same cron.schedule call once): orders expire on time and the level cache
-- rolls over soon after midnight in Warsaw. The local stack runs the same call
-- (supabase/scheduled-jobs.json).
do $do$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and current_setting('shared_preload_libraries', true) like '%pg_cron%' then
    create extension if not exists pg_cron;
    perform cron.schedule('payment-jobs', '1 * * * *', 'select private.run_payment_jobs()');
  end if;
end
$do$;
