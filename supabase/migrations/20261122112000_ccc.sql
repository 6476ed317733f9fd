-- CCC packages: the tier catalogue (product.md#dashboard-9), members' assignments and the admin RPCs that
-- assign them without ever oversubscribing a tier.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.
--
-- Error keys raised here:
--   auth.forbidden              (42501) caller may not do this
--   ccc.invalid_package         (P0001) tier missing (null) or not in the catalogue
--                                       (an unknown tier string is rejected by PostgreSQL with 22P02
--                                       before the function runs: the UI maps both to 'Nieprawidłowy pakiet')
--   ccc.invalid_quantity        (P0001) quantity missing or outside 1-10
--   ccc.no_slots                (P0001) quantity above the tier's free slots
--   ccc.user_not_found          (P0002) no such user
--   ccc.assignment_not_found    (P0002) no such assignment

-- -------------------------------------------------------------------------------------
-- Types
-- -------------------------------------------------------------------------------------
create type public.ccc_tier as enum ('PLATINUM', 'DIAMOND', 'GOLD', 'SILVER', 'BRONZE', 'START');

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
create table public.ccc_tiers (
  tier public.ccc_tier primary key,
  ccc_amount integer not null check (ccc_amount > 0),
  price_usd numeric(12, 2) not null check (price_usd > 0),
  profit_share numeric(5, 4) not null check (profit_share > 0 and profit_share < 1),
  duration_months smallint not null check (duration_months between 1 and 120),
  total_slots integer not null check (total_slots >= 0),
  sort_order smallint not null unique
);

-- The catalogue of product.md#dashboard-9 (tier: CCC amount, USD price, profit share, months, slots).
insert into public.ccc_tiers (tier, ccc_amount, price_usd, profit_share, duration_months, total_slots, sort_order) values
  ('PLATINUM', 18000, 10000, 0.17, 12, 10, 1),
  ('DIAMOND',   9000,  5000, 0.12, 11, 20, 2),
  ('GOLD',      4000,  2000, 0.08, 10, 30, 3),
  ('SILVER',    3000,  1000, 0.06,  9, 40, 4),
  ('BRONZE',    2000,   500, 0.04,  8, 50, 5),
  ('START',     1000,   200, 0.03,  7, 60, 6);

create table public.ccc_assignments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  package_tier public.ccc_tier not null references public.ccc_tiers (tier),
  ccc_amount integer not null check (ccc_amount > 0),
  profit_share numeric(5, 4) not null check (profit_share > 0 and profit_share < 1),
  duration_months smallint not null check (duration_months between 1 and 120),
  start_date timestamptz not null default now(),
  end_date timestamptz not null,
  created_at timestamptz not null default now(),
  assigned_by uuid,
  constraint ccc_assignments_end_after_start check (end_date > start_date)
);

alter table public.ccc_tiers enable row level security;
alter table public.ccc_assignments enable row level security;

-- -------------------------------------------------------------------------------------
-- Indexes (the first also serves the package_tier foreign key, the second the user_id one)
-- -------------------------------------------------------------------------------------
create index ccc_assignments_package_tier_end_date_idx on public.ccc_assignments (package_tier, end_date);
create index ccc_assignments_user_id_start_date_idx on public.ccc_assignments (user_id, start_date desc);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- Per-tier availability for the CCC page and the admin assignment modal: counts only, no names.
-- A slot is used while an assignment's end_date is on or after now.
create function public.get_ccc_availability()
returns table (
  tier public.ccc_tier,
  ccc_amount integer,
  price_usd numeric,
  profit_share numeric,
  duration_months smallint,
  total_slots integer,
  used_slots integer,
  available_slots integer
)
language sql
stable
security definer
set search_path = ''
as $$
  select t.tier,
         t.ccc_amount,
         t.price_usd,
         t.profit_share,
         t.duration_months,
         t.total_slots,
         coalesce(u.used, 0)::integer,
         greatest(t.total_slots - coalesce(u.used, 0), 0)::integer
    from public.ccc_tiers t
    left join (
      select a.package_tier, count(*) as used
        from public.ccc_assignments a
       where a.end_date >= now()
       group by a.package_tier
    ) u on u.package_tier = t.tier
   order by t.sort_order
