-- Payouts: e-commerce revenue and profit payout runs with their items.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Tables
-- ========================================================================================

-- public.ecommerce_revenue --------------------------------------------------------------
create table public.ecommerce_revenue (
  id uuid default gen_random_uuid() not null,
  amount numeric(14,2) not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid default auth.uid(),
  constraint ecommerce_revenue_amount_check CHECK ((amount >= (0)::numeric)),
  constraint ecommerce_revenue_amount_finite_check CHECK ((amount <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint ecommerce_revenue_pkey PRIMARY KEY (id)
);
alter table public.ecommerce_revenue enable row level security;

-- public.payout_runs --------------------------------------------------------------------
create table public.payout_runs (
  id uuid default gen_random_uuid() not null,
  revenue_id uuid not null,
  revenue_amount numeric(14,2) not null,
  revenue_date date not null,
  rate_pln_usdt numeric(12,6) not null,
  tiers jsonb not null,
  members_count integer not null,
  total_pln numeric(18,2) not null,
  total_usdt numeric(18,2) not null,
  remainder_pln numeric(18,2) not null,
  created_by uuid,
  created_by_email text,
  created_at timestamp with time zone default now() not null,
  constraint payout_runs_members_count_check CHECK ((members_count >= 0)),
  constraint payout_runs_rate_pln_usdt_check CHECK ((rate_pln_usdt > (0)::numeric)),
  constraint payout_runs_rate_pln_usdt_finite_check CHECK ((rate_pln_usdt <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint payout_runs_remainder_pln_finite_check CHECK ((remainder_pln <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint payout_runs_revenue_amount_finite_check CHECK ((revenue_amount <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint payout_runs_tiers_check CHECK ((jsonb_typeof(tiers) = 'array'::text)),
  constraint payout_runs_total_pln_finite_check CHECK ((total_pln <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint payout_runs_total_usdt_finite_check CHECK ((total_usdt <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint payout_runs_revenue_id_fkey FOREIGN KEY (revenue_id) REFERENCES public.ecommerce_revenue(id) ON DELETE RESTRICT,
  constraint payout_runs_pkey PRIMARY KEY (id),
  constraint payout_runs_revenue_id_key UNIQUE (revenue_id)
);
alter table public.payout_runs enable row level security;

-- public.payout_run_items ---------------------------------------------------------------
create table public.payout_run_items (
  run_id uuid not null,
  user_id uuid not null,
  tier public.membership_level not null,
  amount_pln numeric(18,2) not null,
  amount_usdt numeric(18,2) not null,
  constraint payout_run_items_amount_pln_check CHECK ((amount_pln > (0)::numeric)),
  constraint payout_run_items_amount_pln_finite_check CHECK ((amount_pln <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint payout_run_items_amount_usdt_check CHECK ((amount_usdt > (0)::numeric)),
  constraint payout_run_items_amount_usdt_finite_check CHECK ((amount_usdt <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint payout_run_items_run_id_fkey FOREIGN KEY (run_id) REFERENCES public.payout_runs(id) ON DELETE CASCADE,
  constraint payout_run_items_pkey PRIMARY KEY (run_id, user_id)
);
alter table public.payout_run_items enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- public.ecommerce_revenue --------------------------------------------------------------

create index ecommerce_revenue_created_at_idx on public.ecommerce_revenue (created_at desc);

-- public.payout_run_items ---------------------------------------------------------------

create index payout_run_items_user_id_idx on public.payout_run_items (user_id);

-- public.payout_runs --------------------------------------------------------------------

create index payout_runs_created_at_idx on public.payout_runs (created_at desc);

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.check_payout_fits() -----------------------------------------------------------
-- Raises payouts.amount_too_high when the USDT a payout of this entry at this rate pays out in all
-- (the entry times the paid tiers' shares times the rate) would not fit numeric(18, 2); true otherwise.
create function private.check_payout_fits(p_amount numeric, p_rate numeric)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_amount * p_rate * (select coalesce(sum(mp.profit_share), 0) from public.membership_plans mp where mp.tier <> 'FREE')
     >= 1e16 then
    raise exception using errcode = 'P0001', message = 'payouts.amount_too_high';
  end if;
  return true;
end
$$;

-- private.payout_tiers() ----------------------------------------------------------------
-- The tiers of a payout run: per paid level the members whose term runs on the revenue's day (the
-- paid_member_terms counters), the tier's pool, the share per member and the remainder, with the
-- check that the amounts fit their columns (private.check_payout_fits).
create function private.payout_tiers(p_revenue public.ecommerce_revenue, p_rate numeric)
returns table (
  tier public.membership_level,
  percentage numeric,
  pool_pln numeric,
  members integer,
  per_member_pln numeric,
  per_member_usdt numeric,
  remainder_pln numeric
)
language sql
stable
set search_path = ''
as $$
  with day as (
    select (p_revenue.created_at at time zone 'Europe/Warsaw')::date as d
  ),
  counts as (
    select split_part(c.key, ':', 1)::public.membership_level as tier, sum(c.value)::integer as n
      from private.dashboard_counters c, day
     where c.kind = 'paid_member_terms'
       and split_part(c.key, ':', 2)::date >= day.d
     group by 1
  ),
  tiers as (
    select mp.tier, mp.profit_share,
           round(p_revenue.amount * mp.profit_share, 2) as pool,
           coalesce(c.n, 0) as n
      from public.membership_plans mp
      left join counts c on c.tier = mp.tier
     where mp.tier <> 'FREE'
       and private.check_payout_fits(p_revenue.amount, p_rate)
  ),
  shares as (
    select t.*, case when t.n > 0 then floor(t.pool * 100 / t.n) / 100 else 0 end as share
      from tiers t
  )
  select s.tier,
         round(s.profit_share * 100, 2),
         s.pool::numeric(18, 2),
         s.n,
         s.share::numeric(18, 2),
         (floor(s.share * p_rate * 100) / 100)::numeric(18, 2),
         (s.pool - s.share * s.n)::numeric(18, 2)
    from shares s
   order by s.profit_share
$$;

-- private.valid_payout_rate() -----------------------------------------------------------
create function private.valid_payout_rate(p_rate numeric)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(p_rate > 0 and p_rate = round(p_rate, 6) and p_rate < 1000000, false)
$$;

-- public.admin_preview_payout() ---------------------------------------------------------
-- Admin: what a run would pay, per tier (nothing is written).
create function public.admin_preview_payout(p_revenue_id uuid, p_rate numeric)
returns table (
  tier public.membership_level,
  percentage numeric,
  pool_pln numeric,
  members integer,
  per_member_pln numeric,
  per_member_usdt numeric,
  remainder_pln numeric,
  already_paid boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_revenue public.ecommerce_revenue;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if not private.valid_payout_rate(p_rate) then
    raise exception using errcode = 'P0001', message = 'payouts.invalid_rate';
  end if;
  select * into v_revenue from public.ecommerce_revenue r where r.id = p_revenue_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'payouts.revenue_not_found';
  end if;
  return query
    select t.*, exists (select 1 from public.payout_runs pr where pr.revenue_id = p_revenue_id)
      from private.payout_tiers(v_revenue, p_rate) t;
end
$$;

-- public.admin_run_payout() -------------------------------------------------------------
-- Admin: pays a revenue entry out, once. Locks the revenue row first, so of two admins confirming
-- at once the second waits, then sees the run and gets payouts.already_paid (the unique revenue_id
-- is the last guard). Every credit goes through private.apply_wallet_entry; every member gets the
-- spec's profit notification {amount (PLN), percentage, tier}.
create function public.admin_run_payout(p_revenue_id uuid, p_rate numeric)
returns public.payout_runs
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_revenue public.ecommerce_revenue;
  v_run public.payout_runs;
  v_day date;
  v_tiers jsonb;
  v_members integer;
  v_total_pln numeric;
  v_total_usdt numeric;
  v_remainder numeric;
  v_item record;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if not private.valid_payout_rate(p_rate) then
    raise exception using errcode = 'P0001', message = 'payouts.invalid_rate';
  end if;
  select * into v_revenue from public.ecommerce_revenue r where r.id = p_revenue_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'payouts.revenue_not_found';
  end if;
  if exists (select 1 from public.payout_runs pr where pr.revenue_id = p_revenue_id) then
    raise exception using errcode = 'P0001', message = 'payouts.already_paid';
  end if;
  v_day := (v_revenue.created_at at time zone 'Europe/Warsaw')::date;

  select coalesce(jsonb_agg(to_jsonb(t) order by t.percentage), '[]'::jsonb),
         coalesce(sum(t.members) filter (where t.per_member_usdt > 0), 0),
         coalesce(sum(t.per_member_pln * t.members) filter (where t.per_member_usdt > 0), 0),
         coalesce(sum(t.per_member_usdt * t.members), 0),
         coalesce(sum(t.pool_pln), 0) - coalesce(sum(t.per_member_pln * t.members) filter (where t.per_member_usdt > 0), 0)
    into v_tiers, v_members, v_total_pln, v_total_usdt, v_remainder
    from private.payout_tiers(v_revenue, p_rate) t;
  if v_members = 0 then
    raise exception using errcode = 'P0001', message = 'payouts.nothing_to_pay';
  end if;

  insert into public.payout_runs (
    revenue_id, revenue_amount, revenue_date, rate_pln_usdt, tiers, members_count,
    total_pln, total_usdt, remainder_pln, created_by, created_by_email
  )
  values (
    p_revenue_id, v_revenue.amount, v_day, p_rate, v_tiers, v_members,
    v_total_pln, v_total_usdt, v_remainder, auth.uid(), nullif(auth.jwt() ->> 'email', '')
  )
  returning * into v_run;

  insert into public.payout_run_items (run_id, user_id, tier, amount_pln, amount_usdt)
  select v_run.id, p.user_id, p.membership_level, t.per_member_pln, t.per_member_usdt
    from private.payout_tiers(v_revenue, p_rate) t
    join public.profiles p
      on p.membership_level = t.tier
     and (p.membership_valid_until is null or p.membership_valid_until >= v_day)
   where t.per_member_usdt > 0;

  for v_item in
    select i.user_id, i.tier, i.amount_pln, i.amount_usdt, t.percentage
      from public.payout_run_items i
      join private.payout_tiers(v_revenue, p_rate) t on t.tier = i.tier
     where i.run_id = v_run.id
     order by i.user_id
  loop
    perform private.apply_wallet_entry(
      v_item.user_id, 'profit_payout', v_item.amount_usdt, 0, null,
      format('Wypłata zysków %s: %s PLN (kurs %s)', v_item.tier, v_item.amount_pln, p_rate)
    );
    perform private.notify(
      v_item.user_id,
      'profit',
      'Wypłata zysków',
      format('Otrzymałeś %s PLN (%s USDT) z puli %s.', v_item.amount_pln, v_item.amount_usdt, v_item.tier),
      jsonb_build_object('kind', 'profit_payout', 'amount', v_item.amount_pln, 'currency', 'PLN',
                         'percentage', v_item.percentage, 'tier', v_item.tier,
                         'amountUsdt', v_item.amount_usdt, 'rate', p_rate, 'runId', v_run.id)
    );
  end loop;

  perform private.audit('payout.run', 'payout_run', v_run.id::text, null, null,
    jsonb_build_object('revenue_id', p_revenue_id, 'revenue_amount', v_revenue.amount, 'rate_pln_usdt', p_rate,
                       'members_count', v_members, 'total_pln', v_total_pln, 'total_usdt', v_total_usdt,
                       'remainder_pln', v_remainder));
  return v_run;
end
$$;

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- ecommerce_revenue_audit on public.ecommerce_revenue -----------------------------------
create trigger ecommerce_revenue_audit after insert or update or delete on public.ecommerce_revenue
  for each row execute function private.audit_admin_write();

-- ========================================================================================
-- Policies
-- ========================================================================================

-- public.ecommerce_revenue --------------------------------------------------------------

create policy ecommerce_revenue_insert_authenticated on public.ecommerce_revenue
  for insert to authenticated
  with check ((select private.is_admin()));

-- Members see the revenue history (the dashboard multiplies the latest amount by the plan shares).
create policy ecommerce_revenue_select_authenticated on public.ecommerce_revenue
  for select to authenticated
  using (true);

-- public.payout_run_items ---------------------------------------------------------------

create policy payout_run_items_select_authenticated on public.payout_run_items
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- public.payout_runs --------------------------------------------------------------------

create policy payout_runs_select_admin on public.payout_runs
  for select to authenticated
  using ((select private.is_admin()));

-- ========================================================================================
-- Grants
-- ========================================================================================

revoke execute on function public.admin_preview_payout(uuid,numeric) from service_role;
grant execute on function public.admin_preview_payout(uuid,numeric) to authenticated;
revoke execute on function public.admin_run_payout(uuid,numeric) from service_role;
grant execute on function public.admin_run_payout(uuid,numeric) to authenticated;
revoke maintain, references, trigger, truncate on public.ecommerce_revenue from service_role;
grant select on public.ecommerce_revenue to authenticated;
revoke delete, insert, maintain, references, select, trigger, truncate, update on public.payout_run_items from service_role;
grant select on public.payout_run_items to authenticated;
revoke delete, insert, maintain, references, select, trigger, truncate, update on public.payout_runs from service_role;
grant select on public.payout_runs to authenticated;
grant insert (amount) on public.ecommerce_revenue to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function private.check_payout_fits(numeric,numeric) is 'Raises payouts.amount_too_high when a revenue amount x the paid tiers'' shares x the PLN→USDT rate would reach 10^16 (numeric(18, 2) of the payout totals and wallets); else true.';
comment on function public.admin_preview_payout(uuid,numeric) is 'Admin: per tier members and shares a payout run would pay (no writes).';
comment on function public.admin_run_payout(uuid,numeric) is 'Admin: pays a revenue entry out once: credits every member of each tier through the ledger, notifies, audits.';
comment on table public.ecommerce_revenue is 'E-commerce revenue in PLN; the latest row times each plan''s profit share gives the dashboard profit pools. Admins insert, members read.';
comment on table public.payout_run_items is 'What each member received in a payout run (PLN and USDT).';
comment on table public.payout_runs is 'One profit payout per revenue entry: rate, per-tier figures, totals, remainder and the admin who ran it.';
comment on column public.ecommerce_revenue.created_by is 'auth.uid() of the admin who recorded it.';
