-- The profit payout preview at 10 000+ paid members (issue 20 §4, bench:db 'admin profit payout
-- preview'): private.payout_tiers counted the members of each paid tier whose term runs on the
-- revenue entry's day by reading one index entry per paid member (p50 22 ms, p95 60 ms on a loaded
-- machine at 13 500 paid members). The counts now come from private.paid_member_terms: one row per
-- paid level and end date with the number of members, kept by row triggers on public.profiles in the
-- same transaction as the change, so a count reads a few hundred rows, however many members there
-- are. The run credits the same members (the shares use the same counts, and the items still join
-- public.profiles with the same predicate); private.paid_member_terms_mismatches() lists any
-- difference between the counts and the profiles, for tests and monitoring.

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
create table private.paid_member_terms (
  tier public.membership_level not null check (tier <> 'FREE'),
  -- 'infinity' stands for a term with no end date, so `valid_until >= day` needs no null case.
  valid_until date not null,
  members integer not null check (members >= 0),
  primary key (tier, valid_until)
);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- Keeps private.paid_member_terms: the old level and end date lose a member, the new ones gain one.
create function private.count_paid_member_terms()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.membership_level <> 'FREE' then
    update private.paid_member_terms t
       set members = t.members - 1
     where t.tier = old.membership_level
       and t.valid_until = coalesce(old.membership_valid_until, 'infinity'::date);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.membership_level <> 'FREE' then
    insert into private.paid_member_terms as t (tier, valid_until, members)
    values (new.membership_level, coalesce(new.membership_valid_until, 'infinity'::date), 1)
    on conflict (tier, valid_until) do update set members = t.members + 1;
  end if;
  return null;
end
$$;
revoke execute on function private.count_paid_member_terms() from public, anon, authenticated, service_role;

-- Differences between private.paid_member_terms and the profiles (empty when they agree).
create function private.paid_member_terms_mismatches()
returns table (tier public.membership_level, valid_until date, counted integer, members integer)
language sql
stable
security definer
set search_path = ''
as $$
  with actual as (
    select p.membership_level as tier, coalesce(p.membership_valid_until, 'infinity'::date) as valid_until,
           count(*)::integer as members
      from public.profiles p
     where p.membership_level <> 'FREE'
     group by 1, 2
  )
  select coalesce(t.tier, a.tier), coalesce(t.valid_until, a.valid_until), coalesce(t.members, 0),
         coalesce(a.members, 0)
    from private.paid_member_terms t
    full join actual a on a.tier = t.tier and a.valid_until = t.valid_until
   where coalesce(t.members, 0) <> coalesce(a.members, 0)
$$;
revoke execute on function private.paid_member_terms_mismatches() from public, anon, authenticated, service_role;

-- Same result as before: per paid tier the pool, the members whose effective level on the entry's day
-- (Europe/Warsaw) is that tier, each member's share rounded DOWN to 0.01 PLN, USDT = PLN x rate
-- rounded down to 0.01. Only the counting changed (private.paid_member_terms).
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
    select t.tier, sum(t.members)::integer as n
      from private.paid_member_terms t, day
     where t.valid_until >= day.d
     group by t.tier
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
create trigger profiles_count_paid_member_terms_insert_delete
  after insert or delete on public.profiles
  for each row execute function private.count_paid_member_terms();
create trigger profiles_count_paid_member_terms_update
  after update of membership_level, membership_valid_until on public.profiles
  for each row
  when (old.membership_level is distinct from new.membership_level
        or old.membership_valid_until is distinct from new.membership_valid_until)
  execute function private.count_paid_member_terms();

-- The counts as they are now. The migration tool runs each statement on its own, so this is one
-- block: with the profiles locked against writers, whatever the triggers counted since they were
-- created is replaced by a count of the profiles.
do $$
begin
  lock table public.profiles in share row exclusive mode;
  delete from private.paid_member_terms;
  insert into private.paid_member_terms (tier, valid_until, members)
  select p.membership_level, coalesce(p.membership_valid_until, 'infinity'::date), count(*)
    from public.profiles p
   where p.membership_level <> 'FREE'
   group by 1, 2;
end
$$;

-- -------------------------------------------------------------------------------------
-- Policies and grants
-- -------------------------------------------------------------------------------------
alter table private.paid_member_terms enable row level security;
revoke all on private.paid_member_terms from public, anon, authenticated, service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on table private.paid_member_terms is
  'Paid members per stored level and end date (''infinity'' = no end date), kept by the profiles triggers; the payout preview and run count tier members from it (private.payout_tiers).';
comment on function private.paid_member_terms_mismatches() is
  'Rows where private.paid_member_terms differs from a count of public.profiles; empty when they agree.';
