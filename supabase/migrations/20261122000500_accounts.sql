-- Accounts: profiles, user settings, sign-up and auth security (metadata, passwords, MFA mirror),
-- the account status lookup and the admin member tools.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Tables
-- ========================================================================================

-- private.account_status_lookups --------------------------------------------------------
-- Calls of get_account_status by anonymous clients (the registration and sign-in screens), per
-- client address, for the rate limit. Rows older than the window are removed by the calls.
create table private.account_status_lookups (
  client text not null,
  looked_up_at timestamptz not null default now()
);
alter table private.account_status_lookups enable row level security;

-- private.signup_passwords --------------------------------------------------------------
-- One row per auth user, written by triggers only. Before the first confirmation of the address it
-- holds the hash of the sign-up's claim secret; at the first confirmation the password hash moves
-- here (auth.users keeps an unusable empty one) until the signing-up browser claims it back or the
-- member sets a new password.
create table private.signup_passwords (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- sha256 of the claim secret the signing-up browser keeps (null: the sign-up sent none).
  claim_hash bytea check (octet_length(claim_hash) = 32),
  -- The transaction that created the user: a confirmation inside it (admin "create confirmed",
  -- auto-confirm) leaves no window in which someone else's password could wait for the owner.
  created_txid xid8 not null default pg_current_xact_id(),
  first_confirmed_at timestamptz,
  parked_password text,
  created_at timestamptz not null default now(),
  constraint signup_passwords_parked_check check (parked_password is null or first_confirmed_at is not null)
);
alter table private.signup_passwords enable row level security;

-- public.profiles -----------------------------------------------------------------------
create table public.profiles (
  id uuid default gen_random_uuid() not null,
  user_id uuid not null,
  full_name text,
  email text not null,
  phone text,
  email_confirmed boolean default false not null,
  membership_level public.membership_level default 'FREE'::public.membership_level not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  membership_valid_until date,
  constraint profiles_email_check CHECK ((email = lower(email))),
  constraint profiles_full_name_check CHECK ((char_length(full_name) <= 200)),
  constraint profiles_phone_check CHECK ((char_length(phone) <= 32)),
  constraint profiles_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint profiles_pkey PRIMARY KEY (id),
  constraint profiles_user_id_key UNIQUE (user_id)
);
alter table public.profiles enable row level security;

-- public.user_settings ------------------------------------------------------------------
create table public.user_settings (
  id uuid default gen_random_uuid() not null,
  user_id uuid not null,
  display_name text,
  avatar_url text,
  two_factor_enabled boolean default false not null,
  theme text default 'dark'::text not null,
  notification_preferences jsonb default '{}'::jsonb not null,
  updated_at timestamp with time zone default now() not null,
  constraint user_settings_avatar_url_check CHECK (((avatar_url IS NULL) OR ((char_length(avatar_url) <= 2048) AND (avatar_url ~ '^https?://'::text)))),
  constraint user_settings_display_name_check CHECK (((display_name IS NULL) OR ((char_length(display_name) >= 1) AND (char_length(display_name) <= 50)))),
  constraint user_settings_notification_preferences_check CHECK ((jsonb_typeof(notification_preferences) = 'object'::text)),
  constraint user_settings_notification_preferences_known_check CHECK (private.valid_notification_preferences(notification_preferences)),
  constraint user_settings_theme_check CHECK ((theme = ANY (ARRAY['dark'::text, 'light'::text]))),
  constraint user_settings_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(user_id) ON DELETE CASCADE,
  constraint user_settings_pkey PRIMARY KEY (id),
  constraint user_settings_user_id_key UNIQUE (user_id)
);
alter table public.user_settings enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- private.account_status_lookups --------------------------------------------------------

create index account_status_lookups_client_looked_up_at_idx on private.account_status_lookups (client, looked_up_at);

create index account_status_lookups_looked_up_at_idx on private.account_status_lookups (looked_up_at);

-- public.profiles -----------------------------------------------------------------------

-- The users tab's sorts end with the id (a stable page order even when many members share a date or
-- a name, e.g. after an import): each sort and filter reads its index in order, no sort step (a prefix
-- serves the single-column lookups).
create index profiles_created_at_id_idx on public.profiles (created_at desc, id desc);

create index profiles_created_at_idx on public.profiles (created_at desc);

create index profiles_email_confirmed_created_at_id_idx on public.profiles (email_confirmed, created_at desc, id desc);

create index profiles_email_idx on public.profiles (email);

create index profiles_email_trgm_idx on public.profiles using gin (email extensions.gin_trgm_ops);

create index profiles_full_name_id_idx on public.profiles (full_name, id);

create index profiles_full_name_trgm_idx on public.profiles using gin (full_name extensions.gin_trgm_ops);

create index profiles_membership_level_created_at_id_idx on public.profiles (membership_level, created_at desc, id desc);

