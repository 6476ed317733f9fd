-- Admin area (issue 13): the second factor for admins, the hook templates' guard, member deletion
-- that keeps the club's money records, and the moderation and payout queues of the admin tabs.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.
--
-- Error contract of this file (SQLSTATE / message key):
--   42501 auth.forbidden                      caller is not an admin (or an admin whose verified
--                                             second factor was not used in this session: aal1)
--   P0001 admin.cannot_delete_self            (unchanged) an admin cannot delete their own account
--   P0002 admin.user_not_found                (unchanged) no such user
--   P0001 admin.user_has_balance              the member's wallet holds money (available or pending)
--   P0001 admin.user_has_pending_withdrawal   the member has a withdrawal waiting for payout
--   P0001 templates.hook_template_protected   a template the send-email hook uses cannot be deleted or renamed
--   22023 admin.invalid_limit | admin.invalid_offset | admin.invalid_status   list arguments

-- -------------------------------------------------------------------------------------
-- Types
-- -------------------------------------------------------------------------------------
-- None.

-- -------------------------------------------------------------------------------------
-- Tables: a deleted member's money records stay, with the member reference anonymised.
-- -------------------------------------------------------------------------------------
-- Withdrawals referred to auth.users with ON DELETE CASCADE and the ledger to wallet_balances with
-- ON DELETE CASCADE: deleting an account erased its payouts from the books. Now the reference
-- becomes null instead (a deletion is refused while money is still held, see the trigger below).
alter table public.withdrawals alter column user_id drop not null;
alter table public.withdrawals drop constraint withdrawals_user_id_fkey;
alter table public.withdrawals
  add constraint withdrawals_user_id_fkey foreign key (user_id) references auth.users (id) on delete set null;

alter table public.wallet_transactions alter column user_id drop not null;
alter table public.wallet_transactions drop constraint wallet_transactions_user_id_fkey;
alter table public.wallet_transactions
  add constraint wallet_transactions_user_id_fkey foreign key (user_id)
  references public.wallet_balances (user_id) on delete set null;

-- -------------------------------------------------------------------------------------
-- Indexes
-- -------------------------------------------------------------------------------------
-- The users tab's sorts end with the id (a stable page order even when many members share a date or
-- a name, e.g. after an import): each sort and filter reads its index in order, no sort step. They
-- replace the single-column indexes of 20261122102000_admin_users.sql (a prefix serves their lookups).
create index profiles_created_at_id_idx on public.profiles (created_at desc, id desc);
create index profiles_full_name_id_idx on public.profiles (full_name, id);
create index profiles_email_confirmed_created_at_id_idx on public.profiles (email_confirmed, created_at desc, id desc);
create index profiles_membership_level_created_at_id_idx on public.profiles (membership_level, created_at desc, id desc);
drop index if exists public.profiles_full_name_idx;
drop index if exists public.profiles_email_confirmed_idx;
drop index if exists public.profiles_membership_level_idx;
-- The moderation list: pending first (the enum's first value), newest first within a status.
create index if not exists app_ideas_status_submitted_at_idx on public.app_ideas (status, submitted_at desc, id desc);
-- The payouts tab: one status, by date (oldest first for the pending queue, newest first otherwise).
create index withdrawals_status_created_at_idx on public.withdrawals (status, created_at, id);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------

-- The second factor for admins. An admin whose account has a verified MFA factor must use it: with
-- an aal1 session (a stolen password, a session older than the factor) the JWT still says admin,
-- but the database does not treat the caller as one. Security definer: auth.mfa_factors is readable
-- by the owner (postgres, on hosted projects too), never by the API roles.
create function private.admin_assurance_ok()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.jwt() ->> 'aal', '') = 'aal2' then
    return true;
  end if;
  return not exists (
    select 1
      from auth.mfa_factors f
     where f.user_id = auth.uid()
       and f.status = 'verified'
  );
end
$$;