$$;
revoke execute on function public.get_ccc_availability() from public, anon, authenticated, service_role;
grant execute on function public.get_ccc_availability() to authenticated, service_role;

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
revoke execute on function public.get_user_ccc_packages(uuid) from public, anon, authenticated, service_role;
grant execute on function public.get_user_ccc_packages(uuid) to authenticated;

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
declare
  v_tier public.ccc_tiers;
  v_used integer;
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

  select * into v_tier from public.ccc_tiers where tier = p_tier for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'ccc.invalid_package';
  end if;

  select count(*) into v_used
    from public.ccc_assignments a
   where a.package_tier = p_tier
     and a.end_date >= now();
  if p_quantity > v_tier.total_slots - v_used then
    raise exception using errcode = 'P0001', message = 'ccc.no_slots';
  end if;

  perform private.notify(
    p_user_id,
    'system',
    'Przydzielono pakiet CCC',
    format(
      'Przydzielono Ci pakiet CCC %s (x%s): %s CCC, udział w zyskach %s%% przez %s mies.',
      v_tier.tier, p_quantity, v_tier.ccc_amount * p_quantity, round(v_tier.profit_share * 100, 2), v_tier.duration_months
    ),
    jsonb_build_object(
      'tier', v_tier.tier,
      'packageTier', v_tier.tier,
      'amount', v_tier.ccc_amount * p_quantity,
      'percentage', round(v_tier.profit_share * 100, 2),
      'quantity', p_quantity
    )
  );

  return query
    insert into public.ccc_assignments
      (user_id, package_tier, ccc_amount, profit_share, duration_months, start_date, end_date, assigned_by)
    select p_user_id, v_tier.tier, v_tier.ccc_amount, v_tier.profit_share, v_tier.duration_months,
           now(), now() + make_interval(days => v_tier.duration_months * 30), auth.uid()
      from generate_series(1, p_quantity)
    returning *;
end
$$;
revoke execute on function public.admin_assign_ccc_package(uuid, public.ccc_tier, integer) from public, anon, authenticated, service_role;
grant execute on function public.admin_assign_ccc_package(uuid, public.ccc_tier, integer) to authenticated, service_role;

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
  delete from public.ccc_assignments where id = p_assignment_id returning * into v_row;
  if not found then
    raise exception using errcode = 'P0002', message = 'ccc.assignment_not_found';
  end if;
  return v_row;
end
$$;
revoke execute on function public.admin_remove_ccc_assignment(uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_remove_ccc_assignment(uuid) to authenticated, service_role;

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
create policy ccc_tiers_select_anon on public.ccc_tiers
  for select to anon
  using (true);

create policy ccc_tiers_select_authenticated on public.ccc_tiers
  for select to authenticated
  using (true);

create policy ccc_assignments_select_authenticated on public.ccc_assignments
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- -------------------------------------------------------------------------------------
-- Grants (assignments are written only by the admin RPCs above)
-- -------------------------------------------------------------------------------------
-- Start from nothing (the platform's default privileges give service_role ALL on new tables).
revoke all on table public.ccc_tiers, public.ccc_assignments from anon, authenticated, service_role;
grant select on public.ccc_tiers to anon, authenticated;
grant select, insert, update, delete on public.ccc_tiers to service_role;
grant select on public.ccc_assignments to authenticated, service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on table public.ccc_tiers is
  'CCC package catalogue (product.md#dashboard-9). Public read; only service_role (or a migration) changes it.';
comment on column public.ccc_tiers.profit_share is 'Fraction (0.17 = 17 %); the UI shows it x100.';
comment on column public.ccc_tiers.price_usd is 'Price in USD/USDT; the ACC method pays 90 % of it (computed in the UI).';
comment on column public.ccc_tiers.total_slots is 'How many packages of this tier may be active at once.';
comment on table public.ccc_assignments is
  'One row per assigned package (one slot). Active while end_date >= now(). Written only by admin_assign_ccc_package / admin_remove_ccc_assignment.';
comment on column public.ccc_assignments.ccc_amount is 'Copied from the catalogue at assignment time, as are profit_share and duration_months.';
comment on column public.ccc_assignments.end_date is 'start_date + duration_months x 30 days.';
comment on column public.ccc_assignments.assigned_by is 'auth.uid() of the assigning admin (null for service_role). No foreign key: audit value.';
comment on function public.get_ccc_availability() is 'Per-tier used/available slot counts for members; reveals no assignee.';
comment on function public.get_user_ccc_packages(uuid) is 'Active and past packages of a member (self or admin), with an active flag.';
comment on function public.admin_assign_ccc_package(uuid, public.ccc_tier, integer) is
  'Admin/service_role: assigns 1-10 packages of a tier under a lock on the tier row (never oversubscribes); notifies the member.';
comment on function public.admin_remove_ccc_assignment(uuid) is 'Admin/service_role: deletes one assignment and returns it.';
