-- Dashboard: the counters behind the dashboard statistics and the RPC that reads them.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Tables
-- ========================================================================================

-- private.dashboard_counter_changes -----------------------------------------------------
-- The changes of the running transaction, applied to the counters once, when it commits. Updating a
-- counter row directly for every change would, in a transaction that changes many rows one at a
-- time (sign-ups insert one profile per statement), make every update walk all the row versions
-- the same transaction left behind: quadratic (90 000 sign-ups in one transaction: ~110 s instead
-- of ~1 s). It also keeps the counter rows locked only during the commit, not for the whole
-- transaction. Appended to, never updated; empty outside running transactions.
create table private.dashboard_counter_changes (
  id bigint generated always as identity primary key,
  txid xid8 not null default pg_current_xact_id(),
  kind text not null,
  key text not null,
  delta bigint not null
);
alter table private.dashboard_counter_changes enable row level security;

-- private.dashboard_counters ------------------------------------------------------------
create table private.dashboard_counters (
  kind text not null,
  key text not null,
  value bigint default 0 not null,
  constraint dashboard_counters_kind_check CHECK ((kind = ANY (ARRAY['confirmed_members'::text, 'ideas'::text, 'idea_categories'::text, 'paid_member_terms'::text]))),
  constraint dashboard_counters_pkey PRIMARY KEY (kind, key)
);
alter table private.dashboard_counters enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- private.dashboard_counter_changes -----------------------------------------------------

create index dashboard_counter_changes_txid_idx on private.dashboard_counter_changes (txid);

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.apply_dashboard_changes() -----------------------------------------------------
-- Deferred trigger on private.dashboard_counter_changes, run when the transaction commits (or at
-- SET CONSTRAINTS … IMMEDIATE). Each queued change fires it once; the first call applies all of the
-- transaction's changes, the later ones find their row gone (one primary-key probe each).
-- One statement adds the net deltas in (kind, key) order: every transaction takes the counter row
-- locks in the same order and holds them only until its commit ends, so counters never deadlock;
-- ON CONFLICT DO UPDATE adds to the latest committed value, so no update is lost.
create function private.apply_dashboard_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from private.dashboard_counter_changes c where c.id = new.id) then
    return null;
  end if;
  with applied as (
    delete from private.dashboard_counter_changes c
     where c.txid = new.txid
    returning c.kind, c.key, c.delta
  )
  insert into private.dashboard_counters as d (kind, key, value)
  select a.kind, a.key, sum(a.delta)
    from applied a
   group by a.kind, a.key
  having sum(a.delta) <> 0
   order by a.kind, a.key
  on conflict (kind, key) do update set value = d.value + excluded.value;
  return null;
end
$$;

-- private.count_dashboard_ideas() -------------------------------------------------------
-- Row trigger on public.app_ideas: ideas per status and per category.
create function private.count_dashboard_ideas()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_from_status text;
  v_to_status text;
  v_from_category text;
  v_to_category text;
begin
  if tg_op <> 'INSERT' then
    v_from_status := old.status::text;
    v_from_category := old.category::text;
  end if;
  if tg_op <> 'DELETE' then
    v_to_status := new.status::text;
    v_to_category := new.category::text;
  end if;
  perform private.queue_dashboard_change('ideas', v_from_status, v_to_status);
  perform private.queue_dashboard_change('idea_categories', v_from_category, v_to_category);
  return null;
end
$$;

-- private.count_dashboard_members() -----------------------------------------------------
-- Row trigger on public.profiles: confirmed members per membership level.
create function private.count_dashboard_members()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_from text;
  v_to text;
begin
  if tg_op <> 'INSERT' and old.email_confirmed then
    v_from := old.membership_level::text;
  end if;
  if tg_op <> 'DELETE' and new.email_confirmed then
    v_to := new.membership_level::text;
  end if;
  perform private.queue_dashboard_change('confirmed_members', v_from, v_to);
  return null;
end
$$;

-- private.count_paid_member_terms() -----------------------------------------------------
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

-- private.paid_member_terms_mismatches() ------------------------------------------------
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