-- Payout runs pick members by effective level: the level and end date, read from the index alone.
create index profiles_membership_level_valid_until_idx on public.profiles (membership_level, membership_valid_until)
  include (user_id);

-- Reminders look at paid members by end date.
create index profiles_membership_valid_until_idx on public.profiles (membership_valid_until, membership_level)
  where membership_level <> 'FREE';

create index profiles_phone_trgm_idx on public.profiles using gin (phone extensions.gin_trgm_ops);

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.cached_level_on() -------------------------------------------------------------
create function private.cached_level_on(
  p_user_id uuid, p_level public.membership_level, p_valid_until date, p_day date
)
returns public.membership_level
language sql
stable
set search_path = ''
as $$
  select case
    when p_valid_until is null or p_valid_until >= p_day then p_level
    else private.membership_level_on(p_user_id, p_day)
  end
$$;

-- private.membership_cache_of() ---------------------------------------------------------
create function private.membership_cache_of(p_user_id uuid, p_day date default private.warsaw_today())
returns table (membership_level public.membership_level, membership_valid_until date)
language sql
stable
set search_path = ''
as $$
  select coalesce(c.level, 'FREE'), c.until
    from (select 1) one
    left join lateral (
      -- The period covering the day, up to the end of the same-level periods queued right after it…
      (select m.level, nullif(e.until, 'infinity') as until, 1 as rank
         from public.membership_periods m
         cross join lateral (
           select max(n.last_day) as until
             from public.membership_periods n
            where n.user_id = m.user_id and n.first_day >= m.first_day and n.last_day >= n.first_day
              and n.level = m.level
              and n.first_day < coalesce((select min(o.first_day) from public.membership_periods o
                                           where o.user_id = m.user_id and o.first_day > m.first_day
                                             and o.last_day >= o.first_day and o.level <> m.level), 'infinity')
         ) e
        where m.user_id = p_user_id and m.first_day <= p_day and m.last_day >= p_day
        order by m.first_day desc
        limit 1)
      union all
      -- …else none today but one later (FREE until the day before it)…
      (select 'FREE'::public.membership_level, m.first_day - 1, 2
         from public.membership_periods m
        where m.user_id = p_user_id and m.first_day > p_day and m.last_day >= m.first_day
        order by m.first_day
        limit 1)
      union all
      -- …else FREE since the last one ended: with its end date when it ran to its end (the lapsed
      -- notice), without one when a refund or an admin ended it (and FREE, no date, when none ran).
      (select 'FREE'::public.membership_level, case when m.shortened_at is null then m.last_day end, 3
         from public.membership_periods m
        where m.user_id = p_user_id and m.last_day < p_day and m.last_day >= m.first_day
        order by m.last_day desc
        limit 1)
      order by rank
      limit 1
    ) c on true
$$;

