-- Operations: running the club without SQL (issue 40). The scheduled jobs' record of their runs,
-- the health checks ('Stan systemu', computed here, identical on hosted Supabase and on the local
-- stack), the problems they found (first and last seen), the admin's actions on failed e-mails,
-- following one request id through the rows it left, and the banner when the outbox itself fails.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Tables
-- ========================================================================================

-- private.job_runs ----------------------------------------------------------------------
-- One row per scheduled job: how often it should run (period) and what its last runs did. The jobs record
-- themselves (public.record_job_run): the send-outbox function at the end of a run, the SQL jobs
-- in the statement pg_cron or the local scheduler runs (supabase/scheduled-jobs.json).
create table private.job_runs (
  job text not null,
  period interval not null,
  last_success_at timestamp with time zone,
  last_failure_at timestamp with time zone,
  last_error text,
  details jsonb default '{}'::jsonb not null,
  optional boolean default false not null,
  constraint job_runs_job_check CHECK ((job ~ '^[a-z0-9][a-z0-9_-]{0,63}$'::text)),
  constraint job_runs_period_check CHECK ((period > '00:00:00'::interval)),
  constraint job_runs_last_error_check CHECK ((char_length(last_error) <= 500)),
  constraint job_runs_details_check CHECK ((jsonb_typeof(details) = 'object'::text)),
  constraint job_runs_pkey PRIMARY KEY (job)
);
alter table private.job_runs enable row level security;

