-- Payments and membership terms (issue 19): what a member pays is recorded as an order, an admin
-- confirms it once (plan → level and end date, CCC → assignments under the tier's slot lock) or
-- rejects it with a reason; reminders before and on the end of a membership; the catalogue editable
-- by admins.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.
--
-- Error keys raised here (the payments feature maps them to Polish messages):
--   auth.forbidden                 (42501) caller may not do this
--   payments.invalid_item          (P0001) no such plan or CCC tier, or both/neither given
--   payments.invalid_method        (P0001) method missing
--   payments.invalid_quantity      (P0001) quantity outside 1-10
--   payments.too_many_pending      (P0001) the member already has 3 pending orders
--   payments.no_slots              (P0001) the CCC tier has fewer free slots than ordered
--   payments.order_not_found       (P0002) no such order (or not the caller's)
--   payments.not_pending           (P0001) the order was decided otherwise (paid/rejected/cancelled)
--   payments.invalid_amount        (P0001) amount received not positive, more than 2 decimals, NaN/∞
--   payments.invalid_tx_hash       (P0001) transaction hash not 0x + 64 hex (or not a USDT order)
--   payments.reason_required       (P0001) rejection without a reason (1-500 characters)
--   catalogue.invalid_price        (P0001) price not positive / more than 2 decimals / NaN / ∞
--   catalogue.invalid_share        (P0001) share not in (0, 1) with at most 4 decimals
--   catalogue.invalid_amount       (P0001) CCC amount not a positive integer
--   catalogue.invalid_months       (P0001) months outside 1-120
--   catalogue.slots_below_used     (P0001) total slots below the slots in use
--   catalogue.invalid_text         (P0001) description / benefits too long or empty benefit
--   catalogue.invalid_contract     (P0001) contract address not 0x + 40 hex
--   catalogue.invalid_supply       (P0001) total supply not a positive integer
--   admin.user_not_found           (P0002) admin_update_user on a missing member

-- -------------------------------------------------------------------------------------
-- Types
-- -------------------------------------------------------------------------------------
create type public.payment_order_status as enum ('pending', 'paid', 'rejected', 'cancelled');
create type public.payment_item_kind as enum ('plan', 'ccc');

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
create table public.payment_orders (
  id uuid primary key default gen_random_uuid(),
  reference text not null unique check (reference ~ '^KLB-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  kind public.payment_item_kind not null,
  plan_tier public.membership_level references public.membership_plans (tier),
  ccc_tier public.ccc_tier references public.ccc_tiers (tier),
  quantity smallint not null default 1 check (quantity between 1 and 10),
  method public.payment_method not null,
  amount numeric(12, 2) not null check (amount > 0),
  currency text not null check (currency in ('PLN', 'USDT')),
  status public.payment_order_status not null default 'pending',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by uuid,
  amount_received numeric(12, 2) check (amount_received > 0),
  tx_hash text check (tx_hash ~ '^0x[0-9a-fA-F]{64}$'),
  rejection_reason text check (char_length(rejection_reason) between 1 and 500),
  membership_valid_until date,
  constraint payment_orders_item check (
    (kind = 'plan' and plan_tier is not null and ccc_tier is null and quantity = 1)
    or (kind = 'ccc' and ccc_tier is not null and plan_tier is null)
  ),
  constraint payment_orders_decision check (
    (status = 'pending' and decided_at is null)
    or (status <> 'pending' and decided_at is not null)
  ),
  constraint payment_orders_reason check ((status = 'rejected') = (rejection_reason is not null)),
  constraint payment_orders_tx_hash_usdt check (tx_hash is null or method = 'usdt')
);
alter table public.payment_orders enable row level security;

-- Which reminder went out for which end date (one row each: a reminder is sent once).
create table private.membership_reminders (
  user_id uuid not null references auth.users (id) on delete cascade,
  valid_until date not null,
  kind text not null check (kind in ('renewal', 'expired')),
  sent_at timestamptz not null default now(),
  primary key (user_id, valid_until, kind)
);

-- The e-mails a decision sends (payment-confirmed / payment-rejected). Written in the deciding
-- transaction; delivered afterwards through the SMTP settings of the send-email path, so a mail
-- failure can never undo or block a confirmation.
create table private.email_outbox (
  id bigint generated always as identity primary key,
  template text not null references public.email_templates (name) on update cascade,
  user_id uuid references auth.users (id) on delete cascade,
  to_email text not null check (char_length(to_email) between 3 and 320),
  variables jsonb not null default '{}'::jsonb check (jsonb_typeof(variables) = 'object'),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts smallint not null default 0,
  last_error text
);

-- -------------------------------------------------------------------------------------
-- Indexes
-- -------------------------------------------------------------------------------------
-- The member's list (newest first) and the 3-pending limit; also the user_id foreign key.
create index payment_orders_user_created_idx on public.payment_orders (user_id, created_at desc, id desc);
-- One open order per member, item and method: a second create returns the first.
create unique index payment_orders_one_pending_idx on public.payment_orders
  (user_id, kind, plan_tier, ccc_tier, quantity, method) nulls not distinct
  where status = 'pending';
-- The admin list: newest first, optionally by status and method.
create index payment_orders_created_idx on public.payment_orders (created_at desc, id desc);
create index payment_orders_status_created_idx on public.payment_orders (status, created_at desc, id desc);
create index payment_orders_method_created_idx on public.payment_orders (method, created_at desc, id desc);
create index payment_orders_plan_tier_idx on public.payment_orders (plan_tier) where plan_tier is not null;
create index payment_orders_ccc_tier_idx on public.payment_orders (ccc_tier) where ccc_tier is not null;
-- Reminders look at paid members by end date.
create index profiles_membership_valid_until_idx on public.profiles (membership_valid_until, membership_level)
  where membership_level <> 'FREE';
create index email_outbox_unsent_idx on private.email_outbox (created_at) where sent_at is null;
create index email_outbox_user_idx on private.email_outbox (user_id);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- True when a number is finite, positive and has at most p_scale decimals (shares: 4, supply: 0;
-- money uses the wallet's private.is_valid_amount).
create function private.is_valid_decimal(p_value numeric, p_scale integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_value is not null
     and p_value <> 'NaN'::numeric
     and p_value not in ('Infinity'::numeric, '-Infinity'::numeric)
     and p_value > 0
     and p_value = round(p_value, p_scale)
$$;

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

-- The end date a plan confirmed on p_today gets: one year after the later of today and the
-- current end date (while that end date still holds).
create function private.next_valid_until(p_current date, p_today date)
returns date
language sql
immutable
set search_path = ''
as $$
  select (greatest(p_today, coalesce(p_current, p_today)) + interval '1 year')::date
$$;

-- Queues one e-mail to a member (rendered and sent later by the send path).
create function private.queue_member_email(p_template text, p_user_id uuid, p_variables jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text;
  v_name text;
begin
  select p.email, p.full_name into v_email, v_name from public.profiles p where p.user_id = p_user_id;
  if v_email is null then
    return;
  end if;
  insert into private.email_outbox (template, user_id, to_email, variables)
  values (p_template, p_user_id, v_email, jsonb_build_object('fname', coalesce(v_name, '')) || p_variables);
end
$$;

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

-- The member's level as it counts today, as a computed field of profiles (PostgREST: select
-- `effective_membership_level` with the row): the header badge and every member page read it.
create function public.effective_membership_level(p_profile public.profiles)
returns public.membership_level
language sql
stable
set search_path = ''
as $$
  select private.effective_level(p_profile.membership_level, p_profile.membership_valid_until, current_date)
$$;

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
    -- A reference is matched exactly; otherwise the members whose name, e-mail or phone contains
    -- the text (the trigram indexes of admin_list_users serve them).
    v_where := v_where || ' and (o.reference = upper($3) or o.user_id in (
        select p.user_id from public.profiles p
         where p.full_name ilike $4 or p.email ilike $4 or p.phone ilike $4))';
  end if;

  return query execute
    'with page as (
       select o.id from public.payment_orders o
        where ' || v_where || '
        order by o.created_at desc, o.id desc
        limit $5 offset $6
     )
     select o.id, o.reference, o.user_id, o.kind, o.plan_tier, o.ccc_tier, o.quantity,
            private.order_item_label(o), o.method, o.amount, o.currency, o.status, o.created_at,
            o.decided_at, o.decided_by, o.amount_received, o.tx_hash, o.rejection_reason,
            p.full_name, p.email, p.phone,
            (select count(*) from (select 1 from public.payment_orders o where ' || v_where || ' limit 1001) c)
       from page
       join public.payment_orders o on o.id = page.id
       left join public.profiles p on p.user_id = o.user_id
      order by o.created_at desc, o.id desc'
    using p_status, p_method, v_search, v_pattern, p_limit, p_offset;
end
$$;

-- Admin: confirms a pending order, once. Locks the order; a paid order is returned unchanged with
-- changed = false (a second confirm, or a second admin at the same time, changes nothing). A plan
-- sets the level and the end date (the referral conversion trigger fires as for an admin edit); a
-- CCC order assigns its packages through admin_assign_ccc_package, under the tier's lock (a tier
-- that filled up raises payments.no_slots and the order stays pending). The member gets a
-- notification and a queued 'payment-confirmed' e-mail.
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
  if p_amount_received is not null and not private.is_valid_amount(p_amount_received) then
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
    'amount', to_char(v_order.amount_received, 'FM999999990.00') || ' ' || v_order.currency,
    'valid_until', coalesce(to_char(v_valid_until, 'DD.MM.YYYY'), '')
  ));

  changed := true;
  payment_order := v_order;
  return next;