-- private.sync_membership_cache() -------------------------------------------------------
create function private.sync_membership_cache(p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_level public.membership_level;
  v_until date;
begin
  select c.membership_level, c.membership_valid_until into v_level, v_until
    from private.membership_cache_of(p_user_id) c;
  perform set_config('private.membership_sync', 'on', true);
  update public.profiles p
     set membership_level = v_level, membership_valid_until = v_until
   where p.user_id = p_user_id
     and (p.membership_level, p.membership_valid_until) is distinct from (v_level, v_until);
  perform set_config('private.membership_sync', '', true);
end
$$;

-- private.membership_cache_mismatches() -------------------------------------------------
create function private.membership_cache_mismatches(p_day date default private.warsaw_today())
returns table (user_id uuid, cached_level public.membership_level, cached_until date,
               level public.membership_level, valid_until date)
language sql
stable
security definer
set search_path = ''
as $$
  select p.user_id, p.membership_level, p.membership_valid_until, c.membership_level, c.membership_valid_until
    from public.profiles p
    cross join lateral private.membership_cache_of(p.user_id, p_day) c
   where (p.membership_level, p.membership_valid_until) is distinct from (c.membership_level, c.membership_valid_until)
$$;

-- private.guard_membership_cache() ------------------------------------------------------
create function private.guard_membership_cache()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if current_setting('private.membership_sync', true) is not distinct from 'on' then
    return new;
  end if;
  -- A direct write of the cache (service role, SQL console, seed) is an admin level edit: it becomes
  -- periods with an audit row, and the cache is what the periods then say.
  perform private.audit(
    'membership.edit', 'user', new.user_id::text, new.user_id,
    jsonb_build_object('membership_level', old.membership_level, 'membership_valid_until', old.membership_valid_until),
    jsonb_build_object('membership_level', new.membership_level, 'membership_valid_until', new.membership_valid_until)
  );
  perform private.set_membership_from(
    new.user_id, new.membership_level, new.membership_valid_until, private.warsaw_today(),
    private.last_audit_id(), auth.uid()
  );
  select c.membership_level, c.membership_valid_until into new.membership_level, new.membership_valid_until
    from private.membership_cache_of(new.user_id) c;
  return new;
end
$$;

-- private.auth_own_metadata() -----------------------------------------------------------
-- The keys Auth itself keeps in user metadata and e-mail identity data; everything a sign-up sends
-- (full_name, phone, referral_code, signup_claim, or anything else) is removed once it is read.
create function private.auth_own_metadata(p_data jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
    from jsonb_each(coalesce(p_data, '{}'::jsonb)) e
   where e.key in ('sub', 'email', 'email_verified', 'phone_verified')
$$;

-- private.create_user_settings() --------------------------------------------------------
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

-- private.guard_member_deletion() -------------------------------------------------------
-- Trigger on auth.users (before delete): an account is deleted only when its wallet is empty and no
-- withdrawal waits for payout, whoever deletes it (the admin RPC, the Auth admin API, the dashboard).
-- The wallet row is locked first, so a withdrawal or a credit cannot slip in between check and delete.
create function private.guard_member_deletion()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_total numeric;
begin
  select b.available_balance + b.pending_balance into v_total
    from public.wallet_balances b
   where b.user_id = old.id
     for update;
  if exists (select 1 from public.withdrawals w where w.user_id = old.id and w.status in ('pending', 'processing')) then
    raise exception using errcode = 'P0001', message = 'admin.user_has_pending_withdrawal';
  end if;
  if coalesce(v_total, 0) > 0 then
    raise exception using errcode = 'P0001', message = 'admin.user_has_balance';
  end if;
  return old;
end
$$;

-- private.guard_reserved_display_name() -------------------------------------------------
-- Trigger on profiles: a reserved display name only on an admin's profile (app_metadata.admin).
-- Security definer: it reads auth.users.
create function private.guard_reserved_display_name()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.is_reserved_display_name(new.full_name)
     and (tg_op = 'INSERT' or new.full_name is distinct from old.full_name)
     and not exists (
       select 1 from auth.users u
        where u.id = new.user_id
          and coalesce(u.raw_app_meta_data -> 'admin' = 'true'::jsonb, false)
     ) then
    raise exception using errcode = '22023', message = 'profile.full_name_reserved';
  end if;
  return new;
end
$$;

-- private.guard_signup_password() -------------------------------------------------------
-- Trigger on auth.users before an update of email_confirmed_at or encrypted_password.
-- * The first confirmation of the address, outside the transaction that created the user: a
--   password set until then was set by whoever signed up, not necessarily by the mailbox owner who
--   has just proved control. It is parked and auth.users gets an empty (unusable) one.
-- * A new password (reset, settings, set after activation): nothing stays parked.
create function private.guard_signup_password()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row private.signup_passwords%rowtype;
begin
  if new.encrypted_password is distinct from old.encrypted_password and coalesce(new.encrypted_password, '') <> '' then
    update private.signup_passwords s
       set parked_password = null, claim_hash = null
     where s.user_id = new.id and s.parked_password is not null;
  end if;

  if old.email_confirmed_at is null and new.email_confirmed_at is not null then
    select * into v_row from private.signup_passwords s where s.user_id = new.id for update;
    if not found then
      insert into private.signup_passwords (user_id, created_txid) values (new.id, '0'::xid8)
      returning * into v_row;
    end if;
    if v_row.first_confirmed_at is null then
      if v_row.created_txid <> pg_current_xact_id() and coalesce(new.encrypted_password, '') <> '' then
        update private.signup_passwords s
           set first_confirmed_at = now(), parked_password = new.encrypted_password
         where s.user_id = new.id;
        new.encrypted_password := '';
      else
        update private.signup_passwords s set first_confirmed_at = now(), claim_hash = null where s.user_id = new.id;
      end if;
    end if;
  end if;
  return new;
end
$$;

-- private.handle_new_user() -------------------------------------------------------------
-- Trigger on auth.users insert (the sign-up transaction): the profile takes the name and phone (its
-- rules apply: private.validate_profile_contact), the referral is recorded from the code (by
-- profiles_record_referral, which reads it from the row), the claim hash is kept, and then the
-- metadata is reduced to Auth's own keys. GoTrue reloads the user after this insert, so neither
-- its answer nor a later sign-up of the same address shows the personal data.
create function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  v_claim text := lower(btrim(v_meta ->> 'signup_claim'));
begin
  insert into public.profiles (user_id, email, full_name, phone, email_confirmed)
  values (
    new.id,
    lower(new.email),
    nullif(btrim(v_meta ->> 'full_name'), ''),
    nullif(btrim(v_meta ->> 'phone'), ''),
    new.email_confirmed_at is not null
  );
  insert into private.signup_passwords (user_id, claim_hash, first_confirmed_at)
  values (
    new.id,
    case when v_claim ~ '^[0-9a-f]{64}$' then decode(v_claim, 'hex') end,
    case when new.email_confirmed_at is not null then now() end
  );
  if v_meta is distinct from private.auth_own_metadata(v_meta) then
    update auth.users u set raw_user_meta_data = private.auth_own_metadata(u.raw_user_meta_data) where u.id = new.id;
  end if;
  return new;
end
$$;

-- private.is_reserved_display_name() ----------------------------------------------------
-- Display names that pass for the club's staff ('Administrator Klubu', 'admin', 'Moderator …'):
-- a word starting with admin or moderat, in any case.
create function private.is_reserved_display_name(p_name text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(lower(p_name) ~ '(^|[^[:alpha:]])(admin|moderat)', false)
$$;

-- private.member_display_name() ---------------------------------------------------------
-- Names shown for members in lists: the display name they chose, else their full name; never e-mail.
create function private.member_display_name(p_user_id uuid)
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

-- private.strip_identity_data() ---------------------------------------------------------
-- Trigger on auth.identities insert: the e-mail identity GoTrue creates at sign-up copies the sign-up
-- data into identity_data (and Auth returns it with the user); only Auth's own keys are kept.
create function private.strip_identity_data()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.identity_data := private.auth_own_metadata(new.identity_data);
  return new;
end
$$;

-- private.sync_profile_from_auth_user() -------------------------------------------------
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

-- private.sync_two_factor_enabled() -----------------------------------------------------
-- Trigger function (rows with a user_id): two_factor_enabled is true exactly when the user has a
-- verified TOTP factor. The TOTP secret itself stays in auth.mfa_factors (Supabase MFA), never in
-- user_settings. Hosted Supabase allows no trigger on auth.mfa_factors: it runs from auth.sessions
-- (on_auth_session_mfa_changed).
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

-- private.validate_profile_contact() ----------------------------------------------------
-- Trigger on public.profiles insert or update of full_name / phone: the same rules on both paths.
-- Normalises (trim; empty = none) and validates what is set: a name 2–100 characters, a phone in
-- E.164 with 7–15 digits. An update may not empty the name; an insert without one is allowed (an
-- account made by an admin tool), the sign-up form always sends one. On update only changed
-- values are checked, so an old value never blocks an unrelated edit.
create function private.validate_profile_contact()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.full_name is distinct from old.full_name then
    new.full_name := nullif(btrim(new.full_name), '');
    if new.full_name is null and tg_op = 'UPDATE' then
      raise exception using errcode = '22023', message = 'profile.full_name_required';
    end if;
    if char_length(new.full_name) not between 2 and 100 then
      raise exception using errcode = '22023', message = 'profile.full_name_length';
    end if;
  end if;
  if tg_op = 'INSERT' or new.phone is distinct from old.phone then
    new.phone := nullif(btrim(new.phone), '');
    if new.phone is not null and new.phone !~ '^\+[1-9][0-9]{6,14}$' then
      raise exception using errcode = '22023', message = 'profile.phone_invalid';
    end if;
  end if;
  return new;
end
$$;

-- public.admin_confirm_email() ----------------------------------------------------------
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

-- public.admin_delete_user() ------------------------------------------------------------
-- 'Usuń użytkownika': the member's erasure (private.erase_member, privacy migration: the same one as
-- the member's own 'Usuń konto') with the admin's reason, answering an e-mailed erasure request when
-- p_request_id names one. Not oneself; refused while the wallet holds money or a withdrawal waits
-- (private.guard_member_deletion); a waiting order is cancelled. The stored files are removed after
-- the commit by remove-stored-files. Audited (user.delete: the reason and the request, no personal
-- value). Returns the request's id in 'Wnioski RODO'.
create function public.admin_delete_user(p_user_id uuid, p_reason text, p_request_id uuid default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text := nullif(btrim(p_reason), '');
  v_request uuid;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_user_id = (select auth.uid()) then
    raise exception using errcode = 'P0001', message = 'admin.cannot_delete_self';
  end if;
  if v_reason is null then
    raise exception using errcode = '22023', message = 'privacy.reason_required';
  end if;
  if char_length(v_reason) > 500 then
    raise exception using errcode = '22023', message = 'privacy.reason_too_long';
  end if;
  v_request := private.erase_member(p_user_id, 'admin', v_reason, p_request_id);
  perform private.audit('user.delete', 'user', p_user_id::text, p_user_id, null,
                        jsonb_build_object('reason', v_reason, 'request_id', v_request));
  return v_request;
end
$$;

-- public.admin_list_users() -------------------------------------------------------------
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
  v_search text := nullif(btrim(p_search), '');
  v_pattern text;
  -- The filters other than the search, and the search itself.
  v_filters text := 'true';
  v_match text;
  v_where text;
  v_order text;
  v_total bigint;
  v_today date := private.warsaw_today();
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
  if char_length(v_search) > 200 then
    raise exception using errcode = '22023', message = 'admin.invalid_search';
  end if;

  if p_email_confirmed is not null then
    v_filters := v_filters || ' and p.email_confirmed = $2';
  end if;
  -- The effective level on today's Warsaw day, from the profile's cache of the periods (so a paid
  -- level stays an index range on (membership_level, created_at)); a cached period that ended is
  -- looked up in the periods (private.cached_level_on).
  if p_membership_level = 'FREE' then
    v_filters := v_filters || ' and (p.membership_level = $3 or (p.membership_valid_until < $8
      and private.membership_level_on(p.user_id, $8) = $3))';
  elsif p_membership_level is not null then
    v_filters := v_filters
      || ' and p.membership_level = $3 and (p.membership_valid_until is null or p.membership_valid_until >= $8)';
  end if;
  if v_search is not null then
    -- Search text is literal: escape the LIKE wildcards.
    v_pattern := '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    v_match := case when private.is_email_address(v_search)
                    then 'p.email = lower($6)'
                    else '(p.full_name ilike $1 or p.email like lower($1) or p.phone like lower($1))' end;
  end if;
  v_where := v_filters || coalesce(' and ' || v_match, '');
  v_order := case p_sort when 'name' then 'p.full_name' when 'email' then 'p.email' else 'p.created_at' end
    || case when p_ascending then ' asc, p.id asc' else ' desc, p.id desc' end;

  -- A search (counted up to 101) whose page lies within those 101 rows.
  if v_search is not null and p_offset + p_limit <= 101 then
    -- One scan gives the page and the count: the trigram indexes, or the e-mail's b-tree for an address.
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
              private.cached_level_on(p.user_id, p.membership_level, p.membership_valid_until, $8),
              p.created_at, p.updated_at, s.display_name, s.avatar_url,
              coalesce(s.two_factor_enabled, false), (select count(*) from matches)
         from matches m
         join public.profiles p on p.id = m.id
         left join public.user_settings s on s.user_id = p.user_id
        where m.n > $5 and m.n <= $5 + $4
        order by m.n'
      using v_pattern, p_email_confirmed, p_membership_level, p_limit, p_offset, v_search, null::bigint, v_today;
    return;
  end if;

  execute 'select count(*) from (select 1 from public.profiles p where ' || v_where || ' limit '
      || case when v_search is null then 1001 else 101 end || ') c'
    into v_total
    using v_pattern, p_email_confirmed, p_membership_level, null::integer, null::integer, v_search, null::bigint, v_today;

  return query execute
    'with page as (
       select p.id from public.profiles p
        where ' || v_where || '
        order by ' || v_order || '
        limit $4 offset $5
     )
     select p.id, p.user_id, p.full_name, p.email, p.phone, p.email_confirmed, p.membership_level,
            p.membership_valid_until,
            private.cached_level_on(p.user_id, p.membership_level, p.membership_valid_until, $8),
            p.created_at, p.updated_at, s.display_name, s.avatar_url,
            coalesce(s.two_factor_enabled, false), $7
       from page
       join public.profiles p on p.id = page.id
       left join public.user_settings s on s.user_id = p.user_id
      order by ' || v_order
    using v_pattern, p_email_confirmed, p_membership_level, p_limit, p_offset, v_search, v_total, v_today;
end
$$;

-- public.admin_update_user() ------------------------------------------------------------
-- User edit modal. A null argument keeps the current value; an empty p_phone clears the phone.
-- p_email_confirmed true sets auth.users.email_confirmed_at (if unset), false clears it; the profile
-- follows through the auth.users trigger, so GoTrue and the profile agree.
create function public.admin_update_user(
  p_user_id uuid,
  p_full_name text default null,
  p_phone text default null,
  p_membership_level public.membership_level default null,
  p_email_confirmed boolean default null,
  p_membership_valid_until date default null,
  p_clear_valid_until boolean default false,
  p_reason text default null
)
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.profiles;
  v_profile public.profiles;
  v_level public.membership_level;
  v_until date;
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if char_length(v_reason) > 500 then
    raise exception using errcode = 'P0001', message = 'membership.invalid_reason';
  end if;
  select * into v_before from public.profiles p where p.user_id = p_user_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'admin.user_not_found';
  end if;
  v_level := coalesce(p_membership_level, v_before.membership_level);
  v_until := case when coalesce(p_clear_valid_until, false) then null
                  else coalesce(p_membership_valid_until, v_before.membership_valid_until) end;
  if (v_level, v_until) is distinct from (v_before.membership_level, v_before.membership_valid_until) then
    perform private.audit(
      'membership.edit', 'user', p_user_id::text, p_user_id,
      jsonb_build_object('membership_level', v_before.membership_level,
                         'membership_valid_until', v_before.membership_valid_until),
      jsonb_build_object('membership_level', v_level, 'membership_valid_until', v_until, 'reason', v_reason)
    );
    perform private.set_membership_from(p_user_id, v_level, v_until, private.warsaw_today(),
                                        private.last_audit_id(), (select auth.uid()));
    select c.membership_level, c.membership_valid_until into v_level, v_until
      from private.membership_cache_of(p_user_id) c;
  end if;
  -- One profile write (one profiles.update audit row): the edited fields and the level cache.
  perform set_config('private.membership_sync', 'on', true);
  update public.profiles p
     set full_name = coalesce(p_full_name, p.full_name),
         phone = coalesce(p_phone, p.phone),
         membership_level = v_level,
         membership_valid_until = v_until
   where p.user_id = p_user_id;
  perform set_config('private.membership_sync', '', true);
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

-- public.claim_signup_password() --------------------------------------------------------
-- RPC (the /activate page, right after Auth's verify returned a session): gives the parked sign-up
-- password back when the caller presents the claim secret that the signing-up browser kept, within
-- a day of the confirmation. 'kept': the password the member chose works (also when nothing was
-- parked); 'password_required': the member sets a new password (e.g. someone else signed up with
-- this address, or the link was opened in another browser).
create function public.claim_signup_password(p_claim text default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := (select auth.uid());
  v_claim text := btrim(p_claim);
  v_row private.signup_passwords%rowtype;
begin
  if v_user_id is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  select * into v_row from private.signup_passwords s where s.user_id = v_user_id for update;
  if not found or v_row.parked_password is null then
    return 'kept';
  end if;
  if v_claim is null
     or v_row.claim_hash is null
     or sha256(convert_to(v_claim, 'UTF8')) <> v_row.claim_hash
     or v_row.first_confirmed_at < now() - interval '1 day' then
    return 'password_required';
  end if;
  update auth.users u
     set encrypted_password = v_row.parked_password, updated_at = now()
   where u.id = v_user_id and coalesce(u.encrypted_password, '') = '';
  update private.signup_passwords s set parked_password = null, claim_hash = null where s.user_id = v_user_id;
  return 'kept';
end
$$;

-- public.effective_membership_level() ---------------------------------------------------
-- The member's level as it counts today, as a computed field of profiles (PostgREST: select
-- `effective_membership_level` with the row): the header badge and every member page read it.
create function public.effective_membership_level(p_profile public.profiles)
returns public.membership_level
language sql
stable
set search_path = ''
as $$
  select private.cached_level_on(p_profile.user_id, p_profile.membership_level, p_profile.membership_valid_until,
                                 private.warsaw_today())
$$;

-- public.get_account_status() -----------------------------------------------------------
-- Login and registration screens: 'missing' | 'not_activated' | 'active'. At most 20 look-ups per
-- client address in 10 minutes (the screens ask once per submit): guessing addresses by the
-- thousand is refused with account.status_rate_limited (P0001).
create function public.get_account_status(p_email text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_client text := private.request_client();
begin
  perform pg_advisory_xact_lock(hashtext('account_status:' || v_client));
  delete from private.account_status_lookups l where l.looked_up_at < now() - interval '10 minutes';
  if (select count(*) from private.account_status_lookups l where l.client = v_client) >= 20 then
    raise exception using errcode = 'P0001', message = 'account.status_rate_limited';
  end if;
  insert into private.account_status_lookups (client) values (v_client);
  return coalesce(
    (select case when p.email_confirmed then 'active' else 'not_activated' end
       from public.profiles p
      where p.email = lower(btrim(p_email))
      limit 1),
    'missing'
  );
end
$$;

-- public.request_email_change() ---------------------------------------------------------
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

-- public.update_user_profile() ----------------------------------------------------------
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

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- on_auth_identity_created on auth.identities -------------------------------------------
create trigger on_auth_identity_created
  before insert on auth.identities
  for each row when (new.provider = 'email')
  execute function private.strip_identity_data();

-- on_auth_session_mfa_changed on auth.sessions ------------------------------------------
create constraint trigger on_auth_session_mfa_changed
  after update of aal, factor_id or delete on auth.sessions
  deferrable initially deferred
  for each row execute function private.sync_two_factor_enabled();

-- on_auth_user_created on auth.users ----------------------------------------------------
create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

-- on_auth_user_deleting on auth.users ---------------------------------------------------
create trigger on_auth_user_deleting
  before delete on auth.users
  for each row execute function private.guard_member_deletion();

-- on_auth_user_email_changed on auth.users ----------------------------------------------
create trigger on_auth_user_email_changed
  after update of email, email_confirmed_at on auth.users
  for each row
  when (old.email is distinct from new.email or old.email_confirmed_at is distinct from new.email_confirmed_at)
  execute function private.sync_profile_from_auth_user();

-- on_auth_user_password_guard on auth.users ---------------------------------------------
create trigger on_auth_user_password_guard
  before update of email_confirmed_at, encrypted_password on auth.users
  for each row execute function private.guard_signup_password();

-- profiles_audit on public.profiles -----------------------------------------------------
-- Tables members write too: only what a member cannot do reaches the audit.
-- profiles: level and end date (no member can change them), name and phone of someone else.
create trigger profiles_audit after update on public.profiles
  for each row
  when (
    (old.membership_level, old.membership_valid_until) is distinct from (new.membership_level, new.membership_valid_until)
    or ((old.full_name, old.phone) is distinct from (new.full_name, new.phone) and new.user_id is distinct from auth.uid())
  )
  execute function private.audit_admin_write();

-- profiles_create_user_settings on public.profiles --------------------------------------
create trigger profiles_create_user_settings
  after insert on public.profiles
  for each row execute function private.create_user_settings();

-- profiles_guard_reserved_display_name on public.profiles -------------------------------
create trigger profiles_guard_reserved_display_name
  before insert or update of full_name on public.profiles
  for each row execute function private.guard_reserved_display_name();

-- profiles_set_updated_at on public.profiles --------------------------------------------
create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

-- profiles_validate_contact on public.profiles ------------------------------------------
create trigger profiles_validate_contact
  before insert or update of full_name, phone on public.profiles
  for each row execute function private.validate_profile_contact();

-- user_settings_guard_notification_preferences on public.user_settings ------------------
create trigger user_settings_guard_notification_preferences
  before insert or update of notification_preferences on public.user_settings
  for each row execute function private.guard_notification_preferences();

-- user_settings_set_updated_at on public.user_settings ----------------------------------
create trigger user_settings_set_updated_at
  before update on public.user_settings
  for each row execute function private.set_updated_at();

-- profiles_guard_membership_cache on public.profiles ---------------------------------
create trigger profiles_guard_membership_cache
  before update of membership_level, membership_valid_until on public.profiles
  for each row
  when (old.membership_level is distinct from new.membership_level
        or old.membership_valid_until is distinct from new.membership_valid_until)
  execute function private.guard_membership_cache();

-- ========================================================================================
-- Policies
-- ========================================================================================

-- public.profiles -----------------------------------------------------------------------

create policy profiles_select_authenticated on public.profiles
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy profiles_update_authenticated on public.profiles
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- public.user_settings ------------------------------------------------------------------

create policy user_settings_select_authenticated on public.user_settings
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy user_settings_update_authenticated on public.user_settings
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- ========================================================================================
-- Grants
-- ========================================================================================

grant execute on function public.admin_confirm_email(uuid) to authenticated;
grant execute on function public.admin_delete_user(uuid, text, uuid) to authenticated;
grant execute on function public.admin_list_users(text,boolean,public.membership_level,text,boolean,integer,integer) to authenticated;
revoke execute on function public.claim_signup_password(text) from service_role;
grant execute on function public.claim_signup_password(text) to authenticated;
grant execute on function public.effective_membership_level(public.profiles) to authenticated;
revoke execute on function public.get_account_status(text) from service_role;
grant execute on function public.get_account_status(text) to anon, authenticated;
grant execute on function public.request_email_change(text) to authenticated;
grant execute on function public.update_user_profile(uuid,text,text,text,text) to authenticated;
grant select on public.profiles to authenticated;
grant select on public.user_settings to authenticated;
grant update (full_name, phone) on public.profiles to authenticated;
grant update (avatar_url, display_name, notification_preferences, theme) on public.user_settings to authenticated;

grant execute on function private.cached_level_on(uuid,public.membership_level,date,date) to authenticated;
grant execute on function public.admin_update_user(uuid,text,text,public.membership_level,boolean,date,boolean,text) to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function private.guard_member_deletion() is 'Refuses deleting an account whose wallet holds money or that has a pending withdrawal (admin.user_has_balance, admin.user_has_pending_withdrawal).';
comment on function private.guard_reserved_display_name() is 'Refuses a reserved display name on a profile whose account is not an admin (profile.full_name_reserved, 22023).';
comment on function private.is_reserved_display_name(text) is 'True for display names that pass for staff (a word starting with admin or moderat).';
comment on function private.member_display_name(uuid) is 'Name shown for a member in lists: display name, else full name; never the e-mail.';
comment on function public.admin_confirm_email(uuid) is 'Admin only. Sets auth.users.email_confirmed_at (profile follows).';
comment on function public.admin_delete_user(uuid, text, uuid) is 'Admin only. Erases the member (private.erase_member) with a reason (privacy.reason_required), answering the erasure request p_request_id if given; not oneself; refused while the wallet holds money or a withdrawal is pending. Audited. Returns the request''s id.';
comment on function public.admin_list_users(text,boolean,public.membership_level,text,boolean,integer,integer) is 'Admin only. Search (at most 200 characters): a whole e-mail address finds that member (the e-mail''s b-tree), any other text is a case-insensitive part of full_name / email / phone (trigram indexes); filters (the level filter is the effective level: FREE includes paid levels past membership_valid_until), sort name | email | created, page of 1..100 rows; each row has the stored level, its end date and the effective level; total_count stops at 1 001 (101 with a search): more than 1 000 (100) matches.';
comment on function public.claim_signup_password(text) is 'After activation: returns kept (the sign-up password works: given back for the right claim secret, or nothing was parked) or password_required (the member sets a new password).';
comment on function public.get_account_status(text) is 'missing | not_activated | active for an e-mail (login and registration screens); at most 20 calls per client address in 10 minutes (account.status_rate_limited).';
comment on function public.request_email_change(text) is 'Validates and returns the normalised new e-mail; the browser then calls auth.updateUser({ email }).';
comment on function public.update_user_profile(uuid,text,text,text,text) is 'Own profile + settings in one call; null arguments keep current values, empty phone/avatar clears them.';
comment on table private.account_status_lookups is 'Recent get_account_status calls per client address (10 minutes), for its rate limit.';
comment on table private.signup_passwords is 'Pre-account takeover guard: the claim hash of the signing-up browser, and the password set before the address was first confirmed (parked at that confirmation until claimed back or replaced). Written by triggers and claim_signup_password only.';
comment on table public.profiles is 'One row per auth user, created by the on_auth_user_created trigger.';
comment on table public.user_settings is 'One row per member, created by the profiles_create_user_settings trigger.';
comment on column public.profiles.membership_level is 'Changed only by admins (through server functions), never by the member.';
comment on column public.profiles.membership_valid_until is 'Cache of the membership periods (private.membership_cache_of), rewritten in the transaction of every period change and rolled over after midnight in Warsaw by the hourly job: the last day of the running level (null: no end date), or with FREE the day the last period ran out (or the day before a later one starts). The level that counts is private.membership_level_on.';
comment on column public.user_settings.display_name is 'Initialised from the full name at sign-up; shown in the header user menu.';
comment on column public.user_settings.two_factor_enabled is 'Mirror of auth.mfa_factors (a verified TOTP factor exists), recomputed when a session is raised to or dropped from aal2; not writable by members. The TOTP secret lives only in auth.mfa_factors.';

comment on function private.cached_level_on(uuid,public.membership_level,date,date) is 'private.membership_level_on through the profile''s cache: the cached level while its end date has not passed, the periods after it (a queued period may have started since the cache was written).';

comment on function private.membership_cache_of(uuid,date) is 'What profiles.membership_level / membership_valid_until hold for a member on a day: the covering period''s level up to the last day of the same-level periods right after it (null date: no end date), else FREE until a later period starts, else FREE with the last day of the last period (no date when a refund or an admin ended it), else FREE with no date. A membership that ran out is FREE in the cache, so the level counters count it as FREE.';

comment on function private.sync_membership_cache(uuid) is 'Rewrites the profile''s level cache from the periods, in the caller''s transaction.';

comment on function private.membership_cache_mismatches(date) is 'Profiles whose level cache differs from their periods on a day; empty when none drifted.';

comment on function private.guard_membership_cache() is 'profiles: a write of membership_level / membership_valid_until outside private.sync_membership_cache is recorded as an admin level edit (periods + audit row).';

comment on function public.effective_membership_level(public.profiles) is 'The member''s level today in Warsaw (private.membership_level_on, through the profile''s cache).';

comment on function public.admin_update_user(uuid,text,text,public.membership_level,boolean,date,boolean,text) is 'Admin (aal2): edits a member''s name, phone, e-mail confirmation and level; a level edit ends the member''s periods from today (or the past end date given) and adds the new paid level, audited with its reason (membership.edit).';

-- ========================================================================================
-- Data
-- ========================================================================================

-- Backfill (a database that had levels before periods): every paid level becomes a period, so
-- members see the same level and date.
insert into public.membership_periods (user_id, level, first_day, last_day, source)
select p.user_id, p.membership_level,
       least(private.warsaw_today(), coalesce(p.membership_valid_until, private.warsaw_today())),
       coalesce(p.membership_valid_until, 'infinity'),
       'backfill'
  from public.profiles p
 where p.membership_level <> 'FREE';
-- A level that already ran out is FREE in the cache from then on (with its end date for the lapsed
-- notice), as private.membership_cache_of says for every later change.
select set_config('private.membership_sync', 'on', false);
update public.profiles p
   set membership_level = 'FREE'
 where p.membership_level <> 'FREE' and p.membership_valid_until < private.warsaw_today();
select set_config('private.membership_sync', '', false);
