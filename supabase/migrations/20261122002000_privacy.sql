-- Privacy (RODO, issue 38): a member's copy of their data, the erasure of an account, the financial
-- rows the accounting act keeps without the person, the purge after their retention, and the log
-- of members' requests with their deadlines.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, columns, triggers, policies, grants, comments,
-- data.
--
-- The erasure, whoever deletes the account (delete_my_account, admin_delete_user, the Auth admin
-- API, the dashboard): the triggers on auth.users below do the same work in the deleting
-- transaction (private.erase_member_data before the row goes, private.erase_member_traces after
-- the cascades):
--   erased       sign-in (auth.users, identities, sessions, refresh tokens, factors, one-time
--                tokens, PKCE flows, Auth's own audit log entries), profile, settings, saved
--                addresses, referral codes, notifications, comments, reactions, votes (the counters
--                follow by their triggers), ideas and posts nobody else reacted to, the member's
--                queued e-mails, the personal values of the audit trail, the stored files (queued
--                for the remove-stored-files function: Storage objects are removed through the
--                Storage API, never from SQL);
--   kept         ideas and posts other members' votes, comments or reactions hang on (author
--                'Członek usunięty', their images removed); the referral that counted for the
--                referrer (referred_id null: their count and ranking do not change);
--   anonymised   the financial rows (orders, membership periods, ledger, debts, withdrawals, commissions:
--                the member's link set to null; payout items: a pseudonym, the link is part of their
--                key), each with its retain_until (the end of the 5th year after the year of its
--                money event, art. 74 ustawy o rachunkowości); orders money came in for keep the
--                buyer's name and e-mail copied at payment time, and their gateway events, as the
--                evidence; private.run_privacy_purge deletes the rows past retain_until.
-- One e-mail ('Twoje konto zostało usunięte', template account-deleted) is queued to the address
-- without a member link; its outbox row is deleted once it is sent.

-- ========================================================================================
-- Types
-- ========================================================================================

-- The rights a request asks for: a copy (Art. 15 and 20), erasure (Art. 17), rectification
-- (Art. 16), restriction (Art. 18), objection (Art. 21).
create type public.privacy_request_kind as enum ('export', 'erasure', 'rectification', 'restriction', 'objection');

create type public.privacy_request_status as enum ('open', 'completed', 'refused');

-- ========================================================================================
-- Tables
-- ========================================================================================

