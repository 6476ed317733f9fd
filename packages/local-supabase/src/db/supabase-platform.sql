-- =====================================================================================
-- SUPABASE PLATFORM BOOTSTRAP — this is NOT a project migration.
--
-- It imitates what Supabase's own Postgres image (and a hosted project) already contains
-- before any file of supabase/migrations runs: the roles and what each may do, the auth /
-- storage / extensions schemas with the tables GoTrue and the Storage API own, the auth.*
-- claim helpers, the storage path helpers and the realtime publication. It exists only
-- because `supabase start` (Docker) cannot run on our machines. The harness
-- (packages/local-supabase/src/db/harness.ts) loads it as `supabase_admin`, the cluster's superuser, into a bare
-- PostgreSQL 17 and then applies supabase/migrations with the real Supabase CLI connected as
-- `postgres`, so a migration that needs more than a hosted project allows fails here too.
-- Keep it faithful: never add project objects here.
--
-- The roles follow supabase/postgres (migrations/db: init-scripts, 10000000000000_demote-postgres,
-- 20211115181400_update-auth-permissions, 20240606060239 / 20250421084701 revoke_admin_roles,
-- 20250605172253 grant_with_admin) and its supautils.conf:
--   supabase_admin   the only superuser; owns the auth and storage schemas.
--   postgres         NOSUPERUSER CREATEDB CREATEROLE LOGIN REPLICATION BYPASSRLS; owns the database
--                    and public; member of anon, authenticated, service_role (with admin option),
--                    pg_read_all_data, pg_signal_backend, pg_monitor; NOT of supabase_auth_admin or
--                    supabase_storage_admin; USAGE (no CREATE) on auth and storage; the tables there
--                    are owned by supabase_auth_admin / supabase_storage_admin.
--   Policies and triggers on platform tables: Supabase allows them only on auth.audit_log_entries,
--   auth.identities, auth.refresh_tokens, auth.sessions, auth.users, storage.buckets,
--   storage.migrations, storage.objects, storage.s3_multipart_uploads(_parts) and realtime.messages
--   (changelog "Restricting access on auth, storage and realtime schemas", April 2025). Triggers:
--   postgres holds TRIGGER only on those tables. Policies need the table's owner; hosted lets
--   postgres through with supautils.policy_grants, imitated at the end of this file.
-- Column names follow GoTrue's and storage-api's own migrations.
-- =====================================================================================

set client_min_messages = warning;

-- -------------------------------------------------------------------------------------
-- Roles
-- -------------------------------------------------------------------------------------
do $$
begin
  if not exists (select from pg_roles where rolname = 'supabase_admin') then
    create role supabase_admin login superuser createdb createrole replication bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'postgres') then
    create role postgres login;
  end if;
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole noreplication;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin login noinherit createrole noreplication;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin nologin noinherit noreplication;
  end if;
  if not exists (select from pg_roles where rolname = 'dashboard_user') then
    create role dashboard_user nosuperuser createdb createrole replication;
  end if;
  -- A server given through DATABASE_URL whose own superuser is `postgres` keeps it (PostgreSQL
  -- cannot demote the role it was initialised with); the harness's servers never are such.
  if current_user <> 'postgres' then
    alter role postgres nosuperuser createdb createrole login replication bypassrls;
  end if;
end
$$;

-- The local passwords (the same as `supabase start`).
alter role supabase_admin with password 'postgres';
alter role postgres with password 'postgres';
alter role authenticator with password 'postgres';
alter role supabase_auth_admin with password 'postgres';
alter role supabase_storage_admin with password 'postgres';

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres with admin option;
grant anon, authenticated, service_role, authenticator to supabase_storage_admin;
grant pg_read_all_data, pg_signal_backend, pg_monitor to postgres;
revoke supabase_auth_admin, supabase_storage_admin from postgres;

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role postgres set search_path to "$user", public, extensions;
alter role supabase_admin set search_path to "$user", public, auth, extensions;

-- -------------------------------------------------------------------------------------
-- The database and its schemas
-- -------------------------------------------------------------------------------------
do $$
begin
  execute format('alter database %I owner to postgres', current_database());
  execute format('grant all on database %I to postgres', current_database());
end
$$;
-- public belongs to the database owner (pg_database_owner), i.e. postgres, as on Supabase.
grant usage on schema public to postgres, anon, authenticated, service_role;
-- Supabase's init scripts run as postgres, so its own default privileges are those of postgres;
-- objects made by supabase_admin get the same.
alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;

