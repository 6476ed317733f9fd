-- Accounts: profile kept in step with auth.users, user settings (two-factor state mirrored from
-- Supabase MFA), the membership plans catalogue and the account RPCs. Activation is Supabase Auth's
-- own e-mail confirmation (the /activate page verifies the link's token hash with Auth).
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.
--
-- Error contract of this file (SQLSTATE / message key):
--   42501 auth.forbidden                 caller is not the owner (or not signed in)
--   22023 profile.full_name_required | profile.full_name_length | profile.display_name_required |
--         profile.display_name_length | profile.phone_invalid | profile.avatar_url_invalid
--   P0002 profile.not_found
--   22023 email.required | email.invalid
--   P0001 email.same_as_current | email.taken

-- -------------------------------------------------------------------------------------
-- Types
-- -------------------------------------------------------------------------------------
-- None: the theme is a check constraint, plan tiers reuse public.membership_level.

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
create table public.user_settings (
  id uuid primary key default gen_random_uuid(),
  -- References profiles (not auth.users) so PostgREST can embed user_settings in profiles.
  user_id uuid not null unique references public.profiles (user_id) on delete cascade,
  display_name text check (display_name is null or char_length(display_name) between 1 and 50),
  avatar_url text check (avatar_url is null or (char_length(avatar_url) <= 2048 and avatar_url ~ '^https?://')),
  two_factor_enabled boolean not null default false,
  theme text not null default 'dark' check (theme in ('dark', 'light')),
  notification_preferences jsonb not null default '{}'::jsonb check (jsonb_typeof(notification_preferences) = 'object'),
  updated_at timestamptz not null default now()
);
alter table public.user_settings enable row level security;

create table public.membership_plans (
  tier public.membership_level primary key check (tier <> 'FREE'),
  yearly_price_pln numeric(12, 2) not null check (yearly_price_pln > 0),
  profit_share numeric(5, 4) not null check (profit_share > 0 and profit_share < 1),
  idea_ownership numeric(5, 4) not null check (idea_ownership > 0 and idea_ownership < 1),
  price_usdt numeric(12, 2) not null check (price_usdt > 0),
  price_acc numeric(12, 2) not null check (price_acc > 0),
  updated_at timestamptz not null default now()
);
alter table public.membership_plans enable row level security;

-- Catalogue (product.md#dashboard-9), not seed data: the server relies on it (referral commissions).
insert into public.membership_plans (tier, yearly_price_pln, profit_share, idea_ownership, price_usdt, price_acc) values
  ('START', 4997.00, 0.0500, 0.0500, 1220.00, 4497.00),
  ('PREMIUM', 14997.00, 0.1500, 0.1000, 3625.00, 13497.00),
  ('VIP', 49997.00, 0.2000, 0.2000, 12099.00, 44997.00);

-- -------------------------------------------------------------------------------------
-- Indexes (user_settings.user_id is indexed by its unique constraint)
-- -------------------------------------------------------------------------------------

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------

-- Trigger on auth.users: GoTrue (or the admin RPCs) changed the e-mail or its
-- confirmation; the profile follows. Definer: GoTrue's role has no rights on public tables.
create function private.sync_profile_from_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles p
     set email = coalesce(lower(new.email), p.email),
         email_confirmed = new.email_confirmed_at is not null
   where p.user_id = new.id
     and (p.email is distinct from coalesce(lower(new.email), p.email)
          or p.email_confirmed is distinct from (new.email_confirmed_at is not null));
  return null;
end
$$;
revoke execute on function private.sync_profile_from_auth_user() from public, anon, authenticated;

-- Trigger on public.profiles insert: every member gets a settings row in the sign-up transaction.
create function private.create_user_settings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.user_settings (user_id, display_name)
  values (new.user_id, nullif(left(btrim(coalesce(new.full_name, '')), 50), ''))
  on conflict (user_id) do nothing;
  return null;
end
$$;
revoke execute on function private.create_user_settings() from public, anon, authenticated;

-- Trigger on public.profiles update of full_name / phone: the same rules for the RPCs and for a
-- direct PATCH. Normalises (trim; empty phone = none) and validates only values that change, so an
-- old value that predates the rules never blocks an unrelated edit.
create function private.validate_profile_contact()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.full_name is distinct from old.full_name then
    new.full_name := nullif(btrim(new.full_name), '');
    if new.full_name is null then
      raise exception using errcode = '22023', message = 'profile.full_name_required';
    end if;
    if char_length(new.full_name) not between 2 and 100 then
      raise exception using errcode = '22023', message = 'profile.full_name_length';
    end if;
  end if;
  if new.phone is distinct from old.phone then
    new.phone := nullif(btrim(new.phone), '');
    if new.phone is not null and new.phone !~ '^\+[1-9][0-9]{6,14}$' then
      raise exception using errcode = '22023', message = 'profile.phone_invalid';
    end if;
  end if;
  return new;
end
$$;
revoke execute on function private.validate_profile_contact() from public, anon, authenticated;

-- Trigger function (rows with a user_id): two_factor_enabled is true exactly when the user has a
-- verified TOTP factor. The TOTP secret itself stays in auth.mfa_factors (Supabase MFA), never in
-- user_settings. Hosted Supabase allows no trigger on auth.mfa_factors: it runs from auth.sessions
-- (20261124100000_mfa_mirror_from_sessions.sql).
create function private.sync_two_factor_enabled()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := case when tg_op = 'DELETE' then old.user_id else new.user_id end;
  v_enabled boolean;
begin
  select exists (
    select 1 from auth.mfa_factors f
     where f.user_id = v_user_id and f.factor_type = 'totp' and f.status = 'verified'
  ) into v_enabled;
  update public.user_settings s
     set two_factor_enabled = v_enabled
   where s.user_id = v_user_id and s.two_factor_enabled is distinct from v_enabled;
  return null;
end
$$;
revoke execute on function private.sync_two_factor_enabled() from public, anon, authenticated;

-- Login and registration screens: 'missing' | 'not_activated' | 'active', nothing else.
create function public.get_account_status(p_email text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select case when p.email_confirmed then 'active' else 'not_activated' end
       from public.profiles p
      where p.email = lower(btrim(p_email))
      limit 1),
    'missing'
  )
$$;
revoke execute on function public.get_account_status(text) from public, anon, authenticated;
grant execute on function public.get_account_status(text) to anon, authenticated;

-- Settings page: one round trip for the profile form and the avatar. A null argument keeps the
-- current value (so the avatar upload passes only p_user_id and p_avatar_url); an empty p_phone or
-- p_avatar_url clears it; an empty full or display name is rejected. Invoker: the member's own
-- column grants and RLS apply; profile rules are enforced by private.validate_profile_contact().
create function public.update_user_profile(
  p_user_id uuid,
  p_full_name text default null,
  p_display_name text default null,
  p_phone text default null,
  p_avatar_url text default null
)
returns table (
  id uuid,
  user_id uuid,
  display_name text,
  avatar_url text,
  two_factor_enabled boolean,
  theme text,
  notification_preferences jsonb,
  updated_at timestamptz,
  full_name text,
  phone text
)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_display_name text := btrim(p_display_name);
  v_avatar_url text := btrim(p_avatar_url);
begin
  if p_user_id is null or p_user_id is distinct from (select auth.uid()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if v_display_name = '' then
    raise exception using errcode = '22023', message = 'profile.display_name_required';
  end if;
  if char_length(v_display_name) > 50 then
    raise exception using errcode = '22023', message = 'profile.display_name_length';
  end if;
  if v_avatar_url <> '' and (char_length(v_avatar_url) > 2048 or v_avatar_url !~ '^https?://') then
    raise exception using errcode = '22023', message = 'profile.avatar_url_invalid';
  end if;

  if p_full_name is not null or p_phone is not null then
    update public.profiles p
       set full_name = coalesce(p_full_name, p.full_name),
           phone = coalesce(p_phone, p.phone)
     where p.user_id = p_user_id;
    if not found then
      raise exception using errcode = 'P0002', message = 'profile.not_found';
    end if;
  end if;

  if v_display_name is not null or v_avatar_url is not null then
    update public.user_settings s
       set display_name = coalesce(v_display_name, s.display_name),
           avatar_url = case when v_avatar_url is null then s.avatar_url else nullif(v_avatar_url, '') end
     where s.user_id = p_user_id;
    if not found then
      raise exception using errcode = 'P0002', message = 'profile.not_found';
    end if;
  end if;

  return query
    select s.id, s.user_id, s.display_name, s.avatar_url, s.two_factor_enabled, s.theme,
           s.notification_preferences, s.updated_at, p.full_name, p.phone
      from public.user_settings s
      join public.profiles p on p.user_id = s.user_id
     where s.user_id = p_user_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'profile.not_found';
  end if;
end
$$;
revoke execute on function public.update_user_profile(uuid, text, text, text, text) from public, anon, authenticated;
grant execute on function public.update_user_profile(uuid, text, text, text, text) to authenticated;

-- Settings page, change-e-mail modal: validates and normalises the new address before the browser
-- calls supabase.auth.updateUser({ email }), which sends GoTrue's confirmation; once confirmed,
-- sync_profile_from_auth_user copies the new address into the profile.
create function public.request_email_change(p_new_email text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := (select auth.uid());
  v_email text := lower(btrim(p_new_email));
  v_current text;
begin
  if v_user_id is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if v_email is null or v_email = '' then
    raise exception using errcode = '22023', message = 'email.required';
  end if;
  if char_length(v_email) > 254 or v_email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    raise exception using errcode = '22023', message = 'email.invalid';
  end if;
  select p.email into v_current from public.profiles p where p.user_id = v_user_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'profile.not_found';
  end if;
  if v_email = v_current then
    raise exception using errcode = 'P0001', message = 'email.same_as_current';
  end if;
  if exists (select 1 from public.profiles p where p.email = v_email and p.user_id <> v_user_id) then
    raise exception using errcode = 'P0001', message = 'email.taken';
  end if;
  return v_email;
end
$$;
revoke execute on function public.request_email_change(text) from public, anon, authenticated;
grant execute on function public.request_email_change(text) to authenticated;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger on_auth_user_email_changed
  after update of email, email_confirmed_at on auth.users
  for each row
  when (old.email is distinct from new.email or old.email_confirmed_at is distinct from new.email_confirmed_at)
  execute function private.sync_profile_from_auth_user();

create trigger profiles_create_user_settings
  after insert on public.profiles
  for each row execute function private.create_user_settings();

create trigger profiles_validate_contact
  before update of full_name, phone on public.profiles
  for each row execute function private.validate_profile_contact();

create trigger user_settings_set_updated_at
  before update on public.user_settings
  for each row execute function private.set_updated_at();

create trigger membership_plans_set_updated_at
  before update on public.membership_plans
  for each row execute function private.set_updated_at();

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
create policy user_settings_select_authenticated on public.user_settings
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy user_settings_update_authenticated on public.user_settings
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy membership_plans_select_anon on public.membership_plans
  for select to anon
  using (true);

create policy membership_plans_select_authenticated on public.membership_plans
  for select to authenticated
  using (true);

-- -------------------------------------------------------------------------------------
-- Grants (function grants sit beside each function above)
-- -------------------------------------------------------------------------------------
grant select on public.user_settings to authenticated;
-- two_factor_enabled follows auth.mfa_factors; user_id and id are not the member's to change.
grant update (display_name, avatar_url, theme, notification_preferences) on public.user_settings to authenticated;
grant all on public.user_settings to service_role;

grant select on public.membership_plans to anon, authenticated;
grant all on public.membership_plans to service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on table public.user_settings is 'One row per member, created by the profiles_create_user_settings trigger.';
comment on column public.user_settings.two_factor_enabled is
  'Mirror of auth.mfa_factors (a verified TOTP factor exists); kept by a trigger, not writable by members. The TOTP secret lives only in auth.mfa_factors.';
comment on column public.user_settings.display_name is 'Initialised from the full name at sign-up; shown in the header user menu.';
comment on table public.membership_plans is 'Yearly membership plans catalogue (START, PREMIUM, VIP). Written only by service_role.';
comment on column public.membership_plans.profit_share is 'Fraction of ecommerce revenue (0.05 = 5 %).';
comment on column public.membership_plans.idea_ownership is 'Fraction of idea ownership (0.05 = 5 %).';
comment on column public.membership_plans.price_acc is 'Price in PLN when paid through ACC (yearly price minus the 10 % ACC discount).';
comment on function public.get_account_status(text) is
  'missing | not_activated | active for an e-mail (login and registration screens). Reveals nothing else.';
comment on function public.update_user_profile(uuid, text, text, text, text) is
  'Own profile + settings in one call; null arguments keep current values, empty phone/avatar clears them.';
comment on function public.request_email_change(text) is
  'Validates and returns the normalised new e-mail; the browser then calls auth.updateUser({ email }).';