end
$$;

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

-- Reminders and expiry (run daily by pg_cron where available, by the local stack's timer):
-- 'renewal' once per end date when it is 30 days away or less, 'expired' once per end date after
-- it passed. Returns how many notifications it sent.
create function private.run_membership_reminders(p_today date default current_date)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row record;
  v_sent integer := 0;
begin
  for v_row in
    with due as (
      select p.user_id, p.membership_level, p.membership_valid_until,
             case when p.membership_valid_until < p_today then 'expired' else 'renewal' end as kind
        from public.profiles p
       where p.membership_level <> 'FREE'
         and p.membership_valid_until is not null
         and p.membership_valid_until <= p_today + 30
    )
    insert into private.membership_reminders (user_id, valid_until, kind)
    select due.user_id, due.membership_valid_until, due.kind from due
    on conflict do nothing
    returning user_id, valid_until, kind
  loop
    if v_row.kind = 'renewal' then
      perform private.notify(
        v_row.user_id, 'system', 'Twoje członkostwo wkrótce wygaśnie',
        format('Twoje członkostwo jest ważne do %s. Odnów je, aby zachować swój poziom.', to_char(v_row.valid_until, 'DD.MM.YYYY')),
        jsonb_build_object('kind', 'membership_renewal', 'validUntil', v_row.valid_until, 'link', '/dashboard/investments')
      );
    else
      perform private.notify(
        v_row.user_id, 'system', 'Twoje członkostwo wygasło',
        format('Twoje członkostwo wygasło %s. Twój poziom to teraz FREE. Odnów plan, aby wrócić do swojego poziomu.', to_char(v_row.valid_until, 'DD.MM.YYYY')),
        jsonb_build_object('kind', 'membership_expired', 'validUntil', v_row.valid_until, 'link', '/dashboard/investments')
      );
    end if;
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end
$$;

-- The main panel's member counts and 'Twój poziom' by effective level (a FREE 'levels' row is
-- assumed by the counters as before).
create or replace function public.get_dashboard_stats()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_result jsonb;
begin
  if v_uid is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;

  with
  apps as (
    select count(*) as app_count,
           coalesce(sum(a.current_value), 0) as current_value,
           coalesce(sum(a.projected_value), 0) as projected_value,
           coalesce(sum(a.revenue), 0) as revenue
      from public.apps a
  ),
  ideas as (
    select coalesce(sum(c.value), 0)::bigint as total,
           coalesce(sum(c.value) filter (where c.key = 'pending'), 0)::bigint as pending,
           coalesce(sum(c.value) filter (where c.key = 'approved'), 0)::bigint as approved,
           coalesce(sum(c.value) filter (where c.key = 'rejected'), 0)::bigint as rejected
      from private.dashboard_counters c
     where c.kind = 'ideas'
  ),
  my_ideas as (
    select count(*) as mine from public.app_ideas i where i.submitted_by = v_uid
  ),
  -- The counters hold stored levels; members whose paid level ended count as FREE (effective level).
  lapsed as (
    select p.membership_level::text as level, count(*) as members
      from public.profiles p
     where p.membership_level <> 'FREE'
       and p.membership_valid_until < current_date
       and p.email_confirmed
     group by p.membership_level
  ),
  levels as (
    select c.key as level,
           c.value
             - coalesce((select l.members from lapsed l where l.level = c.key), 0)
             + case when c.key = 'FREE' then coalesce((select sum(l.members) from lapsed l), 0) else 0 end
             as members
      from private.dashboard_counters c
     where c.kind = 'confirmed_members'
  ),
  revenue as (
    select r.amount, r.created_at from public.ecommerce_revenue r order by r.created_at desc limit 1
  ),
  pools as (
    select jsonb_object_agg(mp.tier, round(coalesce((select amount from revenue), 0) * mp.profit_share, 2)) as pools
      from public.membership_plans mp
  ),
  ccc as (
    select c.package_tier as tier, count(*) as active
      from public.ccc_assignments c
     where c.end_date >= now()
     group by c.package_tier
  ),
  me as (
    select private.effective_level(p.membership_level, p.membership_valid_until, current_date) as membership_level
      from public.profiles p where p.user_id = v_uid
  )
  select jsonb_build_object(
    'apps', (select jsonb_build_object('count', app_count, 'current_value', current_value,
                                       'projected_value', projected_value, 'revenue', revenue) from apps),
    'ideas', (select jsonb_build_object('total', total, 'pending', pending, 'approved', approved,
                                        'rejected', rejected, 'mine', (select mine from my_ideas)) from ideas),
    'members', jsonb_build_object(
      'confirmed', coalesce((select sum(members) from levels), 0),
      'by_level', jsonb_build_object(
        'FREE', coalesce((select members from levels where level = 'FREE'), 0),
        'START', coalesce((select members from levels where level = 'START'), 0),
        'PREMIUM', coalesce((select members from levels where level = 'PREMIUM'), 0),
        'VIP', coalesce((select members from levels where level = 'VIP'), 0))),
    'revenue', jsonb_build_object(
      'latest_amount', (select amount from revenue),
      'latest_at', (select created_at from revenue),
      'pools', coalesce((select pools from pools), '{}'::jsonb)),
    'ccc', jsonb_build_object(
      'active', coalesce((select sum(active) from ccc), 0),
      'by_tier', coalesce((select jsonb_object_agg(tier, active) from ccc), '{}'::jsonb)),
    'me', jsonb_build_object('membership_level', (select membership_level from me))
  ) into v_result;

  return v_result;
