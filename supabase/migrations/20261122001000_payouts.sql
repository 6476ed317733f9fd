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
  corrected_at timestamp with time zone,
  corrected_by uuid,
  correction_reason text,
  voided_at timestamp with time zone,
  voided_by uuid,
  void_reason text,
  constraint ecommerce_revenue_corrected_check CHECK (((corrected_at IS NULL) = (correction_reason IS NULL))),
  constraint ecommerce_revenue_voided_check CHECK (((voided_at IS NULL) = (void_reason IS NULL))),
  constraint ecommerce_revenue_correction_reason_check CHECK ((char_length(correction_reason) <= 500)),
  constraint ecommerce_revenue_void_reason_check CHECK ((char_length(void_reason) <= 500)),
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
  previous_rate numeric(12,6),
  rate_confirmed boolean default false not null,
  reversed_at timestamp with time zone,
  reversed_by uuid,
  reversal_reason text,
  reversed_debited_usdt numeric(18,2),
  reversed_debt_usdt numeric(18,2),
  constraint payout_runs_reversed_check CHECK ((((reversed_at IS NULL) = (reversal_reason IS NULL)) AND ((reversed_at IS NULL) = (reversed_debited_usdt IS NULL)) AND ((reversed_at IS NULL) = (reversed_debt_usdt IS NULL)))),
  constraint payout_runs_reversal_reason_check CHECK ((char_length(reversal_reason) <= 500)),
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
  constraint payout_runs_previous_rate_finite_check CHECK ((previous_rate <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint payout_runs_reversed_debited_usdt_finite_check CHECK ((reversed_debited_usdt <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint payout_runs_reversed_debt_usdt_finite_check CHECK ((reversed_debt_usdt <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric])))
);
alter table public.payout_runs enable row level security;

-- public.payout_run_items ---------------------------------------------------------------
create table public.payout_run_items (
  run_id uuid not null,
  user_id uuid not null,
  tier public.membership_level not null,
  amount_pln numeric(18,2) not null,
  amount_usdt numeric(18,2) not null,
  reversal_debited numeric(18,2),
  reversal_debt numeric(18,2),
  constraint payout_run_items_reversal_check CHECK (((reversal_debited IS NULL) = (reversal_debt IS NULL))),
  constraint payout_run_items_amount_pln_check CHECK ((amount_pln > (0)::numeric)),
  constraint payout_run_items_amount_pln_finite_check CHECK ((amount_pln <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint payout_run_items_amount_usdt_check CHECK ((amount_usdt > (0)::numeric)),
  constraint payout_run_items_amount_usdt_finite_check CHECK ((amount_usdt <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint payout_run_items_run_id_fkey FOREIGN KEY (run_id) REFERENCES public.payout_runs(id) ON DELETE CASCADE,
  constraint payout_run_items_pkey PRIMARY KEY (run_id, user_id),
  constraint payout_run_items_reversal_debited_finite_check CHECK ((reversal_debited <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint payout_run_items_reversal_debt_finite_check CHECK ((reversal_debt <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric])))
);
alter table public.payout_run_items enable row level security;

-- private.payout_period_day_changes -----------------------------------------------------
-- The day counters' changes of the running transaction, applied to private.payout_period_days once,
-- when it commits (as private.dashboard_counter_changes): a plan change never holds a counter row
-- locked for the rest of its transaction, so members changing levels at once neither wait for each
-- other nor deadlock. Appended to, never updated; empty outside running transactions.
create table private.payout_period_day_changes (
  id bigint generated always as identity primary key,
  txid xid8 not null default pg_current_xact_id(),
  level public.membership_level not null,
  day date not null,
  starts bigint not null,
  ends bigint not null
);
alter table private.payout_period_day_changes enable row level security;

-- private.payout_period_days ------------------------------------------------------------
-- Per level and day, how many membership periods of living members start and end on it (kept by
-- the triggers on membership_periods). The members holding a level on day D are the periods with
-- first_day <= D minus those with last_day < D (periods of one member never overlap, and an emptied
-- period, last_day = first_day - 1, counts in both): the preview's counts without reading every
-- period.
create table private.payout_period_days (
  level public.membership_level not null,
  day date not null,
  starts bigint default 0 not null,
  ends bigint default 0 not null,
  constraint payout_period_days_pkey PRIMARY KEY (level, day)
);
alter table private.payout_period_days enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- private.payout_period_day_changes -----------------------------------------------------

create index payout_period_day_changes_txid_idx on private.payout_period_day_changes (txid);

-- public.ecommerce_revenue --------------------------------------------------------------

create index ecommerce_revenue_created_at_idx on public.ecommerce_revenue (created_at desc);

-- public.payout_run_items ---------------------------------------------------------------

create index payout_run_items_user_id_idx on public.payout_run_items (user_id);

-- public.payout_runs --------------------------------------------------------------------

create index payout_runs_created_at_idx on public.payout_runs (created_at desc);

-- A revenue entry is paid out by at most one run that is not reversed.
create unique index payout_runs_revenue_id_active_idx on public.payout_runs (revenue_id) where reversed_at is null;

create index payout_runs_revenue_id_idx on public.payout_runs (revenue_id);

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

-- private.apply_payout_period_day_changes() ---------------------------------------------
-- Deferred trigger on private.payout_period_day_changes, run when the transaction commits: the first
-- call moves all of the transaction's changes into private.payout_period_days in one statement, in
-- (level, day) order, holding the counter rows only until the commit ends; later calls find their
-- row gone.
create function private.apply_payout_period_day_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from private.payout_period_day_changes c where c.id = new.id) then
    return null;
  end if;
  with applied as (
    delete from private.payout_period_day_changes c
     where c.txid = new.txid
    returning c.level, c.day, c.starts, c.ends
  )
  insert into private.payout_period_days as d (level, day, starts, ends)
  select a.level, a.day, sum(a.starts), sum(a.ends)
    from applied a
   group by a.level, a.day
  having sum(a.starts) <> 0 or sum(a.ends) <> 0
   order by a.level, a.day
  on conflict (level, day) do update set starts = d.starts + excluded.starts, ends = d.ends + excluded.ends;
  return null;
end
$$;

-- private.count_payout_period_days() ----------------------------------------------------
-- Statement trigger on membership_periods: queues the new rows' starts and ends per level and day,
-- and the old rows' taken away (rows without a member count nowhere), in
-- private.payout_period_day_changes, applied at commit.
create function private.count_payout_period_days()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Each statement names only the transition tables its event has.
  if tg_op = 'INSERT' then
    insert into private.payout_period_day_changes (level, day, starts, ends)
    select x.level, x.day, sum(x.starts), sum(x.ends)
      from (select n.level, n.first_day as day, 1 as starts, 0 as ends from new_rows n where n.user_id is not null
            union all
            select n.level, n.last_day, 0, 1 from new_rows n where n.user_id is not null) x
     group by x.level, x.day;
  elsif tg_op = 'DELETE' then
    insert into private.payout_period_day_changes (level, day, starts, ends)
    select x.level, x.day, sum(x.starts), sum(x.ends)
      from (select o.level, o.first_day as day, -1 as starts, 0 as ends from old_rows o where o.user_id is not null
            union all
            select o.level, o.last_day, 0, -1 from old_rows o where o.user_id is not null) x
     group by x.level, x.day;
  else
    insert into private.payout_period_day_changes (level, day, starts, ends)
    select x.level, x.day, sum(x.starts), sum(x.ends)
      from (select n.level, n.first_day as day, 1 as starts, 0 as ends from new_rows n where n.user_id is not null
            union all
            select n.level, n.last_day, 0, 1 from new_rows n where n.user_id is not null
            union all
            select o.level, o.first_day, -1, 0 from old_rows o where o.user_id is not null
            union all
            select o.level, o.last_day, 0, -1 from old_rows o where o.user_id is not null) x
     group by x.level, x.day
    having sum(x.starts) <> 0 or sum(x.ends) <> 0;
  end if;
  return null;
end
$$;

-- private.payout_day_levels() -----------------------------------------------------------
-- The members a payout of an entry of day p_day pays: every living member holding a paid level on
-- that day (the period covering it, as private.membership_level_on reads it), with that level.
create function private.payout_day_levels(p_day date)
returns table (user_id uuid, tier public.membership_level)
language sql
stable
set search_path = ''
as $$
  select distinct on (m.user_id) m.user_id, m.level
    from public.membership_periods m
   where m.user_id is not null and m.first_day <= p_day and m.last_day >= p_day
   order by m.user_id, m.first_day desc
$$;

-- private.payout_level_counts() ---------------------------------------------------------
-- Per paid level the members holding it on p_day, from the day counters (a few hundred rows instead
-- of every period): the periods started by then minus those ended before it.
create function private.payout_level_counts(p_day date)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(x.level, x.n), '{}'::jsonb)
    from (
      select d.level, sum(case when d.day <= p_day then d.starts else 0 end)
                      - sum(case when d.day < p_day then d.ends else 0 end) as n
        from (select c.level, c.day, c.starts, c.ends from private.payout_period_days c
              union all
              -- this transaction's own changes, not applied until it commits
              select c.level, c.day, c.starts, c.ends from private.payout_period_day_changes c
               where c.txid = pg_current_xact_id_if_assigned()) d
       where d.day <= p_day
       group by d.level
    ) x
   where x.n <> 0
$$;

-- private.payout_previous_rate() --------------------------------------------------------
-- The rate the next run is compared with: the latest run's that was not reversed.
create function private.payout_previous_rate()
returns numeric
language sql
stable
set search_path = ''
as $$
  select r.rate_pln_usdt from public.payout_runs r
   where r.reversed_at is null
   order by r.created_at desc, r.id desc
   limit 1
$$;

-- private.payout_rate_far() -------------------------------------------------------------
-- A rate more than 20 % away from the previous run's (none before the first run).
create function private.payout_rate_far(p_rate numeric, p_previous numeric)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(abs(p_rate - p_previous) > 0.2 * p_previous, false)
$$;

-- private.payout_tiers() ----------------------------------------------------------------
-- The tiers of a payout run: per paid level the members holding it on the revenue's day (p_counts:
-- {level: members}), the tier's pool, the share per member and the remainder, with the check that
-- the amounts fit their columns (private.check_payout_fits).
create function private.payout_tiers(p_revenue public.ecommerce_revenue, p_rate numeric, p_counts jsonb)
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
  with tiers as (
    select mp.tier, mp.profit_share,
           round(p_revenue.amount * mp.profit_share, 2) as pool,
           coalesce((p_counts ->> mp.tier::text)::integer, 0) as n
      from public.membership_plans mp
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

-- private.payable_revenue() -------------------------------------------------------------
-- Locks a revenue entry an admin changes or pays out: it must exist, not be voided and have no run
-- that is not reversed.
create function private.payable_revenue(p_revenue_id uuid)
returns public.ecommerce_revenue
language plpgsql
set search_path = ''
as $$
declare
  v_revenue public.ecommerce_revenue;
begin
  select * into v_revenue from public.ecommerce_revenue r where r.id = p_revenue_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'payouts.revenue_not_found';
  end if;
  if v_revenue.voided_at is not null then
    raise exception using errcode = 'P0001', message = 'payouts.revenue_voided';
  end if;
  if exists (select 1 from public.payout_runs pr where pr.revenue_id = p_revenue_id and pr.reversed_at is null) then
    raise exception using errcode = 'P0001', message = 'payouts.already_paid';
  end if;
  return v_revenue;
end
$$;

-- public.admin_correct_revenue() --------------------------------------------------------
-- Admin ('Przychody'): corrects the amount of an entry that was not paid out, with a reason. The
-- table's audit trigger records the row before and after (with the reason) in this transaction.
create function public.admin_correct_revenue(p_revenue_id uuid, p_amount numeric, p_reason text)
returns public.ecommerce_revenue
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_revenue public.ecommerce_revenue;
  v_reason text := btrim(p_reason);
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_amount is null or p_amount < 0 or p_amount <> round(p_amount, 2) or p_amount >= 1e12 then
    raise exception using errcode = 'P0001', message = 'payouts.invalid_amount';
  end if;
  if v_reason is null or v_reason = '' or char_length(v_reason) > 500 then
    raise exception using errcode = 'P0001', message = 'payouts.invalid_reason';
  end if;
  v_revenue := private.payable_revenue(p_revenue_id);
  if v_revenue.amount = p_amount then
    raise exception using errcode = 'P0001', message = 'payouts.amount_unchanged';
  end if;
  update public.ecommerce_revenue
     set amount = p_amount, corrected_at = now(), corrected_by = auth.uid(), correction_reason = v_reason
   where id = p_revenue_id
  returning * into v_revenue;
  return v_revenue;
end
$$;

-- public.admin_void_revenue() -----------------------------------------------------------
-- Admin ('Przychody'): voids an entry that was not paid out, with a reason: it no longer counts for
-- the profit pools or a payout. Audited by the table's trigger.
create function public.admin_void_revenue(p_revenue_id uuid, p_reason text)
returns public.ecommerce_revenue
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_revenue public.ecommerce_revenue;
  v_reason text := btrim(p_reason);
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if v_reason is null or v_reason = '' or char_length(v_reason) > 500 then
    raise exception using errcode = 'P0001', message = 'payouts.invalid_reason';
  end if;
  perform private.payable_revenue(p_revenue_id);
  update public.ecommerce_revenue
     set voided_at = now(), voided_by = auth.uid(), void_reason = v_reason
   where id = p_revenue_id
  returning * into v_revenue;
  return v_revenue;
end
$$;

-- public.admin_list_payout_run_items() -------------------------------------------------
-- Admin ('Wypłaty zysków'): one run's items, a page (1..1000) in the key's order, with each member's
-- name and e-mail (none for an erased member: the item holds a pseudonym) and the total count.
create function public.admin_list_payout_run_items(p_run_id uuid, p_limit integer default 50, p_offset integer default 0)
returns table (
  user_id uuid,
  member_full_name text,
  member_email text,
  tier public.membership_level,
  amount_pln numeric,
  amount_usdt numeric,
  reversal_debited numeric,
  reversal_debt numeric,
  total_count bigint
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
  if p_limit is null or p_limit not between 1 and 1000 then
    raise exception using errcode = '22023', message = 'admin.invalid_limit';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'admin.invalid_offset';
  end if;
  return query
    select i.user_id, p.full_name, p.email, i.tier, i.amount_pln, i.amount_usdt, i.reversal_debited, i.reversal_debt,
           (select r.members_count::bigint from public.payout_runs r where r.id = p_run_id)
      from public.payout_run_items i
      left join public.profiles p on p.user_id = i.user_id
     where i.run_id = p_run_id
     order by i.run_id, i.user_id
     limit p_limit offset p_offset;
end
$$;

-- public.admin_preview_payout() ---------------------------------------------------------
-- Admin: what a run would pay, per tier (nothing is written), with what the run will be checked
-- against: its member count and totals (run_*), and the previous run's rate with whether this rate
-- is more than 20 % away from it (then the run needs that rate repeated as its confirmation).
create function public.admin_preview_payout(p_revenue_id uuid, p_rate numeric)
returns table (
  tier public.membership_level,
  percentage numeric,
  pool_pln numeric,
  members integer,
  per_member_pln numeric,
  per_member_usdt numeric,
  remainder_pln numeric,
  already_paid boolean,
  run_members integer,
  run_total_pln numeric,
  run_total_usdt numeric,
  previous_rate numeric,
  rate_far boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_revenue public.ecommerce_revenue;
  v_previous numeric := private.payout_previous_rate();
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
  if v_revenue.voided_at is not null then
    raise exception using errcode = 'P0001', message = 'payouts.revenue_voided';
  end if;
  return query
    with t as (
      select * from private.payout_tiers(v_revenue, p_rate,
                                         private.payout_level_counts((v_revenue.created_at at time zone 'Europe/Warsaw')::date))
    )
    select t.*,
           exists (select 1 from public.payout_runs pr where pr.revenue_id = p_revenue_id and pr.reversed_at is null),
           (sum(t.members) filter (where t.per_member_usdt > 0) over ())::integer,
           coalesce(sum(t.per_member_pln * t.members) filter (where t.per_member_usdt > 0) over (), 0)::numeric(18, 2),
           coalesce(sum(t.per_member_usdt * t.members) over (), 0)::numeric(18, 2),
           v_previous,
           private.payout_rate_far(p_rate, v_previous)
      from t;
end
$$;

-- public.admin_run_payout() -------------------------------------------------------------
-- Admin: pays a revenue entry out (once while its run is not reversed). Locks the revenue row first,
-- so of two admins confirming at once the second waits, then sees the run (payouts.already_paid;
-- the partial unique index is the last guard). One statement, one snapshot: the members holding a
-- level on the entry's day, the tiers from their counts, the items, and the run with its member count
-- and totals summed from those items; then it is compared with what the admin confirmed in the
-- preview (p_expected_*): any difference refuses the run (payouts.preview_stale) and nothing stays.
-- A rate more than 20 % away from the previous run's needs that previous rate repeated
-- (p_confirmed_previous_rate: the confirmation that names both numbers). Then every item is credited
-- through private.apply_wallet_entry (from the items, never a second count) and notified with the
-- rate; audited.
create function public.admin_run_payout(
  p_revenue_id uuid,
  p_rate numeric,
  p_expected_members integer,
  p_expected_total_pln numeric,
  p_expected_total_usdt numeric,
  p_confirmed_previous_rate numeric default null
)
returns public.payout_runs
language plpgsql
security definer
set search_path = ''
-- A run over every paid member takes longer than the API's 8 s: PostgREST applies a function's
-- statement_timeout to its call (Supabase allows up to 60 s this way).
set statement_timeout = '60s'
as $$
declare
  v_revenue public.ecommerce_revenue;
  v_run public.payout_runs;
  v_day date;
  v_previous numeric;
  v_far boolean;
  v_item record;
  v_credited integer;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if not private.valid_payout_rate(p_rate) then
    raise exception using errcode = 'P0001', message = 'payouts.invalid_rate';
  end if;
  if p_expected_members is null or p_expected_total_pln is null or p_expected_total_usdt is null then
    raise exception using errcode = 'P0001', message = 'payouts.preview_stale';
  end if;
  v_revenue := private.payable_revenue(p_revenue_id);
  v_day := (v_revenue.created_at at time zone 'Europe/Warsaw')::date;
  -- Runs of other entries are serialised too, so the previous rate stays the previous one.
  perform pg_advisory_xact_lock(hashtext('public.admin_run_payout'));
  v_previous := private.payout_previous_rate();
  v_far := private.payout_rate_far(p_rate, v_previous);
  if v_far and p_confirmed_previous_rate is distinct from v_previous then
    raise exception using errcode = 'P0001', message = 'payouts.rate_confirmation_required',
      detail = format('rate %s, previous %s', p_rate, v_previous);
  end if;

  with levels as materialized (
    select * from private.payout_day_levels(v_day)
  ),
  counts as (
    select coalesce(jsonb_object_agg(x.tier, x.n), '{}'::jsonb) as c
      from (select l.tier, count(*) as n from levels l group by l.tier) x
  ),
  tiers as materialized (
    select t.* from counts, private.payout_tiers(v_revenue, p_rate, counts.c) t
  ),
  items as materialized (
    select l.user_id, l.tier, t.per_member_pln, t.per_member_usdt
      from levels l
      join tiers t on t.tier = l.tier
     where t.per_member_usdt > 0
  ),
  run as (
    insert into public.payout_runs (
      revenue_id, revenue_amount, revenue_date, rate_pln_usdt, tiers, members_count,
      total_pln, total_usdt, remainder_pln, created_by, created_by_email, previous_rate, rate_confirmed
    )
    select p_revenue_id, v_revenue.amount, v_day, p_rate,
           (select coalesce(jsonb_agg(to_jsonb(t) order by t.percentage), '[]'::jsonb) from tiers t),
           (select count(*) from items),
           (select coalesce(sum(i.per_member_pln), 0) from items i),
           (select coalesce(sum(i.per_member_usdt), 0) from items i),
           (select coalesce(sum(t.pool_pln), 0) from tiers t) - (select coalesce(sum(i.per_member_pln), 0) from items i),
           auth.uid(), nullif(auth.jwt() ->> 'email', ''), v_previous, v_far
    returning *
  ),
  inserted as (
    insert into public.payout_run_items (run_id, user_id, tier, amount_pln, amount_usdt)
    select run.id, i.user_id, i.tier, i.per_member_pln, i.per_member_usdt from run, items i
  )
  select * into v_run from run;

  if v_run.members_count = 0 then
    raise exception using errcode = 'P0001', message = 'payouts.nothing_to_pay';
  end if;
  if v_run.members_count <> p_expected_members
     or v_run.total_pln <> p_expected_total_pln
     or v_run.total_usdt <> p_expected_total_usdt then
    raise exception using errcode = 'P0001', message = 'payouts.preview_stale',
      detail = format('run: %s members, %s PLN, %s USDT', v_run.members_count, v_run.total_pln, v_run.total_usdt);
  end if;

  -- The credits, from the items, set-based: one ledger entry per member and the balance it leads to
  -- (the wallet rows locked by the update, in key order as every wallet writer locks one). A member
  -- with an open debt goes through private.apply_wallet_entry, which pays the debt first.
  if exists (
    select 1 from public.payout_run_items i join public.wallet_balances b on b.user_id = i.user_id
     where i.run_id = v_run.id and b.total_balance + i.amount_usdt >= 1e16
  ) then
    raise exception using errcode = 'P0001', message = 'wallet.balance_too_high';
  end if;
  create temporary table payout_credits on commit drop as
    select i.user_id, i.tier, i.amount_pln, i.amount_usdt,
           exists (select 1 from public.wallet_debts d where d.user_id = i.user_id and d.settled_at is null) as in_debt
      from public.payout_run_items i
     where i.run_id = v_run.id;
  perform 1 from public.wallet_balances b
    join payout_credits c on c.user_id = b.user_id and not c.in_debt
   order by b.user_id
     for update of b;
  with credited as (
    update public.wallet_balances b
       set available_balance = b.available_balance + c.amount_usdt
      from payout_credits c
     where c.user_id = b.user_id and not c.in_debt
    returning b.user_id, b.available_balance, b.pending_balance, c.amount_usdt, c.amount_pln, c.tier
  )
  insert into public.wallet_transactions (
    user_id, kind, available_delta, pending_delta, note, created_by, available_after, pending_after
  )
  select c.user_id, 'profit_payout', c.amount_usdt, 0,
         format('Wypłata zysków %s: %s PLN po kursie %s USDT za 1 PLN', c.tier, c.amount_pln, p_rate),
         auth.uid(), c.available_balance, c.pending_balance
    from credited c
   order by c.user_id;
  get diagnostics v_credited = row_count;
  -- Every item without a debt has its ledger entry (a member without a wallet would break the books).
  if v_credited <> (select count(*) from payout_credits c where not c.in_debt) then
    raise exception using errcode = 'P0002', message = 'wallet.not_found';
  end if;
  for v_item in select c.* from payout_credits c where c.in_debt order by c.user_id loop
    perform private.apply_wallet_entry(
      v_item.user_id, 'profit_payout', v_item.amount_usdt, 0, null,
      format('Wypłata zysków %s: %s PLN po kursie %s USDT za 1 PLN', v_item.tier, v_item.amount_pln, p_rate)
    );
  end loop;

  -- The spec's profit notification {amount (PLN), percentage, tier} with the rate, and its e-mail
  -- where the member has not switched it off: what private.notify does for each, set-based.
  create temporary table payout_notes on commit drop as
    select c.user_id,
           jsonb_build_object('kind', 'profit_payout', 'amount', c.amount_pln, 'currency', 'PLN',
                              'percentage', (select (t ->> 'percentage')::numeric from jsonb_array_elements(v_run.tiers) t
                                              where t ->> 'tier' = c.tier::text),
                              'tier', c.tier, 'amountUsdt', c.amount_usdt, 'rate', p_rate, 'runId', v_run.id) as data,
           format('Otrzymałeś %s PLN z puli %s: %s USDT po kursie %s USDT za 1 PLN.',
                  c.amount_pln, c.tier, c.amount_usdt, p_rate) as content
      from payout_credits c;
  insert into public.notifications (user_id, type, title, content, data)
  select n.user_id, 'profit', 'Wypłata zysków', n.content, n.data from payout_notes n order by n.user_id;
  insert into private.email_outbox (template, user_id, to_email, variables)
  select 'profit-payout', n.user_id, p.email,
         jsonb_build_object('fname', coalesce(p.full_name, '')) || private.money_email_variables(n.data)
    from payout_notes n
    join public.profiles p on p.user_id = n.user_id
    left join public.user_settings s on s.user_id = n.user_id
   where p.email is not null
     and coalesce((s.notification_preferences ->> 'profit_payout')::boolean, true)
   order by n.user_id;
  drop table payout_notes;
  drop table payout_credits;

  perform private.audit('payout.run', 'payout_run', v_run.id::text, null, null,
    jsonb_build_object('revenue_id', p_revenue_id, 'revenue_amount', v_revenue.amount, 'rate_pln_usdt', p_rate,
                       'previous_rate', v_previous, 'rate_confirmed', v_far,
                       'members_count', v_run.members_count, 'total_pln', v_run.total_pln,
                       'total_usdt', v_run.total_usdt, 'remainder_pln', v_run.remainder_pln));
  return v_run;
end
$$;

-- public.admin_reverse_payout() ---------------------------------------------------------
-- Admin: takes a whole run back within 30 days of it, with a reason. Each item is debited as
-- private.debit_or_record_debt does it, set-based: what the member's available balance covers now, the rest becoming
-- the member's debt (paid first from later credits); an erased member's item (a pseudonym, no wallet)
-- records 0 and 0. The run is marked reversed (who, when, why, debited and owed), which frees its
-- revenue entry for a new run. Each member is notified; audited. Reversing a reversed run again
-- returns it (a repeated submit).
create function public.admin_reverse_payout(p_run_id uuid, p_reason text)
returns public.payout_runs
language plpgsql
security definer
set search_path = ''
-- A run over every paid member takes longer than the API's 8 s: PostgREST applies a function's
-- statement_timeout to its call (Supabase allows up to 60 s this way).
set statement_timeout = '60s'
as $$
declare
  v_run public.payout_runs;
  v_reason text := btrim(p_reason);
  v_note text;
  v_total_debited numeric := 0;
  v_total_debt numeric := 0;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if v_reason is null or v_reason = '' or char_length(v_reason) > 500 then
    raise exception using errcode = 'P0001', message = 'payouts.invalid_reason';
  end if;
  -- The revenue row first (the order admin_run_payout locks in), then the run.
  perform 1 from public.ecommerce_revenue r
   where r.id = (select pr.revenue_id from public.payout_runs pr where pr.id = p_run_id)
     for update;
  select * into v_run from public.payout_runs pr where pr.id = p_run_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'payouts.run_not_found';
  end if;
  if v_run.reversed_at is not null then
    return v_run;
  end if;
  perform pg_advisory_xact_lock(hashtext('public.admin_run_payout'));
  if v_run.created_at < now() - interval '30 days' then
    raise exception using errcode = 'P0001', message = 'payouts.reversal_too_late';
  end if;

  -- Set-based, what private.debit_or_record_debt does per item: the wallets locked in key order, each
  -- debited min(available, item) through one ledger entry, the rest recorded as the member's debt;
  -- an erased member's item (no wallet) records 0 and 0. One statement per step, so a run over every
  -- member reverses in seconds, not one call per member.
  v_note := format('Cofnięcie wypłaty zysków z %s: %s', to_char(v_run.revenue_date, 'DD.MM.YYYY'), v_reason);
  perform 1 from public.wallet_balances b
    join public.payout_run_items i on i.user_id = b.user_id and i.run_id = p_run_id
   order by b.user_id
     for update of b;
  create temporary table payout_reversals on commit drop as
    select i.user_id, i.tier, i.amount_usdt, least(b.available_balance, i.amount_usdt) as debited
      from public.payout_run_items i
      join public.wallet_balances b on b.user_id = i.user_id
     where i.run_id = p_run_id;
  analyze payout_reversals;
  with debited as (
    update public.wallet_balances b
       set available_balance = b.available_balance - r.debited
      from payout_reversals r
     where r.user_id = b.user_id and r.debited > 0
    returning b.user_id, b.available_balance, b.pending_balance, r.debited
  )
  insert into public.wallet_transactions (
    user_id, kind, available_delta, pending_delta, note, created_by, available_after, pending_after
  )
  select d.user_id, 'reversal', -d.debited, 0, v_note, auth.uid(), d.available_balance, d.pending_balance
    from debited d
   order by d.user_id;
  insert into public.wallet_debts (user_id, amount, reason, source_type, source_id, created_by)
  select r.user_id, r.amount_usdt - r.debited, v_note, 'payout_run', p_run_id, auth.uid()
    from payout_reversals r
   where r.amount_usdt > r.debited
   order by r.user_id;
  -- Items without a wallet (erased members) keep 0 and 0; the others get their figures.
  update public.payout_run_items i
     set reversal_debited = 0, reversal_debt = 0
   where i.run_id = p_run_id;
  update public.payout_run_items i
     set reversal_debited = r.debited, reversal_debt = r.amount_usdt - r.debited
    from payout_reversals r
   where i.run_id = p_run_id and i.user_id = r.user_id;
  insert into public.notifications (user_id, type, title, content, data)
  select r.user_id, 'system', 'Cofnięto wypłatę zysków',
         case when r.debited = r.amount_usdt
           then format('Wypłata zysków %s USDT (pula %s) została cofnięta: %s. Kwotę pobrano z portfela.',
                       r.amount_usdt, r.tier, v_reason)
           else format('Wypłata zysków %s USDT (pula %s) została cofnięta: %s. Z portfela pobrano %s USDT, a %s USDT zostanie potrącone z kolejnych wpływów.',
                       r.amount_usdt, r.tier, v_reason, r.debited::numeric(18, 2), (r.amount_usdt - r.debited)::numeric(18, 2))
         end,
         jsonb_build_object('kind', 'profit_payout_reversed', 'amount', r.amount_usdt, 'currency', 'USDT',
                            'debited', r.debited, 'debt', r.amount_usdt - r.debited, 'runId', p_run_id,
                            'reason', v_reason)
    from payout_reversals r
   order by r.user_id;
  select coalesce(sum(r.debited), 0), coalesce(sum(r.amount_usdt - r.debited), 0)
    into v_total_debited, v_total_debt
    from payout_reversals r;
  drop table payout_reversals;

  update public.payout_runs
     set reversed_at = now(), reversed_by = auth.uid(), reversal_reason = v_reason,
         reversed_debited_usdt = v_total_debited, reversed_debt_usdt = v_total_debt
   where id = p_run_id
  returning * into v_run;

  perform private.audit('payout.reverse', 'payout_run', p_run_id::text, null,
    jsonb_build_object('reversed_at', null, 'total_usdt', v_run.total_usdt),
    jsonb_build_object('reversed_at', v_run.reversed_at, 'reason', v_reason, 'revenue_id', v_run.revenue_id,
                       'members_count', v_run.members_count, 'debited_usdt', v_total_debited,
                       'debt_usdt', v_total_debt));
  return v_run;
end
$$;

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- ecommerce_revenue_audit on public.ecommerce_revenue -----------------------------------
-- Inserts, corrections and voids (admin_correct_revenue, admin_void_revenue) with their reasons.
create trigger ecommerce_revenue_audit after insert or update or delete on public.ecommerce_revenue
  for each row execute function private.audit_admin_write();

-- payout_period_day_changes_apply on private.payout_period_day_changes ------------------
create constraint trigger payout_period_day_changes_apply
  after insert on private.payout_period_day_changes
  deferrable initially deferred
  for each row execute function private.apply_payout_period_day_changes();

-- membership_periods_count_payout_days_* on public.membership_periods -------------------
create trigger membership_periods_count_payout_days_delete after delete on public.membership_periods
  referencing old table as old_rows
  for each statement execute function private.count_payout_period_days();

create trigger membership_periods_count_payout_days_insert after insert on public.membership_periods
  referencing new table as new_rows
  for each statement execute function private.count_payout_period_days();

create trigger membership_periods_count_payout_days_update after update on public.membership_periods
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.count_payout_period_days();

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

revoke execute on function public.admin_correct_revenue(uuid,numeric,text) from service_role;
grant execute on function public.admin_correct_revenue(uuid,numeric,text) to authenticated;
revoke execute on function public.admin_list_payout_run_items(uuid,integer,integer) from service_role;
grant execute on function public.admin_list_payout_run_items(uuid,integer,integer) to authenticated;
revoke execute on function public.admin_preview_payout(uuid,numeric) from service_role;
grant execute on function public.admin_preview_payout(uuid,numeric) to authenticated;
revoke execute on function public.admin_reverse_payout(uuid,text) from service_role;
grant execute on function public.admin_reverse_payout(uuid,text) to authenticated;
revoke execute on function public.admin_run_payout(uuid,numeric,integer,numeric,numeric,numeric) from service_role;
grant execute on function public.admin_run_payout(uuid,numeric,integer,numeric,numeric,numeric) to authenticated;
revoke execute on function public.admin_void_revenue(uuid,text) from service_role;
grant execute on function public.admin_void_revenue(uuid,text) to authenticated;
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
comment on function private.payout_day_levels(date) is 'The living members holding a paid level on a day (the period covering it, as private.membership_level_on reads it), one row each.';
comment on function private.payout_level_counts(date) is 'Per paid level, the members holding it on a day, from private.payout_period_days (the same figures as counting private.payout_day_levels).';
comment on function private.payout_previous_rate() is 'The PLN→USDT rate of the latest payout run that was not reversed; null before the first.';
comment on function private.payout_rate_far(numeric,numeric) is 'True when a rate is more than 20 % away from the previous run''s (never before the first run).';
comment on function public.admin_correct_revenue(uuid,numeric,text) is 'Admin: corrects the amount of a revenue entry not paid out and not voided, with a reason; audited (trigger).';
comment on function public.admin_list_payout_run_items(uuid,integer,integer) is 'Admin: a page (1..1000) of one run''s items with the member''s name and e-mail (none once erased) and the run''s member count.';
comment on function public.admin_preview_payout(uuid,numeric) is 'Admin: per tier members and shares a payout run would pay (no writes), with the run''s expected member count and totals, the previous run''s rate and whether this rate is more than 20 % away from it.';
comment on function public.admin_reverse_payout(uuid,text) is 'Admin: reverses a whole run within 30 days with a reason: each item debited through private.debit_or_record_debt (the rest a debt); frees the revenue entry for a new run; notifies, audits.';
comment on function public.admin_run_payout(uuid,numeric,integer,numeric,numeric,numeric) is 'Admin: pays a revenue entry out (once while not reversed): items from one statement, totals from the items, refused when they differ from the preview''s; a rate > 20 % from the previous needs that previous rate repeated; credits through the ledger, notifies, audits.';
comment on function public.admin_void_revenue(uuid,text) is 'Admin: voids a revenue entry not paid out, with a reason (it no longer counts anywhere); audited (trigger).';
comment on table private.payout_period_day_changes is 'Day counter changes of running transactions; private.apply_payout_period_day_changes moves them into payout_period_days at commit.';
comment on table private.payout_period_days is 'Per level and day the membership periods of living members starting and ending on it, kept by triggers on membership_periods; private.payout_level_counts reads them.';
comment on table public.ecommerce_revenue is 'E-commerce revenue in PLN; the latest row times each plan''s profit share gives the dashboard profit pools. Admins insert, members read.';
comment on table public.payout_run_items is 'What each member received in a payout run (PLN and USDT).';
comment on table public.payout_runs is 'One profit payout per revenue entry (a reversed run frees it): rate, the previous run''s rate, per-tier figures, totals, remainder, the admin who ran it and the reversal.';
comment on column public.payout_runs.previous_rate is 'The rate of the latest run not reversed when this one ran; rate_confirmed: the admin confirmed a rate more than 20 % away from it.';
comment on column public.payout_runs.reversed_debited_usdt is 'At the reversal: the USDT debited from the members'' balances; reversed_debt_usdt the rest, recorded as their debts.';
comment on column public.payout_run_items.reversal_debited is 'At the run''s reversal: what was debited from this member (private.debit_or_record_debt); reversal_debt the rest, a debt. Both 0 for an erased member.';
comment on column public.ecommerce_revenue.voided_at is 'A voided entry counts nowhere (profit pools, payouts); only one not paid out can be voided.';
comment on column public.ecommerce_revenue.created_by is 'auth.uid() of the admin who recorded it.';

-- ========================================================================================
-- Data
-- ========================================================================================

-- The day counters of the periods that exist when this migration runs (none before the first
-- deploy; the triggers keep them from then on).
insert into private.payout_period_days (level, day, starts, ends)
select x.level, x.day, sum(x.starts), sum(x.ends)
  from (
    select m.level, m.first_day as day, 1 as starts, 0 as ends from public.membership_periods m where m.user_id is not null
    union all
    select m.level, m.last_day, 0, 1 from public.membership_periods m where m.user_id is not null
  ) x
 group by x.level, x.day
on conflict (level, day) do nothing;
