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
create type public.payment_order_status as enum ('pending', 'paid', 'rejected', 'cancelled');

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
  user_id uuid not null,
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
  constraint payment_orders_amount_check CHECK ((amount > (0)::numeric)),
  constraint payment_orders_amount_finite_check CHECK ((amount <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint payment_orders_amount_received_check CHECK ((amount_received > (0)::numeric)),
  constraint payment_orders_amount_received_finite_check CHECK ((amount_received <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint payment_orders_currency_check CHECK ((currency = ANY (ARRAY['PLN'::text, 'USDT'::text]))),
  constraint payment_orders_decision CHECK ((((status = 'pending'::public.payment_order_status) AND (decided_at IS NULL)) OR ((status <> 'pending'::public.payment_order_status) AND (decided_at IS NOT NULL)))),
  constraint payment_orders_item CHECK ((((kind = 'plan'::public.payment_item_kind) AND (plan_tier IS NOT NULL) AND (ccc_tier IS NULL) AND (quantity = 1)) OR ((kind = 'ccc'::public.payment_item_kind) AND (ccc_tier IS NOT NULL) AND (plan_tier IS NULL)))),
  constraint payment_orders_quantity_check CHECK (((quantity >= 1) AND (quantity <= 10))),
  constraint payment_orders_reason CHECK (((status = 'rejected'::public.payment_order_status) = (rejection_reason IS NOT NULL))),
  constraint payment_orders_reference_check CHECK ((reference ~ '^KLB-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$'::text)),
  constraint payment_orders_rejection_reason_check CHECK (((char_length(rejection_reason) >= 1) AND (char_length(rejection_reason) <= 500))),
  constraint payment_orders_tx_hash_check CHECK ((tx_hash ~ '^0x[0-9a-fA-F]{64}$'::text)),
  constraint payment_orders_tx_hash_usdt CHECK (((tx_hash IS NULL) OR (method = 'usdt'::public.payment_method))),
  constraint payment_orders_ccc_tier_fkey FOREIGN KEY (ccc_tier) REFERENCES public.ccc_tiers(tier),
  constraint payment_orders_plan_tier_fkey FOREIGN KEY (plan_tier) REFERENCES public.membership_plans(tier),
  constraint payment_orders_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
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

-- public.plan_payment_links -------------------------------------------------------------
create table public.plan_payment_links (
  tier public.membership_level not null references public.membership_plans (tier) on delete cascade,
  method public.payment_method not null,
  url text not null check (char_length(url) <= 2048 and url ~* '^https?://[^[:space:]/?#]+\.[^[:space:]/?#]+([/?#][^[:space:]]*)?$'),
  updated_at timestamptz not null default now(),
  primary key (tier, method)
);
alter table public.plan_payment_links enable row level security;

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

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.confirm_payment_via_gateway() -------------------------------------------------
-- THE one place the payment gateway confirms an order (public.gateway_confirm_payment calls it after
-- a successful verify). Its body stands in for the one confirm function of the money-in issue until
-- that lands on main; then the body becomes
--   return query select * from private.confirm_payment(p_order_id, p_amount_received, 'gateway', null);
-- (decided via the gateway: level, periods, packages, commission, notification, e-mail, underpaid and
-- late money exactly as for an admin's confirmation). Meanwhile it confirms a pending plan order
-- exactly as public.admin_confirm_payment does, with no deciding admin, and refuses less than the
-- price (payments.underpaid: nothing is granted).
create function private.confirm_payment_via_gateway(p_order_id uuid, p_amount_received numeric)
returns table (changed boolean, payment_order public.payment_orders)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
  v_before public.payment_orders;
  v_profile public.profiles;
  v_valid_until date;
  v_today date := current_date;
begin
  if private.fits_catalogue_price(p_amount_received) is not true then
    raise exception using errcode = 'P0001', message = 'payments.invalid_amount';
  end if;
  select * into v_order from public.payment_orders o where o.id = p_order_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'payments.order_not_found';
  end if;
  if v_order.status = 'paid' then
    changed := false;
    payment_order := v_order;
    return next;
    return;
  end if;
  if v_order.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'payments.not_pending';
  end if;
  if v_order.kind <> 'plan' or v_order.method <> 'transfer' or v_order.currency <> 'PLN' then
    raise exception using errcode = 'P0001', message = 'payments.gateway_not_supported';
  end if;
  if p_amount_received < v_order.amount then
    raise exception using errcode = 'P0001', message = 'payments.underpaid';
  end if;
  v_before := v_order;

  select * into v_profile from public.profiles p where p.user_id = v_order.user_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'admin.user_not_found';
  end if;
  v_valid_until := private.next_valid_until(
    case when private.effective_level(v_profile.membership_level, v_profile.membership_valid_until, v_today) <> 'FREE'
         then v_profile.membership_valid_until end,
    v_today
  );
  update public.profiles p
     set membership_level = v_order.plan_tier, membership_valid_until = v_valid_until
   where p.user_id = v_order.user_id;

  update public.payment_orders o
     set status = 'paid', decided_at = now(), decided_by = null, amount_received = p_amount_received,
         membership_valid_until = v_valid_until, updated_at = now()
   where o.id = p_order_id
  returning * into v_order;

  perform private.audit(
    'payment.confirm', 'payment_order', v_order.id::text, v_order.user_id,
    jsonb_build_object('status', v_before.status, 'amount_received', v_before.amount_received, 'decided_via', null),
    jsonb_build_object('status', v_order.status, 'amount_received', v_order.amount_received, 'decided_via', 'gateway')
  );
  perform private.notify(
    v_order.user_id, 'system', 'Płatność potwierdzona',
    format('Potwierdziliśmy Twoją płatność %s (%s).', v_order.reference, private.order_item_label(v_order))
      || format(' Członkostwo ważne do %s.', to_char(v_valid_until, 'DD.MM.YYYY')),
    jsonb_build_object('orderId', v_order.id, 'reference', v_order.reference, 'status', 'paid')
  );
  perform private.queue_member_email('payment-confirmed', v_order.user_id, jsonb_build_object(
    'reference', v_order.reference,
    'item', private.order_item_label(v_order),
    'amount', to_char(v_order.amount_received, 'FM9999999990.00') || ' ' || v_order.currency,
    'valid_until', coalesce(to_char(v_valid_until, 'DD.MM.YYYY'), '')
  ));

  changed := true;
  payment_order := v_order;
  return next;
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
  p_tx_hash text default null
)
returns table (changed boolean, payment_order public.payment_orders)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
  v_before public.payment_orders;
  v_profile public.profiles;
  v_valid_until date;
  v_today date := current_date;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  -- payment_orders.amount_received is numeric(12, 2), as the catalogue prices
  -- (private.fits_catalogue_price: null = not a valid amount, false = valid but too large).
  if p_amount_received is not null and private.fits_catalogue_price(p_amount_received) is null then
    raise exception using errcode = 'P0001', message = 'payments.invalid_amount';
  end if;
  if p_amount_received is not null and not private.fits_catalogue_price(p_amount_received) then
    raise exception using errcode = 'P0001', message = 'payments.amount_too_high';
  end if;

  select * into v_order from public.payment_orders o where o.id = p_order_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'payments.order_not_found';
  end if;
  if v_order.status = 'paid' then
    changed := false;
    payment_order := v_order;
    return next;
    return;
  end if;
  if v_order.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'payments.not_pending';
  end if;
  p_tx_hash := nullif(btrim(coalesce(p_tx_hash, '')), '');
  if p_tx_hash is not null and (v_order.method <> 'usdt' or p_tx_hash !~ '^0x[0-9a-fA-F]{64}$') then
    raise exception using errcode = 'P0001', message = 'payments.invalid_tx_hash';
  end if;
  v_before := v_order;

  if v_order.kind = 'plan' then
    select * into v_profile from public.profiles p where p.user_id = v_order.user_id for update;
    if not found then
      raise exception using errcode = 'P0002', message = 'admin.user_not_found';
    end if;
    v_valid_until := private.next_valid_until(
      case when private.effective_level(v_profile.membership_level, v_profile.membership_valid_until, v_today) <> 'FREE'
           then v_profile.membership_valid_until end,
      v_today
    );
    update public.profiles p
       set membership_level = v_order.plan_tier, membership_valid_until = v_valid_until
     where p.user_id = v_order.user_id;
  else
    perform public.admin_assign_ccc_package(v_order.user_id, v_order.ccc_tier, v_order.quantity);
  end if;

  update public.payment_orders o
     set status = 'paid',
         decided_at = now(),
         decided_by = (select auth.uid()),
         amount_received = coalesce(p_amount_received, o.amount),
         tx_hash = p_tx_hash,
         membership_valid_until = v_valid_until,
         updated_at = now()
   where o.id = p_order_id
  returning * into v_order;

  perform private.audit(
    'payment.confirm', 'payment_order', v_order.id::text, v_order.user_id,
    jsonb_build_object('status', v_before.status, 'amount_received', v_before.amount_received, 'tx_hash', v_before.tx_hash),
    jsonb_build_object('status', v_order.status, 'amount_received', v_order.amount_received, 'tx_hash', v_order.tx_hash)
  );
  perform private.notify(
    v_order.user_id, 'system', 'Płatność potwierdzona',
    format('Potwierdziliśmy Twoją płatność %s (%s).', v_order.reference, private.order_item_label(v_order))
      || case when v_valid_until is not null then format(' Członkostwo ważne do %s.', to_char(v_valid_until, 'DD.MM.YYYY')) else '' end,
    jsonb_build_object('orderId', v_order.id, 'reference', v_order.reference, 'status', 'paid')
  );
  perform private.queue_member_email('payment-confirmed', v_order.user_id, jsonb_build_object(
    'reference', v_order.reference,
    'item', private.order_item_label(v_order),
    'amount', to_char(v_order.amount_received, 'FM9999999990.00') || ' ' || v_order.currency,
    'valid_until', coalesce(to_char(v_valid_until, 'DD.MM.YYYY'), '')
  ));

  changed := true;
  payment_order := v_order;
  return next;
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
  total_count bigint
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
            p.full_name, p.email, p.phone,
            (select count(*) from (select 1 from ' || v_from || ' where ' || v_where || ' limit 1001) c)
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
  select * into v_order from public.payment_orders o where o.id = p_order_id for update;
  if not found then
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
     set status = 'rejected', decided_at = now(), decided_by = (select auth.uid()),
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
     set status = 'cancelled', decided_at = now(), updated_at = now()
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
  p_quantity integer default 1
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
  v_free integer;
  v_order public.payment_orders;
  v_pending integer;
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

  -- One member's creates run one after another (the limit and the reuse are decided alone).
  perform 1 from public.profiles p where p.user_id = v_user_id for update;

  select * into v_order
    from public.payment_orders o
   where o.user_id = v_user_id
     and o.status = 'pending'
     and o.kind = v_kind
     and o.plan_tier is not distinct from p_plan_tier
     and o.ccc_tier is not distinct from p_ccc_tier
     and o.quantity = p_quantity
     and o.method = p_method;
  if found then
    if v_order.amount <> v_amount or v_order.currency <> v_currency then
      update public.payment_orders o
         set amount = v_amount, currency = v_currency, updated_at = now()
       where o.id = v_order.id
      returning * into v_order;
    end if;
    return v_order;
  end if;

  select count(*) into v_pending from public.payment_orders o where o.user_id = v_user_id and o.status = 'pending';
  if v_pending >= 3 then
    raise exception using errcode = 'P0001', message = 'payments.too_many_pending';
  end if;

  if v_kind = 'ccc' then
    select v_tier.total_slots - count(*) into v_free
      from public.ccc_assignments a
     where a.package_tier = v_tier.tier and a.end_date >= now();
    if p_quantity > v_free then
      raise exception using errcode = 'P0001', message = 'payments.no_slots';
    end if;
  end if;

  loop
    begin
      insert into public.payment_orders (reference, user_id, kind, plan_tier, ccc_tier, quantity, method, amount, currency)
      values (private.new_payment_reference(), v_user_id, v_kind, p_plan_tier, p_ccc_tier, p_quantity, p_method, v_amount, v_currency)
      returning * into v_order;
      return v_order;
    exception when unique_violation then
      -- A reference collision (1 in 10^9): draw again.
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
  if v_order.status <> 'pending' then
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
begin
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
    left(p_request_body, 65536), left(p_response_body, 65536), coalesce(p_headers, '{}'::jsonb),
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
  id uuid,
  reference text,
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
  rejection_reason text,
  tx_hash text,
  membership_valid_until date
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
           o.tx_hash, o.membership_valid_until
      from public.payment_orders o
     where o.user_id = (select auth.uid())
     order by o.created_at desc, o.id desc
     limit p_limit offset p_offset;
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

-- ========================================================================================
-- Grants
-- ========================================================================================

grant execute on function private.order_item_label(public.payment_orders) to authenticated;
grant execute on function public.admin_confirm_payment(uuid,numeric,text) to authenticated;
grant execute on function public.admin_list_payment_orders(public.payment_order_status,public.payment_method,text,integer,integer) to authenticated;
grant execute on function public.admin_reject_payment(uuid,text) to authenticated;
grant execute on function public.cancel_payment_order(uuid) to authenticated;
grant execute on function public.create_payment_order(public.payment_method,public.membership_level,public.ccc_tier,integer) to authenticated;
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

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function public.admin_confirm_payment(uuid,numeric,text) is 'Admin: confirms a pending order once (plan: level + end date; CCC: assignments under the slot lock); changed = false when already paid.';
comment on function public.admin_list_payment_orders(public.payment_order_status,public.payment_method,text,integer,integer) is 'Admin: the payments tab. Filters by status and method; a search is a reference (exact, any case), a whole e-mail address (that member, by the e-mail index) or a part of the member''s name, e-mail or phone; newest first; total_count stops at 1 001.';
comment on function public.admin_reject_payment(uuid,text) is 'Admin: rejects a pending order with a reason; changed = false when already rejected.';
comment on function public.create_payment_order(public.payment_method,public.membership_level,public.ccc_tier,integer) is 'Member: records (or reuses) a pending order with the catalogue price; at most 3 pending; CCC needs free slots.';
comment on table public.ccc_payment_links is 'External payment page per CCC tier and method. Members read; admins write. For acc the browser appends the member''s e-mail as a query parameter.';
comment on function private.confirm_payment_via_gateway(uuid,numeric) is 'The one confirmation by the payment gateway (decided via the gateway). Until the money-in confirm function is on main: confirms a pending PLN plan transfer as admin_confirm_payment does, with no deciding admin; less than the price raises payments.underpaid. Then: private.confirm_payment(…, ''gateway'', null).';
comment on function public.gateway_begin_registration(uuid,uuid,text) is 'Service role: a new Przelewy24 session (reference-N) for a pending PLN transfer order of the member; recorded as a register/requested event.';
comment on function public.gateway_confirm_payment(text,numeric,text) is 'Service role, after a successful verify: confirms the session''s order through private.confirm_payment_via_gateway and records the confirm event in the same transaction.';
comment on function public.gateway_order_for_session(text) is 'Service role: the order a Przelewy24 session id was registered for.';
comment on function public.gateway_pending_sessions(interval,integer) is 'Service role: pending gateway orders whose newest session is older than p_min_age (the reconcile job asks the gateway about them).';
comment on function public.gateway_record_event(text,text,text,uuid,boolean,integer,text,text,jsonb,text,text) is 'Service role: appends a gateway event (registration, notification, verify, lookup) to payment_events.';
comment on table public.payment_events is 'Append-only log of the Przelewy24 gateway per order: registrations, notifications (raw body, headers, signature valid or not), verify calls, lookups and confirmations, with the outcome and the function''s request id. Admins read it in the order''s detail; only the gateway RPCs write it.';
comment on table public.payment_orders is 'What a member pays (issue 19): item, method, amount and currency from the catalogue, a KLB- reference; pending until an admin confirms (paid) or rejects it, or the member cancels it. Written only by the payment RPCs.';
comment on table public.plan_payment_links is 'External payment page per membership plan and method. Members read; admins write. For acc the browser appends the member''s e-mail as a query parameter.';
comment on column public.payment_orders.amount is 'Price from the catalogue when the order was created (or reused): PLN for plan transfer/ACC, USDT otherwise.';
comment on column public.payment_orders.amount_received is 'What the admin confirmed as received (defaults to amount).';
comment on column public.payment_orders.decided_by is 'auth.uid() of the confirming or rejecting admin. No foreign key: audit value.';
comment on column public.payment_orders.membership_valid_until is 'Plan orders: the end date the confirmation set.';
comment on column public.payment_orders.tx_hash is 'USDT only: the transaction hash the admin entered (0x + 64 hex).';
comment on type public.payment_method is 'Payment methods of the plans and CCC payment dialogs: transfer (a Polish payment gateway), usdt, acc.';
