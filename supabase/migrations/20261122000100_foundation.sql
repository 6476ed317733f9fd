-- Foundation: the privileges model, the private schema, extensions and the small helpers every
-- domain uses (admin check, updated_at, amounts, rate limits).
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Privileges model (once for the whole project)
-- ========================================================================================
-- New Supabase projects no longer expose new public tables and functions to the API roles by
-- default; older ones do. Revoke the defaults so both behave alike and every grant is explicit and
-- minimal. (Grants: the last section of each domain file.)
alter default privileges for role postgres in schema public revoke all on tables from anon, authenticated;
alter default privileges for role postgres in schema public revoke all on sequences from anon, authenticated;
alter default privileges for role postgres in schema public revoke execute on functions from public, anon, authenticated;
alter default privileges for role postgres revoke execute on functions from public;

-- ========================================================================================
-- Schemas and extensions
-- ========================================================================================
create schema if not exists private;
revoke all on schema private from public, anon, authenticated;
-- Policies run as the caller, so the caller may look up (but not list) helpers used in policies.
grant usage on schema private to authenticated, service_role;
alter default privileges for role postgres in schema private revoke execute on functions from public, anon, authenticated;

-- Trigram indexes: the admin member search and the ideas board search.
create extension if not exists pg_trgm with schema extensions;

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.admin_assurance_ok() ----------------------------------------------------------
-- An admin is an admin only in an aal2 session. Without a verified factor there is no aal2 session,
-- so the admin area leads such an admin to enrol one first.
create function private.admin_assurance_ok()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
$$;

-- private.enforce_member_rate_limit() ---------------------------------------------------
-- Trigger before insert on the member-written tables: the caller's rows of the last window, counted
-- under a per-member lock (rows inserted earlier by the same statement are counted too).
create function private.enforce_member_rate_limit()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_count integer;
begin
  if v_uid is null then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtext('member_rate_limit:' || tg_table_name || ':' || v_uid::text));
  case tg_table_name
    when 'app_ideas' then
      -- Submissions, not rows: a withdrawn idea still counts (private.idea_submissions, ideas file).
      delete from private.idea_submissions s
       where s.user_id = v_uid and s.submitted_at <= now() - interval '1 day';
      select count(*) into v_count from private.idea_submissions s
       where s.user_id = v_uid and s.submitted_at > now() - interval '1 day';
      if v_count >= 10 then
        raise exception using errcode = 'P0001', message = 'ideas.daily_limit';
      end if;
      insert into private.idea_submissions (user_id) values (v_uid);
    when 'idea_comments' then
      select count(*) into v_count from public.idea_comments c
       where c.user_id = v_uid and c.created_at > now() - interval '1 hour';
      if v_count >= 20 then
        raise exception using errcode = 'P0001', message = 'ideas.comment_rate_limited';
      end if;
    when 'post_comments' then
      select count(*) into v_count from public.post_comments c
       where c.user_id = v_uid and c.created_at > now() - interval '1 hour';
      if v_count >= 20 then
        raise exception using errcode = 'P0001', message = 'community.comment_rate_limited';
      end if;
    when 'post_reactions' then
      select count(*) into v_count from public.post_reactions r
       where r.user_id = v_uid and r.created_at > now() - interval '1 hour';
      if v_count >= 60 then
        raise exception using errcode = 'P0001', message = 'community.reaction_rate_limited';
      end if;
  end case;
  return new;
end
$$;

-- private.is_admin() --------------------------------------------------------------------
-- THE admin check of every policy and RPC, with the second factor: the JWT's app_metadata.admin, and aal2 when the admin has a verified factor. Checked in this order, so
-- members never cost a lookup. Reads and writes alike: an admin area that only half works at aal1
-- would hide nothing that matters (members' data) and confuse everyone.
create function private.is_admin()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  if not coalesce((auth.jwt() -> 'app_metadata' -> 'admin') = 'true'::jsonb, false) then
    return false;
  end if;
  return private.admin_assurance_ok();
end
$$;

-- private.is_admin_or_service_role() ----------------------------------------------------
-- Admin (app_metadata.admin in the JWT) or server code holding the service_role key.
-- Used by the admin RPCs of the money domain (wallet, CCC), which server code may call too.
create function private.is_admin_or_service_role()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'role' = 'service_role', false) or private.is_admin()
$$;