end
$$;

-- Admin user edit: the same call as before plus the end date (p_membership_valid_until sets it,
-- p_clear_valid_until clears it); every change is audited by the profiles row trigger of 20261125120000_money_operations.sql (level, end date, name and phone of someone else); the catalogue RPCs below likewise by the row triggers on membership_plans, ccc_tiers and ccc_settings, so each change is one audit row.
drop function public.admin_update_user(uuid, text, text, public.membership_level, boolean);
create function public.admin_update_user(
  p_user_id uuid,
  p_full_name text default null,
  p_phone text default null,
  p_membership_level public.membership_level default null,
  p_email_confirmed boolean default null,
  p_membership_valid_until date default null,
  p_clear_valid_until boolean default false
)
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.profiles;
  v_profile public.profiles;
  v_confirmed_before boolean;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  select * into v_before from public.profiles p where p.user_id = p_user_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'admin.user_not_found';
  end if;
  update public.profiles p
     set full_name = coalesce(p_full_name, p.full_name),
         phone = coalesce(p_phone, p.phone),
         membership_level = coalesce(p_membership_level, p.membership_level),
         membership_valid_until = case
           when coalesce(p_clear_valid_until, false) then null
           else coalesce(p_membership_valid_until, p.membership_valid_until)
         end
   where p.user_id = p_user_id;
  if p_email_confirmed is not null then
    select u.email_confirmed_at is not null into v_confirmed_before from auth.users u where u.id = p_user_id;
    update auth.users u
       set email_confirmed_at = case when p_email_confirmed then coalesce(u.email_confirmed_at, now()) end,
           updated_at = now()
     where u.id = p_user_id;
  end if;
  select * into v_profile from public.profiles p where p.user_id = p_user_id;
  return v_profile;