create schema if not exists extensions authorization postgres;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;
grant all on schema extensions to postgres, dashboard_user;

create schema if not exists graphql_public authorization postgres;
grant usage on schema graphql_public to postgres, anon, authenticated, service_role;

-- Realtime: an empty publication that projects add their tables to (made by postgres on Supabase).
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
alter publication supabase_realtime owner to postgres;

-- PostgREST exposes only the public schema (advisors read this setting).
alter role authenticator set pgrst.db_schemas = 'public, graphql_public';

-- -------------------------------------------------------------------------------------
-- auth (owned by GoTrue: supabase_auth_admin)
-- -------------------------------------------------------------------------------------
create schema if not exists auth authorization supabase_admin;
grant all on schema auth to supabase_auth_admin, dashboard_user;
grant usage on schema auth to anon, authenticated, service_role, postgres;

do $$
begin
  if not exists (select from pg_type where typname = 'aal_level' and typnamespace = 'auth'::regnamespace) then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
    create type auth.factor_status as enum ('unverified', 'verified');
    create type auth.code_challenge_method as enum ('s256', 'plain');
    create type auth.one_time_token_type as enum (
      'confirmation_token', 'reauthentication_token', 'recovery_token',
      'email_change_token_new', 'email_change_token_current', 'phone_change_token'
    );
  end if;
end
$$;

create table if not exists auth.instances (
  id uuid primary key,
  uuid uuid,
  raw_base_config text,
  created_at timestamptz,
  updated_at timestamptz
);

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email::text));
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);
comment on table auth.users is 'Auth: Stores user login data within a secure schema.';

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists sessions_not_after_idx on auth.sessions (not_after desc);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid
);
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id)
  where trim(friendly_name) <> '';

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key,
  unique (session_id, authentication_method)
);

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists flow_state_created_at_idx on auth.flow_state (created_at desc);

create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now(),
  unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);
create index if not exists one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);

create table if not exists auth.schema_migrations (version varchar(255) primary key);

-- Claim helpers, as Supabase defines them: PostgREST puts the verified JWT claims into
-- request.jwt.claims (and, in old versions, one setting per claim).
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

do $$
declare
  t text;
  types text[] := array['aal_level', 'factor_type', 'factor_status', 'code_challenge_method', 'one_time_token_type'];
  -- The tables Supabase lets projects put policies and triggers on.
  granted text[] := array['audit_log_entries', 'identities', 'refresh_tokens', 'sessions', 'users'];
begin
  foreach t in array types loop
    execute format('alter type auth.%I owner to supabase_auth_admin', t);
  end loop;
  foreach t in array array['instances', 'users', 'identities', 'sessions', 'refresh_tokens', 'mfa_factors',
    'mfa_challenges', 'mfa_amr_claims', 'flow_state', 'one_time_tokens', 'audit_log_entries', 'schema_migrations']
  loop
    execute format('alter table auth.%I owner to supabase_auth_admin', t);
    execute format('alter table auth.%I enable row level security', t);
    execute format('grant all on auth.%I to dashboard_user', t);
    if t = 'schema_migrations' then
      execute format('revoke all on auth.%I from postgres', t);
      execute format('grant select on auth.%I to postgres with grant option', t);
    elsif t = any (granted) then
      execute format('grant all on auth.%I to postgres', t);
    else
      execute format('grant select, insert, update, delete, truncate, references on auth.%I to postgres', t);
      execute format('revoke trigger on auth.%I from postgres', t);
    end if;
  end loop;
end
$$;
alter sequence auth.refresh_tokens_id_seq owner to supabase_auth_admin;
grant all on all sequences in schema auth to dashboard_user, postgres;
alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to public;
grant all on function auth.uid(), auth.role(), auth.email(), auth.jwt() to postgres, dashboard_user;
alter role supabase_auth_admin set search_path = auth;
alter role supabase_auth_admin set idle_in_transaction_session_timeout = 60000;

-- -------------------------------------------------------------------------------------
-- storage (owned by the Storage API: supabase_storage_admin)
-- -------------------------------------------------------------------------------------
create schema if not exists storage authorization supabase_admin;
grant all on schema storage to supabase_storage_admin, dashboard_user;
grant usage on schema storage to anon, authenticated, service_role;
grant usage on schema storage to postgres with grant option;

