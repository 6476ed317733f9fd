-- Audit: the append-only admin audit log and the helpers every admin write calls in its own
-- transaction.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Tables
-- ========================================================================================

-- public.admin_audit_log ----------------------------------------------------------------
create table public.admin_audit_log (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  actor_id uuid,
  actor_email text,
  action text not null check (action ~ '^[a-z][a-z0-9_.]{1,63}$'),
  target_type text not null check (char_length(target_type) between 1 and 64),
  target_id text check (char_length(target_id) <= 200),
  target_user_id uuid,
  before jsonb,
  after jsonb
);
alter table public.admin_audit_log enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- public.admin_audit_log ----------------------------------------------------------------

create index admin_audit_log_action_idx on public.admin_audit_log (action, created_at desc);

-- 'Dziennik zmian' filters by the admin's e-mail, newest first.
create index admin_audit_log_actor_email_idx on public.admin_audit_log (actor_email, created_at desc);

create index admin_audit_log_actor_idx on public.admin_audit_log (actor_id, created_at desc);

-- Indexes --------------------------------------------------------------------------------------
create index admin_audit_log_created_at_idx on public.admin_audit_log (created_at desc, id desc);

create index admin_audit_log_target_user_idx on public.admin_audit_log (target_user_id, created_at desc);

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.admin_audit_log_append_only() -------------------------------------------------
create function private.admin_audit_log_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'P0001', message = 'audit.append_only';
end
$$;