end
$$;

-- Admin: edits one plan of the catalogue. Every argument is required (the form sends the row).
create function public.admin_update_membership_plan(
  p_tier public.membership_level,
  p_yearly_price_pln numeric,
  p_price_usdt numeric,
  p_price_acc numeric,
  p_profit_share numeric,
  p_idea_ownership numeric,
  p_description text,
  p_benefits text[]
)
returns public.membership_plans
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.membership_plans;
  v_after public.membership_plans;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if not (private.is_valid_amount(p_yearly_price_pln) and private.is_valid_amount(p_price_usdt)
          and private.is_valid_amount(p_price_acc)) then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_price';
  end if;
  if not (private.is_valid_decimal(p_profit_share, 4) and p_profit_share < 1
          and private.is_valid_decimal(p_idea_ownership, 4) and p_idea_ownership < 1) then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_share';
  end if;
  if p_description is null or char_length(p_description) > 1000 or p_benefits is null
     or cardinality(p_benefits) > 20 or array_position(p_benefits, null) is not null
     or exists (select 1 from unnest(p_benefits) b where char_length(btrim(b)) not between 1 and 200) then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_text';
  end if;
  select * into v_before from public.membership_plans m where m.tier = p_tier for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'payments.invalid_item';
  end if;
  update public.membership_plans m
     set yearly_price_pln = p_yearly_price_pln, price_usdt = p_price_usdt, price_acc = p_price_acc,
         profit_share = p_profit_share, idea_ownership = p_idea_ownership,
         description = btrim(p_description),
         benefits = (select coalesce(array_agg(btrim(b) order by n), '{}') from unnest(p_benefits) with ordinality as u(b, n)),
         updated_at = now()
   where m.tier = p_tier
  returning * into v_after;
  return v_after;