do $$
begin
  if not exists (select from pg_type where typname = 'buckettype' and typnamespace = 'storage'::regnamespace) then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS');
  end if;
end
$$;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.migrations (
  id integer primary key,
  name varchar(100) unique not null,
  hash varchar(40) not null,
  executed_at timestamp default current_timestamp
);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.migrations enable row level security;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

alter type storage.buckettype owner to supabase_storage_admin;
alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter table storage.migrations owner to supabase_storage_admin;
alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;
grant all on storage.buckets, storage.objects to postgres, anon, authenticated, service_role;
revoke all on storage.migrations from anon, authenticated, service_role, postgres;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to postgres, anon, authenticated, service_role;
alter role supabase_storage_admin set search_path = storage;

-- -------------------------------------------------------------------------------------
-- supautils.policy_grants and supautils.drop_trigger_grants, imitated
--
-- On Supabase, postgres may create, alter and drop policies, and drop triggers, on the tables
-- listed in extensions.supautils_granted_tables() although it does not own them: the supautils
-- extension runs those commands as the superuser. Here event triggers do the same: for such a
-- command by postgres, postgres is a member of the service roles that own those tables for the
-- length of that one command, and the command is refused (and rolled back) afterwards when its
-- table is owned by a service role but not in the list, exactly where Supabase says "must be
-- owner". (COMMENT ON POLICY on such a table is not imitated: it fails here, not on Supabase.)
-- -------------------------------------------------------------------------------------
create or replace function extensions.supautils_granted_tables()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['auth.audit_log_entries', 'auth.identities', 'auth.refresh_tokens', 'auth.sessions', 'auth.users',
    'realtime.messages', 'storage.buckets', 'storage.migrations', 'storage.objects',
    'storage.s3_multipart_uploads', 'storage.s3_multipart_uploads_parts']
$$;

create or replace function extensions.supautils_check_table(p_table regclass, p_what text)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  v_owner name := (select pg_get_userbyid(c.relowner) from pg_class c where c.oid = p_table);
begin
  if v_owner in ('supabase_auth_admin', 'supabase_storage_admin')
     and not (p_table::text = any (extensions.supautils_granted_tables())) then
    raise exception using errcode = '42501', message = format('must be owner of table %s', p_table),
      detail = format('Supabase lets postgres manage %s only on %s.', p_what,
        array_to_string(extensions.supautils_granted_tables(), ', '));
  end if;
end
$$;

create or replace function extensions.supautils_grants_start()
returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if session_user::text = 'postgres' then
    grant supabase_auth_admin, supabase_storage_admin to postgres;
  end if;
end
$$;

create or replace function extensions.supautils_grants_end()
returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_command record;
begin
  if session_user::text <> 'postgres' then
    return;
  end if;
  revoke supabase_auth_admin, supabase_storage_admin from postgres;
  for v_command in select * from pg_event_trigger_ddl_commands() where object_type = 'policy' loop
    perform extensions.supautils_check_table((select p.polrelid from pg_policy p where p.oid = v_command.objid)::regclass, 'policies');
  end loop;
end
$$;

create or replace function extensions.supautils_grants_drop()
returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_dropped record;
begin
  if session_user::text <> 'postgres' then
    return;
  end if;
  for v_dropped in
    select * from pg_event_trigger_dropped_objects() where object_type in ('policy', 'trigger') and original
  loop
    perform extensions.supautils_check_table(
      format('%I.%I', v_dropped.address_names[1], v_dropped.address_names[2])::regclass,
      case v_dropped.object_type when 'policy' then 'policies' else 'triggers' end);
  end loop;
end
$$;

revoke all on function extensions.supautils_grants_start(), extensions.supautils_grants_end(),
  extensions.supautils_grants_drop() from public;

drop event trigger if exists supautils_grants_start;
drop event trigger if exists supautils_grants_end;
drop event trigger if exists supautils_grants_drop;
create event trigger supautils_grants_start on ddl_command_start
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER')
  execute function extensions.supautils_grants_start();
create event trigger supautils_grants_end on ddl_command_end
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER')
  execute function extensions.supautils_grants_end();
create event trigger supautils_grants_drop on sql_drop
  when tag in ('DROP POLICY', 'DROP TRIGGER')
  execute function extensions.supautils_grants_drop();
