-- E-mail: templates (the send-email hook and money e-mails), SMTP configurations and the outbox
-- with its sender RPCs.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Tables
-- ========================================================================================

-- public.smtp_configs -------------------------------------------------------------------
create table public.smtp_configs (
  id uuid primary key default gen_random_uuid(),
  name text not null check (name ~ '[^[:space:]]' and char_length(name) <= 100),
  host text not null check (char_length(host) <= 253 and host ~ '^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$'),
  port integer not null default 587 check (port between 1 and 65535),
  username text not null check (username ~ '[^[:space:]]' and char_length(username) <= 320),
  password text not null default '' check (char_length(password) <= 1024),
  from_email text not null check (char_length(from_email) <= 320 and from_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  from_name text not null check (from_name ~ '[^[:space:]]' and char_length(from_name) <= 200),
  is_default boolean not null default false,
  secure boolean not null generated always as (port = 465) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.smtp_configs enable row level security;

-- public.email_templates ----------------------------------------------------------------
create table public.email_templates (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (name ~ '^[a-z0-9][a-z0-9_-]{0,99}$'),
  subject text not null check (subject ~ '[^[:space:]]' and char_length(subject) <= 300),
  html_content text not null check (html_content ~ '[^[:space:]]' and char_length(html_content) <= 200000),
  text_content text check (char_length(text_content) <= 100000),
  -- A JSON array of {name, description, example} objects, each with a string name.
  variables jsonb not null default '[]'::jsonb check (
    jsonb_typeof(variables) = 'array'
    and not jsonb_path_exists(variables, 'strict $[*] ? (@.type() != "object")')
    and not jsonb_path_exists(variables, 'lax $[*] ? (!exists(@.name) || @.name.type() != "string")')
  ),
  smtp_config_id uuid references public.smtp_configs (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.email_templates enable row level security;

-- private.email_outbox ------------------------------------------------------------------
-- The e-mails a decision sends (payment-confirmed / payment-rejected). Written in the deciding
-- transaction; delivered afterwards through the SMTP settings of the send-email path, so a mail
-- failure can never undo or block a confirmation.
create table private.email_outbox (
  id bigint generated always as identity not null,
  template text not null,
  user_id uuid,
  to_email text not null,
  variables jsonb default '{}'::jsonb not null,
  created_at timestamp with time zone default now() not null,
  sent_at timestamp with time zone,
  attempts smallint default 0 not null,
  last_error text,
  next_attempt_at timestamp with time zone default now() not null,
  request_id text,
  discarded_at timestamp with time zone,
  constraint email_outbox_request_id_check CHECK ((request_id ~ '^[A-Za-z0-9._:-]{1,128}$'::text)),
  constraint email_outbox_to_email_check CHECK (((char_length(to_email) >= 3) AND (char_length(to_email) <= 320))),
  constraint email_outbox_variables_check CHECK ((jsonb_typeof(variables) = 'object'::text)),
  constraint email_outbox_template_fkey FOREIGN KEY (template) REFERENCES public.email_templates(name) ON UPDATE CASCADE,
  constraint email_outbox_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint email_outbox_pkey PRIMARY KEY (id)
);
alter table private.email_outbox enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- private.email_outbox ------------------------------------------------------------------

create index email_outbox_due_idx on private.email_outbox (next_attempt_at, id)
  where sent_at is null and attempts < 5 and discarded_at is null;

-- The e-mails that gave up (5 failed attempts, not discarded): the health view lists them.
create index email_outbox_failed_idx on private.email_outbox (next_attempt_at desc, id)
  where sent_at is null and attempts >= 5 and discarded_at is null;

-- The template foreign key (a renamed template cascades to its queued e-mails).
create index email_outbox_template_idx on private.email_outbox (template);

create index email_outbox_user_idx on private.email_outbox (user_id);

-- public.email_templates ----------------------------------------------------------------

create index email_templates_smtp_config_id_idx on public.email_templates (smtp_config_id);

-- public.smtp_configs -------------------------------------------------------------------

-- At most one default SMTP configuration.
create unique index smtp_configs_is_default_idx on public.smtp_configs (is_default) where is_default;

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.auth_hook_email_templates() ---------------------------------------------------
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

-- private.request_id() -----------------------------------------------------------------
-- The id of the API request being served (issue 40 §3): its x-request-id header (the edge functions
-- and the app's client send it), else the trace id of its W3C traceparent; null outside a request
-- or when neither is well formed. Read from PostgREST's request.headers.
create function private.request_id()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select h.v from (select nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-request-id' as v) h
      where h.v ~ '^[A-Za-z0-9._:-]{1,128}$'),
    (select substr(h.v, 4, 32) from (select nullif(current_setting('request.headers', true), '')::jsonb ->> 'traceparent' as v) h
      where h.v ~ '^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$')
  )
$$;

-- private.email_outbox_set_request_id() -------------------------------------------------
create function private.email_outbox_set_request_id()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.request_id := coalesce(new.request_id, private.request_id());
  return new;
end
$$;

-- private.email_outbox_backoff() --------------------------------------------------------
-- The wait after the n-th failed attempt: 1, 2, 4, 8 minutes … at most an hour.
create function private.email_outbox_backoff(p_attempts integer)
returns interval
language sql
immutable
set search_path = ''
as $$
  select least(interval '1 minute' * power(2, greatest(coalesce(p_attempts, 1), 1) - 1), interval '1 hour')
$$;

-- private.hook_template_names() ---------------------------------------------------------
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

-- private.money_email_template() --------------------------------------------------------
-- The money e-mail kinds (the keys of 'Powiadomienia e-mail') and their templates.
create function private.money_email_template(p_kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_kind
    when 'wallet_credited' then 'wallet-credited'
    when 'profit_payout' then 'profit-payout'
    when 'commission_settled' then 'commission-settled'
    when 'withdrawal_requested' then 'withdrawal-requested'
    when 'withdrawal_completed' then 'withdrawal-completed'
    when 'withdrawal_failed' then 'withdrawal-failed'
  end
$$;

-- private.money_email_variables() -------------------------------------------------------
-- The variables of a profit payout's e-mail from its notification's data (private.queue_money_email
-- and the set-based payout run use it, so both send the same).
create function private.money_email_variables(p_data jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'amount', (p_data ->> 'amount')::numeric(18, 2)::text || ' PLN',
    'amount_usdt', (p_data ->> 'amountUsdt')::numeric(18, 2)::text || ' USDT',
    'percentage', trim(trailing '.' from trim(trailing '0' from ((p_data ->> 'percentage')::numeric)::text)) || '%',
    'tier', coalesce(p_data ->> 'tier', ''),
    'rate', coalesce(p_data ->> 'rate', '')
  )
$$;

-- private.protect_hook_templates() ------------------------------------------------------
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

-- private.queue_member_email() ----------------------------------------------------------
-- Queues one e-mail to a member (rendered and sent later by the send path).
create function private.queue_member_email(p_template text, p_user_id uuid, p_variables jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text;
  v_name text;
begin
  select p.email, p.full_name into v_email, v_name from public.profiles p where p.user_id = p_user_id;
  if v_email is null then
    return;
  end if;
  insert into private.email_outbox (template, user_id, to_email, variables)
  values (p_template, p_user_id, v_email, jsonb_build_object('fname', coalesce(v_name, '')) || p_variables);
end
$$;

-- private.queue_money_email() -----------------------------------------------------------
-- Queues the e-mail of a money notification when the member has not switched its kind off
-- (a missing key means on). Its variables come from the notification's data and, for
-- withdrawals, from the withdrawal row.
create function private.queue_money_email(p_user_id uuid, p_data jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text := p_data ->> 'kind';
  v_template text := private.money_email_template(p_data ->> 'kind');
  v_enabled boolean;
  v_withdrawal public.withdrawals;
  v_variables jsonb;
begin
  if v_template is null or p_user_id is null then
    return;
  end if;
  -- A settlement of commissions is a credit of the wallet: the member's 'wallet_credited' switch.
  select coalesce((s.notification_preferences ->> case when v_kind = 'commission_settled' then 'wallet_credited'
                                                        else v_kind end)::boolean, true) into v_enabled
    from public.user_settings s
   where s.user_id = p_user_id;
  if not coalesce(v_enabled, true) then
    return;
  end if;

  if v_kind like 'withdrawal_%' then
    select * into v_withdrawal from public.withdrawals w where w.id = (p_data ->> 'withdrawalId')::uuid;
    if not found then
      return;
    end if;
    v_variables := jsonb_build_object(
      'amount', v_withdrawal.amount::numeric(18, 2)::text || ' USDT',
      'network', v_withdrawal.network::text,
      'address', v_withdrawal.address,
      'tx_hash', coalesce(v_withdrawal.tx_hash, ''),
      'tx_link', case when v_withdrawal.tx_hash is null then ''
                      else private.transaction_url(v_withdrawal.network, v_withdrawal.tx_hash) end,
      'reason', coalesce(v_withdrawal.failure_reason, ''),
      -- The payout as verified on chain (issue 37 §3): its block and the block's time (Warsaw).
      'block', coalesce((
        select format('%s (%s)', t.block_number, to_char(t.block_time at time zone 'Europe/Warsaw', 'DD.MM.YYYY HH24:MI'))
          from public.chain_transfers t
         where t.withdrawal_id = v_withdrawal.id and t.verified_at is not null
         limit 1), '')
    );
  elsif v_kind = 'profit_payout' then
    v_variables := private.money_email_variables(p_data);
  elsif v_kind = 'commission_settled' then
    v_variables := jsonb_build_object(
      'amount', (p_data ->> 'amount')::numeric(18, 2)::text || ' USDT',
      'amount_pln', (p_data ->> 'amountPln')::numeric(18, 2)::text || ' PLN',
      'rate', p_data ->> 'rate',
      'commissions', p_data ->> 'commissions'
    );
  else
    v_variables := jsonb_build_object(
      'amount', (p_data ->> 'amount')::numeric(18, 2)::text || ' USDT',
      'reason', coalesce(p_data ->> 'reason', '')
    );
  end if;
  perform private.queue_member_email(v_template, p_user_id, v_variables);
end
$$;

-- private.queue_preferred_email() ------------------------------------------------------
-- Queues a member's e-mail unless the member switched its kind off in 'Powiadomienia e-mail'
-- (p_preference: a key of user_settings.notification_preferences; a missing key means on). The
-- reminders of membership and unpaid orders go through it; security e-mails never do (always sent).
create function private.queue_preferred_email(p_preference text, p_template text, p_user_id uuid, p_variables jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_user_id is null or exists (
    select 1 from public.user_settings s
     where s.user_id = p_user_id and (s.notification_preferences -> p_preference) = 'false'::jsonb
  ) then
    return;
  end if;
  perform private.queue_member_email(p_template, p_user_id, coalesce(p_variables, '{}'::jsonb));
end
$$;

-- public.admin_list_email_templates() ---------------------------------------------------
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

-- public.admin_list_smtp_configs() ------------------------------------------------------
-- RPC (admins): every SMTP configuration with the password masked ('••••••••', or null when none is stored).
create function public.admin_list_smtp_configs()
returns table (
  id uuid,
  name text,
  host text,
  port integer,
  username text,
  password text,
  from_email text,
  from_name text,
  is_default boolean,
  secure boolean,
  created_at timestamptz,
  updated_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  return query
    select s.id, s.name, s.host, s.port, s.username,
           case when s.password = '' then null else '••••••••' end,
           s.from_email, s.from_name, s.is_default, s.secure, s.created_at, s.updated_at
      from public.smtp_configs s
     order by s.is_default desc, s.name, s.created_at, s.id;
end
$$;

-- public.admin_upsert_smtp_config() -----------------------------------------------------
-- Creates or updates an SMTP configuration; a change of host, port or username needs the password
-- again (the stored one is never sent to another server); the default configuration stays the
-- default until another one is made the default (the project always has one for its auth e-mails).
create function public.admin_upsert_smtp_config(
  p_id uuid default null,
  p_name text default null,
  p_host text default null,
  p_port integer default 587,
  p_username text default null,
  p_password text default null,
  p_from_email text default null,
  p_from_name text default null,
  p_is_default boolean default false
)
returns table (
  id uuid,
  name text,
  host text,
  port integer,
  username text,
  password text,
  from_email text,
  from_name text,
  is_default boolean,
  secure boolean,
  created_at timestamptz,
  updated_at timestamptz
)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_host text := btrim(p_host);
  v_username text := btrim(p_username);
  v_from_email text := btrim(p_from_email);
  v_from_name text := btrim(p_from_name);
  v_password text := nullif(p_password, '');
  v_name text;
  v_id uuid;
  v_old public.smtp_configs;
  v_default boolean := coalesce(p_is_default, false);
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if v_host is null or char_length(v_host) > 253 or v_host !~ '^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$' then
    raise exception using errcode = '22023', message = 'smtp.invalid_host';
  end if;
  if p_port is null or p_port not between 1 and 65535 then
    raise exception using errcode = '22023', message = 'smtp.invalid_port';
  end if;
  if v_username is null or v_username = '' or char_length(v_username) > 320 then
    raise exception using errcode = '22023', message = 'smtp.username_required';
  end if;
  if v_password is not null and char_length(v_password) > 1024 then
    raise exception using errcode = '22023', message = 'smtp.invalid_password';
  end if;
  if v_from_email is null or char_length(v_from_email) > 320 or v_from_email !~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' then
    raise exception using errcode = '22023', message = 'smtp.invalid_from_email';
  end if;
  if v_from_name is null or v_from_name = '' or char_length(v_from_name) > 200 then
    raise exception using errcode = '22023', message = 'smtp.from_name_required';
  end if;
  v_name := left(coalesce(nullif(btrim(p_name), ''), v_host), 100);

  -- Serialise default switches so two admins cannot both leave a default behind (or none).
  perform pg_advisory_xact_lock(hashtext('public.smtp_configs.is_default'));

  if p_id is not null then
    select * into v_old from public.smtp_configs s where s.id = p_id for update;
    if not found then
      raise exception using errcode = 'P0002', message = 'smtp.not_found';
    end if;
    if v_password is null
       and (lower(v_host) <> lower(v_old.host) or p_port <> v_old.port or v_username <> v_old.username) then
      raise exception using errcode = '22023', message = 'smtp.password_required';
    end if;
    v_default := v_default or v_old.is_default;
  elsif not exists (select 1 from public.smtp_configs s where s.is_default) then
    v_default := true;
  end if;

  if v_default then
    update public.smtp_configs s set is_default = false where s.is_default and s.id is distinct from p_id;
  end if;

  if p_id is null then
    if v_password is null then
      raise exception using errcode = '22023', message = 'smtp.password_required';
    end if;
    insert into public.smtp_configs as s (name, host, port, username, password, from_email, from_name, is_default)
    values (v_name, v_host, p_port, v_username, v_password, v_from_email, v_from_name, v_default)
    returning s.id into v_id;
  else
    update public.smtp_configs s
       set name = v_name,
           host = v_host,
           port = p_port,
           username = v_username,
           password = coalesce(v_password, s.password),
           from_email = v_from_email,
           from_name = v_from_name,
           is_default = v_default
     where s.id = p_id
     returning s.id into v_id;
  end if;

  return query
    select s.id, s.name, s.host, s.port, s.username,
           case when s.password = '' then null else '••••••••' end,
           s.from_email, s.from_name, s.is_default, s.secure, s.created_at, s.updated_at
      from public.smtp_configs s
     where s.id = v_id;
end
$$;

-- public.claim_email_outbox() -----------------------------------------------------------
-- Sender (service_role): takes up to p_limit due e-mails (1..100), counts the attempt and leases
-- them for 5 minutes. Rows another sender holds are skipped, never waited for.
create function public.claim_email_outbox(p_limit integer default 20)
returns table (id bigint, template text, to_email text, variables jsonb, attempts smallint)
language sql
volatile
set search_path = ''
as $$
  with picked as (
    select o.id
      from private.email_outbox o
     where o.sent_at is null
       and o.attempts < 5
       and o.discarded_at is null
       and o.next_attempt_at <= now()
     order by o.next_attempt_at, o.id
     limit least(greatest(coalesce(p_limit, 20), 1), 100)
       for update skip locked
  )
  update private.email_outbox o
     set attempts = o.attempts + 1,
         next_attempt_at = now() + interval '5 minutes'
    from picked
   where o.id = picked.id
  returning o.id, o.template, o.to_email, o.variables, o.attempts
$$;

-- public.complete_email_outbox() --------------------------------------------------------
-- Sender: the SMTP server accepted the e-mail.
create function public.complete_email_outbox(p_id bigint)
returns boolean
language sql
volatile
set search_path = ''
as $$
  with done as (
    update private.email_outbox o
       set sent_at = now(), last_error = null
     where o.id = p_id and o.sent_at is null
    returning 1
  )
  select exists (select 1 from done)
$$;

-- public.fail_email_outbox() ------------------------------------------------------------
-- Sender: this attempt failed. The error (the sender's own text, never an SMTP password) is kept,
-- at most 500 characters; the next attempt waits for the backoff; after the 5th the row stays
-- unsent for an admin to look at.
create function public.fail_email_outbox(p_id bigint, p_error text)
returns boolean
language sql
volatile
set search_path = ''
as $$
  with failed as (
    update private.email_outbox o
       set last_error = left(coalesce(nullif(btrim(p_error), ''), 'unknown error'), 500),
           next_attempt_at = now() + private.email_outbox_backoff(o.attempts)
     where o.id = p_id and o.sent_at is null
    returning 1
  )
  select exists (select 1 from failed)
$$;

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- email_outbox_set_request_id on private.email_outbox ------------------------------------
create trigger email_outbox_set_request_id
  before insert on private.email_outbox
  for each row execute function private.email_outbox_set_request_id();

-- email_templates_audit on public.email_templates ---------------------------------------
create trigger email_templates_audit after insert or update or delete on public.email_templates
  for each row execute function private.audit_admin_write();

-- email_templates_protect_hook_templates on public.email_templates ----------------------
create trigger email_templates_protect_hook_templates
  before update of name or delete on public.email_templates
  for each row execute function private.protect_hook_templates();

-- email_templates_set_updated_at on public.email_templates ------------------------------
create trigger email_templates_set_updated_at
  before update on public.email_templates
  for each row execute function private.set_updated_at();

-- smtp_configs_audit on public.smtp_configs ---------------------------------------------
create trigger smtp_configs_audit after insert or update or delete on public.smtp_configs
  for each row execute function private.audit_admin_write('password');

-- smtp_configs_set_updated_at on public.smtp_configs ------------------------------------
create trigger smtp_configs_set_updated_at
  before update on public.smtp_configs
  for each row execute function private.set_updated_at();

-- ========================================================================================
-- Policies
-- ========================================================================================

-- public.email_templates ----------------------------------------------------------------

create policy email_templates_delete_authenticated on public.email_templates
  for delete to authenticated
  using ((select private.is_admin()));

create policy email_templates_insert_authenticated on public.email_templates
  for insert to authenticated
  with check ((select private.is_admin()));

create policy email_templates_select_authenticated on public.email_templates
  for select to authenticated
  using ((select private.is_admin()));

create policy email_templates_update_authenticated on public.email_templates
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- public.smtp_configs -------------------------------------------------------------------

create policy smtp_configs_delete_authenticated on public.smtp_configs
  for delete to authenticated
  using ((select private.is_admin()));

-- SMTP: admins read (without the password column) and delete; writes go through admin_upsert_smtp_config.
create policy smtp_configs_select_authenticated on public.smtp_configs
  for select to authenticated
  using ((select private.is_admin()));

-- ========================================================================================
-- Grants
-- ========================================================================================

grant execute on function private.auth_hook_email_templates() to service_role;
grant execute on function private.email_outbox_backoff(integer) to service_role;
grant execute on function private.hook_template_names() to authenticated, service_role;
grant execute on function public.admin_list_email_templates() to authenticated;
grant execute on function public.admin_list_smtp_configs() to authenticated;
grant execute on function public.admin_upsert_smtp_config(uuid,text,text,integer,text,text,text,text,boolean) to authenticated;
grant select, update on private.email_outbox to service_role;
revoke delete, insert, maintain, references, trigger, truncate, update on public.email_templates from service_role;
grant delete, select on public.email_templates to authenticated;
revoke delete, insert, maintain, references, trigger, truncate, update on public.smtp_configs from service_role;
grant delete on public.smtp_configs to authenticated;
grant insert (html_content, name, smtp_config_id, subject, text_content, variables) on public.email_templates to authenticated;
grant update (html_content, name, smtp_config_id, subject, text_content, variables) on public.email_templates to authenticated;
grant select (created_at, from_email, from_name, host, id, is_default, name, port, secure, updated_at, username) on public.smtp_configs to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function private.auth_hook_email_templates() is 'Auth email_action_type -> e-mail template name, for every template the send-email hook renders.';
comment on function private.hook_template_names() is 'The email_templates names the send-email hook renders; they can be edited but not deleted or renamed.';
comment on function private.queue_preferred_email(text,text,uuid,jsonb) is 'Queues a member''s e-mail unless their ''Powiadomienia e-mail'' preference of that kind (p_preference) is false; the reminders use it. Security e-mails never go through it.';
comment on function private.queue_money_email(uuid,jsonb) is 'Queues the e-mail of a money notification unless the member switched its kind off in notification_preferences (default on).';
comment on function public.admin_list_email_templates() is 'Admin only. Every e-mail template with used_by_hook: true for the names in private.hook_template_names() (not deletable, not renamable).';
comment on function public.admin_list_smtp_configs() is 'Admins: all SMTP configurations with the password masked (null when empty). Errors: auth.forbidden.';
comment on function public.admin_upsert_smtp_config(uuid,text,text,integer,text,text,text,text,boolean) is 'Admins: creates (p_id null) or updates an SMTP configuration; a null/empty password keeps the stored one. Returns the row masked. Errors: auth.forbidden, smtp.invalid_host, smtp.invalid_port, smtp.username_required, smtp.invalid_password, smtp.password_required, smtp.invalid_from_email, smtp.from_name_required, smtp.not_found.';
comment on function public.claim_email_outbox(integer) is 'Sender (service_role only): claims up to p_limit due e-mails, skipping rows another sender holds; counts the attempt.';
comment on function public.complete_email_outbox(bigint) is 'Sender (service_role only): marks an e-mail sent.';
comment on function public.fail_email_outbox(bigint,text) is 'Sender (service_role only): records a failed attempt and its backoff.';
comment on table private.email_outbox is 'E-mails queued in the transaction that decided them (payments, money notifications); the send-outbox edge function delivers them (sent_at), retrying with backoff up to 5 attempts.';
comment on table public.email_templates is 'E-mail templates by name (e.g. account-activation with the fname and activate placeholders). Admins manage them; service_role reads them.';
comment on table public.smtp_configs is 'Mail server configurations. No access for anon or members; admins read all columns but password and write through admin_upsert_smtp_config; service_role reads all.';
comment on column private.email_outbox.request_id is 'The request that queued the e-mail (x-request-id or the traceparent''s trace id, private.request_id()): leads to the function''s log line and the audit row.';
comment on column private.email_outbox.discarded_at is 'An admin gave the e-mail up (admin_discard_email): never sent, no longer a problem of the health view.';
comment on function private.request_id() is 'The current API request''s id: its x-request-id header, else its traceparent''s trace id; null outside a request.';
comment on column private.email_outbox.last_error is 'The last failed attempt, as the sender describes it (never a secret).';
comment on column private.email_outbox.next_attempt_at is 'When the sender may claim the row next (claim lease 5 minutes; failure backoff 1, 2, 4, 8 minutes).';
comment on column public.email_templates.name is 'Lower-case key used by server code: letters, digits, - and _.';
comment on column public.email_templates.variables is 'JSON array of {name, description, example} describing the template''s placeholders.';
comment on column public.smtp_configs.is_default is 'At most one default configuration (partial unique index).';
comment on column public.smtp_configs.password is 'Stored for the mail-sending server code (service_role). Never granted to anon/authenticated; admins see it masked.';
comment on column public.smtp_configs.secure is 'Implicit TLS: true exactly when the port is 465.';

-- ========================================================================================
-- Data
-- ========================================================================================

-- The e-mail templates the send-email hook renders (private.auth_hook_email_templates(): one per Auth
-- action), as application data: a hosted project gets migrations, never supabase/seed.sql, and the
-- first sign-up needs the activation template. No SMTP configuration of their own (null = the
-- default one, which the deploy guide's step 7 creates, or an admin in the SMTP tab). Admins edit
-- them in the e-mail templates tab; a project that already has a template of a name keeps its own.
insert into public.email_templates (name, subject, html_content, text_content, variables)
values
  ('account-activation', 'Aktywuj swoje konto w Klubie',
   '<p>Cześć {{fname}},</p><p>dziękujemy za rejestrację w Klubie. Kliknij poniższy link, aby aktywować konto:</p><p><a href="{{activate}}">Aktywuj konto</a></p><p>Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.</p>',
   E'Cześć {{fname}},\n\ndziękujemy za rejestrację w Klubie. Aktywuj konto, otwierając link:\n{{activate}}\n\nJeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"activate","description":"Link aktywacyjny","example":"https://klub.example.com/activate?token=…"}]'),
  ('magic-link', 'Twój link do logowania',
   '<p>Cześć {{fname}},</p><p>kliknij, aby zalogować się do Klubu:</p><p><a href="{{link}}">Zaloguj się</a></p><p>Link jest jednorazowy.</p>',
   E'Cześć {{fname}},\n\nzaloguj się do Klubu, otwierając link (jednorazowy):\n{{link}}',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"link","description":"Link logowania","example":"https://klub.example.com/dashboard?token_hash=…&type=magiclink"}]'),
  ('password-reset', 'Zmiana hasła w Klubie',
   '<p>Cześć {{fname}},</p><p>otrzymaliśmy prośbę o zmianę hasła. Kliknij, aby ustawić nowe hasło:</p><p><a href="{{link}}">Ustaw nowe hasło</a></p><p>Jeśli to nie Ty, zignoruj tę wiadomość.</p>',
   E'Cześć {{fname}},\n\nustaw nowe hasło, otwierając link:\n{{link}}\n\nJeśli to nie Ty, zignoruj tę wiadomość.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"link","description":"Link zmiany hasła","example":"https://klub.example.com/reset-password?code=…"}]'),
  ('email-change', 'Potwierdź nowy adres email',
   '<p>Cześć {{fname}},</p><p>potwierdź zmianę adresu email na {{new_email}}:</p><p><a href="{{link}}">Potwierdź adres</a></p>',
   E'Cześć {{fname}},\n\npotwierdź zmianę adresu email na {{new_email}}:\n{{link}}',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"new_email","description":"Nowy adres email","example":"anna@example.com"},{"name":"link","description":"Link potwierdzający","example":"https://klub.example.com/dashboard?token_hash=…&type=email_change"}]'),
  -- The reauthentication nonce of Auth (secure password change) and its security notifications
  -- (private.auth_hook_email_templates() lists every template the send-email hook uses).
  ('reauthentication', 'Kod potwierdzający zmianę hasła',
   '<p>Cześć {{fname}},</p><p>Twój kod potwierdzający zmianę hasła w Klubie:</p><p><strong>{{token}}</strong></p><p>Jeśli to nie Ty, zignoruj tę wiadomość i zmień hasło.</p>',
   E'Cześć {{fname}},\n\nTwój kod potwierdzający zmianę hasła w Klubie: {{token}}\n\nJeśli to nie Ty, zignoruj tę wiadomość i zmień hasło.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"token","description":"Kod potwierdzający","example":"123456"}]'),
  ('password-changed', 'Hasło do Twojego konta zostało zmienione',
   '<p>Cześć {{fname}},</p><p>hasło do Twojego konta w Klubie zostało właśnie zmienione.</p><p>Jeśli to nie Ty, od razu ustaw nowe hasło przez „Nie pamiętasz hasła?” na stronie logowania.</p>',
   E'Cześć {{fname}},\n\nhasło do Twojego konta w Klubie zostało właśnie zmienione.\n\nJeśli to nie Ty, od razu ustaw nowe hasło przez „Nie pamiętasz hasła?” na stronie logowania.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"}]'),
  ('email-changed', 'Adres email Twojego konta został zmieniony',
   '<p>Cześć {{fname}},</p><p>adres email Twojego konta w Klubie został zmieniony z {{old_email}} na {{email}}.</p><p>Jeśli to nie Ty, skontaktuj się z nami.</p>',
   E'Cześć {{fname}},\n\nadres email Twojego konta w Klubie został zmieniony z {{old_email}} na {{email}}.\n\nJeśli to nie Ty, skontaktuj się z nami.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"old_email","description":"Poprzedni adres email","example":"anna@example.com"},{"name":"email","description":"Nowy adres email","example":"anna.nowak@example.com"}]'),
  ('mfa-factor-enrolled', 'Włączono weryfikację dwuetapową',
   '<p>Cześć {{fname}},</p><p>na Twoim koncie w Klubie włączono weryfikację dwuetapową ({{factor_type}}).</p><p>Jeśli to nie Ty, od razu zmień hasło.</p>',
   E'Cześć {{fname}},\n\nna Twoim koncie w Klubie włączono weryfikację dwuetapową ({{factor_type}}).\n\nJeśli to nie Ty, od razu zmień hasło.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"factor_type","description":"Rodzaj weryfikacji","example":"totp"}]'),
  ('mfa-factor-unenrolled', 'Wyłączono weryfikację dwuetapową',
   '<p>Cześć {{fname}},</p><p>na Twoim koncie w Klubie wyłączono weryfikację dwuetapową ({{factor_type}}).</p><p>Jeśli to nie Ty, od razu zmień hasło.</p>',
   E'Cześć {{fname}},\n\nna Twoim koncie w Klubie wyłączono weryfikację dwuetapową ({{factor_type}}).\n\nJeśli to nie Ty, od razu zmień hasło.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"factor_type","description":"Rodzaj weryfikacji","example":"totp"}]')
on conflict (name) do nothing;

-- The two decision e-mails, editable in the e-mail templates tab.
insert into public.email_templates (name, subject, html_content, text_content, variables)
values
  ('payment-confirmed', 'Potwierdziliśmy Twoją płatność {{reference}}',
   '<p>Cześć {{fname}},</p><p>potwierdziliśmy Twoją płatność <strong>{{reference}}</strong>: {{item}}, {{amount}}.</p><p>{{valid_until}}</p><p>Dziękujemy!</p>',
   E'Cześć {{fname}},\n\npotwierdziliśmy Twoją płatność {{reference}}: {{item}}, {{amount}}.\n{{valid_until}}\n\nDziękujemy!',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"reference","description":"Kod płatności","example":"KLB-7F3K2Q"},{"name":"item","description":"Zakupiony plan lub pakiet","example":"Plan START"},{"name":"amount","description":"Otrzymana kwota","example":"4997.00 PLN"},{"name":"valid_until","description":"Data ważności członkostwa (dla planu)","example":"24.11.2027"}]'),
  ('payment-rejected', 'Płatność {{reference}} została odrzucona',
   '<p>Cześć {{fname}},</p><p>Twoja płatność <strong>{{reference}}</strong> ({{item}}) została odrzucona.</p><p>Powód: {{reason}}</p><p>Jeśli to pomyłka, skontaktuj się z nami.</p>',
   E'Cześć {{fname}},\n\nTwoja płatność {{reference}} ({{item}}) została odrzucona.\nPowód: {{reason}}\n\nJeśli to pomyłka, skontaktuj się z nami.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"reference","description":"Kod płatności","example":"KLB-7F3K2Q"},{"name":"item","description":"Plan lub pakiet","example":"Plan START"},{"name":"reason","description":"Powód odrzucenia","example":"Nie otrzymaliśmy przelewu"}]'),
  ('payment-refunded', 'Zwróciliśmy Twoją płatność {{reference}}',
   '<p>Cześć {{fname}},</p><p>zwróciliśmy Twoją płatność <strong>{{reference}}</strong> ({{item}}): {{amount}}.</p><p>Powód: {{reason}}</p><p>Potwierdzenie zwrotu: {{refund_reference}}</p>',
   E'Cześć {{fname}},\n\nzwróciliśmy Twoją płatność {{reference}} ({{item}}): {{amount}}.\nPowód: {{reason}}\nPotwierdzenie zwrotu: {{refund_reference}}',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"reference","description":"Kod płatności","example":"KLB-7F3K2Q"},{"name":"item","description":"Plan lub pakiet","example":"Plan START"},{"name":"amount","description":"Zwrócona kwota","example":"4997.00 PLN"},{"name":"reason","description":"Powód zwrotu","example":"Rezygnacja w terminie"},{"name":"refund_reference","description":"Tytuł przelewu lub hash transakcji zwrotu","example":"ZWROT KLB-7F3K2Q"}]')
on conflict (name) do nothing;

-- The money e-mails, editable in the e-mail templates tab (as payment-confirmed).
insert into public.email_templates (name, subject, html_content, text_content, variables)
values
  ('withdrawal-requested', 'Przyjęliśmy zlecenie wypłaty {{amount}}',
   '<p>Cześć {{fname}},</p><p>przyjęliśmy Twoje zlecenie wypłaty <strong>{{amount}}</strong> ({{network}}) na adres {{address}}.</p><p>Damy znać, gdy wypłata zostanie zrealizowana.</p>',
   E'Cześć {{fname}},\n\nprzyjęliśmy Twoje zlecenie wypłaty {{amount}} ({{network}}) na adres {{address}}.\nDamy znać, gdy wypłata zostanie zrealizowana.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"amount","description":"Kwota wypłaty","example":"250.00 USDT"},{"name":"network","description":"Sieć","example":"BSC"},{"name":"address","description":"Adres portfela","example":"0x52908400098527886E0F7030069857D2E4169EE7"}]'),
  ('withdrawal-completed', 'Wypłata {{amount}} zrealizowana',
   '<p>Cześć {{fname}},</p><p>Twoja wypłata <strong>{{amount}}</strong> ({{network}}) została zrealizowana.</p><p>Transakcja: <a href="{{tx_link}}">{{tx_link}}</a></p><p>Potwierdzona w sieci: blok {{block}}</p>',
   E'Cześć {{fname}},\n\nTwoja wypłata {{amount}} ({{network}}) została zrealizowana.\nTransakcja: {{tx_link}}\nPotwierdzona w sieci: blok {{block}}',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"amount","description":"Kwota wypłaty","example":"250.00 USDT"},{"name":"network","description":"Sieć","example":"TRC20"},{"name":"tx_hash","description":"Hash transakcji","example":"9f2c…"},{"name":"tx_link","description":"Link do transakcji w eksploratorze","example":"https://tronscan.org/#/transaction/9f2c…"},{"name":"block","description":"Blok i czas transakcji w sieci","example":"68123456 (02.12.2026 16:40)"}]'),
  ('withdrawal-failed', 'Wypłata {{amount}} nie została zrealizowana',
   '<p>Cześć {{fname}},</p><p>Twoja wypłata <strong>{{amount}}</strong> nie została zrealizowana.</p><p>Powód: {{reason}}</p><p>Środki wróciły do salda dostępnego.</p>',
   E'Cześć {{fname}},\n\nTwoja wypłata {{amount}} nie została zrealizowana.\nPowód: {{reason}}\nŚrodki wróciły do salda dostępnego.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"amount","description":"Kwota wypłaty","example":"250.00 USDT"},{"name":"reason","description":"Powód","example":"Nieprawidłowy adres"}]'),
  ('wallet-credited', 'Nowe środki w portfelu: {{amount}}',
   '<p>Cześć {{fname}},</p><p>na Twój portfel wpłynęło <strong>{{amount}}</strong>.</p><p>{{reason}}</p>',
   E'Cześć {{fname}},\n\nna Twój portfel wpłynęło {{amount}}.\n{{reason}}',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"amount","description":"Kwota","example":"100.00 USDT"},{"name":"reason","description":"Opis wpłaty","example":"Premia za polecenia"}]'),
  ('profit-payout', 'Wypłata zysków: {{amount}}',
   '<p>Cześć {{fname}},</p><p>otrzymałeś <strong>{{amount}}</strong> ({{amount_usdt}} po kursie {{rate}} USDT za 1 PLN), {{percentage}} z pakietu {{tier}}.</p><p>Środki są już w Twoim portfelu.</p>',
   E'Cześć {{fname}},\n\notrzymałeś {{amount}} ({{amount_usdt}} po kursie {{rate}} USDT za 1 PLN), {{percentage}} z pakietu {{tier}}.\nŚrodki są już w Twoim portfelu.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"amount","description":"Kwota w PLN","example":"125.00 PLN"},{"name":"amount_usdt","description":"Kwota w USDT","example":"31.25 USDT"},{"name":"rate","description":"Kurs wypłaty (USDT za 1 PLN)","example":"0.25"},{"name":"percentage","description":"Udział w zysku","example":"15%"},{"name":"tier","description":"Pakiet","example":"PREMIUM"}]')
on conflict (name) do nothing;

-- The reminders (issue 40 §2): the membership's end in 30, 7 and 1 days and the end itself
-- (private.run_membership_reminders), an order unpaid after a day and the day before it expires
-- (private.run_order_reminders); each editable in the e-mail templates tab, each sent once and only
-- when the member's 'Powiadomienia e-mail' switch of its kind is on.
insert into public.email_templates (name, subject, html_content, text_content, variables)
values
  ('membership-ends-30', 'Twoje członkostwo {{level}} kończy się {{valid_until}}',
   '<p>Cześć {{fname}},</p><p>Twoje członkostwo <strong>{{level}}</strong> w Klubie jest ważne do <strong>{{valid_until}}</strong> (zostało {{days}} dni).</p><p>Aby zachować swój poziom i udział w zyskach, odnów plan w panelu Klubu, w zakładce „Inwestycje”.</p>',
   E'Cześć {{fname}},\n\nTwoje członkostwo {{level}} w Klubie jest ważne do {{valid_until}} (zostało {{days}} dni).\nAby zachować swój poziom i udział w zyskach, odnów plan w panelu Klubu, w zakładce „Inwestycje”.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"level","description":"Poziom członkostwa","example":"PREMIUM"},{"name":"valid_until","description":"Ostatni dzień członkostwa","example":"24.12.2026"},{"name":"days","description":"Dni do końca","example":"30"}]'),
  ('membership-ends-7', 'Zostało {{days}} dni członkostwa {{level}}',
   '<p>Cześć {{fname}},</p><p>za {{days}} dni, <strong>{{valid_until}}</strong>, kończy się Twoje członkostwo <strong>{{level}}</strong> w Klubie.</p><p>Odnów plan w zakładce „Inwestycje”, aby nie wrócić do poziomu FREE.</p>',
   E'Cześć {{fname}},\n\nza {{days}} dni, {{valid_until}}, kończy się Twoje członkostwo {{level}} w Klubie.\nOdnów plan w zakładce „Inwestycje”, aby nie wrócić do poziomu FREE.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"level","description":"Poziom członkostwa","example":"PREMIUM"},{"name":"valid_until","description":"Ostatni dzień członkostwa","example":"24.12.2026"},{"name":"days","description":"Dni do końca","example":"7"}]'),
  ('membership-ends-1', 'Ostatni dzień członkostwa {{level}}: {{valid_until}}',
   '<p>Cześć {{fname}},</p><p>Twoje członkostwo <strong>{{level}}</strong> w Klubie kończy się <strong>{{valid_until}}</strong>.</p><p>Jeśli chcesz zachować swój poziom, odnów plan jeszcze dziś w zakładce „Inwestycje”.</p>',
   E'Cześć {{fname}},\n\nTwoje członkostwo {{level}} w Klubie kończy się {{valid_until}}.\nJeśli chcesz zachować swój poziom, odnów plan jeszcze dziś w zakładce „Inwestycje”.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"level","description":"Poziom członkostwa","example":"PREMIUM"},{"name":"valid_until","description":"Ostatni dzień członkostwa","example":"24.12.2026"},{"name":"days","description":"Dni do końca","example":"1"}]'),
  ('membership-ended', 'Twoje członkostwo {{level}} wygasło',
   '<p>Cześć {{fname}},</p><p>Twoje członkostwo <strong>{{level}}</strong> w Klubie wygasło {{valid_until}}. Twój poziom to teraz FREE.</p><p>Odnów plan w zakładce „Inwestycje”, aby wrócić do swojego poziomu.</p>',
   E'Cześć {{fname}},\n\nTwoje członkostwo {{level}} w Klubie wygasło {{valid_until}}. Twój poziom to teraz FREE.\nOdnów plan w zakładce „Inwestycje”, aby wrócić do swojego poziomu.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"level","description":"Poziom członkostwa","example":"PREMIUM"},{"name":"valid_until","description":"Ostatni dzień członkostwa","example":"24.12.2026"},{"name":"days","description":"Dni do końca (0)","example":"0"}]'),
  ('order-unpaid', 'Czekamy na Twoją płatność {{reference}}',
   '<p>Cześć {{fname}},</p><p>Twoje zamówienie <strong>{{reference}}</strong> ({{item}}) czeka na wpłatę <strong>{{amount}}</strong>.</p><p>Opłać je do {{expires_at}}, inaczej wygaśnie. Szczegóły płatności znajdziesz w panelu Klubu, w sekcji „Moje płatności”.</p><p>Jeśli już zapłaciłeś, zignoruj tę wiadomość.</p>',
   E'Cześć {{fname}},\n\nTwoje zamówienie {{reference}} ({{item}}) czeka na wpłatę {{amount}}.\nOpłać je do {{expires_at}}, inaczej wygaśnie. Szczegóły płatności znajdziesz w panelu Klubu, w sekcji „Moje płatności”.\n\nJeśli już zapłaciłeś, zignoruj tę wiadomość.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"reference","description":"Kod płatności","example":"KLB-7F3K2Q"},{"name":"item","description":"Plan lub pakiet","example":"Plan START"},{"name":"amount","description":"Kwota do zapłaty","example":"4997.00 PLN"},{"name":"expires_at","description":"Termin płatności","example":"24.11.2026 14:30"}]'),
  ('order-expiring', 'Płatność {{reference}} wygasa {{expires_at}}',
   '<p>Cześć {{fname}},</p><p>nie otrzymaliśmy jeszcze wpłaty <strong>{{amount}}</strong> za zamówienie <strong>{{reference}}</strong> ({{item}}). Zamówienie wygaśnie {{expires_at}}.</p><p>Opłać je w panelu Klubu, w sekcji „Moje płatności”. Jeśli już zapłaciłeś, zignoruj tę wiadomość.</p>',
   E'Cześć {{fname}},\n\nnie otrzymaliśmy jeszcze wpłaty {{amount}} za zamówienie {{reference}} ({{item}}). Zamówienie wygaśnie {{expires_at}}.\nOpłać je w panelu Klubu, w sekcji „Moje płatności”. Jeśli już zapłaciłeś, zignoruj tę wiadomość.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"reference","description":"Kod płatności","example":"KLB-7F3K2Q"},{"name":"item","description":"Plan lub pakiet","example":"Plan START"},{"name":"amount","description":"Kwota do zapłaty","example":"4997.00 PLN"},{"name":"expires_at","description":"Termin płatności","example":"24.11.2026 14:30"}]')
on conflict (name) do nothing;

-- The security notice of a saved withdrawal address added, changed, made the default or removed
-- (private.mail_withdrawal_address_change; {{change}} is e.g. 'Dodano adres wypłaty').
insert into public.email_templates (name, subject, html_content, text_content, variables)
values
  ('withdrawal-address-changed', '{{change}}: {{label}}',
   '<p>Cześć {{fname}},</p><p>{{change}} na Twoim koncie w Klubie: <strong>{{label}}</strong>, sieć {{network}}, adres {{address}}.</p><p>Jeśli to nie Ty, od razu zmień hasło i włącz weryfikację dwuetapową.</p>',
   E'Cześć {{fname}},\n\n{{change}} na Twoim koncie w Klubie: {{label}}, sieć {{network}}, adres {{address}}.\n\nJeśli to nie Ty, od razu zmień hasło i włącz weryfikację dwuetapową.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"change","description":"Zmiana","example":"Dodano adres wypłaty"},{"name":"label","description":"Nazwa adresu","example":"Ledger"},{"name":"network","description":"Sieć","example":"BSC"},{"name":"address","description":"Adres portfela","example":"0x52908400098527886E0F7030069857D2E4169EE7"},{"name":"is_default","description":"Czy domyślny","example":"tak"}]')
on conflict (name) do nothing;

-- The daily e-mail with the audit chain's head (private.publish_audit_chain_head): the copy of the
-- head kept outside the database, for comparison with 'Dziennik zmian'.
insert into public.email_templates (name, subject, html_content, text_content, variables)
values
  ('audit-chain-head', 'Dziennik zmian: wpis nr {{chain_seq}}',
   '<p>Cześć {{fname}},</p><p>stan dziennika zmian z {{published_at}}: <strong>{{status}}</strong>.</p><p>Ostatni wpis: nr {{chain_seq}}<br>Skrót (SHA-256): <code>{{chain_hash}}</code></p><p>Zachowaj tę wiadomość: jeśli wpisy zostaną później zmienione, skrót w zakładce „Dziennik zmian” nie będzie się zgadzał z tym.</p>',
   E'Cześć {{fname}},\n\nstan dziennika zmian z {{published_at}}: {{status}}.\nOstatni wpis: nr {{chain_seq}}\nSkrót (SHA-256): {{chain_hash}}\n\nZachowaj tę wiadomość: jeśli wpisy zostaną później zmienione, skrót w zakładce „Dziennik zmian” nie będzie się zgadzał z tym.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"chain_seq","description":"Numer ostatniego wpisu","example":"18342"},{"name":"chain_hash","description":"Skrót ostatniego wpisu (SHA-256)","example":"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"},{"name":"published_at","description":"Data i godzina","example":"28.11.2026 06:30"},{"name":"status","description":"Stan łańcucha wpisów","example":"Łańcuch wpisów nienaruszony"}]')
on conflict (name) do nothing;

-- send-outbox every minute, only where pg_cron is loaded and pg_net is available. The call reads
-- the project URL and the service role key from Vault (README: store them, or run the same
-- cron.schedule call once after enabling the extensions). The local stack runs the function on its
-- own timer (supabase/scheduled-jobs.json).
do $do$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net')
     and current_setting('shared_preload_libraries', true) like '%pg_cron%' then
    create extension if not exists pg_cron;
    create extension if not exists pg_net;
    perform cron.schedule('send-outbox', '* * * * *', $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/send-outbox',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
        ),
        body := '{}'::jsonb,
        timeout_milliseconds := 60000
      )
    $job$);
  end if;
end
$do$;