end
$$;

-- Admin: edits one CCC tier. Total slots never go below the slots in use (the tier is locked, as
-- the assignment locks it).
create function public.admin_update_ccc_tier(
  p_tier public.ccc_tier,
  p_ccc_amount integer,
  p_price_usd numeric,
  p_profit_share numeric,
  p_duration_months integer,
  p_total_slots integer
)
returns public.ccc_tiers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.ccc_tiers;
  v_after public.ccc_tiers;
  v_used integer;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_ccc_amount is null or p_ccc_amount <= 0 then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_amount';
  end if;
  if not private.is_valid_amount(p_price_usd) then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_price';
  end if;
  if not (private.is_valid_decimal(p_profit_share, 4) and p_profit_share < 1) then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_share';
  end if;
  if p_duration_months is null or p_duration_months not between 1 and 120 then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_months';
  end if;
  select * into v_before from public.ccc_tiers t where t.tier = p_tier for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'payments.invalid_item';
  end if;
  select count(*) into v_used from public.ccc_assignments a where a.package_tier = p_tier and a.end_date >= now();
  if p_total_slots is null or p_total_slots < v_used then
    raise exception using errcode = 'P0001', message = 'catalogue.slots_below_used';
  end if;
  update public.ccc_tiers t
     set ccc_amount = p_ccc_amount, price_usd = p_price_usd, profit_share = p_profit_share,
         duration_months = p_duration_months, total_slots = p_total_slots
   where t.tier = p_tier
  returning * into v_after;
  return v_after;
end
$$;

-- Admin: the token's contract address (0x + 40 hex, or null to hide the link) and total supply.
create function public.admin_update_ccc_settings(p_contract_address text, p_total_supply numeric)
returns public.ccc_settings
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_address text := nullif(btrim(coalesce(p_contract_address, '')), '');
  v_before public.ccc_settings;
  v_after public.ccc_settings;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if v_address is not null and v_address !~ '^0x[0-9a-fA-F]{40}$' then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_contract';
  end if;
  if not private.is_valid_decimal(p_total_supply, 0) or p_total_supply >= 1e30 then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_supply';
  end if;
  select * into v_before from public.ccc_settings s where s.id for update;
  update public.ccc_settings s
     set contract_address = v_address, total_supply = p_total_supply
   where s.id
  returning * into v_after;
  return v_after;
