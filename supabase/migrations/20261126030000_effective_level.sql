-- Issue 19 §3 (session 2): the admin user list shows and filters by the effective level.
-- `admin_list_users` gains `membership_valid_until` and `effective_level` (FREE after the end date,
-- as `private.effective_level` with `current_date`, the day every other read uses), and its level
-- filter means the effective level: 'FREE' finds members whose paid level ended too, a paid level
-- only those whose term still runs. The return type changes, so the function is dropped and created.

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
drop function public.admin_list_users(text, boolean, public.membership_level, text, boolean, integer, integer);

create function public.admin_list_users(
  p_search text default null,
  p_email_confirmed boolean default null,
  p_membership_level public.membership_level default null,
  p_sort text default 'created',
  p_ascending boolean default false,
  p_limit integer default 20,
  p_offset integer default 0
)
returns table (
  id uuid,
  user_id uuid,
  full_name text,
  email text,
  phone text,
  email_confirmed boolean,
  membership_level public.membership_level,
  membership_valid_until date,
  effective_level public.membership_level,
  created_at timestamptz,
  updated_at timestamptz,
  display_name text,
  avatar_url text,
  two_factor_enabled boolean,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_pattern text := nullif(btrim(p_search), '');
  v_where text := 'true';
  v_order text;
  v_total bigint;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_sort is null or p_sort not in ('name', 'email', 'created') then
    raise exception using errcode = '22023', message = 'admin.invalid_sort';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception using errcode = '22023', message = 'admin.invalid_limit';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'admin.invalid_offset';
  end if;

  if v_pattern is not null then
    -- Search text is literal: escape the LIKE wildcards.
    v_pattern := '%' || replace(replace(replace(v_pattern, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    v_where := v_where || ' and (p.full_name ilike $1 or p.email ilike $1 or p.phone ilike $1)';
  end if;
  if p_email_confirmed is not null then
    v_where := v_where || ' and p.email_confirmed = $2';
  end if;
  -- The effective level (private.effective_level written out, so a paid level stays an index range
  -- on (membership_level, created_at)).
  if p_membership_level = 'FREE' then
    v_where := v_where || ' and (p.membership_level = $3 or p.membership_valid_until < current_date)';
  elsif p_membership_level is not null then
    v_where := v_where
      || ' and p.membership_level = $3 and (p.membership_valid_until is null or p.membership_valid_until >= current_date)';
  end if;
  v_order := case p_sort when 'name' then 'p.full_name' when 'email' then 'p.email' else 'p.created_at' end
    || case when p_ascending then ' asc, p.id asc' else ' desc, p.id desc' end;

  -- A search (counted up to 101) whose page lies within those 101 rows: one scan gives both.
  if v_pattern is not null and p_offset + p_limit <= 101 then
    return query execute
      'with matches as materialized (
         select p.id, row_number() over (order by ' || v_order || ') as n
           from public.profiles p
          where ' || v_where || '
          order by ' || v_order || '
          limit 101
       )
       select p.id, p.user_id, p.full_name, p.email, p.phone, p.email_confirmed, p.membership_level,
              p.membership_valid_until,
              private.effective_level(p.membership_level, p.membership_valid_until, current_date),
              p.created_at, p.updated_at, s.display_name, s.avatar_url,
              coalesce(s.two_factor_enabled, false), (select count(*) from matches)
         from matches m
         join public.profiles p on p.id = m.id
         left join public.user_settings s on s.user_id = p.user_id
        where m.n > $5 and m.n <= $5 + $4
        order by m.n'
      using v_pattern, p_email_confirmed, p_membership_level, p_limit, p_offset;
    return;
  end if;

  execute 'select count(*) from (select 1 from public.profiles p where ' || v_where || ' limit '
      || case when v_pattern is null then 1001 else 101 end || ') c'
    into v_total
    using v_pattern, p_email_confirmed, p_membership_level;

  return query execute
    'with page as (
       select p.id from public.profiles p
        where ' || v_where || '
        order by ' || v_order || '
        limit $4 offset $5
     )
     select p.id, p.user_id, p.full_name, p.email, p.phone, p.email_confirmed, p.membership_level,
            p.membership_valid_until,
            private.effective_level(p.membership_level, p.membership_valid_until, current_date),
            p.created_at, p.updated_at, s.display_name, s.avatar_url,
            coalesce(s.two_factor_enabled, false), $6
       from page
       join public.profiles p on p.id = page.id
       left join public.user_settings s on s.user_id = p.user_id
      order by ' || v_order
    using v_pattern, p_email_confirmed, p_membership_level, p_limit, p_offset, v_total;
end
$$;

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
revoke execute on function public.admin_list_users(text, boolean, public.membership_level, text, boolean, integer, integer)
  from public, anon, authenticated;
grant execute on function public.admin_list_users(text, boolean, public.membership_level, text, boolean, integer, integer)
  to authenticated, service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on function public.admin_list_users(text, boolean, public.membership_level, text, boolean, integer, integer) is
  'Admin only. Case-insensitive search over full_name / email / phone, filters (the level filter is the effective level: FREE includes paid levels past membership_valid_until), sort name | email | created, page of 1..100 rows; each row has the stored level, its end date and the effective level; total_count stops at 1 001 (101 with a search): more than 1 000 (100) matches.';
