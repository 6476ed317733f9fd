-- The profit payout preview at 10 000+ paid members (issue 20 §4, bench:db 'admin profit payout
-- preview'): private.payout_tiers counted the members of each paid tier whose term runs on the
-- revenue entry's day by reading one index entry per paid member and converting the entry's time zone
-- for each (EXPLAIN ANALYZE: 37.7 ms for 13 400 paid members; bench p50 33 ms, p95 54 ms at load 7-10).
-- The counts now come from the main panel's counters (private.dashboard_counters, 20261122130000_dashboard.sql),
-- kind 'paid_member_terms': one counter per paid level and end date ('START:2027-05-01',
-- 'VIP:infinity' for no end date), kept by a row trigger on public.profiles through the same queue
-- as the other counters, applied when the transaction commits in key order (so concurrent level
-- changes never deadlock and no change is lost). A count then reads about 1 300 counters, however many
-- members there are (EXPLAIN ANALYZE: 1.2 ms). The run credits the same members (the shares use the
-- same counts; the items still join public.profiles with the same predicate);
-- private.paid_member_terms_mismatches() lists any difference, for tests and monitoring.

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
alter table private.dashboard_counters drop constraint dashboard_counters_kind_check;
alter table private.dashboard_counters
  add constraint dashboard_counters_kind_check
  check (kind in ('confirmed_members', 'ideas', 'idea_categories', 'paid_member_terms'));

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- The counter key of a paid term: 'LEVEL:YYYY-MM-DD', or 'LEVEL:infinity' without an end date; null
-- for FREE (not counted).
create function private.paid_member_term_key(p_level public.membership_level, p_valid_until date)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when p_level <> 'FREE'
              then p_level::text || ':' || coalesce(to_char(p_valid_until, 'YYYY-MM-DD'), 'infinity') end
$$;
revoke execute on function private.paid_member_term_key(public.membership_level, date) from public, anon, authenticated, service_role;

-- Row trigger on public.profiles: the paid members per level and end date.
create function private.count_paid_member_terms()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.queue_dashboard_change(
    'paid_member_terms',
    case when tg_op in ('UPDATE', 'DELETE') then private.paid_member_term_key(old.membership_level, old.membership_valid_until) end,
    case when tg_op in ('INSERT', 'UPDATE') then private.paid_member_term_key(new.membership_level, new.membership_valid_until) end
  );
  return null;
end
$$;
revoke execute on function private.count_paid_member_terms() from public, anon, authenticated, service_role;

-- Recounts every counter from the tables (also a repair tool); now with the paid terms.
create or replace function private.recount_dashboard_counters()
returns void
language plpgsql
set search_path = ''
as $$
begin
  lock table public.profiles, public.app_ideas in share mode;
  delete from private.dashboard_counter_changes c where c.txid = pg_current_xact_id();
  delete from private.dashboard_counters;
  insert into private.dashboard_counters (kind, key, value)
  select 'confirmed_members', l.level::text, count(p.id)
    from unnest(enum_range(null::public.membership_level)) as l (level)
    left join public.profiles p on p.membership_level = l.level and p.email_confirmed
   group by l.level
  union all
  select 'ideas', s.status::text, count(i.id)
    from unnest(enum_range(null::public.idea_status)) as s (status)
    left join public.app_ideas i on i.status = s.status
   group by s.status
  union all
  select 'idea_categories', c.category::text, count(i.id)
    from unnest(enum_range(null::public.app_category)) as c (category)
    left join public.app_ideas i on i.category = c.category
   group by c.category
  union all
  select 'paid_member_terms', private.paid_member_term_key(p.membership_level, p.membership_valid_until), count(*)
    from public.profiles p
   where p.membership_level <> 'FREE'
   group by 2;
end
$$;
revoke execute on function private.recount_dashboard_counters() from public, anon, authenticated, service_role;

-- Paid members per level and end date whose counter differs from the profiles (empty when they agree).
create function private.paid_member_terms_mismatches()
returns table (term text, counted bigint, members bigint)
language sql
stable
security definer
set search_path = ''
as $$
  with actual as (
    select private.paid_member_term_key(p.membership_level, p.membership_valid_until) as term, count(*) as members
      from public.profiles p
     where p.membership_level <> 'FREE'
     group by 1
  ),
  counted as (
    select c.key as term, c.value as members
      from private.dashboard_counters c
     where c.kind = 'paid_member_terms'
  )
  select coalesce(c.term, a.term), coalesce(c.members, 0), coalesce(a.members, 0)
    from counted c
    full join actual a on a.term = c.term
   where coalesce(c.members, 0) <> coalesce(a.members, 0)
$$;
revoke execute on function private.paid_member_terms_mismatches() from public, anon, authenticated, service_role;

-- Same result as before: per paid tier the pool, the members whose effective level on the entry's day
-- (Europe/Warsaw) is that tier, each member's share rounded DOWN to 0.01 PLN, USDT = PLN x rate
-- rounded down to 0.01. Only the counting changed (the 'paid_member_terms' counters).
create or replace function private.payout_tiers(p_revenue public.ecommerce_revenue, p_rate numeric)
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

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger profiles_count_paid_member_terms
  after insert or update of membership_level, membership_valid_until or delete on public.profiles
  for each row execute function private.count_paid_member_terms();

-- The counters start from the current data (the recount locks the tables it reads; the migration
-- tool runs each statement on its own, and a change committed after the recount is queued by the
-- trigger above and applied on top).
select private.recount_dashboard_counters();

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on function private.paid_member_terms_mismatches() is
  'Paid terms (LEVEL:end date) whose ''paid_member_terms'' counter differs from a count of public.profiles; empty when they agree.';
