-- Notifications: per-member inbox shown in the slide-over panel, delivered live through Realtime.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.
--
-- Error keys raised here:
--   auth.forbidden                       (42501) caller may not do this
--   notifications.cannot_mark_unread     (P0001) a read notification cannot become unread again

-- -------------------------------------------------------------------------------------
-- Types
-- -------------------------------------------------------------------------------------
create type public.notification_type as enum ('profit', 'message', 'system');

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  type public.notification_type not null,
  title text not null check (char_length(btrim(title)) between 1 and 200),
  content text not null default '' check (char_length(content) <= 2000),
  data jsonb not null default '{}'::jsonb check (jsonb_typeof(data) = 'object'),
  created_at timestamptz not null default now(),
  read_at timestamptz
);

alter table public.notifications enable row level security;

-- Realtime: members subscribe to INSERTs filtered by user_id; Realtime applies the select policy.
alter publication supabase_realtime add table public.notifications;

-- -------------------------------------------------------------------------------------
-- Indexes (the first one also serves the user_id foreign key)
-- -------------------------------------------------------------------------------------
create index notifications_user_id_created_at_idx on public.notifications (user_id, created_at desc);
create index notifications_unread_idx on public.notifications (user_id) where read_at is null;

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
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
revoke execute on function private.is_admin_or_service_role() from public, anon, authenticated, service_role;

-- The one way server functions create a notification (called from security definer RPCs).
create function private.notify(
  p_user_id uuid,
  p_type public.notification_type,
  p_title text,
  p_content text,
  p_data jsonb default '{}'::jsonb
)
returns public.notifications
language plpgsql
set search_path = ''
as $$
declare
  v_row public.notifications;
begin
  insert into public.notifications (user_id, type, title, content, data)
  values (p_user_id, p_type, p_title, coalesce(p_content, ''), coalesce(p_data, '{}'::jsonb))
  returning * into v_row;
  return v_row;
end
$$;
revoke execute on function private.notify(uuid, public.notification_type, text, text, jsonb) from public, anon, authenticated, service_role;

-- read_at is the only column a member may change. Whatever time the client sends, the server
-- records now(); marking an already read item again keeps the first read time; un-reading is refused.
create function private.notifications_guard_read_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.read_at is null and new.read_at is not null then
    new.read_at := now();
  elsif old.read_at is not null and new.read_at is null then
    raise exception using errcode = 'P0001', message = 'notifications.cannot_mark_unread';
  elsif old.read_at is not null then
    new.read_at := old.read_at;
  end if;
  return new;
end
$$;
revoke execute on function private.notifications_guard_read_at() from public, anon, authenticated, service_role;

-- "Mark all as read" for the panel: runs as the caller, so RLS limits it to the caller's rows.
create function public.mark_all_notifications_read()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  if (select auth.uid()) is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  update public.notifications
     set read_at = now()
   where user_id = (select auth.uid())
     and read_at is null;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
revoke execute on function public.mark_all_notifications_read() from public, anon, authenticated, service_role;
grant execute on function public.mark_all_notifications_read() to authenticated;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger notifications_guard_read_at
  before update of read_at on public.notifications
  for each row execute function private.notifications_guard_read_at();

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
create policy notifications_select_authenticated on public.notifications
  for select to authenticated
  using (user_id = (select auth.uid()));

-- Admins may send a 'system' or 'message' notification to any user; 'profit' ones come only
-- from server functions (e.g. admin_credit_wallet) so they always match a real ledger entry.
create policy notifications_insert_authenticated on public.notifications
  for insert to authenticated
  with check ((select private.is_admin()) and type in ('system', 'message'));

create policy notifications_update_authenticated on public.notifications
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
-- Start from nothing (the platform's default privileges give service_role everything), then grant.
revoke all on table public.notifications from anon, authenticated, service_role;
grant select on public.notifications to authenticated;
grant insert (user_id, type, title, content, data) on public.notifications to authenticated;
-- Members may only mark their own notifications as read.
grant update (read_at) on public.notifications to authenticated;
grant select, insert, update, delete on public.notifications to service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on table public.notifications is
  'Per-member notifications. Members read their own rows and set read_at; rows are created by server functions, service_role, or admins (system/message only). In the supabase_realtime publication.';
comment on column public.notifications.data is
  'Free-form details shown by the panel: amount (number), percentage (number, 0-100), tier and packageTier (CCC tier names).';
comment on column public.notifications.read_at is
  'Null while unread. Set by the member (the server stores now()); once set it never changes back.';
comment on function private.is_admin_or_service_role() is
  'True for admins (app_metadata.admin) and for server code using the service_role key.';
comment on function private.notify(uuid, public.notification_type, text, text, jsonb) is
  'Inserts one notification; used by the security definer RPCs of the wallet and CCC domains.';
comment on function public.mark_all_notifications_read() is
  'Marks every unread notification of the caller as read; returns how many were changed.';