-- private.health_problems ---------------------------------------------------------------
-- A check that is not OK, kept while it lasts: first and last seen (each health read refreshes
-- last_seen_at), resolved_at once the check is OK again (a new occurrence starts a new first_seen_at).
create table private.health_problems (
  check_key text not null,
  status text not null,
  value numeric,
  first_seen_at timestamp with time zone default now() not null,
  last_seen_at timestamp with time zone default now() not null,
  resolved_at timestamp with time zone,
  notified_at timestamp with time zone,
  constraint health_problems_status_check CHECK ((status = ANY (ARRAY['warning'::text, 'problem'::text]))),
  constraint health_problems_value_finite_check CHECK ((value <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint health_problems_pkey PRIMARY KEY (check_key)
);
alter table private.health_problems enable row level security;

-- private.admin_accounts ----------------------------------------------------------------
-- Who holds the admin right (auth.users.raw_app_meta_data.admin = true, not soft-deleted), kept by a
-- trigger on auth.users: the health check of second factors and the problems' e-mail read a few
-- rows here instead of scanning every account's metadata (auth.users cannot get an index of ours on
-- hosted Supabase). The JWT stays what decides a request (private.is_admin).
create table private.admin_accounts (
  user_id uuid not null,
  constraint admin_accounts_pkey PRIMARY KEY (user_id),
  constraint admin_accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);
alter table private.admin_accounts enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================
-- The checks' and the request search's reads on other domains' tables, kept beside what reads them
-- (each a partial index of the few rows a check counts).

-- private.email_outbox ------------------------------------------------------------------

-- email.errors_24h: unsent e-mails whose last attempt failed.
create index email_outbox_errors_idx on private.email_outbox (next_attempt_at desc) include (last_error)
  where sent_at is null and discarded_at is null and last_error is not null;

-- Following a request id: the e-mails it queued.
create index email_outbox_request_id_idx on private.email_outbox (request_id) where request_id is not null;

-- public.admin_audit_log ----------------------------------------------------------------

-- Following a request id: the audit rows it wrote ('Dziennik zmian' filters by it too).
create index admin_audit_log_request_id_idx on public.admin_audit_log (request_id, created_at desc)
  where request_id is not null;

-- public.app_ideas ----------------------------------------------------------------------

-- ideas.webhook: ideas whose call of the automation service failed.
create index app_ideas_webhook_failed_idx on public.app_ideas (updated_at)
  where webhook_response = 'Webhook request failed';

-- public.payment_events -----------------------------------------------------------------

-- payments.gateway: the gateway events that failed (the same list as the check in private.health_checks).
create index payment_events_failed_idx on public.payment_events (created_at desc)
  where outcome = any (array['not_configured', 'malformed', 'bad_signature', 'wrong_merchant', 'unknown_order',
                             'amount_mismatch', 'other_status', 'failed', 'unreachable', 'refused']);

-- Following a request id: the gateway events it recorded.
create index payment_events_request_id_idx on public.payment_events (request_id) where request_id is not null;

-- ========================================================================================
-- Functions
-- ========================================================================================

-- public.record_job_run() ---------------------------------------------------------------
-- A scheduled job reports a run: success (p_ok) or failure with its error (never a secret; at most
-- 500 characters) and what it wants the health view to know (p_details, e.g. the SMTP target policy
-- the sender runs with). An unknown job is refused, so a typo shows instead of a silent new row.
create function public.record_job_run(p_job text, p_ok boolean, p_error text default null, p_details jsonb default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update private.job_runs j
     set last_success_at = case when p_ok then now() else j.last_success_at end,
         last_failure_at = case when p_ok then j.last_failure_at else now() end,
         last_error = case when p_ok then j.last_error else left(coalesce(nullif(btrim(p_error), ''), 'unknown error'), 500) end,
         details = case when jsonb_typeof(p_details) = 'object' then p_details else j.details end
   where j.job = p_job;
  if not found then
    raise exception using errcode = 'P0002', message = 'operations.unknown_job';
  end if;
end
$$;

-- private.job_checks() -----------------------------------------------------------------
-- The scheduled jobs' checks (a branch of private.health_checks; the outbox banner reads the
-- sender's): job.<name> is a problem when its last success is older than 2 periods + 5 minutes, or
-- when it never succeeded, unless the job is optional (one a project may not schedule, such as the
-- Przelewy24 reconciliation without the gateway) and has never reported. Figure: minutes since the
-- last success; detail: the last error the job reported.
create function private.job_checks()
returns table (check_key text, area text, status text, value numeric, detail text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select 'job.' || j.job, 'jobs',
           case when j.last_success_at is null and j.optional and j.last_failure_at is null then 'ok'
                when j.last_success_at is null
                  or j.last_success_at < now() - 2 * j.period - interval '5 minutes' then 'problem' else 'ok' end,
           floor(extract(epoch from now() - j.last_success_at) / 60)::numeric,
           j.last_error
      from private.job_runs j;
end
$$;

-- private.outbox_checks() --------------------------------------------------------------
-- The outgoing e-mail's checks (a branch of private.health_checks; the outbox banner reads them):
--   email.queue       warning when the oldest due e-mail waits > 15 minutes, problem > 1 hour;
--                     figure: e-mails queued; detail: minutes the oldest due one waits
--   email.failed      problem when an e-mail gave up (5 attempts) and nobody resent or discarded it
--   email.errors_24h  warning when a send failed in the last 24 h (detail: the last SMTP error)
create function private.outbox_checks()
returns table (check_key text, area text, status text, value numeric, detail text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select 'email.queue', 'email',
           case when q.oldest < now() - interval '1 hour' then 'problem'
                when q.oldest < now() - interval '15 minutes' then 'warning' else 'ok' end,
           q.queued::numeric,
           case when q.oldest is null then null else floor(extract(epoch from now() - q.oldest) / 60)::text end
      from (select count(*) as queued, min(o.next_attempt_at) filter (where o.next_attempt_at <= now()) as oldest
              from private.email_outbox o
             where o.sent_at is null and o.attempts < 5 and o.discarded_at is null) q
    union all
    select 'email.failed', 'email', case when f.n > 0 then 'problem' else 'ok' end, f.n::numeric, null
      from (select count(*) as n from private.email_outbox o
             where o.sent_at is null and o.attempts >= 5 and o.discarded_at is null) f
    union all
    select 'email.errors_24h', 'email', case when e.n > 0 then 'warning' else 'ok' end, e.n::numeric, e.last_error
      from (select count(*) as n,
                   (array_agg(o.last_error order by o.next_attempt_at desc))[1] as last_error
              from private.email_outbox o
             where o.sent_at is null and o.discarded_at is null and o.last_error is not null
               and o.next_attempt_at > now() - interval '24 hours') e;
end
$$;

-- private.health_check_privacy_requests() ----------------------------------------------
-- The privacy check of private.health_checks (its last branch): open members' requests ('Wnioski
-- RODO') near their deadline. PL/pgSQL because public.privacy_requests is created after this file
-- (20261122002000_privacy.sql). value: open requests due within 7 days or overdue; detail: the
-- earliest deadline (ISO). Warning when one is due within 7 days, problem when one is overdue.
create function private.health_check_privacy_requests()
returns table (status text, value numeric, detail text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select case when min(r.due_at) < now() then 'problem'
                when min(r.due_at) < now() + interval '7 days' then 'warning' else 'ok' end,
           count(*) filter (where r.due_at < now() + interval '7 days')::numeric,
           to_char(min(r.due_at) at time zone 'Europe/Warsaw', 'YYYY-MM-DD')
      from public.privacy_requests r
     where r.status = 'open';
end
$$;

-- private.health_checks() ---------------------------------------------------------------
-- The checks, computed from the tables they watch (each an indexed count or a max over the few rows
-- it counts). One row per check: its key, area, status (ok | warning | problem), its figure (value)
-- and a detail text. A union of self-contained branches, one per check (a new check is one more
-- branch at the end). Thresholds:
--   job.<name>, email.*       private.job_checks(), private.outbox_checks()
--   payments.orders_overdue   problem when a pending order is more than 2 hours past its expiry (the
--                             hourly payment job expires them); detail: hours the oldest is overdue
--   payments.gateway          problem when a Przelewy24 event failed in the last 24 h (a refused or
--                             unverifiable notification, a failed verify, confirmation, registration
--                             or lookup); detail: the last one as 'kind: outcome'
--   money.withdrawals         problem when a withdrawal waits for more than 48 hours: pending since
--                             it was requested, or processing since an admin claimed it; detail:
--                             how many of them are processing
--   money.payout_run          warning when the last payout run is older than 35 days (or there is none)
--   money.commissions         warning when a commission recorded more than 30 days ago is not paid
--                             yet ('Do wypłaty': not settled, not cancelled); value: how many, detail: PLN
--   ideas.webhook             problem when the automation service failed for an idea in the last 24 h
--   security.admin_mfa        problem when an admin has no verified second factor
--   security.smtp_policy      warning when the sender allows private SMTP hosts or has not reported
--   privacy.requests          warning when a member's request is due within 7 days, problem when overdue
--                             (private.health_check_privacy_requests())
--   payments.usdt_unrecognised  warning when a USDT transfer waits in 'Nierozpoznane wpłaty', problem
--                             when one has waited more than 3 days; detail: the oldest one's age in hours
--   payments.usdt_checks      warning when a member's hash has waited for the chain more than 2 hours
--                             (the verifier or its provider is stuck); detail: how many
create function private.health_checks()
returns table (check_key text, area text, status text, value numeric, detail text)
language sql
stable
security definer
set search_path = ''
as $$
  select j.check_key, j.area, j.status, j.value, j.detail from private.job_checks() j
  union all
  select o.check_key, o.area, o.status, o.value, o.detail from private.outbox_checks() o
  union all
  select 'payments.orders_overdue', 'payments', case when p.n > 0 then 'problem' else 'ok' end, p.n::numeric,
         case when p.oldest is null then null else floor(extract(epoch from now() - p.oldest) / 3600)::text end
    from (select count(*) as n, min(o.expires_at) as oldest from public.payment_orders o
           where o.status = 'pending' and o.expires_at < now() - interval '2 hours') p
  union all
  select 'payments.gateway', 'payments', case when g.n > 0 then 'problem' else 'ok' end, g.n::numeric, g.last_event
    from (select count(*) as n, (array_agg(e.kind || ': ' || e.outcome order by e.created_at desc))[1] as last_event
            from public.payment_events e
           where e.outcome = any (array['not_configured', 'malformed', 'bad_signature', 'wrong_merchant', 'unknown_order',
                                        'amount_mismatch', 'other_status', 'failed', 'unreachable', 'refused'])
             and e.created_at > now() - interval '24 hours') g
  union all
  select 'money.withdrawals', 'money', case when w.pending + w.processing > 0 then 'problem' else 'ok' end,
         (w.pending + w.processing)::numeric, w.processing::text
    from (select (select count(*) from public.withdrawals x
                   where x.status = 'pending' and x.created_at < now() - interval '48 hours') as pending,
                 (select count(*) from public.withdrawals x
                   where x.status = 'processing' and x.claimed_at < now() - interval '48 hours') as processing) w
  union all
  select 'money.payout_run', 'money',
         case when p.last_run is null or p.last_run < now() - interval '35 days' then 'warning' else 'ok' end,
         floor(extract(epoch from now() - p.last_run) / 86400)::numeric, null
    from (select max(r.created_at) as last_run from public.payout_runs r) p
  union all
  select 'money.commissions', 'money',
         case when c.oldest < now() - interval '30 days' then 'warning' else 'ok' end,
         c.n::numeric, coalesce(c.total, 0)::text
    from (select count(*) as n, sum(rc.amount_pln) as total, min(rc.created_at) as oldest
            from public.referral_commissions rc
           where rc.settled_at is null and rc.cancelled_at is null) c
  union all
  select 'ideas.webhook', 'ideas', case when i.n > 0 then 'problem' else 'ok' end, i.n::numeric, null
    from (select count(*) as n from public.app_ideas a
           where a.webhook_response = 'Webhook request failed' and a.updated_at > now() - interval '24 hours') i
  union all
  select 'security.admin_mfa', 'security', case when m.n > 0 then 'problem' else 'ok' end, m.n::numeric, null
    from (select count(*) as n from private.admin_accounts a
           where not exists (select 1 from auth.mfa_factors f where f.user_id = a.user_id and f.status = 'verified')) m
  union all
  select 'security.smtp_policy', 'security',
         case when s.policy is null or coalesce((s.policy ->> 'allowPrivateHosts')::boolean, true) then 'warning'
              else 'ok' end,
         null,
         s.policy::text
    from (select (select j.details -> 'smtpPolicy' from private.job_runs j where j.job = 'send-outbox') as policy) s
  union all
  select 'privacy.requests', 'privacy', p.status, p.value, p.detail
    from private.health_check_privacy_requests() p
  union all
  select 'payments.usdt_unrecognised', 'payments',
         case when u.n = 0 then 'ok' when u.oldest < now() - interval '3 days' then 'problem' else 'warning' end,
         u.n::numeric, case when u.oldest is null then null else floor(extract(epoch from now() - u.oldest) / 3600)::text end
    from (select count(*) as n, min(x.created_at) as oldest from public.chain_unrecognised_transfers x
           where x.status = 'open') u
  union all
  select 'payments.usdt_checks', 'payments', case when c.n > 0 then 'warning' else 'ok' end, c.n::numeric, null
    from (select count(*) as n from public.usdt_payment_checks x
           where x.status = 'waiting' and x.created_at < now() - interval '2 hours') c
$$;

-- private.record_health_checks() -------------------------------------------------------
-- The checks with the problems' first and last seen, recording what they found: a check that is not
-- OK opens (or refreshes) its problem row, one that is OK again closes it. The admin's read and the
-- scheduled health job both go through it.
create function private.record_health_checks()
returns table (
  check_key text,
  area text,
  status text,
  value numeric,
  detail text,
  first_seen_at timestamp with time zone,
  last_seen_at timestamp with time zone
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return query
    with checks as materialized (
      select c.check_key, c.area, c.status, c.value, c.detail from private.health_checks() c
    ),
    opened as (
      insert into private.health_problems as p (check_key, status, value)
      select c.check_key, c.status, c.value from checks c where c.status <> 'ok'
      on conflict on constraint health_problems_pkey do update
         set status = excluded.status,
             value = excluded.value,
             last_seen_at = now(),
             first_seen_at = case when p.resolved_at is null then p.first_seen_at else now() end,
             notified_at = case when p.resolved_at is null then p.notified_at end,
             resolved_at = null
      returning p.check_key, p.first_seen_at, p.last_seen_at
    ),
    closed as (
      update private.health_problems p
         set resolved_at = now()
        from checks c
       where c.check_key = p.check_key and c.status = 'ok' and p.resolved_at is null
      returning p.check_key
    )
    select c.check_key, c.area, c.status, c.value, c.detail, o.first_seen_at, o.last_seen_at
      from checks c
      left join opened o on o.check_key = c.check_key
     order by case c.status when 'problem' then 0 when 'warning' then 1 else 2 end, c.area, c.check_key;
end
$$;

-- public.admin_system_health() ----------------------------------------------------------
-- Admins (aal2): the checks with the problems' first and last seen, problems first.
create function public.admin_system_health()
returns table (
  check_key text,
  area text,
  status text,
  value numeric,
  detail text,
  first_seen_at timestamp with time zone,
  last_seen_at timestamp with time zone
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  return query select * from private.record_health_checks();
end
$$;

-- private.run_health_checks() -----------------------------------------------------------
-- The scheduled health job (every 30 minutes): records the checks and e-mails every admin about the
-- problems (status problem) not yet e-mailed in the last 24 hours, one e-mail listing them all,
-- through the outbox (template system-health-problem). Returns how many e-mails it queued. If the
-- outbox itself is what fails, the e-mail waits in it like any other: the tab shows the problem.
create function private.run_health_checks()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_problems text;
  v_admin uuid;
  v_queued integer := 0;
begin
  perform 1 from private.record_health_checks();
  select string_agg(p.check_key, ', ' order by p.check_key) into v_problems
    from private.health_problems p
   where p.resolved_at is null and p.status = 'problem'
     and (p.notified_at is null or p.notified_at < now() - interval '24 hours');
  if v_problems is null then
    return 0;
  end if;
  for v_admin in select a.user_id from private.admin_accounts a order by a.user_id loop
    perform private.queue_member_email('system-health-problem', v_admin, jsonb_build_object('problems', v_problems));
    v_queued := v_queued + 1;
  end loop;
  update private.health_problems p
     set notified_at = now()
   where p.resolved_at is null and p.status = 'problem'
     and (p.notified_at is null or p.notified_at < now() - interval '24 hours');
  return v_queued;
end
$$;

-- public.admin_list_failed_emails() -----------------------------------------------------
-- Admins: the e-mails that gave up (5 failed attempts, neither resent nor discarded), newest first,
-- with their last error (the sender's text, never a secret) and the request that queued them.
create function public.admin_list_failed_emails()
returns table (
  id bigint,
  template text,
  to_email text,
  attempts smallint,
  last_error text,
  created_at timestamp with time zone,
  request_id text
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
  select o.id, o.template, o.to_email, o.attempts, o.last_error, o.created_at, o.request_id
    from private.email_outbox o
   where o.sent_at is null and o.attempts >= 5 and o.discarded_at is null
   order by o.next_attempt_at desc, o.id desc
   limit 100;
end
$$;

-- public.admin_resend_email() -----------------------------------------------------------
-- Admins: 'Wyślij ponownie' — a failed e-mail gets 5 new attempts from now. Audited.
create function public.admin_resend_email(p_id bigint)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row private.email_outbox;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  update private.email_outbox o
     set attempts = 0, next_attempt_at = now()
   where o.id = p_id and o.sent_at is null and o.attempts >= 5 and o.discarded_at is null
  returning o.* into v_row;
  if v_row.id is null then
    raise exception using errcode = 'P0002', message = 'operations.email_not_failed';
  end if;
  perform private.audit('email.resend', 'email', v_row.id::text, v_row.user_id,
    jsonb_build_object('attempts', 5), jsonb_build_object('attempts', 0, 'template', v_row.template));
end
$$;

-- public.admin_discard_email() ----------------------------------------------------------
-- Admins: 'Odrzuć' — a failed e-mail is given up for good (kept, never sent). Audited.
create function public.admin_discard_email(p_id bigint)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row private.email_outbox;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  update private.email_outbox o
     set discarded_at = now()
   where o.id = p_id and o.sent_at is null and o.attempts >= 5 and o.discarded_at is null
  returning o.* into v_row;
  if v_row.id is null then
    raise exception using errcode = 'P0002', message = 'operations.email_not_failed';
  end if;
  perform private.audit('email.discard', 'email', v_row.id::text, v_row.user_id,
    jsonb_build_object('discarded', false), jsonb_build_object('discarded', true, 'template', v_row.template));
end
$$;

-- public.admin_outbox_alert() ----------------------------------------------------------
-- Admins (aal2), the admin area's banner: the checks that say the outbox itself fails — the sender
-- has not run (job.send-outbox), due e-mails wait for more than an hour (email.queue) or e-mails
-- gave up (email.failed) — when they are problems. Then the admins' e-mail about problems cannot
-- reach them either, so the banner says it on every admin screen. No rows: the outbox works.
create function public.admin_outbox_alert()
returns table (check_key text, value numeric, detail text)
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
  select c.check_key, c.value, c.detail from private.job_checks() c
   where c.check_key = 'job.send-outbox' and c.status = 'problem'
  union all
  select c.check_key, c.value, c.detail from private.outbox_checks() c
   where c.check_key in ('email.queue', 'email.failed') and c.status = 'problem';
end
$$;

-- public.admin_find_request() ----------------------------------------------------------
-- Admins (aal2), 'Stan systemu': following one request id (what a member reads in an error as
-- 'identyfikator zdarzenia', the functions' log lines carry it) through the rows it left: audit rows,
-- e-mails it queued and Przelewy24 events, oldest first, at most 100 of each. Per row: where it is
-- (source audit | email | payment), when, what (the action, the template, 'kind: outcome'), on what
-- (the target, the recipient, the order reference) and a detail (who wrote it, the e-mail's state
-- and last error, the gateway's error). Never a secret: the e-mail's address is masked.
create function public.admin_find_request(p_request_id text)
returns table (
  source text,
  created_at timestamp with time zone,
  summary text,
  target text,
  detail text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_id text := btrim(coalesce(p_request_id, ''));
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if v_id !~ '^[A-Za-z0-9._:-]{1,128}$' then
    raise exception using errcode = '22023', message = 'operations.invalid_request_id';
  end if;
  return query
  select * from (
    (select 'audit'::text, l.created_at, l.action, l.target_type || coalesce(' ' || l.target_id, ''),
            case when l.actor_kind = 'system' then 'system' || coalesce(': ' || l.function_name, '')
                 else coalesce((select a.email from public.admin_audit_personal a
                                 where a.audit_id = l.id and a.subject = 'actor'), l.actor_id::text) end
       from public.admin_audit_log l
      where l.request_id = v_id
      order by l.created_at, l.id
      limit 100)
    union all
    (select 'email'::text, o.created_at, o.template,
            left(o.to_email, 1) || '…' || substring(o.to_email from '@.*$'),
            case when o.sent_at is not null then 'sent'
                 when o.discarded_at is not null then 'discarded'
                 when o.attempts >= 5 then 'failed'
                 else 'queued' end || coalesce(': ' || o.last_error, '')
       from private.email_outbox o
      where o.request_id = v_id
      order by o.created_at, o.id
      limit 100)
    union all
    (select 'payment'::text, e.created_at, e.kind || ': ' || e.outcome,
            coalesce((select po.reference from public.payment_orders po where po.id = e.order_id), e.session_id),
            e.error
       from public.payment_events e
      where e.request_id = v_id
      order by e.created_at, e.id
      limit 100)
  ) r (source, created_at, summary, target, detail)
  order by r.created_at, r.source;
end
$$;

-- public.admin_list_failed_idea_webhooks() ---------------------------------------------
-- Admins (aal2), 'Stan systemu': the pending ideas whose call of the automation service failed
-- ('Webhook request failed'), newest failure first, at most 50, with the author's e-mail.
create function public.admin_list_failed_idea_webhooks()
returns table (
  id uuid,
  title text,
  author_email text,
  submitted_at timestamp with time zone,
  failed_at timestamp with time zone
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
  select a.id, a.title, p.email, a.submitted_at, a.updated_at
    from public.app_ideas a
    left join public.profiles p on p.user_id = a.submitted_by
   where a.webhook_response = 'Webhook request failed' and a.status = 'pending'
   order by a.updated_at desc, a.id
   limit 50;
end
$$;

-- public.admin_retry_idea_webhook() -----------------------------------------------------
-- Admins (aal2), through the idea-webhook function (which calls it with the admin's token, then
-- sends the idea again): a pending idea's failed answer is cleared, so the function may claim it and
-- call the automation service once more. Audited (idea.webhook_retry).
create function public.admin_retry_idea_webhook(p_idea_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_idea public.app_ideas;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  update public.app_ideas a
     set webhook_response = null, webhook_claimed_at = null
   where a.id = p_idea_id and a.status = 'pending' and a.webhook_response = 'Webhook request failed'
  returning a.* into v_idea;
  if v_idea.id is null then
    raise exception using errcode = 'P0002', message = 'ideas.webhook_not_failed';
  end if;
  perform private.audit('idea.webhook_retry', 'app_ideas', v_idea.id::text, v_idea.submitted_by,
    jsonb_build_object('webhook_response', 'Webhook request failed'), jsonb_build_object('webhook_response', null));
end
$$;

-- private.audit_idea_webhook() ---------------------------------------------------------
-- Trigger on app_ideas: the idea-webhook function stored the automation service's answer on an idea
-- (service role). One audit row 'idea.webhook' as the system, with the function's name and request
-- id (the headers it sends), so the 'identyfikator zdarzenia' a member reads beside 'Webhook
-- request failed' leads to it in 'Dziennik zmian'. The answer is kept to its first 200 characters.
create function private.audit_idea_webhook()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.audit_caller() is distinct from 'system' then
    return null;
  end if;
  perform private.audit('idea.webhook', 'app_ideas', new.id::text, new.submitted_by,
    jsonb_build_object('webhook_response', null),
    jsonb_build_object('webhook_response', left(new.webhook_response, 200)));
  return null;
end
$$;

-- private.sync_admin_account() ---------------------------------------------------------
-- Trigger on auth.users: private.admin_accounts follows app_metadata.admin and the soft delete.
create function private.sync_admin_account()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(new.raw_app_meta_data -> 'admin' = 'true'::jsonb, false) and new.deleted_at is null then
    insert into private.admin_accounts (user_id) values (new.id) on conflict do nothing;
  elsif tg_op = 'UPDATE' then
    delete from private.admin_accounts a where a.user_id = new.id;
  end if;
  return null;
end
$$;

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- app_ideas_audit_webhook on public.app_ideas ------------------------------------------
create trigger app_ideas_audit_webhook after update of webhook_response on public.app_ideas
  for each row when (old.webhook_response is null and new.webhook_response is not null)
  execute function private.audit_idea_webhook();

-- auth_users_sync_admin_account on auth.users -------------------------------------------
-- Only a new admin, or a change of the admin flag or of the soft delete, runs the function: a
-- sign-up or a sign-in (which rewrites app_metadata's providers) does not.
create trigger auth_users_sync_admin_account after insert on auth.users
  for each row when (coalesce(new.raw_app_meta_data -> 'admin' = 'true'::jsonb, false))
  execute function private.sync_admin_account();

-- auth_users_sync_admin_account_change on auth.users ------------------------------------
create trigger auth_users_sync_admin_account_change after update of raw_app_meta_data, deleted_at on auth.users
  for each row when ((old.raw_app_meta_data -> 'admin') is distinct from (new.raw_app_meta_data -> 'admin')
                     or old.deleted_at is distinct from new.deleted_at)
  execute function private.sync_admin_account();

-- ========================================================================================
-- Grants
-- ========================================================================================

grant execute on function public.record_job_run(text,boolean,text,jsonb) to service_role;
grant execute on function public.admin_system_health() to authenticated;
grant execute on function private.run_health_checks() to service_role;
grant execute on function public.admin_list_failed_emails() to authenticated;
grant execute on function public.admin_resend_email(bigint) to authenticated;
grant execute on function public.admin_discard_email(bigint) to authenticated;
grant execute on function public.admin_outbox_alert() to authenticated;
grant execute on function public.admin_find_request(text) to authenticated;
grant execute on function public.admin_list_failed_idea_webhooks() to authenticated;
grant execute on function public.admin_retry_idea_webhook(uuid) to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on table private.job_runs is 'The scheduled jobs (period: how often they run) and their last successful and failed runs, as the jobs report them (record_job_run); details: what a job reports for the health view (send-outbox: smtpPolicy).';
comment on table private.admin_accounts is 'Who holds the admin right (app_metadata.admin, not soft-deleted), kept by the triggers auth_users_sync_admin_account(_change): the second-factor check and the problems'' e-mail read it. Requests are decided by the JWT (private.is_admin), never by this table.';
comment on column private.job_runs.optional is 'A job a project may not schedule (the Przelewy24 reconciliation without the gateway): OK until it first reports, then watched like any other.';
comment on function private.job_checks() is 'The scheduled jobs'' checks of ''Stan systemu'' (a branch of private.health_checks).';
comment on function private.outbox_checks() is 'The outgoing e-mail''s checks of ''Stan systemu'' (a branch of private.health_checks; the outbox banner reads them).';
comment on function public.admin_list_failed_idea_webhooks() is 'Admins (aal2): pending ideas whose automation call failed, newest first (at most 50). Errors: auth.forbidden.';
comment on function public.admin_retry_idea_webhook(uuid) is 'Admins (aal2), through the idea-webhook function: clears a pending idea''s failed answer so it is sent again (audited idea.webhook_retry). Errors: auth.forbidden, ideas.webhook_not_failed.';
comment on function private.audit_idea_webhook() is 'Trigger on app_ideas: the automation service''s answer stored by the idea-webhook function (service role) becomes one system audit row idea.webhook with the function''s request id.';
comment on function public.admin_outbox_alert() is 'Admins (aal2): the outbox problems (job.send-outbox, email.queue, email.failed) the admin area''s banner shows; no rows when the outbox works. Errors: auth.forbidden.';
comment on function public.admin_find_request(text) is 'Admins (aal2): the audit rows, e-mails and Przelewy24 events of one request id, oldest first (at most 100 of each; e-mail addresses masked). Errors: auth.forbidden, operations.invalid_request_id.';
comment on table private.health_problems is 'Checks of admin_system_health that were not OK: first and last seen, resolved_at when OK again, notified_at for the admins'' e-mail.';
comment on function public.record_job_run(text,boolean,text,jsonb) is 'Scheduled jobs (service_role): records a run (success or failure with its error, at most 500 characters, never a secret) and optional details. Errors: operations.unknown_job.';
comment on function private.health_check_privacy_requests() is 'The privacy.requests health check: open members'' requests due within 7 days (warning) or overdue (problem), the earliest deadline.';
comment on function private.health_checks() is 'The health checks of ''Stan systemu'': key, area, ok|warning|problem, figure, detail (thresholds in the function''s header comment).';
comment on function private.record_health_checks() is 'The health checks with first/last seen of their problems; records problems as they appear and close.';
comment on function public.admin_system_health() is 'Admins (aal2): every health check with the first and last seen of its problem; records problems as they appear and close. Errors: auth.forbidden.';
comment on function private.run_health_checks() is 'Scheduled every 30 minutes: records the checks and queues one e-mail per admin listing the problems not e-mailed in the last 24 hours (template system-health-problem). Returns the e-mails queued.';
comment on function public.admin_list_failed_emails() is 'Admins: the e-mails that gave up after 5 attempts (up to 100, newest first) with the last error and the queuing request''s id. Errors: auth.forbidden.';
comment on function public.admin_resend_email(bigint) is 'Admins: ''Wyślij ponownie'' — a failed e-mail gets 5 new attempts from now (audited email.resend). Errors: auth.forbidden, operations.email_not_failed.';
comment on function public.admin_discard_email(bigint) is 'Admins: ''Odrzuć'' — a failed e-mail is given up (discarded_at; audited email.discard). Errors: auth.forbidden, operations.email_not_failed.';

-- ========================================================================================
-- Data
-- ========================================================================================

insert into private.job_runs (job, period, optional) values
  ('audit-chain-head', interval '1 day', false),
  ('health-checks', interval '30 minutes', false),
  ('membership-reminders', interval '1 day', false),
  ('payment-jobs', interval '1 hour', false),
  ('przelewy24-reconcile', interval '1 minute', true),
  ('usdt-verify-payment', interval '1 minute', true),
  ('usdt-watch', interval '1 minute', true),
  ('send-outbox', interval '1 minute', false);

-- The admins there are when this migration runs (the trigger keeps the table from then on).
insert into private.admin_accounts (user_id)
select u.id from auth.users u
 where coalesce(u.raw_app_meta_data -> 'admin' = 'true'::jsonb, false) and u.deleted_at is null;

-- The admins' e-mail about new problems, editable in the e-mail templates tab.
insert into public.email_templates (name, subject, html_content, text_content, variables)
values
  ('system-health-problem', 'Stan systemu: wykryto problem',
   '<p>Cześć {{fname}},</p><p>kontrole stanu systemu wykryły problem: <strong>{{problems}}</strong>.</p><p>Szczegóły i działania znajdziesz w panelu admina, w zakładce „Stan systemu”.</p>',
   E'Cześć {{fname}},\n\nkontrole stanu systemu wykryły problem: {{problems}}.\nSzczegóły i działania znajdziesz w panelu admina, w zakładce „Stan systemu”.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"problems","description":"Kontrole z problemem","example":"email.failed, money.withdrawals"}]')
on conflict (name) do nothing;

-- The health job every 30 minutes where pg_cron is loaded (as the membership reminders); the local
-- stack runs the same statements on its timer (supabase/scheduled-jobs.json).
do $do$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and current_setting('shared_preload_libraries', true) like '%pg_cron%' then
    create extension if not exists pg_cron;
    perform cron.schedule('health-checks', '*/30 * * * *',
      $job$select private.run_health_checks(); select public.record_job_run('health-checks', true)$job$);
    -- The membership reminders' job (membership migration), scheduled again under its name so that
    -- a successful run is recorded for the health view too (cron.schedule replaces a job of that name).
    perform cron.schedule('membership-reminders', '15 3 * * *',
      $job$select private.run_membership_reminders(); select public.record_job_run('membership-reminders', true)$job$);
    -- The payment jobs (payments migration) and the audit chain head (audit migration) likewise.
    perform cron.schedule('payment-jobs', '1 * * * *',
      $job$select private.run_payment_jobs(); select public.record_job_run('payment-jobs', true)$job$);
    perform cron.schedule('audit-chain-head', '30 5 * * *',
      $job$select private.publish_audit_chain_head(); select public.record_job_run('audit-chain-head', true)$job$);
  end if;
end
$do$;