-- public.privacy_requests ---------------------------------------------------------------
-- 'Wnioski RODO': every copy and erasure, asked in the app (channel app, completed at once), by
-- e-mail or letter (recorded by an admin, open until handled), or done by the club (admin: an
-- admin's deletion; system: an account deleted outside the app). A month to answer (Art. 12(3)).
-- The member's link is cut when the account is erased; the row stays (the club shows it answered).
create table public.privacy_requests (
  id uuid primary key default gen_random_uuid(),
  kind public.privacy_request_kind not null,
  channel text not null check (channel in ('app', 'email', 'letter', 'admin', 'system')),
  user_id uuid references auth.users (id) on delete set null,
  requester_email text check (char_length(requester_email) between 3 and 320),
  received_at timestamptz not null default now(),
  due_at timestamptz not null,
  status public.privacy_request_status not null default 'open',
  completed_at timestamptz,
  handled_by uuid,
  recorded_by uuid,
  note text check (char_length(note) <= 1000),
  subject_erased boolean not null default false,
  created_at timestamptz not null default now(),
  constraint privacy_requests_completed_check check ((status = 'open') = (completed_at is null)),
  constraint privacy_requests_due_check check (due_at > received_at)
);
alter table public.privacy_requests enable row level security;

-- private.storage_removals --------------------------------------------------------------
-- The stored files of erased accounts, removed by the remove-stored-files function through the
-- Storage API after the erasure committed, retried with backoff until Storage confirms. A row is
-- deleted once its file is gone (its path holds the member's id).
create table private.storage_removals (
  id bigint generated always as identity primary key,
  bucket_id text not null check (char_length(bucket_id) between 1 and 100),
  name text not null check (char_length(name) between 1 and 1024),
  queued_at timestamptz not null default now(),
  attempts smallint not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text check (char_length(last_error) <= 500),
  unique (bucket_id, name)
);
alter table private.storage_removals enable row level security;

-- private.privacy_password_attempts -----------------------------------------------------
-- Wrong passwords typed in 'Usuń konto' (checked here, not by Auth): 5 in 15 minutes stop the form.
create table private.privacy_password_attempts (
  user_id uuid not null references auth.users (id) on delete cascade,
  attempted_at timestamptz not null default now()
);
alter table private.privacy_password_attempts enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- public.privacy_requests ---------------------------------------------------------------

-- The tab's list (open first, by deadline) and the health check (open requests near their deadline).
create index privacy_requests_open_due_idx on public.privacy_requests (due_at) where status = 'open';

create index privacy_requests_received_at_idx on public.privacy_requests (received_at desc, id desc);

-- The member's exports of the day (the rate limit) and the foreign key.
create index privacy_requests_user_id_idx on public.privacy_requests (user_id, kind, received_at);

-- Erasure clears the address of a request whose member is erased.
create index privacy_requests_requester_email_idx on public.privacy_requests (lower(requester_email))
  where requester_email is not null;

-- private.storage_removals --------------------------------------------------------------

create index storage_removals_due_idx on private.storage_removals (next_attempt_at, id);

-- private.privacy_password_attempts -----------------------------------------------------

create index privacy_password_attempts_user_idx on private.privacy_password_attempts (user_id, attempted_at);

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.retention_end() ---------------------------------------------------------------
-- The accounting act (art. 74 ust. 2 ustawy o rachunkowości) keeps evidence 5 years from the start
-- of the year after the one of the operation: a payment of 2026 is kept through 31.12.2031. Warsaw
-- days. Immutable (the time zone's rules are fixed data): the financial tables' generated columns.
create function private.retention_end(p_at timestamptz)
returns date
language sql
immutable
set search_path = ''
as $$
  select (date_trunc('year', p_at at time zone 'Europe/Warsaw') + interval '6 years' - interval '1 day')::date
$$;

-- private.member_data_catalogue() -------------------------------------------------------
-- THE list of where a member's data is: every table with a member's id, with the export's section
-- and what it shows, or why it is not in the export. The export (private.member_data_export) is
-- built from it, and tests/db/privacy.test.ts fails when a table of the schema with a member's id
-- is missing here.
--   member_column  the column holding the member (payload: Auth's audit log, found by its JSON)
--   section        the export's key; null: not exported (reason says why)
--   projection     the jsonb of one row (alias t); null: to_jsonb(t) minus omit
--   omit           columns left out of to_jsonb(t): admins' identities, secrets, internals
--   filter         the rows of the member ($1 the id, $2 the e-mail); null: t.<member_column> = $1
--   order_by       the rows' order; single: one object instead of a list
create function private.member_data_catalogue()
returns table (
  table_schema text,
  table_name text,
  member_column text,
  section text,
  projection text,
  omit text[],
  filter text,
  order_by text,
  single boolean,
  reason text
)
language sql
immutable
set search_path = ''
as $$
  values
    -- Sign-in (Auth): the account, never the password hash or tokens.
    ('auth', 'users', 'id', 'account',
     $p$jsonb_build_object('email', t.email, 'phone', nullif(t.phone, ''), 'created_at', t.created_at,
       'email_confirmed_at', t.email_confirmed_at, 'last_sign_in_at', t.last_sign_in_at, 'updated_at', t.updated_at,
       'user_metadata', coalesce(t.raw_user_meta_data, '{}'::jsonb) - 'signup_claim')$p$,
     null::text[], null::text, 't.id', true, 'No password hash, tokens or the sign-up claim.'),
    ('auth', 'identities', 'user_id', 'sign_in_methods',
     $p$jsonb_build_object('provider', t.provider, 'email', t.email, 'created_at', t.created_at,
       'last_sign_in_at', t.last_sign_in_at)$p$,
     null, null, 't.created_at', false, null),
    ('auth', 'sessions', 'user_id', 'sessions',
     $p$jsonb_build_object('created_at', t.created_at, 'refreshed_at', t.refreshed_at, 'aal', t.aal,
       'user_agent', t.user_agent, 'ip', host(t.ip))$p$,
     null, null, 't.created_at', false, 'No tokens.'),
    ('auth', 'mfa_factors', 'user_id', 'sign_in_factors',
     $p$jsonb_build_object('factor_type', t.factor_type, 'status', t.status, 'created_at', t.created_at)$p$,
     null, null, 't.created_at', false, 'Type and date only, never the secret.'),
    ('auth', 'audit_log_entries', 'payload', 'sign_in_events',
     $p$jsonb_build_object('action', t.payload ->> 'action', 'created_at', t.created_at, 'ip', nullif(t.ip_address, ''))$p$,
     null, $f$(t.payload ->> 'actor_id' = $1::text or t.payload -> 'traits' ->> 'user_id' = $1::text)$f$,
     't.created_at', false, 'Auth''s own log (sign-up, sign-in, token refresh, logout); the actor of an admin action on the account is not shown.'),
    ('auth', 'refresh_tokens', 'user_id', null, null, null, null, null, false,
     'Secret tokens of the sessions (the sessions are exported).'),
    ('auth', 'one_time_tokens', 'user_id', null, null, null, null, null, false,
     'Hashes of e-mailed links still valid (confirmation, reset); secrets, removed once used.'),
    ('auth', 'flow_state', 'user_id', null, null, null, null, null, false,
     'Technical state of a sign-in in progress (PKCE), removed after it.'),
    -- The member's profile and settings.
    ('public', 'profiles', 'user_id', 'profile', null, array['id'], null, 't.user_id', true, null),
    ('public', 'user_settings', 'user_id', 'settings', null, array['id'], null, 't.user_id', true,
     'Includes the notification preferences.'),
    ('public', 'withdrawal_addresses', 'user_id', 'withdrawal_addresses', null, null, null, 't.created_at', false, null),
    -- Money.
    ('public', 'payment_orders', 'user_id', 'orders', null, array['decided_by', 'refunded_by'], null,
     't.created_at', false, 'The deciding and refunding admins are not shown.'),
    ('public', 'usdt_payment_checks', 'user_id', 'usdt_payment_checks', null, null, null, 't.created_at', false,
     'The transaction hashes the member pasted for USDT orders and what the chain showed.'),
    ('public', 'chain_transfers', 'order_id', 'usdt_transfers',
     $p$jsonb_build_object('network', t.network, 'tx_hash', t.tx_hash, 'from', t.from_address, 'to', t.to_address,
       'amount', t.amount, 'block_number', t.block_number, 'block_time', t.block_time, 'order_id', t.order_id,
       'withdrawal_id', t.withdrawal_id)$p$,
     null, $f$t.order_id in (select o.id from public.payment_orders o where o.user_id = $1)
             or t.withdrawal_id in (select w.id from public.withdrawals w where w.user_id = $1)$f$,
     't.id', false, 'The USDT transfers that paid the member''s orders and paid out their withdrawals (public on their chains).'),
    ('private', 'usdt_check_submissions', 'user_id', null, null, null, null, null, false,
     'When USDT hashes were submitted, for the 10-an-hour limit (the checks themselves are exported).'),
    ('public', 'payment_receipts', 'order_id', 'payment_receipts', null, array['decided_by'],
     $f$t.order_id in (select o.id from public.payment_orders o where o.user_id = $1)$f$,
     't.received_at', false, 'The payments received for the member''s orders; the deciding admin is not shown.'),
    ('public', 'membership_periods', 'user_id', 'membership_periods', null,
     array['shortened_by', 'audit_id'], null, 't.first_day', false, 'The admin who shortened a period is not shown.'),
    ('public', 'ccc_assignments', 'user_id', 'ccc_packages', null, array['assigned_by'], null, 't.start_date', false,
     'The assigning admin is not shown.'),
    ('public', 'wallet_balances', 'user_id', 'wallet', null, null, null, 't.user_id', true, null),
    ('public', 'wallet_transactions', 'user_id', 'wallet_ledger', null, array['created_by'], null, 't.id', false,
     'Who made an entry (the member or an admin) is not shown; its note is.'),
    ('public', 'withdrawals', 'user_id', 'withdrawals', null, array['processed_by', 'claimed_by'], null,
     't.created_at', false, 'The handling admins are not shown.'),
    ('public', 'wallet_debts', 'user_id', 'wallet_debts', null, array['created_by'], null,
     't.created_at', false, 'The admin whose reversal recorded the debt is not shown.'),
    ('public', 'payout_run_items', 'user_id', 'profit_payouts',
     $p$jsonb_build_object('run_id', t.run_id, 'tier', t.tier, 'amount_pln', t.amount_pln, 'amount_usdt', t.amount_usdt,
       'paid_at', (select r.created_at from public.payout_runs r where r.id = t.run_id),
       'revenue_date', (select r.revenue_date from public.payout_runs r where r.id = t.run_id),
       'rate_pln_usdt', (select r.rate_pln_usdt from public.payout_runs r where r.id = t.run_id))$p$,
     null, null, 't.run_id', false, null),
    -- Referrals: the referred members are masked.
    ('public', 'referral_codes', 'user_id', 'referral_codes', null, null, null, 't.created_at', false, null),
    ('public', 'referral_relationships', 'referrer_id', 'referrals',
     $p$jsonb_build_object('member', coalesce((select private.mask_email(p.email) from public.profiles p where p.user_id = t.referred_id), 'Członek usunięty'),
       'code', (select c.code from public.referral_codes c where c.id = t.code_id),
       'created_at', t.created_at, 'activated_at', t.activated_at)$p$,
     null, null, 't.created_at', false, 'The referred members are shown masked.'),
    ('public', 'referral_relationships', 'referred_id', 'referred_by',
     $p$jsonb_build_object('referrer', (select private.mask_email(p.email) from public.profiles p where p.user_id = t.referrer_id),
       'code', (select c.code from public.referral_codes c where c.id = t.code_id),
       'created_at', t.created_at, 'activated_at', t.activated_at)$p$,
     null, null, 't.created_at', true, 'The referrer is shown masked.'),
    ('public', 'referral_commissions', 'referrer_id', 'commissions',
     $p$jsonb_build_object('level', t.level, 'amount_pln', t.amount_pln, 'created_at', t.created_at,
       'cancelled_at', t.cancelled_at, 'cancel_reason', t.cancel_reason,
       'settled_at', t.settled_at, 'amount_usdt', t.amount_usdt, 'settlement_rate', t.settlement_rate)$p$,
     null, null, 't.created_at', false, 'The referred member and their order are not shown.'),
    ('public', 'referral_commissions', 'referred_id', null, null, null, null, null, false,
     'The referrer''s commission on this member''s order: the referrer''s earnings (their data); the order itself is in orders.'),
    ('private', 'referrer_stats', 'user_id', 'referral_stats', null, null, null, 't.user_id', true, null),
    -- Ideas and the community.
    ('public', 'app_ideas', 'submitted_by', 'ideas', null, array['search_text', 'webhook_claimed_at'], null,
     't.submitted_at', false, 'Includes the automation service''s feedback.'),
    ('public', 'idea_votes', 'user_id', 'idea_votes', null, null, null, 't.created_at', false, null),
    ('public', 'idea_comments', 'user_id', 'idea_comments', null, null, null, 't.created_at', false, null),
    ('public', 'posts', 'author_id', 'posts', null, null, null, 't.created_at', false, null),
    ('public', 'post_comments', 'user_id', 'post_comments', null, null, null, 't.created_at', false, null),
    ('public', 'post_reactions', 'user_id', 'post_reactions', null, null, null, 't.created_at', false, null),
    ('public', 'notifications', 'user_id', 'notifications', null, null, null, 't.created_at', false, null),
    ('private', 'idea_submissions', 'user_id', null, null, null, null, null, false,
     'When ideas were submitted, for the 10-a-day limit; pruned after a day (the ideas are exported).'),
    -- Stored files: the list (the files are public images the member can open).
    ('storage', 'objects', 'owner_id', 'files',
     $p$jsonb_build_object('bucket', t.bucket_id, 'name', t.name, 'created_at', t.created_at,
       'size', t.metadata ->> 'size', 'mimetype', t.metadata ->> 'mimetype')$p$,
     null, $f$(t.bucket_id in ('avatars', 'idea-images') and t.name collate "C" like $1::text || '/%')$f$,
     't.created_at', false, 'The list of the member''s files (their folders of avatars and idea-images; an admin''s uploads to the club''s buckets are the club''s); the files themselves are the public images shown in the app.'),
    ('storage', 'objects', 'owner', null, null, null, null, null, false, 'Deprecated copy of owner_id (exported as files).'),
    ('storage', 'buckets', 'owner', null, null, null, null, null, false,
     'Buckets are the club''s (created by the migrations); no member owns one.'),
    ('storage', 'buckets', 'owner_id', null, null, null, null, null, false,
     'Buckets are the club''s (created by the migrations); no member owns one.'),
    -- E-mails, the audit trail, the requests.
    ('private', 'email_outbox', 'user_id', 'emails',
     $p$jsonb_build_object('template', t.template, 'to_email', t.to_email, 'created_at', t.created_at, 'sent_at', t.sent_at)$p$,
     null, null, 't.created_at', false, 'Which e-mail went when; their texts are the club''s templates.'),
    ('private', 'membership_reminders', 'user_id', null, null, null, null, null, false,
     'Which renewal reminder was sent (a flag against sending it twice); the e-mails themselves are in emails.'),
    ('private', 'admin_accounts', 'user_id', null, null, null, null, null, false,
     'Which accounts are admins (a list kept from Auth''s app_metadata for the health checks); no member data.'),
    ('public', 'admin_audit_log', 'target_user_id', 'audit_entries',
     $p$jsonb_build_object('created_at', t.created_at, 'action', t.action, 'target_type', t.target_type,
       'target_id', t.target_id, 'by', t.actor_kind,
       'before', coalesce((select coalesce(t.before, '{}'::jsonb) || a.before from public.admin_audit_personal a
                            where a.audit_id = t.id and a.subject = 'target' and a.before is not null), t.before),
       'after', coalesce((select coalesce(t.after, '{}'::jsonb) || a.after from public.admin_audit_personal a
                           where a.audit_id = t.id and a.subject = 'target' and a.after is not null), t.after))$p$,
     null, null, 't.id', false, 'Admins'' identity hidden (by: admin or system).'),
    ('public', 'admin_audit_log', 'actor_id', null, null, null, null, null, false,
     'What an admin did as an admin: the club''s record of its staff, not the member''s data.'),
    ('public', 'admin_audit_personal', 'user_id', null, null, null, null, null, false,
     'The personal values of the audit rows about the member: merged into audit_entries.'),
    ('private', 'idempotency_keys', 'actor_id', null, null, null, null, null, false,
     'An admin''s form keys against double submits.'),
    ('private', 'signup_passwords', 'user_id', null, null, null, null, null, false,
     'A hash guarding the sign-up against account takeover; no information about the member.'),
    ('private', 'privacy_password_attempts', 'user_id', null, null, null, null, null, false,
     'Wrong passwords typed when deleting the account, for its 15-minute limit.'),
    ('public', 'privacy_requests', 'user_id', 'privacy_requests', null, array['handled_by', 'recorded_by'], null,
     't.received_at', false, 'The handling admins are not shown.')
$$;

-- private.member_data_export() ----------------------------------------------------------
-- The member's data, every section of private.member_data_catalogue(): one jsonb object. One
-- statement per section (each an index lookup by the member's id), so 5 000 ledger rows take well
-- under a second.
create function private.member_data_export(p_user_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_email text;
  v_source record;
  v_rows jsonb;
  v_data jsonb := '{}'::jsonb;
  v_row text;
begin
  select lower(u.email) into v_email from auth.users u where u.id = p_user_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'admin.user_not_found';
  end if;
  for v_source in
    select c.* from private.member_data_catalogue() c where c.section is not null order by c.section
  loop
    v_row := coalesce(v_source.projection, format('to_jsonb(t) - %L::text[]', coalesce(v_source.omit, '{}')));
    if v_source.single then
      execute format('select %s from %I.%I t where %s order by %s limit 1',
                     v_row, v_source.table_schema, v_source.table_name,
                     coalesce(v_source.filter, format('t.%I = $1', v_source.member_column)), v_source.order_by)
        into v_rows using p_user_id, v_email;
    else
      execute format('select coalesce(jsonb_agg(%s order by %s), ''[]''::jsonb) from %I.%I t where %s',
                     v_row, v_source.order_by, v_source.table_schema, v_source.table_name,
                     coalesce(v_source.filter, format('t.%I = $1', v_source.member_column)))
        into v_rows using p_user_id, v_email;
    end if;
    v_data := v_data || jsonb_build_object(v_source.section, v_rows);
  end loop;
  return jsonb_build_object(
    'format', 'klub-member-data',
    'version', 1,
    'generated_at', now(),
    'user_id', p_user_id,
    'data', v_data
  );
end
$$;

-- public.export_my_data() ---------------------------------------------------------------
-- Settings, 'Pobierz moje dane': the caller's data (the browser adds the Art. 15 information and
-- saves it as one JSON file). At most 3 a day; each one is logged as a completed request.
create function public.export_my_data()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  perform pg_advisory_xact_lock(hashtext('privacy_export:' || v_uid::text));
  if (select count(*) from public.privacy_requests r
       where r.user_id = v_uid and r.kind = 'export' and r.channel = 'app'
         and r.received_at > now() - interval '24 hours') >= 3 then
    raise exception using errcode = 'P0001', message = 'privacy.export_rate_limited';
  end if;
  insert into public.privacy_requests (kind, channel, user_id, received_at, due_at, status, completed_at)
  values ('export', 'app', v_uid, now(), now() + interval '1 month', 'completed', now());
  return private.member_data_export(v_uid);
end
$$;

-- private.erasure_blockers() ------------------------------------------------------------
-- What must be settled before the member's own deletion (the dialog lists them first):
--   balance     money in the wallet (withdraw it first)
--   withdrawal  a withdrawal waiting or being paid out (wait for it, or cancel a pending one)
--   order       an order waiting for its payment (pending: pay or cancel it), underpaid (pay the
--               rest or ask for a refund) or to be refunded (wait for the refund)
-- An admin's deletion is refused for the first two (private.guard_member_deletion) and cancels a
-- waiting order (money arriving later is kept as 'Do zwrotu').
create function private.erasure_blockers(p_user_id uuid)
returns table (kind text, amount numeric, currency text, items integer, refs text[])
language sql
stable
security definer
set search_path = ''
as $$
  select 'balance', b.available_balance, 'USDT', 1, '{}'::text[]
    from public.wallet_balances b
   where b.user_id = p_user_id and b.available_balance > 0
  union all
  select 'withdrawal', sum(w.amount), 'USDT', count(*)::integer, '{}'::text[]
    from public.withdrawals w
   where w.user_id = p_user_id and w.status in ('pending', 'processing')
  having count(*) > 0
  union all
  select 'order', null, null, count(*)::integer, array_agg(o.reference order by o.created_at)
    from public.payment_orders o
   where o.user_id = p_user_id and o.status in ('pending', 'underpaid', 'to_refund')
  having count(*) > 0
$$;

-- public.get_account_deletion_blockers() ------------------------------------------------
-- 'Usuń konto': the caller's blockers (empty: the account can be deleted).
create function public.get_account_deletion_blockers()
returns table (kind text, amount numeric, currency text, items integer, refs text[])
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  return query select * from private.erasure_blockers((select auth.uid()));
end
$$;

-- private.erase_member() ----------------------------------------------------------------
-- THE erasure, for the member's own deletion and the admin's: logs it in the requests (completing
-- the request it answers, or a new completed one), then deletes the auth user, which erases and
-- anonymises everything in the same transaction (the triggers below). p_channel: app (the member)
-- or admin. Returns the request's id.
create function private.erase_member(p_user_id uuid, p_channel text, p_note text, p_request_id uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_request public.privacy_requests;
  v_handler uuid := case when p_channel = 'admin' then auth.uid() end;
begin
  if not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception using errcode = 'P0002', message = 'admin.user_not_found';
  end if;
  if p_request_id is not null then
    select * into v_request from public.privacy_requests r where r.id = p_request_id for update;
    -- The request of this member, or one no account was found for (written from another address).
    if not found or v_request.kind <> 'erasure' or v_request.status <> 'open'
       or v_request.user_id <> p_user_id then
      raise exception using errcode = 'P0001', message = 'privacy.request_not_open';
    end if;
    update public.privacy_requests r
       set status = 'completed', completed_at = now(), handled_by = v_handler, user_id = p_user_id,
           note = coalesce(nullif(btrim(p_note), ''), r.note)
     where r.id = p_request_id
    returning * into v_request;
  else
    insert into public.privacy_requests (kind, channel, user_id, received_at, due_at, status, completed_at, handled_by, note)
    values ('erasure', p_channel, p_user_id, now(), now() + interval '1 month', 'completed', now(), v_handler,
            nullif(btrim(p_note), ''))
    returning * into v_request;
  end if;
  delete from auth.users u where u.id = p_user_id;
  return v_request.id;
end
$$;

-- public.delete_my_account() ------------------------------------------------------------
-- Settings, 'Usuń konto': the member deletes their own account. Asks, in this order: the typed word
-- 'USUŃ' (privacy.confirmation_mismatch), the password (checked here against Auth's bcrypt hash:
-- 'wrong_password' is answered, not raised, so the attempt is counted; 5 in 15 minutes answer
-- privacy.too_many_attempts), and with a second factor a session that verified a code in the last
-- 10 minutes (the dialog verifies it with Auth just before: privacy.second_factor_required), then
-- the blockers (privacy.deletion_blocked). Answers 'deleted' once everything is gone.
create function public.delete_my_account(p_password text, p_confirmation text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_hash text;
  v_totp_at bigint;
begin
  if v_uid is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_confirmation is distinct from 'USUŃ' then
    raise exception using errcode = 'P0001', message = 'privacy.confirmation_mismatch';
  end if;
  perform pg_advisory_xact_lock(hashtext('privacy_delete:' || v_uid::text));
  delete from private.privacy_password_attempts a
   where a.user_id = v_uid and a.attempted_at < now() - interval '1 day';
  if (select count(*) from private.privacy_password_attempts a
       where a.user_id = v_uid and a.attempted_at > now() - interval '15 minutes') >= 5 then
    raise exception using errcode = 'P0001', message = 'privacy.too_many_attempts';
  end if;

  -- GoTrue writes $2a$ bcrypt hashes; bcryptjs (the local Auth) $2b$, the same algorithm, which
  -- pgcrypto reads as $2a$.
  select regexp_replace(u.encrypted_password, '^\$2[by]\$', '$2a$') into v_hash
    from auth.users u where u.id = v_uid;
  if v_hash is null or v_hash !~ '^\$2a\$' or p_password is null or char_length(p_password) > 200
     or extensions.crypt(p_password, v_hash) <> v_hash then
    insert into private.privacy_password_attempts (user_id) values (v_uid);
    return 'wrong_password';
  end if;

  if exists (select 1 from auth.mfa_factors f where f.user_id = v_uid and f.status = 'verified') then
    select max((e ->> 'timestamp')::bigint) into v_totp_at
      from jsonb_array_elements(coalesce(auth.jwt() -> 'amr', '[]'::jsonb)) e
     where e ->> 'method' = 'totp';
    if coalesce(auth.jwt() ->> 'aal', '') <> 'aal2' or v_totp_at is null
       or to_timestamp(v_totp_at) < now() - interval '10 minutes' then
      raise exception using errcode = 'P0001', message = 'privacy.second_factor_required';
    end if;
  end if;

  if exists (select 1 from private.erasure_blockers(v_uid)) then
    raise exception using errcode = 'P0001', message = 'privacy.deletion_blocked';
  end if;

  perform private.erase_member(v_uid, 'app', null, null);
  return 'deleted';
end
$$;

-- private.erase_member_data() -----------------------------------------------------------
-- Trigger before delete on auth.users (after the deletion guard and the orders' anonymisation,
-- by name): everything the cascades would not do right.
create function private.erase_member_data()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(old.email);
  v_name text;
  v_pseudonym uuid := gen_random_uuid();
  v_handler uuid := case when private.is_admin() then auth.uid() end;
begin
  select p.full_name into v_name from public.profiles p where p.user_id = old.id;

  -- The requests log: every open erasure request of the member is answered now; the erasure is
  -- logged (erase_member did in this transaction, or: deleted outside the app, channel system);
  -- other open requests can no longer be answered; the member's addresses go.
  update public.privacy_requests r
     set status = 'completed', completed_at = now(), handled_by = v_handler
   where r.user_id = old.id and r.kind = 'erasure' and r.status = 'open';
  if not exists (
    select 1 from public.privacy_requests r
     where r.user_id = old.id and r.kind = 'erasure' and r.completed_at = now()
  ) then
    insert into public.privacy_requests (kind, channel, user_id, received_at, due_at, status, completed_at, handled_by)
    values ('erasure', 'system', old.id, now(), now() + interval '1 month', 'completed', now(), v_handler);
  end if;
  update public.privacy_requests r
     set status = 'refused', completed_at = now(), handled_by = v_handler,
         note = left(concat_ws(' ', r.note, 'Konto usunięte przed realizacją wniosku.'), 1000)
   where r.user_id = old.id and r.status = 'open';
  update public.privacy_requests r
     set requester_email = null, subject_erased = true
   where r.user_id = old.id or (v_email is not null and lower(r.requester_email) = v_email);

  -- Stored files (the member's folders; an admin's uploads to the club's buckets stay): removed
  -- through the Storage API after the commit (remove-stored-files).
  insert into private.storage_removals (bucket_id, name)
  select o.bucket_id, o.name
    from storage.objects o
   where o.bucket_id in ('avatars', 'idea-images') and o.name collate "C" like old.id::text || '/%'
  on conflict (bucket_id, name) do nothing;

  -- Ideas and posts: kept where someone else voted, commented or reacted (the author becomes null,
  -- shown as 'Członek usunięty'; the images are the member's files and go), deleted otherwise.
  update public.app_ideas i
     set image_urls = '{}'
   where i.submitted_by = old.id and cardinality(i.image_urls) > 0
     and (exists (select 1 from public.idea_votes v where v.idea_id = i.id and v.user_id <> old.id)
          or exists (select 1 from public.idea_comments c where c.idea_id = i.id and c.user_id <> old.id));
  delete from public.app_ideas i
   where i.submitted_by = old.id
     and not exists (select 1 from public.idea_votes v where v.idea_id = i.id and v.user_id <> old.id)
     and not exists (select 1 from public.idea_comments c where c.idea_id = i.id and c.user_id <> old.id);
  delete from public.posts p
   where p.author_id = old.id
     and not exists (select 1 from public.post_comments c where c.post_id = p.id and c.user_id <> old.id)
     and not exists (select 1 from public.post_reactions r where r.post_id = p.id and r.user_id <> old.id);

  -- Financial rows: the links the foreign keys do not cut (the member's own cancellation, an
  -- upgrade's shortening) and the payout items (a pseudonym: the member is part of their key).
  update public.withdrawals w set processed_by = null where w.user_id = old.id and w.processed_by = old.id;
  update public.withdrawals w set claimed_by = null where w.user_id = old.id and w.claimed_by = old.id;
  update public.membership_periods m set shortened_by = null where m.user_id = old.id and m.shortened_by = old.id;
  update public.payout_run_items i set user_id = v_pseudonym where i.user_id = old.id;
  -- Gateway events of orders that ended without money are no evidence and hold the e-mail the
  -- gateway was given; those of orders money came in for, and of an order cancelled by this
  -- deletion (a late payment must still find it), stay with their order.
  delete from public.payment_events e
   using public.payment_orders o
   where e.order_id = o.id and o.user_id = old.id
     and o.status in ('cancelled', 'rejected', 'expired')
     and o.cancel_reason is distinct from 'member_deleted';
  -- Admins' form keys that name the member (their arguments).
  delete from private.idempotency_keys k
   where strpos(k.request::text, old.id::text) > 0 or strpos(coalesce(k.response::text, ''), old.id::text) > 0;

  -- 'Twoje konto zostało usunięte', to the address before it goes, without the member link (the
  -- outbox's member rows go with the account). Only to a confirmed address.
  if v_email is not null and old.email_confirmed_at is not null then
    insert into private.email_outbox (template, user_id, to_email, variables)
    values ('account-deleted', null, v_email, jsonb_build_object(
      'fname', coalesce(v_name, ''),
      'deleted_at', to_char(now() at time zone 'Europe/Warsaw', 'DD.MM.YYYY HH24:MI')
    ));
  end if;
  return old;
end
$$;

-- private.erase_member_traces() ---------------------------------------------------------
-- Trigger after delete on auth.users (after the cascades and their triggers): what names the
-- member without a foreign key. The audit trail's personal values (the rows stay, the chain holds),
-- Auth's audit log entries (GoTrue writes them with the member as actor, or in traits for an admin's
-- action on the account, e-mail included), PKCE flows and refresh tokens without a session.
create function private.erase_member_traces()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(old.email);
begin
  perform private.erase_audit_personal(old.id);
  delete from auth.audit_log_entries a
   where a.payload ->> 'actor_id' = old.id::text
      or a.payload -> 'traits' ->> 'user_id' = old.id::text
      or (v_email is not null and (lower(a.payload ->> 'actor_username') = v_email
                                   or lower(a.payload -> 'traits' ->> 'user_email') = v_email));
  delete from auth.flow_state f where f.user_id = old.id;
  delete from auth.refresh_tokens t where t.user_id = old.id::text;
  return null;
end
$$;

-- private.anonymise_wallet_transaction() ------------------------------------------------
-- Trigger before update on the ledger, fired before its append-only guard (by name): when an erased
-- member's rows lose their user_id (the foreign key, once the wallet is gone), who made the entry
-- goes too if it was the member (a withdrawal request, a cancellation). The guard allows exactly that.
create function private.anonymise_wallet_transaction()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.user_id is not null and new.user_id is null and old.created_by = old.user_id then
    new.created_by := null;
  end if;
  return new;
end
$$;

-- private.forget_sent_goodbye() ---------------------------------------------------------
-- Trigger after the sender marks an e-mail sent: 'Twoje konto zostało usunięte' was the last thing
-- holding the erased member's address; its outbox row goes.
create function private.forget_sent_goodbye()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.email_outbox o where o.id = new.id;
  return null;
end
$$;

-- private.run_privacy_purge() -----------------------------------------------------------
-- Daily (pg_cron; the local stack's timer): deletes the financial rows no member is linked to any
-- more once their retain_until has passed, in the order their foreign keys need (an order's periods,
-- receipts and gateway events with it; a withdrawal's ledger rows with it), keeps a living referrer's
-- commission (without the order), drops unsent goodbye e-mails older than 30 days and requests
-- completed more than 5 years ago. Returns the counts.
create function private.run_privacy_purge()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_today date := private.warsaw_today();
  v_orders integer;
  v_periods integer;
  v_withdrawals integer;
  v_ledger integer;
  v_debts integer;
  v_commissions integer;
  v_emails integer;
  v_requests integer;
begin
  perform pg_advisory_xact_lock(hashtext('private.run_privacy_purge'));
  -- The ledger's append-only guard lets this transaction delete rows without a member past retention.
  perform set_config('klub.privacy_purge', 'on', true);

  create temporary table purged_orders on commit drop as
    select o.id from public.payment_orders o where o.user_id is null and o.retain_until < v_today;
  update public.payment_orders o set replaces_order_id = null
   where o.replaces_order_id in (select p.id from purged_orders p);
  update public.referral_commissions c set order_id = null
   where c.order_id in (select p.id from purged_orders p) and c.referrer_id is not null;
  delete from public.referral_commissions c
   where c.order_id in (select p.id from purged_orders p);
  update public.membership_periods m set replaced_period_id = null
   where m.replaced_period_id in (select m2.id from public.membership_periods m2
                                   where m2.order_id in (select p.id from purged_orders p)
                                      or (m2.user_id is null and m2.retain_until < v_today));
  delete from public.membership_periods m
   where m.order_id in (select p.id from purged_orders p) or (m.user_id is null and m.retain_until < v_today);
  get diagnostics v_periods = row_count;
  delete from public.payment_receipts r where r.order_id in (select p.id from purged_orders p);
  -- The USDT transfers of those orders and the member's checks of them (20261122000950_chain.sql).
  delete from public.usdt_payment_checks c where c.order_id in (select p.id from purged_orders p);
  delete from public.chain_unrecognised_transfers u
   where u.chain_transfer_id in (select t.id from public.chain_transfers t where t.order_id in (select p.id from purged_orders p));
  delete from public.chain_transfers t where t.order_id in (select p.id from purged_orders p);
  delete from public.payment_orders o where o.id in (select p.id from purged_orders p);
  get diagnostics v_orders = row_count;

  delete from public.chain_transfers t
   where t.withdrawal_id in (select w.id from public.withdrawals w where w.user_id is null and w.retain_until < v_today);
  delete from public.withdrawals w where w.user_id is null and w.retain_until < v_today;
  get diagnostics v_withdrawals = row_count;
  delete from public.wallet_transactions t
   where t.user_id is null and t.withdrawal_id is null and t.retain_until < v_today;
  get diagnostics v_ledger = row_count;
  -- A debt after the ledger rows that paid it (its retention runs from its settlement, their last).
  delete from public.wallet_debts d
   where d.user_id is null and d.retain_until < v_today
     and not exists (select 1 from public.wallet_transactions t where t.debt_id = d.id);
  get diagnostics v_debts = row_count;
  delete from public.referral_commissions c where c.referrer_id is null and c.retain_until < v_today;
  get diagnostics v_commissions = row_count;

  delete from private.email_outbox o
   where o.template = 'account-deleted' and o.user_id is null and o.created_at < now() - interval '30 days';
  get diagnostics v_emails = row_count;
  delete from public.privacy_requests r
   where r.status <> 'open' and r.completed_at < now() - interval '5 years';
  get diagnostics v_requests = row_count;

  return jsonb_build_object(
    'orders', v_orders, 'membership_periods', v_periods, 'withdrawals', v_withdrawals, 'wallet_transactions', v_ledger,
    'wallet_debts', v_debts,
    'referral_commissions', v_commissions, 'goodbye_emails', v_emails, 'requests', v_requests
  );
end
$$;

-- public.claim_storage_removals() -------------------------------------------------------
-- remove-stored-files (service_role): up to p_limit due files (1..100), the attempt counted and
-- leased for 5 minutes; rows another run holds are skipped.
create function public.claim_storage_removals(p_limit integer default 50)
returns table (id bigint, bucket_id text, name text, attempts smallint)
language sql
volatile
set search_path = ''
as $$
  with picked as (
    select r.id from private.storage_removals r
     where r.next_attempt_at <= now()
     order by r.next_attempt_at, r.id
     limit least(greatest(coalesce(p_limit, 50), 1), 100)
       for update skip locked
  )
  update private.storage_removals r
     set attempts = least(r.attempts + 1, 32767), next_attempt_at = now() + interval '5 minutes'
    from picked
   where r.id = picked.id
  returning r.id, r.bucket_id, r.name, r.attempts
$$;

-- public.complete_storage_removal() -----------------------------------------------------
-- remove-stored-files: Storage removed the file (or it was gone already): the row goes.
create function public.complete_storage_removal(p_id bigint)
returns boolean
language sql
volatile
set search_path = ''
as $$
  with done as (delete from private.storage_removals r where r.id = p_id returning 1)
  select exists (select 1 from done)
$$;

-- public.fail_storage_removal() ---------------------------------------------------------
-- remove-stored-files: this attempt failed; the next waits 1, 2, 4 … minutes (at most an hour),
-- and the file is tried until it is gone.
create function public.fail_storage_removal(p_id bigint, p_error text)
returns boolean
language sql
volatile
set search_path = ''
as $$
  with failed as (
    update private.storage_removals r
       set last_error = left(coalesce(nullif(btrim(p_error), ''), 'unknown error'), 500),
           next_attempt_at = now() + private.email_outbox_backoff(r.attempts)
     where r.id = p_id
    returning 1
  )
  select exists (select 1 from failed)
$$;

-- public.admin_list_privacy_requests() --------------------------------------------------
-- 'Wnioski RODO': the requests, open first by deadline, then the rest newest first (p_status: only
-- those), with the member's e-mail and name (while the account exists) and the handling admin's.
create function public.admin_list_privacy_requests(
  p_status public.privacy_request_status default null,
  p_limit integer default 50,
  p_offset integer default 0
)
returns table (
  id uuid,
  kind public.privacy_request_kind,
  channel text,
  user_id uuid,
  member_email text,
  member_name text,
  requester_email text,
  received_at timestamptz,
  due_at timestamptz,
  status public.privacy_request_status,
  completed_at timestamptz,
  handled_by uuid,
  handled_by_email text,
  note text,
  subject_erased boolean,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 200 or p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'privacy.invalid_page';
  end if;
  return query
    select r.id, r.kind, r.channel, r.user_id, p.email, p.full_name, r.requester_email, r.received_at, r.due_at,
           r.status, r.completed_at, r.handled_by, h.email, r.note, r.subject_erased,
           count(*) over ()
      from public.privacy_requests r
      left join public.profiles p on p.user_id = r.user_id
      left join public.profiles h on h.user_id = r.handled_by
     where p_status is null or r.status = p_status
     order by (r.status = 'open') desc,
              case when r.status = 'open' then r.due_at end asc,
              r.received_at desc, r.id desc
     limit p_limit offset p_offset;
end
$$;

-- public.admin_record_privacy_request() -------------------------------------------------
-- 'Wnioski RODO', 'Zarejestruj wniosek': a request that came by e-mail or letter. The member is
-- found by the address (or given); the deadline is a month from its arrival. Audited.
create function public.admin_record_privacy_request(
  p_kind public.privacy_request_kind,
  p_channel text,
  p_received_at timestamptz,
  p_email text,
  p_note text default null
)
returns public.privacy_requests
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email text := lower(nullif(btrim(p_email), ''));
  v_note text := nullif(btrim(p_note), '');
  v_row public.privacy_requests;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_kind is null or p_channel is null or p_channel not in ('email', 'letter') then
    raise exception using errcode = '22023', message = 'privacy.invalid_request';
  end if;
  if v_email is null or not private.is_email_address(v_email) or char_length(v_email) > 320 then
    raise exception using errcode = '22023', message = 'privacy.invalid_email';
  end if;
  if p_received_at is null or p_received_at > now() + interval '5 minutes' or p_received_at < now() - interval '1 year' then
    raise exception using errcode = '22023', message = 'privacy.invalid_received_at';
  end if;
  if char_length(v_note) > 1000 then
    raise exception using errcode = '22023', message = 'privacy.note_too_long';
  end if;
  insert into public.privacy_requests (kind, channel, user_id, requester_email, received_at, due_at, recorded_by, note)
  values (p_kind, p_channel, (select p.user_id from public.profiles p where p.email = v_email), v_email,
          p_received_at, p_received_at + interval '1 month', auth.uid(), v_note)
  returning * into v_row;
  perform private.audit('privacy_request.record', 'privacy_request', v_row.id::text, v_row.user_id, null,
                        jsonb_build_object('kind', v_row.kind, 'channel', v_row.channel, 'due_at', v_row.due_at,
                                           'email', v_email));
  return v_row;
end
$$;

-- public.admin_close_privacy_request() --------------------------------------------------
-- 'Wnioski RODO': an open request answered outside the app ('Zrealizowany', e.g. a rectification
-- made in the users tab) or refused ('Odrzucony', the reason required: e.g. the sender could not be
-- identified). An erasure is completed only by deleting the account (admin_delete_user with the
-- request), never by a mark. Audited.
create function public.admin_close_privacy_request(
  p_id uuid,
  p_status public.privacy_request_status,
  p_note text default null
)
returns public.privacy_requests
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_note text := nullif(btrim(p_note), '');
  v_row public.privacy_requests;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_status is null or p_status = 'open' then
    raise exception using errcode = '22023', message = 'privacy.invalid_request';
  end if;
  if char_length(v_note) > 1000 then
    raise exception using errcode = '22023', message = 'privacy.note_too_long';
  end if;
  select * into v_row from public.privacy_requests r where r.id = p_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'privacy.request_not_found';
  end if;
  if v_row.status <> 'open' then
    raise exception using errcode = 'P0001', message = 'privacy.request_not_open';
  end if;
  if p_status = 'refused' and v_note is null then
    raise exception using errcode = '22023', message = 'privacy.reason_required';
  end if;
  if p_status = 'completed' and v_row.kind = 'erasure' then
    raise exception using errcode = 'P0001', message = 'privacy.erasure_needs_deletion';
  end if;
  update public.privacy_requests r
     set status = p_status, completed_at = now(), handled_by = auth.uid(), note = coalesce(v_note, r.note)
   where r.id = p_id
  returning * into v_row;
  perform private.audit('privacy_request.' || p_status::text, 'privacy_request', v_row.id::text, v_row.user_id,
                        jsonb_build_object('status', 'open'), jsonb_build_object('status', v_row.status));
  return v_row;
end
$$;

-- public.admin_export_member_data() -----------------------------------------------------
-- 'Wnioski RODO': the copy for a request that came by e-mail or letter (the admin sends the file):
-- the same data as the member's own 'Pobierz moje dane'; completes the request. Audited.
create function public.admin_export_member_data(p_request_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.privacy_requests;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  select * into v_row from public.privacy_requests r where r.id = p_request_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'privacy.request_not_found';
  end if;
  if v_row.kind <> 'export' or v_row.status <> 'open' then
    raise exception using errcode = 'P0001', message = 'privacy.request_not_open';
  end if;
  if v_row.user_id is null then
    raise exception using errcode = 'P0001', message = 'privacy.request_without_member';
  end if;
  update public.privacy_requests r
     set status = 'completed', completed_at = now(), handled_by = auth.uid()
   where r.id = p_request_id;
  perform private.audit('privacy_request.export', 'privacy_request', v_row.id::text, v_row.user_id,
                        jsonb_build_object('status', 'open'), jsonb_build_object('status', 'completed'));
  return private.member_data_export(v_row.user_id);
end
$$;

-- ========================================================================================
-- Columns of the financial tables
-- ========================================================================================
-- retain_until: the last day the accounting act keeps the row (private.retention_end of its money
-- event). Generated from the row, so nothing writes it (the ledger stays append-only); the purge
-- deletes a row past it once no member is linked to it. Added here: retention is this domain's rule.

alter table public.payment_orders
  add column retain_until date generated always as (private.retention_end(coalesce(refunded_at, decided_at, created_at))) stored;

alter table public.membership_periods
  add column retain_until date generated always as (private.retention_end(coalesce(shortened_at, created_at))) stored;

alter table public.wallet_transactions
  add column retain_until date generated always as (private.retention_end(created_at)) stored;

alter table public.wallet_debts
  add column retain_until date generated always as (private.retention_end(coalesce(settled_at, created_at))) stored;

alter table public.withdrawals
  add column retain_until date generated always as (private.retention_end(coalesce(processed_at, created_at))) stored;

alter table public.referral_commissions
  add column retain_until date generated always as (private.retention_end(coalesce(cancelled_at, created_at))) stored;

-- The purge's lookups: rows without a member, by retention.
create index payment_orders_retain_until_idx on public.payment_orders (retain_until) where user_id is null;
create index membership_periods_retain_until_idx on public.membership_periods (retain_until) where user_id is null;
create index wallet_transactions_retain_until_idx on public.wallet_transactions (retain_until) where user_id is null;
create index wallet_debts_retain_until_idx on public.wallet_debts (retain_until) where user_id is null;
create index withdrawals_retain_until_idx on public.withdrawals (retain_until) where user_id is null;
create index referral_commissions_retain_until_idx on public.referral_commissions (retain_until) where referrer_id is null;

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- on_auth_user_erasing on auth.users ----------------------------------------------------
-- Before delete: after on_auth_user_deleting (the guard) and on_auth_user_deleting_orders (by name).
create trigger on_auth_user_erasing
  before delete on auth.users
  for each row execute function private.erase_member_data();

-- on_auth_user_erased on auth.users -----------------------------------------------------
create trigger on_auth_user_erased
  after delete on auth.users
  for each row execute function private.erase_member_traces();

-- email_outbox_forget_sent_goodbye on private.email_outbox -------------------------------
create trigger email_outbox_forget_sent_goodbye
  after update of sent_at on private.email_outbox
  for each row
  when (new.template = 'account-deleted' and new.user_id is null and new.sent_at is not null)
  execute function private.forget_sent_goodbye();

-- wallet_transactions_anonymise on public.wallet_transactions ---------------------------
-- Before wallet_transactions_append_only (by name), which checks what this one changed.
create trigger wallet_transactions_anonymise
  before update of user_id on public.wallet_transactions
  for each row execute function private.anonymise_wallet_transaction();

-- ========================================================================================
-- Policies
-- ========================================================================================

-- public.privacy_requests ---------------------------------------------------------------

create policy privacy_requests_select_admin on public.privacy_requests
  for select to authenticated
  using ((select private.is_admin()));

-- ========================================================================================
-- Grants
-- ========================================================================================

grant select on public.privacy_requests to authenticated;
-- remove-stored-files (service_role) claims, completes and fails rows through the RPCs below.
grant select, update, delete on private.storage_removals to service_role;
revoke all on public.privacy_requests from service_role;
grant select on public.privacy_requests to service_role;

grant execute on function public.export_my_data() to authenticated;
grant execute on function public.get_account_deletion_blockers() to authenticated;
grant execute on function public.delete_my_account(text, text) to authenticated;
grant execute on function public.admin_list_privacy_requests(public.privacy_request_status, integer, integer) to authenticated;
grant execute on function public.admin_record_privacy_request(public.privacy_request_kind, text, timestamptz, text, text) to authenticated;
grant execute on function public.admin_close_privacy_request(uuid, public.privacy_request_status, text) to authenticated;
grant execute on function public.admin_export_member_data(uuid) to authenticated;
grant execute on function public.claim_storage_removals(integer) to service_role;
grant execute on function public.complete_storage_removal(bigint) to service_role;
grant execute on function public.fail_storage_removal(bigint, text) to service_role;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on table public.privacy_requests is 'Wnioski RODO: copies and erasures asked in the app (completed at once), by e-mail or letter (recorded by an admin), or done by the club; a month to answer (due_at). user_id null once the member is erased. Admins read it; written only by the privacy functions.';
comment on column public.privacy_requests.channel is 'app: the member in the app; email | letter: recorded by an admin; admin: an admin deleted the account; system: the account was deleted outside the app (Auth admin API, dashboard).';
comment on column public.privacy_requests.requester_email is 'The address an e-mailed request came from; cleared when the member is erased.';
comment on column public.privacy_requests.handled_by is 'The admin who answered (null: the member''s own, in the app). No foreign key: audit value.';
comment on column public.privacy_requests.recorded_by is 'The admin who recorded an e-mailed request. No foreign key: audit value.';
comment on column public.privacy_requests.subject_erased is 'The member''s account was erased since (shown as ''Członek usunięty'').';
comment on table private.storage_removals is 'Files of erased accounts for remove-stored-files to remove through the Storage API (retried with backoff; the row goes once the file is gone).';
comment on table private.privacy_password_attempts is 'Wrong passwords typed in ''Usuń konto'' (5 in 15 minutes: privacy.too_many_attempts); older than a day are pruned.';
comment on column public.payment_orders.retain_until is 'Accounting retention (private.retention_end of the refund, decision or creation): the purge deletes the order after it once no member is linked.';
comment on column public.membership_periods.retain_until is 'Accounting retention (private.retention_end): purged after it once no member is linked.';
comment on column public.wallet_transactions.retain_until is 'Accounting retention (private.retention_end of created_at): purged after it once no member is linked.';
comment on column public.wallet_debts.retain_until is 'Accounting retention (private.retention_end of the settlement or creation): purged after it, and after the ledger rows that paid it, once no member is linked.';
comment on column public.withdrawals.retain_until is 'Accounting retention (private.retention_end of the payout or creation): purged after it once no member is linked.';
comment on column public.referral_commissions.retain_until is 'Accounting retention (private.retention_end): purged after it once no referrer is linked.';
comment on function private.retention_end(timestamptz) is 'The last day of the accounting act''s 5 years (art. 74 ust. 2): 31 December of the 5th year after the year of p_at (Warsaw).';
comment on function private.member_data_catalogue() is 'Every table and column with a member''s id: the export''s section and what it shows, or why it is not exported. The export is built from it; the drift test checks the schema against it.';
comment on function private.member_data_export(uuid) is 'The member''s data as one jsonb object, a key per section of private.member_data_catalogue().';
comment on function public.export_my_data() is 'The caller''s data (Pobierz moje dane); at most 3 a day (privacy.export_rate_limited); logged as a completed request.';
comment on function public.get_account_deletion_blockers() is 'What stops the caller''s deletion: balance, withdrawal, order (private.erasure_blockers).';
comment on function public.delete_my_account(text, text) is 'The member deletes their account: ''USUŃ'', the password (answered ''wrong_password''), a fresh second factor when enrolled, no blockers; then private.erase_member. Answers ''deleted''.';
comment on function private.erase_member(uuid, text, text, uuid) is 'The one erasure of both deletions: the request logged (or completed), then the auth user deleted (the triggers erase and anonymise).';
comment on function private.erase_member_data() is 'Before delete on auth.users: the requests log, the stored files'' queue, ideas and posts, the financial links, the gateway events of orders without money, the goodbye e-mail.';
comment on function private.erase_member_traces() is 'After delete on auth.users: the audit trail''s personal values, Auth''s audit log entries, PKCE flows and refresh tokens of the member.';
comment on function private.run_privacy_purge() is 'Daily: deletes financial rows without a member past retain_until, old goodbye e-mails and requests; returns the counts.';
comment on function public.admin_list_privacy_requests(public.privacy_request_status, integer, integer) is 'Admin only: the requests, open first by deadline, with member and handler.';
comment on function public.admin_record_privacy_request(public.privacy_request_kind, text, timestamptz, text, text) is 'Admin only: records a request that came by e-mail or letter (deadline a month from p_received_at). Audited.';
comment on function public.admin_close_privacy_request(uuid, public.privacy_request_status, text) is 'Admin only: an open request completed outside the app or refused (reason required); not an erasure''s completion. Audited.';
comment on function public.admin_export_member_data(uuid) is 'Admin only: the member''s data for an open export request, which it completes. Audited.';
comment on function public.claim_storage_removals(integer) is 'remove-stored-files (service_role): claims due files of erased accounts, leased for 5 minutes.';
comment on function public.complete_storage_removal(bigint) is 'remove-stored-files: the file is gone; the row goes.';
comment on function public.fail_storage_removal(bigint, text) is 'remove-stored-files: an attempt failed; retried with backoff (1 minute doubling, at most an hour).';

-- ========================================================================================
-- Data
-- ========================================================================================

insert into private.job_runs (job, period) values
  ('privacy-purge', interval '1 day'),
  ('remove-stored-files', interval '1 minute')
on conflict (job) do nothing;

-- The goodbye e-mail, editable in the e-mail templates tab.
insert into public.email_templates (name, subject, html_content, text_content, variables)
values
  ('account-deleted', 'Twoje konto zostało usunięte',
   '<p>Cześć {{fname}},</p><p>Twoje konto w Klubie zostało usunięte {{deleted_at}}. Usunęliśmy Twoje dane: profil, ustawienia, powiadomienia, komentarze, reakcje i głosy, zapisane pliki oraz możliwość logowania.</p><p>Dokumenty płatności (zamówienia, historia portfela, wypłaty) przechowujemy bez powiązania z Tobą przez 5 lat od końca roku płatności, jak wymaga ustawa o rachunkowości; potem je usuwamy.</p><p>Jeśli to nie Ty usunąłeś konto, odpowiedz na tę wiadomość.</p>',
   E'Cześć {{fname}},\n\nTwoje konto w Klubie zostało usunięte {{deleted_at}}. Usunęliśmy Twoje dane: profil, ustawienia, powiadomienia, komentarze, reakcje i głosy, zapisane pliki oraz możliwość logowania.\n\nDokumenty płatności (zamówienia, historia portfela, wypłaty) przechowujemy bez powiązania z Tobą przez 5 lat od końca roku płatności, jak wymaga ustawa o rachunkowości; potem je usuwamy.\n\nJeśli to nie Ty usunąłeś konto, odpowiedz na tę wiadomość.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"deleted_at","description":"Kiedy usunięto konto","example":"22.11.2026 14:05"}]')
on conflict (name) do nothing;

-- The purge daily and the files' removal every minute where pg_cron (and pg_net) are loaded; the
-- local stack runs both on its timer (supabase/scheduled-jobs.json).
do $do$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and current_setting('shared_preload_libraries', true) like '%pg_cron%' then
    create extension if not exists pg_cron;
    perform cron.schedule('privacy-purge', '45 3 * * *',
      $job$select private.run_privacy_purge(); select public.record_job_run('privacy-purge', true)$job$);
    if exists (select 1 from pg_available_extensions where name = 'pg_net') then
      create extension if not exists pg_net;
      perform cron.schedule('remove-stored-files', '* * * * *', $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/remove-stored-files',
          headers := jsonb_build_object(
            'Content-Type', 'application/json',
            'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
          ),
          body := '{}'::jsonb,
          timeout_milliseconds := 60000
        )
      $job$);
    end if;
  end if;
end
$do$;
