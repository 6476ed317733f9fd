-- Foundation: privileges model, the private helper schema, membership levels and profiles.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.

-- -------------------------------------------------------------------------------------
-- Privileges model (once for the whole project)
-- New Supabase projects no longer expose new public tables and functions to the API roles by
-- default; older ones do. Revoke the defaults so both behave alike and every grant below is
-- explicit and minimal.
-- -------------------------------------------------------------------------------------
alter default privileges for role postgres in schema public revoke all on tables from anon, authenticated;
alter default privileges for role postgres in schema public revoke all on sequences from anon, authenticated;
alter default privileges for role postgres in schema public revoke execute on functions from public, anon, authenticated;
alter default privileges for role postgres revoke execute on functions from public;

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;
-- Policies run as the caller, so the caller may look up (but not list) helpers used in policies.
grant usage on schema private to authenticated, service_role;
alter default privileges for role postgres in schema private revoke execute on functions from public, anon, authenticated;

-- -------------------------------------------------------------------------------------
-- Types
-- -------------------------------------------------------------------------------------
create type public.membership_level as enum ('FREE', 'START', 'PREMIUM', 'VIP');

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
create table public.profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  full_name text check (char_length(full_name) <= 200),
  email text not null check (email = lower(email)),
  phone text check (char_length(phone) <= 32),
  email_confirmed boolean not null default false,
  membership_level public.membership_level not null default 'FREE',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- -------------------------------------------------------------------------------------
-- Indexes (user_id is indexed by its unique constraint)
-- -------------------------------------------------------------------------------------
create index profiles_email_idx on public.profiles (email);
create index profiles_created_at_idx on public.profiles (created_at desc);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- The one admin check: app_metadata.admin = true in the verified JWT. app_metadata is writable
-- only by the service role, never by the user (user_metadata is not consulted on purpose).
create function private.is_admin()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' -> 'admin') = 'true'::jsonb, false)
$$;

create function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- Creates the member's profile in the same transaction as the auth user.
create function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (user_id, email, full_name, phone, email_confirmed)
  values (
    new.id,
    lower(new.email),
    nullif(trim(new.raw_user_meta_data ->> 'full_name'), ''),
    nullif(trim(new.raw_user_meta_data ->> 'phone'), ''),
    new.email_confirmed_at is not null
  );
  return new;
end
$$;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
alter table public.profiles enable row level security;

create policy profiles_select_authenticated on public.profiles
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy profiles_update_authenticated on public.profiles
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
grant execute on function private.is_admin() to authenticated, service_role;
grant select on public.profiles to authenticated;
-- Members may edit only these columns of their own row; level, e-mail and confirmation are not theirs.
grant update (full_name, phone) on public.profiles to authenticated;
grant all on public.profiles to service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on schema private is 'Helpers for policies and triggers; not exposed by the API.';
comment on function private.is_admin() is 'True when the caller''s JWT carries app_metadata.admin = true.';
comment on table public.profiles is 'One row per auth user, created by the on_auth_user_created trigger.';
comment on column public.profiles.membership_level is 'Changed only by admins (through server functions), never by the member.';