-- private.audit() -----------------------------------------------------------------------
-- Appends one audit row as the calling admin (auth.uid() and the JWT e-mail). Only the changed
-- fields of before/after are kept; callers pass rows without secrets.
create function private.audit(
  p_action text,
  p_target_type text,
  p_target_id text,
  p_target_user_id uuid,
  p_before jsonb,
  p_after jsonb
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before jsonb := p_before;
  v_after jsonb := p_after;
  v_key text;
begin
  if jsonb_typeof(p_before) = 'object' and jsonb_typeof(p_after) = 'object' then
    v_before := '{}'::jsonb;
    v_after := '{}'::jsonb;
    for v_key in select k from jsonb_object_keys(p_before || p_after) as k loop
      if (p_before -> v_key) is distinct from (p_after -> v_key) then
        v_before := v_before || jsonb_build_object(v_key, p_before -> v_key);
        v_after := v_after || jsonb_build_object(v_key, p_after -> v_key);
      end if;
    end loop;
  end if;
  insert into public.admin_audit_log (actor_id, actor_email, action, target_type, target_id, target_user_id, before, after)
  values (
    auth.uid(),
    nullif(auth.jwt() ->> 'email', ''),
    p_action,
    p_target_type,
    p_target_id,
    p_target_user_id,
    v_before,
    v_after
  );
end
$$;

-- private.audit_admin_auth_user() -------------------------------------------------------
-- auth.users: an admin confirming an e-mail (admin_confirm_email, admin_update_user) or deleting an
-- account (admin_delete_user). Only the fields that matter are recorded, never the credentials.
create function private.audit_admin_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if pg_trigger_depth() > 1 or not private.is_admin() then
    return null;
  end if;
  if tg_op = 'DELETE' then
    perform private.audit(
      'user.delete', 'user', old.id::text, old.id,
      jsonb_build_object('email', old.email, 'full_name', (select p.full_name from public.profiles p where p.user_id = old.id)),
      null
    );
  else
    perform private.audit(
      case when new.email_confirmed_at is null then 'user.unconfirm_email' else 'user.confirm_email' end,
      'user', new.id::text, new.id,
      jsonb_build_object('email_confirmed_at', old.email_confirmed_at),
      jsonb_build_object('email_confirmed_at', new.email_confirmed_at)
    );
  end if;
  return null;
end
$$;

-- private.audit_admin_write() -----------------------------------------------------------
-- The generic audit row trigger: one admin_audit_log row per row an admin's own statement changes.
-- TG_ARGV: columns never recorded (secrets such as smtp_configs.password); updated_at is never
-- recorded either. Member writes stay out: the caller must be an admin, and the tables members also
-- write get a WHEN clause on the trigger (see the Triggers section).
create function private.audit_admin_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb;
  v_new jsonb;
  v_row jsonb;
  v_hidden text[] := array['updated_at'] || coalesce(tg_argv::text[], '{}');
  v_target text;
begin
  if pg_trigger_depth() > 1 or not private.is_admin() then
    return null;
  end if;
  if tg_op <> 'INSERT' then
    v_old := to_jsonb(old) - v_hidden;
  end if;
  if tg_op <> 'DELETE' then
    v_new := to_jsonb(new) - v_hidden;
  end if;
  if tg_op = 'UPDATE' and v_old = v_new then
    return null;
  end if;
  v_row := coalesce(v_new, v_old);
  v_target := coalesce(
    v_row ->> 'id',
    v_row ->> 'user_id',
    nullif(concat_ws('/', v_row ->> 'tier', v_row ->> 'method'), ''),
    v_row ->> 'name'
  );
  perform private.audit(
    tg_table_name || '.' || lower(tg_op),
    tg_table_name,
    v_target,
    case when v_row ? 'user_id' then (v_row ->> 'user_id')::uuid end,
    v_old,
    v_new
  );
  return null;
end
$$;

-- public.admin_list_audit_actors() ------------------------------------------------------
-- 'Dziennik zmian' filters: the admin filter offers the admins who appear in the
-- trail (a select, not a typed e-mail); the member filter resolves a name or e-mail through
-- admin_list_users (no new function) and filters by the member's id.
create function public.admin_list_audit_actors()
returns table (actor_email text)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  -- A skip scan over admin_audit_log_actor_email_idx: one index probe per distinct admin, so a
  -- million rows by five admins cost five probes, not a scan.
  return query
    with recursive actors as (
      (select l.actor_email
         from public.admin_audit_log l
        where l.actor_email is not null
        order by l.actor_email
        limit 1)
      union all
      select (select l.actor_email
                from public.admin_audit_log l
               where l.actor_email > a.actor_email
               order by l.actor_email
               limit 1)
        from actors a
       where a.actor_email is not null
    )
    select a.actor_email from actors a where a.actor_email is not null;
end
$$;

-- private.last_audit_id() ---------------------------------------------------------------
-- The id of the audit row this transaction appended last (private.audit inserts it).
create function private.last_audit_id()
returns bigint
language sql
volatile
set search_path = ''
as $$
  select currval(pg_get_serial_sequence('public.admin_audit_log', 'id'))
$$;

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- auth_users_audit_confirm on auth.users ------------------------------------------------
-- auth.users: e-mail confirmation and account deletion by an admin.
create trigger auth_users_audit_confirm after update of email_confirmed_at on auth.users
  for each row when (old.email_confirmed_at is distinct from new.email_confirmed_at)
  execute function private.audit_admin_auth_user();

-- auth_users_audit_delete on auth.users -------------------------------------------------
create trigger auth_users_audit_delete after delete on auth.users
  for each row execute function private.audit_admin_auth_user();

-- admin_audit_log_no_truncate on public.admin_audit_log ---------------------------------
create trigger admin_audit_log_no_truncate
before truncate on public.admin_audit_log
for each statement execute function private.admin_audit_log_append_only();

-- admin_audit_log_no_update_delete on public.admin_audit_log ----------------------------
-- Triggers -------------------------------------------------------------------------------------
create trigger admin_audit_log_no_update_delete
before update or delete on public.admin_audit_log
for each row execute function private.admin_audit_log_append_only();

-- ========================================================================================
-- Policies
-- ========================================================================================

-- public.admin_audit_log ----------------------------------------------------------------

create policy admin_audit_log_select_admin on public.admin_audit_log
for select to authenticated
using ((select private.is_admin()));

-- ========================================================================================
-- Grants
-- ========================================================================================

grant execute on function public.admin_list_audit_actors() to authenticated;
grant select on public.admin_audit_log to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function private.audit(text,text,text,uuid,jsonb,jsonb) is 'Appends one admin_audit_log row for the calling admin, in the caller''s transaction; keeps only the fields that changed between before and after.';
comment on function private.audit_admin_write() is 'Generic audit trigger: one admin_audit_log row per row changed by an admin''s own statement; TG_ARGV lists columns never recorded.';
comment on function public.admin_list_audit_actors() is 'Admin only (auth.forbidden otherwise). The distinct e-mails of the admins in the audit trail, in order: the options of the tab''s admin filter. Security invoker: the trail''s RLS applies too.';
comment on table public.admin_audit_log is 'Append-only trail of every admin write: who, when, action, target and the changed fields before and after. No secrets.';
