-- Account security (issue 9, "what attacks on the running stack found"), built for hosted Supabase
-- Auth, which we cannot change: every rule lives in triggers on Auth's tables and in our RPCs.
--   1. Pre-account takeover: a password set before the mailbox owner proved control (anyone can sign
--      up with someone else's address) stops working when the address is first confirmed. It is
--      parked; the browser that signed up (it holds the sign-up's claim secret) gets it back at once
--      after activation; anyone else activating sets a password of their own.
--   2. Personal data (name, phone, referral code) lives in the profile only: it is removed from
--      auth.users.raw_user_meta_data and auth.identities.identity_data as soon as the profile holds
--      it, because Auth answers a second sign-up of a pending address with the stored user.
--   3. The profile rules apply on insert (sign-up) as they do on update.
--   4. The referral ranking counts activated members only.
--   5. The names of the e-mail templates the send-email hook uses, in one place.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.
--
-- Privileges this needs on hosted Supabase (migrations run as `postgres`): TRIGGER on auth.users and
-- auth.identities, UPDATE on auth.users (the definer functions below run as the owner `postgres`).
--
-- Error contract of this file (SQLSTATE / message key):
--   42501 auth.forbidden                 claim_signup_password without a session
--   22023 profile.full_name_length | profile.phone_invalid   (now also at sign-up)

-- -------------------------------------------------------------------------------------
-- Types
-- -------------------------------------------------------------------------------------
-- None.

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
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

-- The referred member counts in the ranking from the first confirmation of their e-mail.
alter table public.referral_relationships add column activated_at timestamptz;

-- -------------------------------------------------------------------------------------
-- Indexes (signup_passwords.user_id is its primary key)
-- -------------------------------------------------------------------------------------
-- None: referral_relationships is read by referred_id (unique) and referrer_id (indexed).

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------

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
revoke execute on function private.auth_own_metadata(jsonb) from public, anon, authenticated, service_role;

-- Trigger on auth.users insert (the sign-up transaction): the profile takes the name and phone (its
-- rules apply: private.validate_profile_contact), the referral is recorded from the code (by
-- profiles_record_referral, which reads it from the row), the claim hash is kept, and then the
-- metadata is reduced to Auth's own keys. GoTrue reloads the user after this insert, so neither
-- its answer nor a later sign-up of the same address shows the personal data.
create or replace function private.handle_new_user()
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
revoke execute on function private.handle_new_user() from public, anon, authenticated, service_role;

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
revoke execute on function private.strip_identity_data() from public, anon, authenticated, service_role;

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
revoke execute on function private.guard_signup_password() from public, anon, authenticated, service_role;

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
revoke execute on function public.claim_signup_password(text) from public, anon, authenticated, service_role;
grant execute on function public.claim_signup_password(text) to authenticated;

-- Trigger on public.profiles insert or update of full_name / phone: the same rules on both paths.
-- Normalises (trim; empty = none) and validates what is set: a name 2–100 characters, a phone in
-- E.164 with 7–15 digits. An update may not empty the name; an insert without one is allowed (an
-- account made by an admin tool), the sign-up form always sends one. On update only changed
-- values are checked, so an old value never blocks an unrelated edit.
create or replace function private.validate_profile_contact()
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
revoke execute on function private.validate_profile_contact() from public, anon, authenticated, service_role;

-- Trigger on public.profiles insert (sign-up): as before, and the relationship counts at once when
-- the account is created confirmed.
create or replace function private.record_referral_at_signup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_code text;
  v_code_id uuid;
  v_referrer_id uuid;
begin
  select upper(btrim(u.raw_user_meta_data ->> 'referral_code')) into v_code
    from auth.users u where u.id = new.user_id;
  if v_code is null or v_code = '' then
    return null;
  end if;
  select c.id, c.user_id into v_code_id, v_referrer_id
    from public.referral_codes c
   where c.code = v_code and c.active and c.user_id <> new.user_id
     for update;
  if not found then
    return null;
  end if;
  insert into public.referral_relationships (referrer_id, referred_id, code_id, activated_at)
  values (v_referrer_id, new.user_id, v_code_id, case when new.email_confirmed then now() end)
  on conflict (referred_id) do nothing;
  if found then
    update public.referral_codes c
       set registrations_count = c.registrations_count + 1, last_registration_at = now()
     where c.id = v_code_id;
  end if;
  return null;
end
$$;
revoke execute on function private.record_referral_at_signup() from public, anon, authenticated, service_role;

-- Trigger on public.profiles update of email_confirmed: the referred member's relationship is
-- activated (first confirmation kept) or, when an admin un-confirms the e-mail, not counted.
create function private.activate_referral()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.referral_relationships r
     set activated_at = case when new.email_confirmed then coalesce(r.activated_at, now()) end
   where r.referred_id = new.user_id
     and (r.activated_at is null) = new.email_confirmed;
  return null;
end
$$;
revoke execute on function private.activate_referral() from public, anon, authenticated, service_role;

-- Trigger on referral_relationships: referrer_stats.referral_count counts activated relationships
-- (also when rows go away through cascades).
create or replace function private.count_referrer_referrals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_delta integer := 0;
  v_referrer_id uuid;
begin
  if tg_op in ('INSERT', 'UPDATE') and new.activated_at is not null then
    v_delta := v_delta + 1;
  end if;
  if tg_op in ('DELETE', 'UPDATE') and old.activated_at is not null then
    v_delta := v_delta - 1;
  end if;
  if v_delta = 0 then
    return null;
  end if;
  v_referrer_id := case when tg_op = 'DELETE' then old.referrer_id else new.referrer_id end;
  if v_delta > 0 then
    insert into private.referrer_stats as s (user_id, referral_count)
    values (v_referrer_id, v_delta)
    on conflict (user_id) do update set referral_count = s.referral_count + v_delta, updated_at = now();
  else
    -- Update only: the referrer may be the user being deleted.
    update private.referrer_stats s
       set referral_count = greatest(s.referral_count + v_delta, 0), updated_at = now()
     where s.user_id = v_referrer_id;
  end if;
  return null;
end
$$;
revoke execute on function private.count_referrer_referrals() from public, anon, authenticated, service_role;

-- The e-mail templates the send-email hook renders, by Auth's email_action_type: the one list in the
-- database (supabase/functions/send-email/templates.ts holds the same map; a test keeps them equal).
-- Guards on public.email_templates use it to keep these templates from being deleted or renamed.
create function private.auth_hook_email_templates()
returns table (action text, template text)
language sql
immutable
set search_path = ''
as $$
  values
    ('signup', 'account-activation'),
    ('magiclink', 'magic-link'),
    ('recovery', 'password-reset'),
    ('email_change', 'email-change'),
    ('reauthentication', 'reauthentication'),
    ('password_changed_notification', 'password-changed'),
    ('email_changed_notification', 'email-changed'),
    ('mfa_factor_enrolled_notification', 'mfa-factor-enrolled'),
    ('mfa_factor_unenrolled_notification', 'mfa-factor-unenrolled')
$$;
revoke execute on function private.auth_hook_email_templates() from public, anon, authenticated;
grant execute on function private.auth_hook_email_templates() to service_role;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
drop trigger profiles_validate_contact on public.profiles;
create trigger profiles_validate_contact
  before insert or update of full_name, phone on public.profiles
  for each row execute function private.validate_profile_contact();

create trigger on_auth_identity_created
  before insert on auth.identities
  for each row when (new.provider = 'email')
  execute function private.strip_identity_data();

create trigger on_auth_user_password_guard
  before update of email_confirmed_at, encrypted_password on auth.users
  for each row execute function private.guard_signup_password();

create trigger profiles_activate_referral
  after update of email_confirmed on public.profiles
  for each row when (old.email_confirmed is distinct from new.email_confirmed)
  execute function private.activate_referral();

drop trigger referral_relationships_count_referrals on public.referral_relationships;
create trigger referral_relationships_count_referrals
  after insert or delete or update of activated_at on public.referral_relationships
  for each row execute function private.count_referrer_referrals();

-- Existing rows (local databases): the same state the triggers would have produced.
insert into private.signup_passwords (user_id, first_confirmed_at)
select u.id, u.email_confirmed_at from auth.users u
on conflict (user_id) do nothing;
update auth.users u set raw_user_meta_data = private.auth_own_metadata(u.raw_user_meta_data)
 where u.raw_user_meta_data is distinct from private.auth_own_metadata(u.raw_user_meta_data);
update auth.identities i set identity_data = private.auth_own_metadata(i.identity_data)
 where i.provider = 'email' and i.identity_data is distinct from private.auth_own_metadata(i.identity_data);
update public.referral_relationships r
   set activated_at = r.created_at
  from public.profiles p
 where p.user_id = r.referred_id and p.email_confirmed and r.activated_at is null;
update private.referrer_stats s
   set referral_count = (
     select count(*) from public.referral_relationships r where r.referrer_id = s.user_id and r.activated_at is not null
   ), updated_at = now();

-- -------------------------------------------------------------------------------------
-- Policies (private.signup_passwords has none: no client role may touch it)
-- -------------------------------------------------------------------------------------

-- -------------------------------------------------------------------------------------
-- Grants (function grants sit beside each function above)
-- -------------------------------------------------------------------------------------
revoke all on private.signup_passwords from public, anon, authenticated, service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on table private.signup_passwords is
  'Pre-account takeover guard: the claim hash of the signing-up browser, and the password set before the address was first confirmed (parked at that confirmation until claimed back or replaced). Written by triggers and claim_signup_password only.';
comment on column public.referral_relationships.activated_at is
  'When the referred member''s e-mail was confirmed (null while not activated); the ranking counts activated relationships only.';
comment on function public.claim_signup_password(text) is
  'After activation: returns kept (the sign-up password works: given back for the right claim secret, or nothing was parked) or password_required (the member sets a new password).';
comment on function private.auth_hook_email_templates() is
  'Auth email_action_type -> e-mail template name, for every template the send-email hook renders.';