-- private.is_email_address() ------------------------------------------------------------
-- Whether a search text is a whole e-mail address (then it is looked up, not searched for).
create function private.is_email_address(p_text text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(p_text ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$', false)
$$;

-- private.is_valid_amount() -------------------------------------------------------------
-- A valid money amount: positive, at most 2 decimals, fits numeric(18, 2).
create function private.is_valid_amount(p_amount numeric)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(p_amount > 0 and p_amount = round(p_amount, 2) and p_amount < 1e16, false)
$$;

-- private.is_valid_decimal() ------------------------------------------------------------
-- True when a number is finite, positive and has at most p_scale decimals (shares: 4, supply: 0;
-- money uses the wallet's private.is_valid_amount).
create function private.is_valid_decimal(p_value numeric, p_scale integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_value is not null
     and p_value <> 'NaN'::numeric
     and p_value not in ('Infinity'::numeric, '-Infinity'::numeric)
     and p_value > 0
     and p_value = round(p_value, p_scale)
$$;

-- private.mask_email() ------------------------------------------------------------------
-- 4: 'anna.kowalska@example.com' -> 'ann***@e***'. The local part keeps at most 3 characters and at
-- most half of itself (at least 1), the domain only its first character: no address is shown whole.
create function private.mask_email(p_email text)
returns text
language sql
immutable
set search_path = ''
as $$
  with parts as (
    select split_part(p_email, '@', 1) as local_part,
           case when position('@' in p_email) > 0 then substring(p_email from position('@' in p_email) + 1) end as domain
  )
  select case
    when p_email is null then null
    else left(local_part, least(3, greatest(1, char_length(local_part) / 2))) || '***'
         || case when domain is null then '' else '@' || left(domain, 1) || '***' end
  end
  from parts
$$;

-- private.request_client() --------------------------------------------------------------
-- The calling client as the API gateway reports it (the first X-Forwarded-For address; hosted
-- Supabase's gateway sets it), 'unknown' when no address came with the request.
create function private.request_client()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    nullif(btrim(split_part(coalesce(current_setting('request.headers', true), '{}')::jsonb ->> 'x-forwarded-for', ',', 1)), ''),
    'unknown'
  )
$$;

-- private.set_updated_at() --------------------------------------------------------------
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

-- ========================================================================================
-- Grants
-- ========================================================================================

grant execute on function private.admin_assurance_ok() to authenticated, service_role;
grant execute on function private.is_admin() to authenticated, service_role;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function private.admin_assurance_ok() is 'True when the session is aal2 (a verified second factor was used). Part of private.is_admin(): no admin right without it.';
comment on function private.enforce_member_rate_limit() is 'Per-member limits of signed-in callers: 10 ideas submitted a day, withdrawn ones included (ideas.daily_limit, counted in private.idea_submissions), 20 idea or post comments an hour (ideas.comment_rate_limited, community.comment_rate_limited), 60 reactions an hour (community.reaction_rate_limited).';
comment on function private.is_admin() is 'True when the caller''s JWT carries app_metadata.admin = true and the session is aal2.';
comment on function private.is_admin_or_service_role() is 'True for admins (app_metadata.admin) and for server code using the service_role key.';
comment on function private.is_email_address(text) is 'True when a search text is a whole e-mail address (local part, @, a domain with a dot, no spaces): the admin searches look it up by profiles.email instead of searching for a part.';
comment on function private.mask_email(text) is 'At most 3 characters (and at most half) of the local part, then ***@, the domain''s first character and ***.';
comment on function private.request_client() is 'The client address of the request (first X-Forwarded-For entry), or unknown.';
comment on schema private is 'Helpers for policies and triggers; not exposed by the API.';
comment on schema public is 'standard public schema';
