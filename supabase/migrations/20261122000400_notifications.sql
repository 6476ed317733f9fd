-- Notifications: per-member notifications (Realtime), the notify helper and the notification
-- preferences.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Types
-- ========================================================================================

-- public.notification_type --------------------------------------------------------------
create type public.notification_type as enum ('profit', 'message', 'system');

-- ========================================================================================
-- Tables
-- ========================================================================================

-- public.notifications ------------------------------------------------------------------
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

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- public.notifications ------------------------------------------------------------------

create index notifications_unread_idx on public.notifications (user_id) where read_at is null;

create index notifications_user_id_created_at_idx on public.notifications (user_id, created_at desc);

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.notification_preference_keys() ------------------------------------------------
-- The keys notification_preferences may hold: the e-mail kinds a member can switch off in
-- 'Powiadomienia e-mail' (the money e-mails and the reminders of membership and unpaid orders),
-- and the in-app notification types (profit, message, system). Security e-mails (password, e-mail
-- address, 2FA) are not in the list: they are always sent.
create function private.notification_preference_keys()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    'wallet_credited', 'profit_payout', 'withdrawal_requested', 'withdrawal_completed', 'withdrawal_failed',
    'membership_reminders', 'payment_reminders',
    'profit', 'message', 'system'
  ]
$$;

-- private.valid_notification_preferences() ----------------------------------------------
-- The check of user_settings.notification_preferences: an object of booleans whose keys are in the
-- list above, at most 20 of them.
create function private.valid_notification_preferences(p_preferences jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p_preferences) = 'object'
     and (select count(*) from jsonb_object_keys(p_preferences)) <= 20
     and not exists (
       select 1 from jsonb_each(p_preferences) e
        where e.key <> all (private.notification_preference_keys())
           or jsonb_typeof(e.value) <> 'boolean'
     )
$$;

-- private.guard_notification_preferences() ----------------------------------------------
create function private.guard_notification_preferences()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not private.valid_notification_preferences(new.notification_preferences) then
    raise exception using errcode = 'P0001', message = 'settings.invalid_notification_preferences';
  end if;
  return new;
end
$$;

-- private.notifications_guard_read_at() -------------------------------------------------
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

-- private.notify() ----------------------------------------------------------------------
-- The one way server functions create a notification; it also queues
-- the e-mail of a money notification in the same transaction.
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
  if private.money_email_template(v_row.data ->> 'kind') is not null then
    perform private.queue_money_email(p_user_id, v_row.data);
  end if;
  return v_row;
end
$$;

-- public.mark_all_notifications_read() --------------------------------------------------
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

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- notifications_audit on public.notifications -------------------------------------------
-- A notification an admin (or server code with the service_role key) inserts through the API, as
-- its own statement; the ones server functions create (private.notify, running as the function's
-- owner) belong to the action those functions audit.
create trigger notifications_audit after insert on public.notifications
  for each row
  when (current_user in ('authenticated', 'service_role'))
  execute function private.audit_admin_write();

-- notifications_guard_read_at on public.notifications -----------------------------------
create trigger notifications_guard_read_at
  before update of read_at on public.notifications
  for each row execute function private.notifications_guard_read_at();

-- ========================================================================================
-- Policies
-- ========================================================================================

-- public.notifications ------------------------------------------------------------------

-- Admins may send a 'system' or 'message' notification to any user; 'profit' ones come only
-- from server functions (e.g. admin_credit_wallet) so they always match a real ledger entry.
create policy notifications_insert_authenticated on public.notifications
  for insert to authenticated
  with check ((select private.is_admin()) and type in ('system', 'message'));

create policy notifications_select_authenticated on public.notifications
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy notifications_update_authenticated on public.notifications
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- ========================================================================================
-- Grants
-- ========================================================================================

grant execute on function private.notification_preference_keys() to authenticated;
grant execute on function private.valid_notification_preferences(jsonb) to authenticated, service_role;
revoke execute on function public.mark_all_notifications_read() from service_role;
grant execute on function public.mark_all_notifications_read() to authenticated;
revoke maintain, references, trigger, truncate on public.notifications from service_role;
grant select on public.notifications to authenticated;
grant insert (content, data, title, type, user_id) on public.notifications to authenticated;
grant update (read_at) on public.notifications to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function private.notify(uuid,public.notification_type,text,text,jsonb) is 'Inserts one notification; used by the security definer RPCs of the wallet and CCC domains.';
comment on function private.valid_notification_preferences(jsonb) is 'True for an object whose keys are notification types (profit, message, system) and whose values are booleans.';
comment on function public.mark_all_notifications_read() is 'Marks every unread notification of the caller as read; returns how many were changed.';
comment on table public.notifications is 'Per-member notifications. Members read their own rows and set read_at; rows are created by server functions, service_role, or admins (system/message only). In the supabase_realtime publication.';
comment on column public.notifications.data is 'Free-form details shown by the panel: amount (number), currency (''PLN'' when absent, ''USDT'' for wallet credits), percentage (number, 0-100), tier and packageTier (CCC tier names).';
comment on column public.notifications.read_at is 'Null while unread. Set by the member (the server stores now()); once set it never changes back.';

-- ========================================================================================
-- Data
-- ========================================================================================

-- Realtime: members subscribe to INSERTs filtered by user_id; Realtime applies the select policy.
alter publication supabase_realtime add table public.notifications;
