-- Main panel ('Panel główny'): everything its statistic cards show, in one call.
-- The spec reads six tables every 30 s from the browser (apps valuation, ideas, confirmed members,
-- latest e-commerce revenue, membership levels of confirmed members, active CCC packages); members
-- may not read most of those rows, so one security-definer function returns only aggregates.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.

-- -------------------------------------------------------------------------------------
-- Indexes
-- -------------------------------------------------------------------------------------
-- Confirmed members counted by level: an index-only scan instead of reading 100 000 profiles.
create index profiles_email_confirmed_level_idx on public.profiles (email_confirmed, membership_level);
-- Ideas counted by status (app_ideas_status_category_idx leads with status already).

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
    select count(*) as total,
           count(*) filter (where i.status = 'pending') as pending,
           count(*) filter (where i.status = 'approved') as approved,
           count(*) filter (where i.status = 'rejected') as rejected
      from public.app_ideas i
  ),
  my_ideas as (
    select count(*) as mine from public.app_ideas i where i.submitted_by = v_uid
  ),
  levels as (
    select p.membership_level as level, count(*) as members
      from public.profiles p
     where p.email_confirmed
     group by p.membership_level
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
-- Grants
-- -------------------------------------------------------------------------------------
revoke execute on function public.get_dashboard_stats() from public, anon, authenticated, service_role;
grant execute on function public.get_dashboard_stats() to authenticated;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on function public.get_dashboard_stats() is
  'The main panel in one call: apps (count, valuation), ideas by status and the caller''s, confirmed members by level, latest e-commerce revenue with the START/PREMIUM/VIP profit pools (revenue × plan share), active CCC packages by tier, and the caller''s level. Aggregates only.';
comment on function private.member_display_name(uuid) is 'Name shown for a member in lists: display name, else full name; never the e-mail.';
