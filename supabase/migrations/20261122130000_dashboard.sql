-- Main panel ('Panel główny'): everything its statistic cards show, in one call.
-- The spec reads six tables every 30 s from the browser (apps valuation, ideas, confirmed members,
-- latest e-commerce revenue, membership levels of confirmed members, active CCC packages); members
-- may not read most of those rows, so one security-definer function returns only aggregates.
-- Confirmed members by level and ideas by status are not counted on every call (the panel polls
-- every 30 s per member, over ~100 000 profiles): they come from counters kept by triggers.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
create table private.dashboard_counters (
  kind text not null check (kind in ('confirmed_members', 'ideas')),
  key text not null,
  value bigint not null default 0,
  primary key (kind, key)
);
alter table private.dashboard_counters enable row level security;

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

-- -------------------------------------------------------------------------------------
-- Indexes (ideas and confirmed members are counted by the counters below, not by an index scan)
-- -------------------------------------------------------------------------------------
create index dashboard_counter_changes_txid_idx on private.dashboard_counter_changes (txid);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- Names shown for members in lists: the display name they chose, else their full name; never e-mail.
create or replace function private.member_display_name(p_user_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(nullif(trim(s.display_name), ''), p.full_name)
    from public.profiles p
    left join public.user_settings s on s.user_id = p.user_id
   where p.user_id = p_user_id
$$;

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
revoke execute on function private.queue_dashboard_change(text, text, text) from public, anon, authenticated, service_role;

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
revoke execute on function private.count_dashboard_members() from public, anon, authenticated, service_role;

-- Row trigger on public.app_ideas: ideas per status.
create function private.count_dashboard_ideas()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_from text;
  v_to text;
begin
  if tg_op <> 'INSERT' then
    v_from := old.status::text;
  end if;
  if tg_op <> 'DELETE' then
    v_to := new.status::text;
  end if;
  perform private.queue_dashboard_change('ideas', v_from, v_to);
  return null;
end
$$;
revoke execute on function private.count_dashboard_ideas() from public, anon, authenticated, service_role;

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
revoke execute on function private.apply_dashboard_changes() from public, anon, authenticated, service_role;

-- Recounts every counter from the tables (the migration seeds with it; also a repair tool). Blocks
-- writes to profiles and app_ideas until the calling transaction ends; call it in READ COMMITTED,
-- so the recount's snapshot is taken after the lock and sees every committed change.
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
   group by s.status;
end
$$;
revoke execute on function private.recount_dashboard_counters() from public, anon, authenticated, service_role;

-- Ideas by status and confirmed members by level come from the counters; the caller's own ideas are
-- counted (app_ideas_submitted_by_idx).
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
  levels as (
    select c.key as level, c.value as members
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
    select p.membership_level from public.profiles p where p.user_id = v_uid
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

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
-- Row triggers see every path: sign-up (profile insert), confirmation (auth.users -> profile),
-- admin level changes, idea submission, moderation, and deletions through cascades.
create trigger profiles_count_dashboard_members
  after insert or update of email_confirmed, membership_level or delete on public.profiles
  for each row execute function private.count_dashboard_members();

create trigger app_ideas_count_dashboard_ideas
  after insert or update of status or delete on public.app_ideas
  for each row execute function private.count_dashboard_ideas();

create constraint trigger dashboard_counter_changes_apply
  after insert on private.dashboard_counter_changes
  deferrable initially deferred
  for each row execute function private.apply_dashboard_changes();

-- The counters start from the current data. CREATE TRIGGER above already holds a lock that keeps
-- writers out until this migration commits, so no change falls between the recount and the triggers.
select private.recount_dashboard_counters();

-- -------------------------------------------------------------------------------------
-- Policies (none: both private tables are written by the triggers and read by get_dashboard_stats only)
-- -------------------------------------------------------------------------------------

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
revoke all on private.dashboard_counters, private.dashboard_counter_changes from public, anon, authenticated, service_role;

revoke execute on function public.get_dashboard_stats() from public, anon, authenticated, service_role;
grant execute on function public.get_dashboard_stats() to authenticated;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on table private.dashboard_counters is
  'Counters of the main panel: kind confirmed_members (key = membership level; confirmed e-mail only) and ideas (key = status). Kept by triggers on profiles and app_ideas, applied when each transaction commits. Repair: select private.recount_dashboard_counters().';
comment on table private.dashboard_counter_changes is
  'Counter changes (+1/-1 per key) of running transactions; private.apply_dashboard_changes moves them into dashboard_counters at commit.';
comment on function private.apply_dashboard_changes() is
  'Deferred: adds the transaction''s queued changes to dashboard_counters in one statement, keys in (kind, key) order.';
comment on function private.recount_dashboard_counters() is
  'Rebuilds private.dashboard_counters from profiles and app_ideas; blocks writes to both until the transaction ends.';
comment on function public.get_dashboard_stats() is
  'The main panel in one call: apps (count, valuation), ideas by status (counters) and the caller''s, confirmed members by level (counters), latest e-commerce revenue with the START/PREMIUM/VIP profit pools (revenue × plan share), active CCC packages by tier, and the caller''s level. Aggregates only.';
comment on function private.member_display_name(uuid) is 'Name shown for a member in lists: display name, else full name; never the e-mail.';