-- THE admin check of every policy and RPC (foundation migration), now with the second factor: the
-- JWT's app_metadata.admin, and aal2 when the admin has a verified factor. Checked in this order, so
-- members never cost a lookup. Reads and writes alike: an admin area that only half works at aal1
-- would hide nothing that matters (members' data) and confuse everyone.
create or replace function private.is_admin()
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

-- The templates the send-email hook renders: the names of private.auth_hook_email_templates() (the one
-- list, by Auth's action), read by the guard below. Security definer: the guard runs as the admin, who
-- may not call the hook's own list.
create function private.hook_template_names()
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select array_agg(template order by template) from private.auth_hook_email_templates()
$$;

-- Trigger: a hook template can be edited (subject, content, variables, SMTP) but never deleted or
-- renamed, by anyone: without it every sign-up, magic link or reset would fail.
create function private.protect_hook_templates()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.name = any (private.hook_template_names())
     and (tg_op = 'DELETE' or new.name is distinct from old.name) then
    raise exception using
      errcode = 'P0001',
      message = 'templates.hook_template_protected',
      detail = format('The send-email hook renders the template "%s".', old.name);
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;

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
  if exists (select 1 from public.withdrawals w where w.user_id = old.id and w.status = 'pending') then
    raise exception using errcode = 'P0001', message = 'admin.user_has_pending_withdrawal';
  end if;
  if coalesce(v_total, 0) > 0 then
    raise exception using errcode = 'P0001', message = 'admin.user_has_balance';
  end if;
  return old;
end
$$;

-- The ledger is append-only (wallet migration); besides the deletions that cascade from a deleted
-- account (none any more), the only change allowed is the anonymisation of a deleted account's rows:
-- user_id set to null by the foreign key once the account and its wallet are gone, nothing else.
create or replace function private.wallet_transactions_append_only()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and not exists (select 1 from auth.users u where u.id = old.user_id) then
    return old;
  end if;
  if tg_op = 'UPDATE'
     and old.user_id is not null
     and new.user_id is null
     and (new.id, new.kind, new.available_delta, new.pending_delta, new.withdrawal_id, new.note, new.created_by, new.created_at)
         is not distinct from
         (old.id, old.kind, old.available_delta, old.pending_delta, old.withdrawal_id, old.note, old.created_by, old.created_at)
     and not exists (select 1 from public.wallet_balances b where b.user_id = old.user_id) then
    return new;
  end if;
  raise exception using errcode = 'P0001', message = 'wallet.ledger_append_only';
end
$$;

-- Users tab at 100 000 members (npm run bench:db): the list of 20261122102000_admin_users.sql took
-- 0.3-1.5 s. Causes: under RLS the ILIKE of the search (not leakproof) could not use the trigram
-- indexes; count(*) over () read every matching row; the sorts' NULLS LAST and the id tie-break did
-- not match any index. Now: security definer (the admin check comes first, so RLS adds nothing); the
-- page is picked from profiles alone and only its rows are joined with user_settings; each sort
-- reads its (…, id) index (name: empty names last in A-Z, first in Z-A); the count stops at 1 001
-- rows, at 101 with a search text (a common fragment matches thousands; counting them all costs
-- more than the page): "more than 1 000 / 100, narrow the search", and pages through those.
create or replace function public.admin_list_users(
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
  if p_membership_level is not null then
    v_where := v_where || ' and p.membership_level = $3';
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
            p.created_at, p.updated_at, s.display_name, s.avatar_url,
            coalesce(s.two_factor_enabled, false), $6
       from page
       join public.profiles p on p.id = page.id
       left join public.user_settings s on s.user_id = p.user_id
      order by ' || v_order
    using v_pattern, p_email_confirmed, p_membership_level, p_limit, p_offset, v_total;
end
$$;

-- User delete modal: deletes the account (refused by the trigger above while money is held) and
-- returns the member's files in storage (avatars/{uid}/…, idea-images/{uid}/…) for the browser to
-- remove through the Storage API, which hosted projects require for deleting objects.
drop function public.admin_delete_user(uuid);
create function public.admin_delete_user(p_user_id uuid)
returns table (bucket_id text, name text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_buckets text[];
  v_names text[];
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_user_id = (select auth.uid()) then
    raise exception using errcode = 'P0001', message = 'admin.cannot_delete_self';
  end if;

  -- The member's folders (the C-collated name index answers the prefix).
  select coalesce(array_agg(o.bucket_id order by o.bucket_id, o.name), '{}'),
         coalesce(array_agg(o.name order by o.bucket_id, o.name), '{}')
    into v_buckets, v_names
    from storage.objects o
   where o.bucket_id in ('avatars', 'idea-images')
     and o.name collate "C" like p_user_id::text || '/%';

  delete from auth.users u where u.id = p_user_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'admin.user_not_found';
  end if;

  return query select f.bucket_id, f.name from unnest(v_buckets, v_names) as f (bucket_id, name);
end
$$;
revoke execute on function public.admin_delete_user(uuid) from public, anon, authenticated;
grant execute on function public.admin_delete_user(uuid) to authenticated;

-- E-mail templates tab: every template with a flag for the ones the send-email hook renders (they
-- can be edited but not deleted or renamed), so the tab and the guard read one list.
create function public.admin_list_email_templates()
returns table (
  id uuid,
  name text,
  subject text,
  html_content text,
  text_content text,
  variables jsonb,
  smtp_config_id uuid,
  created_at timestamptz,
  updated_at timestamptz,
  used_by_hook boolean
)
language plpgsql
stable
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  return query
    select t.id, t.name, t.subject, t.html_content, t.text_content, t.variables, t.smtp_config_id, t.created_at,
           t.updated_at, t.name = any (private.hook_template_names())
      from public.email_templates t
     order by t.name;
end
$$;
revoke execute on function public.admin_list_email_templates() from public, anon, authenticated;
grant execute on function public.admin_list_email_templates() to authenticated;

-- Ideas tab: the moderation list, pending first (oldest status first, then newest submission), with
-- the author's name and e-mail (admins may see both). p_status narrows it to one status.
create function public.admin_list_ideas(
  p_status public.idea_status default null,
  p_limit integer default 20,
  p_offset integer default 0
)
returns table (
  id uuid,
  title text,
  description text,
  category public.app_category,
  target_audience text,
  monetization_strategy text,
  submitted_by uuid,
  submitted_at timestamptz,
  status public.idea_status,
  score numeric,
  votes_count integer,
  comments_count integer,
  image_urls text[],
  author_full_name text,
  author_email text,
  total_count bigint
)
language plpgsql
stable
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_limit is null or p_limit not between 1 and 100 then
    raise exception using errcode = '22023', message = 'admin.invalid_limit';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'admin.invalid_offset';
  end if;

  -- Two statements, so that each is planned with its own index path (no "p_status is null or …").
  if p_status is null then
    return query
      with page as (
        select i.id
          from public.app_ideas i
         order by i.status, i.submitted_at desc, i.id desc
         limit p_limit offset p_offset
      )
      select i.id, i.title, i.description, i.category, i.target_audience, i.monetization_strategy, i.submitted_by,
             i.submitted_at, i.status, i.score, i.votes_count, i.comments_count, i.image_urls,
             p.full_name, p.email, (select count(*) from (select 1 from public.app_ideas c limit 1001) c)
        from page
        join public.app_ideas i on i.id = page.id
        left join public.profiles p on p.user_id = i.submitted_by
       order by i.status, i.submitted_at desc, i.id desc;
  else
    return query
      with page as (
        select i.id
          from public.app_ideas i
         where i.status = p_status
         order by i.submitted_at desc, i.id desc
         limit p_limit offset p_offset
      )
      select i.id, i.title, i.description, i.category, i.target_audience, i.monetization_strategy, i.submitted_by,
             i.submitted_at, i.status, i.score, i.votes_count, i.comments_count, i.image_urls,
             p.full_name, p.email, (select count(*) from (select 1 from public.app_ideas c where c.status = p_status limit 1001) c)
        from page
        join public.app_ideas i on i.id = page.id
        left join public.profiles p on p.user_id = i.submitted_by
       order by i.submitted_at desc, i.id desc;
  end if;
end
$$;
revoke execute on function public.admin_list_ideas(public.idea_status, integer, integer) from public, anon, authenticated;
grant execute on function public.admin_list_ideas(public.idea_status, integer, integer) to authenticated;

-- Payouts tab: withdrawals of one status with the member's name and e-mail. Pending ones come oldest
-- first (a queue); completed and failed ones newest first. A deleted member's rows have no member.
create function public.admin_list_withdrawals(
  p_status public.withdrawal_status default 'pending',
  p_limit integer default 20,
  p_offset integer default 0
)
returns table (
  id uuid,
  user_id uuid,
  amount numeric,
  network public.withdrawal_network,
  address text,
  status public.withdrawal_status,
  tx_hash text,
  failure_reason text,
  created_at timestamptz,
  processed_at timestamptz,
  member_full_name text,
  member_email text,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_order text;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_status is null then
    raise exception using errcode = '22023', message = 'admin.invalid_status';
  end if;
  if p_limit is null or p_limit not between 1 and 100 then
    raise exception using errcode = '22023', message = 'admin.invalid_limit';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'admin.invalid_offset';
  end if;

  -- EXECUTE plans each call for its status (85 % of the rows are completed, a few are pending); the
  -- (status, created_at, id) index serves both directions.
  v_order := case when p_status = 'pending' then 'w.created_at, w.id' else 'w.created_at desc, w.id desc' end;
  return query execute
    'with page as (
       select w.id from public.withdrawals w
        where w.status = $1
        order by ' || v_order || '
        limit $2 offset $3
     )
     select w.id, w.user_id, w.amount, w.network, w.address, w.status, w.tx_hash, w.failure_reason,
            w.created_at, w.processed_at, p.full_name, p.email,
            (select count(*) from (select 1 from public.withdrawals c where c.status = $1 limit 1001) c)
       from page
       join public.withdrawals w on w.id = page.id
       left join public.profiles p on p.user_id = w.user_id
      order by ' || v_order
    using p_status, p_limit, p_offset;
end
$$;
revoke execute on function public.admin_list_withdrawals(public.withdrawal_status, integer, integer) from public, anon, authenticated;
grant execute on function public.admin_list_withdrawals(public.withdrawal_status, integer, integer) to authenticated;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger email_templates_protect_hook_templates
  before update of name or delete on public.email_templates
  for each row execute function private.protect_hook_templates();

create trigger on_auth_user_deleting
  before delete on auth.users
  for each row execute function private.guard_member_deletion();

-- -------------------------------------------------------------------------------------
-- Policies: none new (every admin policy already calls private.is_admin()).
-- -------------------------------------------------------------------------------------

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
-- is_admin() runs as the caller in policies and RPCs; it calls this helper.
revoke execute on function private.admin_assurance_ok() from public, anon, authenticated, service_role;
grant execute on function private.admin_assurance_ok() to authenticated, service_role;
revoke execute on function private.hook_template_names() from public, anon, authenticated, service_role;
grant execute on function private.hook_template_names() to authenticated, service_role;
revoke execute on function private.protect_hook_templates() from public, anon, authenticated, service_role;
revoke execute on function private.guard_member_deletion() from public, anon, authenticated, service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on function private.admin_assurance_ok() is
  'True when the session is aal2 or the caller has no verified MFA factor. Part of private.is_admin().';
comment on function private.is_admin() is
  'True when the caller''s JWT carries app_metadata.admin = true and, if the admin has a verified MFA factor, the session is aal2.';
comment on function private.hook_template_names() is
  'The email_templates names the send-email hook renders; they can be edited but not deleted or renamed.';
comment on function private.guard_member_deletion() is
  'Refuses deleting an account whose wallet holds money or that has a pending withdrawal (admin.user_has_balance, admin.user_has_pending_withdrawal).';
comment on column public.withdrawals.user_id is 'The member; null once the member''s account was deleted (the record stays for the books).';
comment on column public.wallet_transactions.user_id is 'The member; null once the member''s account was deleted (the record stays for the books).';
comment on function public.admin_delete_user(uuid) is
  'Admin only. Deletes the auth user (not oneself; refused while the wallet holds money or a withdrawal is pending) and returns the member''s storage files (bucket_id, name) for the browser to remove.';
comment on function public.admin_list_email_templates() is
  'Admin only. Every e-mail template with used_by_hook: true for the names in private.hook_template_names() (not deletable, not renamable).';
comment on function public.admin_list_ideas(public.idea_status, integer, integer) is
  'Admin only. Ideas pending first, newest first, with the author''s name and e-mail and the total count (up to 1 001); optional status filter; pages of 1..100.';
comment on function public.admin_list_users(text, boolean, public.membership_level, text, boolean, integer, integer) is
  'Admin only. Case-insensitive search over full_name / email / phone, filters, sort name | email | created, page of 1..100 rows; total_count stops at 1 001 (101 with a search): more than 1 000 (100) matches.';
comment on function public.admin_list_withdrawals(public.withdrawal_status, integer, integer) is
  'Admin only. Withdrawals of one status with the member''s name and e-mail: pending oldest first, others newest first; pages of 1..100; total_count stops at 1 001.';
