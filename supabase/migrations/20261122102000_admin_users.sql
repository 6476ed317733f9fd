-- Admin area, users tab: list with search / filters / sorts, edit, delete, confirm e-mail.
-- Every function checks private.is_admin() (app_metadata.admin in the JWT) first.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.
--
-- Error contract of this file (SQLSTATE / message key):
--   42501 auth.forbidden              caller is not an admin
--   22023 admin.invalid_sort          p_sort not in name | email | created
--   22023 admin.invalid_limit         p_limit outside 1..100
--   22023 admin.invalid_offset        p_offset negative
--   P0002 admin.user_not_found        no such user
--   P0001 admin.cannot_delete_self    an admin cannot delete their own account
--   22023 profile.full_name_required | profile.full_name_length | profile.phone_invalid (profile rules)

create extension if not exists pg_trgm with schema extensions;

-- -------------------------------------------------------------------------------------
-- Types
-- -------------------------------------------------------------------------------------
-- None.

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
-- None: the users tab reads public.profiles and public.user_settings.

-- -------------------------------------------------------------------------------------
-- Indexes: substring search (ILIKE '%…%') over name, e-mail and phone; sort by name; filters.
-- (profiles_email_idx and profiles_created_at_idx of the foundation serve the other sorts.)
-- -------------------------------------------------------------------------------------
create index profiles_full_name_trgm_idx on public.profiles using gin (full_name extensions.gin_trgm_ops);
create index profiles_email_trgm_idx on public.profiles using gin (email extensions.gin_trgm_ops);
create index profiles_phone_trgm_idx on public.profiles using gin (phone extensions.gin_trgm_ops);
create index profiles_full_name_idx on public.profiles (full_name);
create index profiles_membership_level_idx on public.profiles (membership_level);
create index profiles_email_confirmed_idx on public.profiles (email_confirmed, created_at desc);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------

-- Users tab: one page of profiles with their settings and the total number of matches.
-- Invoker: the admin reads through the profiles / user_settings admin policies. Dynamic SQL so that
-- only the filters given appear in the plan (the trigram and sort indexes stay usable); every value
-- is passed as a parameter and the sort column comes from a fixed list.
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
  created_at timestamptz,
  updated_at timestamptz,
  display_name text,
  avatar_url text,
  two_factor_enabled boolean,
  total_count bigint
)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_pattern text := nullif(btrim(p_search), '');
  v_where text := 'true';
  v_order text;
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
  if p_membership_level is not null then
    v_where := v_where || ' and p.membership_level = $3';
  end if;
  v_order := case p_sort when 'name' then 'p.full_name' when 'email' then 'p.email' else 'p.created_at' end
    || case when p_ascending then ' asc nulls last' else ' desc nulls last' end
    || ', p.id' || case when p_ascending then ' asc' else ' desc' end;

  return query execute
    'select p.id, p.user_id, p.full_name, p.email, p.phone, p.email_confirmed, p.membership_level,
            p.created_at, p.updated_at, s.display_name, s.avatar_url,
            coalesce(s.two_factor_enabled, false), count(*) over ()
       from public.profiles p
       left join public.user_settings s on s.user_id = p.user_id
      where ' || v_where || '
      order by ' || v_order || '
      limit $4 offset $5'
    using v_pattern, p_email_confirmed, p_membership_level, p_limit, p_offset;
end
$$;
revoke execute on function public.admin_list_users(text, boolean, public.membership_level, text, boolean, integer, integer)
  from public, anon, authenticated;
grant execute on function public.admin_list_users(text, boolean, public.membership_level, text, boolean, integer, integer)
  to authenticated;

-- User edit modal. A null argument keeps the current value; an empty p_phone clears the phone.
-- p_email_confirmed true sets auth.users.email_confirmed_at (if unset), false clears it; the profile
-- follows through the auth.users trigger, so GoTrue and the profile agree.
create function public.admin_update_user(
  p_user_id uuid,
  p_full_name text default null,
  p_phone text default null,
  p_membership_level public.membership_level default null,
  p_email_confirmed boolean default null
)
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_profile public.profiles;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  update public.profiles p
     set full_name = coalesce(p_full_name, p.full_name),
         phone = coalesce(p_phone, p.phone),
         membership_level = coalesce(p_membership_level, p.membership_level)
   where p.user_id = p_user_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'admin.user_not_found';
  end if;
  if p_email_confirmed is not null then
    update auth.users u
       set email_confirmed_at = case when p_email_confirmed then coalesce(u.email_confirmed_at, now()) end,
           updated_at = now()
     where u.id = p_user_id;
  end if;
  select * into v_profile from public.profiles p where p.user_id = p_user_id;
  return v_profile;
end
$$;
revoke execute on function public.admin_update_user(uuid, text, text, public.membership_level, boolean) from public, anon, authenticated;
grant execute on function public.admin_update_user(uuid, text, text, public.membership_level, boolean) to authenticated;

-- User delete modal: deletes the auth user; profile, settings, codes, relationships, tokens … go by
-- cascade. Files in storage are not rows of the user and are not removed here.
create function public.admin_delete_user(p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_user_id = (select auth.uid()) then
    raise exception using errcode = 'P0001', message = 'admin.cannot_delete_self';
  end if;
  delete from auth.users u where u.id = p_user_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'admin.user_not_found';
  end if;
end
$$;
revoke execute on function public.admin_delete_user(uuid) from public, anon, authenticated;
grant execute on function public.admin_delete_user(uuid) to authenticated;

-- Users tab 'confirm e-mail' action: idempotent; returns the updated profile.
create function public.admin_confirm_email(p_user_id uuid)
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_profile public.profiles;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  update auth.users u
     set email_confirmed_at = coalesce(u.email_confirmed_at, now()), updated_at = now()
   where u.id = p_user_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'admin.user_not_found';
  end if;
  select * into v_profile from public.profiles p where p.user_id = p_user_id;
  return v_profile;
end
$$;
revoke execute on function public.admin_confirm_email(uuid) from public, anon, authenticated;
grant execute on function public.admin_confirm_email(uuid) to authenticated;

-- -------------------------------------------------------------------------------------
-- Triggers, policies, grants
-- -------------------------------------------------------------------------------------
-- None beyond the function grants above: reads go through the admin branches of the
-- profiles_select_authenticated and user_settings_select_authenticated policies.

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on function public.admin_list_users(text, boolean, public.membership_level, text, boolean, integer, integer) is
  'Admin only. Case-insensitive search over full_name / email / phone, filters, sort name | email | created, page of 1..100 rows with total_count.';
comment on function public.admin_update_user(uuid, text, text, public.membership_level, boolean) is
  'Admin only. Null keeps a value; email_confirmed is written to auth.users.email_confirmed_at.';
comment on function public.admin_delete_user(uuid) is 'Admin only. Deletes the auth user and, by cascade, everything of theirs; not oneself.';
comment on function public.admin_confirm_email(uuid) is 'Admin only. Sets auth.users.email_confirmed_at (profile follows).';
