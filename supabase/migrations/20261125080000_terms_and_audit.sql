-- Membership terms and the admin audit trail: the two shared pieces that payments (membership
-- terms, payment decisions) and money operations (payouts by effective level, the audit trail of
-- every admin write) both build on.
--
-- Membership terms: `profiles.membership_valid_until` is the last day a paid level holds. The
-- effective level is the stored level while that day is today or later, FREE after it; null means
-- no end date (FREE members, and anything an admin sets without a date).
--
-- The audit trail: `public.admin_audit_log` is append-only for every role, the table owner's
-- functions included (a trigger refuses every update, delete and truncate). Admin functions append
-- to it with `private.audit(...)` in the same transaction as the change; admins read it through RLS.

-- Tables ---------------------------------------------------------------------------------------

alter table public.profiles add column membership_valid_until date;

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

-- Indexes --------------------------------------------------------------------------------------

create index admin_audit_log_created_at_idx on public.admin_audit_log (created_at desc, id desc);
create index admin_audit_log_actor_idx on public.admin_audit_log (actor_id, created_at desc);
create index admin_audit_log_action_idx on public.admin_audit_log (action, created_at desc);
create index admin_audit_log_target_user_idx on public.admin_audit_log (target_user_id, created_at desc);

-- Functions ------------------------------------------------------------------------------------

create function private.effective_level(
  p_level public.membership_level,
  p_valid_until date,
  p_on_day date
)
returns public.membership_level
language sql
immutable
set search_path = ''
as $$
  select case
    when p_level = 'FREE' or p_valid_until is null or p_valid_until >= p_on_day then p_level
    else 'FREE'::public.membership_level
  end
$$;

comment on function private.effective_level(public.membership_level, date, date) is
  'The level that counts on a day: the stored level while membership_valid_until is that day or later (or null), FREE after it.';

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

comment on function private.audit(text, text, text, uuid, jsonb, jsonb) is
  'Appends one admin_audit_log row for the calling admin, in the caller''s transaction; keeps only the fields that changed between before and after.';

create function private.admin_audit_log_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'P0001', message = 'audit.append_only';
end
$$;

-- Triggers -------------------------------------------------------------------------------------

create trigger admin_audit_log_no_update_delete
before update or delete on public.admin_audit_log
for each row execute function private.admin_audit_log_append_only();

create trigger admin_audit_log_no_truncate
before truncate on public.admin_audit_log
for each statement execute function private.admin_audit_log_append_only();

-- Policies -------------------------------------------------------------------------------------

alter table public.admin_audit_log enable row level security;

create policy admin_audit_log_select_admin on public.admin_audit_log
for select to authenticated
using ((select private.is_admin()));

-- Grants ---------------------------------------------------------------------------------------

revoke all on public.admin_audit_log from anon, authenticated;
grant select on public.admin_audit_log to authenticated;
revoke all on function private.audit(text, text, text, uuid, jsonb, jsonb) from public, anon, authenticated;
revoke all on function private.effective_level(public.membership_level, date, date) from public, anon;
grant execute on function private.effective_level(public.membership_level, date, date) to authenticated;

-- Comments -------------------------------------------------------------------------------------

comment on column public.profiles.membership_valid_until is
  'Last day the stored paid level holds; after it the effective level is FREE (private.effective_level). Null: no end date.';
comment on table public.admin_audit_log is
  'Append-only trail of every admin write: who, when, action, target and the changed fields before and after. No secrets.';