-- private.queue_dashboard_change() ------------------------------------------------------
-- Records that one unit of a counter kind moves from key p_from to key p_to (either may be null:
-- not counted before / after). Called by the security definer row triggers below.
create function private.queue_dashboard_change(p_kind text, p_from text, p_to text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if p_from is not distinct from p_to then
    return;
  end if;
  insert into private.dashboard_counter_changes (kind, key, delta)
  select p_kind, d.key, d.delta
    from (values (p_from, -1::bigint), (p_to, 1::bigint)) as d (key, delta)
   where d.key is not null;
end
$$;

-- private.recount_dashboard_counters() --------------------------------------------------
-- Recounts every counter from the tables (also a repair tool), the paid terms included.
create function private.recount_dashboard_counters()
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

-- public.get_dashboard_stats() ----------------------------------------------------------
-- The main panel's member counts and 'Twój poziom' by effective level (a FREE 'levels' row is
-- assumed by the counters).
create function public.get_dashboard_stats()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_result jsonb;
  v_today date := private.warsaw_today();
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
  -- The counters hold the cached levels; members whose cached period ended count at the level of
  -- their periods today (FREE, or a queued period that started since).
  -- (a paid cached level only: the partial index on membership_valid_until answers it)
  lapsed as (
    select p.membership_level::text as cached, private.membership_level_on(p.user_id, v_today)::text as level
      from public.profiles p
     where p.membership_level <> 'FREE'
       and p.membership_valid_until < v_today
       and p.email_confirmed
  ),
  levels as (
    select c.key as level,
           c.value
             - (select count(*) from lapsed l where l.cached = c.key)
             + (select count(*) from lapsed l where l.level = c.key)
             as members
      from private.dashboard_counters c
     where c.kind = 'confirmed_members'
  ),
  revenue as (
    select r.amount, r.created_at from public.ecommerce_revenue r where r.voided_at is null order by r.created_at desc limit 1
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
    select private.membership_level_on(v_uid, v_today) as membership_level
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

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- dashboard_counter_changes_apply on private.dashboard_counter_changes ------------------
create constraint trigger dashboard_counter_changes_apply
  after insert on private.dashboard_counter_changes
  deferrable initially deferred
  for each row execute function private.apply_dashboard_changes();

-- profiles_count_dashboard_members on public.profiles -----------------------------------
-- Row triggers see every path: sign-up (profile insert), confirmation (auth.users -> profile),
-- admin level changes, idea submission, moderation, and deletions through cascades.
create trigger profiles_count_dashboard_members
  after insert or update of email_confirmed, membership_level or delete on public.profiles
  for each row execute function private.count_dashboard_members();

-- profiles_count_paid_member_terms on public.profiles -----------------------------------
create trigger profiles_count_paid_member_terms
  after insert or update of membership_level, membership_valid_until or delete on public.profiles
  for each row execute function private.count_paid_member_terms();

-- ========================================================================================
-- Grants
-- ========================================================================================

revoke execute on function public.get_dashboard_stats() from service_role;
grant execute on function public.get_dashboard_stats() to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function private.apply_dashboard_changes() is 'Deferred: adds the transaction''s queued changes to dashboard_counters in one statement, keys in (kind, key) order.';
comment on function private.paid_member_terms_mismatches() is 'Paid terms (LEVEL:end date) whose ''paid_member_terms'' counter differs from a count of public.profiles; empty when they agree.';
comment on function private.recount_dashboard_counters() is 'Rebuilds private.dashboard_counters from profiles and app_ideas; blocks writes to both until the transaction ends.';
comment on function public.get_dashboard_stats() is 'The main panel in one call: apps (count, valuation), ideas by status (counters) and the caller''s, confirmed members by level (counters), latest e-commerce revenue with the START/PREMIUM/VIP profit pools (revenue × plan share), active CCC packages by tier, and the caller''s level. Aggregates only.';
comment on table private.dashboard_counter_changes is 'Counter changes (+1/-1 per key) of running transactions; private.apply_dashboard_changes moves them into dashboard_counters at commit.';
comment on table private.dashboard_counters is 'Counters of the main panel and the ideas board: kind confirmed_members (key = membership level; confirmed e-mail only), ideas (key = status) and idea_categories (key = category). Kept by triggers on profiles and app_ideas, applied when each transaction commits. Repair: select private.recount_dashboard_counters().';

-- ========================================================================================
-- Data
-- ========================================================================================

-- The counters start at zero on an empty database; private.recount_dashboard_counters() rebuilds
-- them from the tables (the paid_member_terms rows appear with the first paid member).
insert into private.dashboard_counters (kind, key, value) values
  ('confirmed_members', 'FREE', 0),
  ('confirmed_members', 'START', 0),
  ('confirmed_members', 'PREMIUM', 0),
  ('confirmed_members', 'VIP', 0),
  ('ideas', 'pending', 0),
  ('ideas', 'approved', 0),
  ('ideas', 'rejected', 0),
  ('idea_categories', 'productivity', 0),
  ('idea_categories', 'business', 0),
  ('idea_categories', 'education', 0),
  ('idea_categories', 'lifestyle', 0),
  ('idea_categories', 'games', 0);
