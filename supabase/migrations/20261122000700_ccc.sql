-- CCC: the package tiers, the contract settings and the packages assigned to members.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Types
-- ========================================================================================

-- public.ccc_tier -----------------------------------------------------------------------
create type public.ccc_tier as enum ('PLATINUM', 'DIAMOND', 'GOLD', 'SILVER', 'BRONZE', 'START');

-- ========================================================================================
-- Tables
-- ========================================================================================

-- public.ccc_tiers ----------------------------------------------------------------------
create table public.ccc_tiers (
  tier public.ccc_tier not null,
  ccc_amount integer not null,
  price_usd numeric(12,2) not null,
  profit_share numeric(5,4) not null,
  duration_months smallint not null,
  total_slots integer not null,
  sort_order smallint not null,
  price_acc_usd numeric(12,2) generated always as (round((price_usd * 0.9), 2)) stored,
  constraint ccc_tiers_ccc_amount_check CHECK ((ccc_amount > 0)),
  constraint ccc_tiers_duration_months_check CHECK (((duration_months >= 1) AND (duration_months <= 120))),
  constraint ccc_tiers_price_usd_check CHECK ((price_usd > (0)::numeric)),
  constraint ccc_tiers_price_usd_finite_check CHECK ((price_usd <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint ccc_tiers_profit_share_check CHECK (((profit_share > (0)::numeric) AND (profit_share < (1)::numeric))),
  constraint ccc_tiers_profit_share_finite_check CHECK ((profit_share <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint ccc_tiers_total_slots_check CHECK ((total_slots >= 0)),
  constraint ccc_tiers_pkey PRIMARY KEY (tier),
  constraint ccc_tiers_sort_order_key UNIQUE (sort_order)
);
alter table public.ccc_tiers enable row level security;

-- public.ccc_assignments ----------------------------------------------------------------
create table public.ccc_assignments (
  id uuid default gen_random_uuid() not null,
  user_id uuid not null,
  package_tier public.ccc_tier not null,
  ccc_amount integer not null,
  profit_share numeric(5,4) not null,
  duration_months smallint not null,
  start_date timestamp with time zone default now() not null,
  end_date timestamp with time zone not null,
  created_at timestamp with time zone default now() not null,
  assigned_by uuid,
  order_id uuid,
  released_at timestamp with time zone,
  constraint ccc_assignments_ccc_amount_check CHECK ((ccc_amount > 0)),
  constraint ccc_assignments_duration_months_check CHECK (((duration_months >= 1) AND (duration_months <= 120))),
  constraint ccc_assignments_end_after_start CHECK ((end_date > start_date)),
  constraint ccc_assignments_profit_share_check CHECK (((profit_share > (0)::numeric) AND (profit_share < (1)::numeric))),
  constraint ccc_assignments_profit_share_finite_check CHECK ((profit_share <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint ccc_assignments_package_tier_fkey FOREIGN KEY (package_tier) REFERENCES public.ccc_tiers(tier),
  constraint ccc_assignments_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint ccc_assignments_pkey PRIMARY KEY (id)
);
alter table public.ccc_assignments enable row level security;

-- public.ccc_settings -------------------------------------------------------------------
create table public.ccc_settings (
  id boolean default true not null,
  contract_address text,
  total_supply numeric(30,0) default 1000000 not null,
  explorer_token_url text default 'https://etherscan.io/token/{address}'::text not null,
  updated_at timestamp with time zone default now() not null,
  constraint ccc_settings_contract_address_check CHECK ((contract_address ~ '^0x[0-9a-fA-F]{40}$'::text)),
  constraint ccc_settings_explorer_token_url_check CHECK (((char_length(explorer_token_url) <= 500) AND (explorer_token_url ~* '^https://[^[:space:]/?#]+\.[^[:space:]/?#]+/[^[:space:]]*\{address\}[^[:space:]]*$'::text))),
  constraint ccc_settings_id_check CHECK (id),
  constraint ccc_settings_total_supply_check CHECK ((total_supply > (0)::numeric)),
  constraint ccc_settings_total_supply_finite_check CHECK ((total_supply <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint ccc_settings_pkey PRIMARY KEY (id)
);
alter table public.ccc_settings enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- public.ccc_assignments ----------------------------------------------------------------

create index ccc_assignments_package_tier_end_date_idx on public.ccc_assignments (package_tier, end_date);

create index ccc_assignments_user_id_start_date_idx on public.ccc_assignments (user_id, start_date desc);

create index ccc_assignments_order_id_idx on public.ccc_assignments (order_id);

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.ccc_free_slots() --------------------------------------------------------------
create function private.ccc_free_slots(p_tier public.ccc_tier, p_except_order uuid default null)
returns integer
language plpgsql
stable
set search_path = ''
as $$
begin
  -- plpgsql: payment_orders is created after this file (20261122000800_payments.sql).
  return (
  select t.total_slots
         - (select count(*) from public.ccc_assignments a where a.package_tier = t.tier and a.end_date >= now())::integer
         - coalesce((select sum(o.quantity) from public.payment_orders o
                      where o.kind = 'ccc' and o.status = 'pending' and o.ccc_tier = t.tier
                        and o.expires_at > now() and o.id is distinct from p_except_order), 0)::integer
    from public.ccc_tiers t
   where t.tier = p_tier
  );
end
$$;

-- private.assign_ccc() ------------------------------------------------------------------
create function private.assign_ccc(p_user_id uuid, p_tier public.ccc_tier, p_quantity integer, p_order_id uuid)
returns setof public.ccc_assignments
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tier public.ccc_tiers;
begin
  select * into v_tier from public.ccc_tiers where tier = p_tier for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'ccc.invalid_package';
  end if;
  if p_quantity > private.ccc_free_slots(p_tier, p_order_id) then
    raise exception using errcode = 'P0001', message = 'ccc.no_slots';
  end if;
  perform private.notify(
    p_user_id, 'system', 'Przydzielono pakiet CCC',
    format(
      'Przydzielono Ci pakiet CCC %s (x%s): %s CCC, udział w zyskach %s%% przez %s mies.',
      v_tier.tier, p_quantity, v_tier.ccc_amount * p_quantity, round(v_tier.profit_share * 100, 2), v_tier.duration_months
    ),
    jsonb_build_object(
      'tier', v_tier.tier, 'packageTier', v_tier.tier, 'amount', v_tier.ccc_amount * p_quantity,
      'percentage', round(v_tier.profit_share * 100, 2), 'quantity', p_quantity
    )
  );
  return query
    insert into public.ccc_assignments
      (user_id, package_tier, ccc_amount, profit_share, duration_months, start_date, end_date, assigned_by, order_id)
    select p_user_id, v_tier.tier, v_tier.ccc_amount, v_tier.profit_share, v_tier.duration_months,
           now(), now() + make_interval(days => v_tier.duration_months * 30), auth.uid(), p_order_id
      from generate_series(1, p_quantity)
    returning *;
end
$$;

-- public.admin_assign_ccc_package() -----------------------------------------------------
-- Admin: assigns p_quantity packages of one tier. The tier row is locked first, so concurrent
-- assignments to a tier are serialized and the slot count can never be exceeded. Each package is
-- one row (one slot); end = start + duration_months x 30 days; amount, share and months are copied
-- from the catalogue. The member gets one 'system' notification per call.
create function public.admin_assign_ccc_package(p_user_id uuid, p_tier public.ccc_tier, p_quantity integer)
returns setof public.ccc_assignments
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.is_admin_or_service_role() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_tier is null then
    raise exception using errcode = 'P0001', message = 'ccc.invalid_package';
  end if;
  if p_quantity is null or p_quantity not between 1 and 10 then
    raise exception using errcode = 'P0001', message = 'ccc.invalid_quantity';
  end if;
  if p_user_id is null or not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception using errcode = 'P0002', message = 'ccc.user_not_found';
  end if;
  return query select * from private.assign_ccc(p_user_id, p_tier, p_quantity, null);
end
$$;

-- public.admin_remove_ccc_assignment() --------------------------------------------------
-- Admin: removes one assignment (frees its slot at once); returns the removed row.
create function public.admin_remove_ccc_assignment(p_assignment_id uuid)
returns public.ccc_assignments
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.ccc_assignments;
begin
  if not private.is_admin_or_service_role() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  -- A package a paid order produced is the order's: it goes with a refund of the order (kept,
  -- released), never by a delete that would leave the order paid without it.
  if exists (select 1 from public.ccc_assignments a where a.id = p_assignment_id and a.order_id is not null) then
    raise exception using errcode = 'P0001', message = 'ccc.assignment_from_order';
  end if;
  delete from public.ccc_assignments where id = p_assignment_id returning * into v_row;
  if not found then
    raise exception using errcode = 'P0002', message = 'ccc.assignment_not_found';
  end if;
  return v_row;
end
$$;

-- public.admin_update_ccc_settings() ----------------------------------------------------
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

-- public.admin_update_ccc_tier() --------------------------------------------------------
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
  v_after public.ccc_tiers;
  v_used integer;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_ccc_amount is null or p_ccc_amount <= 0 then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_amount';
  end if;
  perform private.check_catalogue_prices(array[p_price_usd]);
  if not (private.is_valid_decimal(p_profit_share, 4) and p_profit_share < 1) then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_share';
  end if;
  if p_duration_months is null or p_duration_months not between 1 and 120 then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_months';
  end if;
  perform 1 from public.ccc_tiers t where t.tier = p_tier for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'payments.invalid_item';
  end if;
  -- In use: active packages and the reservations of pending orders (their confirmation must find a slot).
  select t.total_slots - private.ccc_free_slots(p_tier) into v_used from public.ccc_tiers t where t.tier = p_tier;
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

-- public.get_ccc_availability() ---------------------------------------------------------
-- Per-tier availability for the CCC page and the admin assignment modal: counts only, no names.
-- A slot is used while an assignment's end_date is on or after now.
create function public.get_ccc_availability()
returns table (
  tier public.ccc_tier, ccc_amount integer, price_usd numeric, profit_share numeric, duration_months smallint,
  total_slots integer, used_slots integer, available_slots integer, price_acc_usd numeric, acc_savings_usd numeric
)
language sql
stable
security definer
set search_path = ''
as $$
  select t.tier, t.ccc_amount, t.price_usd, t.profit_share, t.duration_months, t.total_slots,
         (t.total_slots - private.ccc_free_slots(t.tier))::integer,
         greatest(private.ccc_free_slots(t.tier), 0)::integer,
         t.price_acc_usd,
         t.price_usd - t.price_acc_usd
    from public.ccc_tiers t
   order by t.sort_order
$$;

-- public.get_user_ccc_packages() --------------------------------------------------------
-- The packages of one member (self, or any member for admins; null means the caller), active
-- first, with an active flag.
-- Runs as the caller: RLS on ccc_assignments applies as well.
create function public.get_user_ccc_packages(p_user_id uuid)
returns table (
  id uuid,
  user_id uuid,
  package_tier public.ccc_tier,
  ccc_amount integer,
  profit_share numeric,
  duration_months smallint,
  start_date timestamptz,
  end_date timestamptz,
  created_at timestamptz,
  active boolean
)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_user_id uuid := coalesce(p_user_id, (select auth.uid()));
begin
  if (select auth.uid()) is null
     or (v_user_id <> (select auth.uid()) and not (select private.is_admin())) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  return query
    select a.id, a.user_id, a.package_tier, a.ccc_amount, a.profit_share, a.duration_months,
           a.start_date, a.end_date, a.created_at, a.end_date >= now()
      from public.ccc_assignments a
     where a.user_id = v_user_id
     order by (a.end_date >= now()) desc, a.start_date desc, a.id;
end
$$;

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- ccc_assignments_audit on public.ccc_assignments ---------------------------------------
create trigger ccc_assignments_audit after insert or update or delete on public.ccc_assignments
  for each row execute function private.audit_admin_write();

-- ccc_settings_audit on public.ccc_settings ---------------------------------------------
create trigger ccc_settings_audit after insert or update or delete on public.ccc_settings
  for each row execute function private.audit_admin_write();

-- ccc_settings_set_updated_at on public.ccc_settings ------------------------------------
create trigger ccc_settings_set_updated_at
  before update on public.ccc_settings
  for each row execute function private.set_updated_at();

-- ccc_tiers_audit on public.ccc_tiers ---------------------------------------------------
create trigger ccc_tiers_audit after insert or update or delete on public.ccc_tiers
  for each row execute function private.audit_admin_write();

-- ========================================================================================
-- Policies
-- ========================================================================================

-- public.ccc_assignments ----------------------------------------------------------------

create policy ccc_assignments_select_authenticated on public.ccc_assignments
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- public.ccc_settings -------------------------------------------------------------------

create policy ccc_settings_select_authenticated on public.ccc_settings
  for select to authenticated
  using (true);

create policy ccc_settings_update_authenticated on public.ccc_settings
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- public.ccc_tiers ----------------------------------------------------------------------

create policy ccc_tiers_select_anon on public.ccc_tiers
  for select to anon
  using (true);

create policy ccc_tiers_select_authenticated on public.ccc_tiers
  for select to authenticated
  using (true);

-- ========================================================================================
-- Grants
-- ========================================================================================

grant execute on function public.admin_assign_ccc_package(uuid,public.ccc_tier,integer) to authenticated;
grant execute on function public.admin_remove_ccc_assignment(uuid) to authenticated;
grant execute on function public.admin_update_ccc_settings(text,numeric) to authenticated;
grant execute on function public.admin_update_ccc_tier(public.ccc_tier,integer,numeric,numeric,integer,integer) to authenticated;
grant execute on function public.get_ccc_availability() to authenticated;
revoke execute on function public.get_user_ccc_packages(uuid) from service_role;
grant execute on function public.get_user_ccc_packages(uuid) to authenticated;
revoke delete, insert, maintain, references, trigger, truncate, update on public.ccc_assignments from service_role;
grant select on public.ccc_assignments to authenticated;
revoke delete, insert, maintain, references, trigger, truncate on public.ccc_settings from service_role;
grant select on public.ccc_settings to authenticated;
revoke maintain, references, trigger, truncate on public.ccc_tiers from service_role;
grant select on public.ccc_tiers to anon, authenticated;
grant update (contract_address, explorer_token_url, total_supply) on public.ccc_settings to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function public.admin_remove_ccc_assignment(uuid) is 'Admin/service_role: deletes one assignment an admin made and returns it; a package of a paid order is refused (ccc.assignment_from_order): the order''s refund releases it.';
comment on function public.get_user_ccc_packages(uuid) is 'Active and past packages of a member (self or admin), with an active flag.';
comment on table public.ccc_assignments is 'One row per assigned package (one slot). Active while end_date >= now(). Written only by private.assign_ccc (admin assignment, order confirmation), admin_remove_ccc_assignment and refunds.';
comment on table public.ccc_settings is 'Site-wide CCC facts (one row): the ERC20 contract, its explorer page and the total supply. Members read; admins change.';
comment on table public.ccc_tiers is 'CCC package catalogue (product.md#dashboard-9). Public read; only service_role (or a migration) changes it.';
comment on column public.ccc_assignments.assigned_by is 'auth.uid() of the assigning admin (null for service_role). No foreign key: audit value.';
comment on column public.ccc_assignments.ccc_amount is 'Copied from the catalogue at assignment time, as are profit_share and duration_months.';
comment on column public.ccc_assignments.end_date is 'start_date + duration_months x 30 days.';
comment on column public.ccc_settings.contract_address is 'The CCC token contract (0x + 40 hex); null hides the explorer link until the club enters it.';
comment on column public.ccc_settings.explorer_token_url is 'The token''s explorer page; {address} is replaced by the contract address.';
comment on column public.ccc_settings.total_supply is 'Total CCC supply shown on the CCC page (the spec''s 1,000,000 constant).';
comment on column public.ccc_tiers.price_acc_usd is 'Price in USDT when paid through ACC: 90 % of price_usd (product.md#dashboard-9), rounded to cents.';
comment on column public.ccc_tiers.price_usd is 'Price in USD/USDT; the ACC method pays 90 % of it (computed in the UI).';
comment on column public.ccc_tiers.profit_share is 'Fraction (0.17 = 17 %); the UI shows it x100.';
comment on column public.ccc_tiers.total_slots is 'How many packages of this tier may be active at once.';

comment on function private.ccc_free_slots(public.ccc_tier,uuid) is 'Free slots of a CCC tier: total minus active packages minus the slots reserved by pending, unexpired orders (except one order''s own).';

comment on function private.assign_ccc(uuid,public.ccc_tier,integer,uuid) is 'Assigns packages under the tier''s lock, counting other orders'' reservations (ccc.no_slots); notifies the member.';

comment on function public.admin_assign_ccc_package(uuid,public.ccc_tier,integer) is 'Admin/service_role: assigns 1-10 packages of a tier under a lock on the tier row (never oversubscribes, pending orders'' reservations count); notifies the member.';

comment on function public.get_ccc_availability() is 'Per-tier catalogue, taken (active packages + reservations of pending orders) and available slot counts, ACC price (90 %) with its saving, for members; reveals no assignee.';

comment on column public.ccc_assignments.order_id is 'The paid order that produced the package (null: assigned by an admin); its foreign key is added with payment_orders.';
comment on column public.ccc_assignments.released_at is 'When a refund released the package (its end_date was moved to then).';

-- ========================================================================================
-- Data
-- ========================================================================================

-- The catalogue of product.md#dashboard-9 (tier: CCC amount, USD price, profit share, months, slots).
insert into public.ccc_tiers (tier, ccc_amount, price_usd, profit_share, duration_months, total_slots, sort_order) values
  ('PLATINUM', 18000, 10000, 0.17, 12, 10, 1),
  ('DIAMOND',   9000,  5000, 0.12, 11, 20, 2),
  ('GOLD',      4000,  2000, 0.08, 10, 30, 3),
  ('SILVER',    3000,  1000, 0.06,  9, 40, 4),
  ('BRONZE',    2000,   500, 0.04,  8, 50, 5),
  ('START',     1000,   200, 0.03,  7, 60, 6);

-- The one row. The contract address is the club's to enter (admin area); seed.sql sets an example.
insert into public.ccc_settings (id) values (true);