end
$$;

-- -------------------------------------------------------------------------------------
-- Triggers: none (payment_orders is written only by the functions above).
-- -------------------------------------------------------------------------------------

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
create policy payment_orders_select_authenticated on public.payment_orders
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

alter table private.membership_reminders enable row level security;
alter table private.email_outbox enable row level security;

-- -------------------------------------------------------------------------------------
-- Data
-- -------------------------------------------------------------------------------------
-- Existing paid members get one year from the day this migration runs (the club has no record of
-- when they paid; nobody loses a level at deploy, and the renewal notice starts 30 days before).
update public.profiles p
   set membership_valid_until = (current_date + interval '1 year')::date
 where p.membership_level <> 'FREE' and p.membership_valid_until is null;

-- The two decision e-mails, editable in the e-mail templates tab.
insert into public.email_templates (name, subject, html_content, text_content, variables)
values
  ('payment-confirmed', 'Potwierdziliśmy Twoją płatność {{reference}}',
   '<p>Cześć {{fname}},</p><p>potwierdziliśmy Twoją płatność <strong>{{reference}}</strong>: {{item}}, {{amount}}.</p><p>{{valid_until}}</p><p>Dziękujemy!</p>',
   E'Cześć {{fname}},\n\npotwierdziliśmy Twoją płatność {{reference}}: {{item}}, {{amount}}.\n{{valid_until}}\n\nDziękujemy!',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"reference","description":"Kod płatności","example":"KLB-7F3K2Q"},{"name":"item","description":"Zakupiony plan lub pakiet","example":"Plan START"},{"name":"amount","description":"Otrzymana kwota","example":"4997.00 PLN"},{"name":"valid_until","description":"Data ważności członkostwa (dla planu)","example":"24.11.2027"}]'),
  ('payment-rejected', 'Płatność {{reference}} została odrzucona',
   '<p>Cześć {{fname}},</p><p>Twoja płatność <strong>{{reference}}</strong> ({{item}}) została odrzucona.</p><p>Powód: {{reason}}</p><p>Jeśli to pomyłka, skontaktuj się z nami.</p>',
   E'Cześć {{fname}},\n\nTwoja płatność {{reference}} ({{item}}) została odrzucona.\nPowód: {{reason}}\n\nJeśli to pomyłka, skontaktuj się z nami.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"reference","description":"Kod płatności","example":"KLB-7F3K2Q"},{"name":"item","description":"Plan lub pakiet","example":"Plan START"},{"name":"reason","description":"Powód odrzucenia","example":"Nie otrzymaliśmy przelewu"}]')
on conflict (name) do nothing;

-- The daily run on hosted Supabase: only where pg_cron is installable and loaded (README: enable
-- the extension, then run the same cron.schedule call once).
do $do$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and current_setting('shared_preload_libraries', true) like '%pg_cron%' then
    create extension if not exists pg_cron;
    perform cron.schedule('membership-reminders', '15 3 * * *', 'select private.run_membership_reminders()');
  end if;
end
$do$;

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
revoke all on public.payment_orders from anon, authenticated, service_role;
grant select on public.payment_orders to authenticated, service_role;
revoke all on private.membership_reminders, private.email_outbox from public, anon, authenticated;
grant select, update on private.email_outbox to service_role;
grant usage on schema private to service_role;

revoke execute on function private.is_valid_decimal(numeric, integer) from public, anon, authenticated;
revoke execute on function private.new_payment_reference() from public, anon, authenticated;
revoke execute on function private.next_valid_until(date, date) from public, anon, authenticated;
revoke execute on function private.queue_member_email(text, uuid, jsonb) from public, anon, authenticated;
revoke execute on function private.order_item_label(public.payment_orders) from public, anon;
grant execute on function private.order_item_label(public.payment_orders) to authenticated;
revoke execute on function private.run_membership_reminders(date) from public, anon, authenticated;
grant execute on function private.run_membership_reminders(date) to service_role;

revoke execute on function public.effective_membership_level(public.profiles) from public, anon;
grant execute on function public.effective_membership_level(public.profiles) to authenticated, service_role;
revoke execute on function public.create_payment_order(public.payment_method, public.membership_level, public.ccc_tier, integer) from public, anon, authenticated;
grant execute on function public.create_payment_order(public.payment_method, public.membership_level, public.ccc_tier, integer) to authenticated;
revoke execute on function public.cancel_payment_order(uuid) from public, anon, authenticated;
grant execute on function public.cancel_payment_order(uuid) to authenticated;
revoke execute on function public.get_my_payment_orders(integer, integer) from public, anon, authenticated;
grant execute on function public.get_my_payment_orders(integer, integer) to authenticated;
revoke execute on function public.admin_list_payment_orders(public.payment_order_status, public.payment_method, text, integer, integer) from public, anon, authenticated;
grant execute on function public.admin_list_payment_orders(public.payment_order_status, public.payment_method, text, integer, integer) to authenticated;
revoke execute on function public.admin_confirm_payment(uuid, numeric, text) from public, anon, authenticated;
grant execute on function public.admin_confirm_payment(uuid, numeric, text) to authenticated;
revoke execute on function public.admin_reject_payment(uuid, text) from public, anon, authenticated;
grant execute on function public.admin_reject_payment(uuid, text) to authenticated;
revoke execute on function public.admin_update_user(uuid, text, text, public.membership_level, boolean, date, boolean) from public, anon, authenticated;
grant execute on function public.admin_update_user(uuid, text, text, public.membership_level, boolean, date, boolean) to authenticated;
revoke execute on function public.admin_update_membership_plan(public.membership_level, numeric, numeric, numeric, numeric, numeric, text, text[]) from public, anon, authenticated;
grant execute on function public.admin_update_membership_plan(public.membership_level, numeric, numeric, numeric, numeric, numeric, text, text[]) to authenticated;
revoke execute on function public.admin_update_ccc_tier(public.ccc_tier, integer, numeric, numeric, integer, integer) from public, anon, authenticated;
grant execute on function public.admin_update_ccc_tier(public.ccc_tier, integer, numeric, numeric, integer, integer) to authenticated;
revoke execute on function public.admin_update_ccc_settings(text, numeric) from public, anon, authenticated;
grant execute on function public.admin_update_ccc_settings(text, numeric) to authenticated;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on table public.payment_orders is
  'What a member pays (issue 19): item, method, amount and currency from the catalogue, a KLB- reference; pending until an admin confirms (paid) or rejects it, or the member cancels it. Written only by the payment RPCs.';
comment on column public.payment_orders.amount is 'Price from the catalogue when the order was created (or reused): PLN for plan transfer/ACC, USDT otherwise.';
comment on column public.payment_orders.amount_received is 'What the admin confirmed as received (defaults to amount).';
comment on column public.payment_orders.tx_hash is 'USDT only: the transaction hash the admin entered (0x + 64 hex).';
comment on column public.payment_orders.membership_valid_until is 'Plan orders: the end date the confirmation set.';
comment on column public.payment_orders.decided_by is 'auth.uid() of the confirming or rejecting admin. No foreign key: audit value.';
comment on table private.membership_reminders is 'One row per reminder sent (renewal 30 days before, expired after the end date): sent once.';
comment on table private.email_outbox is 'Decision e-mails queued in the deciding transaction; the send path delivers them (sent_at) with the send-email SMTP settings.';
comment on function public.create_payment_order(public.payment_method, public.membership_level, public.ccc_tier, integer) is
  'Member: records (or reuses) a pending order with the catalogue price; at most 3 pending; CCC needs free slots.';
comment on function public.admin_confirm_payment(uuid, numeric, text) is
  'Admin: confirms a pending order once (plan: level + end date; CCC: assignments under the slot lock); changed = false when already paid.';
comment on function public.admin_reject_payment(uuid, text) is 'Admin: rejects a pending order with a reason; changed = false when already rejected.';
comment on function private.run_membership_reminders(date) is
  'Daily: renewal reminder from 30 days before the end date and expiry notice after it, each once per end date.';
