-- Operations: running the club without SQL (issue 40). The scheduled jobs' record of their runs,
-- the health checks ('Stan systemu', computed here, identical on hosted Supabase and on the local
-- stack), the problems they found (first and last seen) and the admin's actions on failed e-mails.
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

-- private.health_checks() ---------------------------------------------------------------
-- The checks, computed from the tables they watch (each an indexed count or a max). One row per
-- check: its key, area, status (ok | warning | problem), its figure (value) and a detail text
-- (an SMTP error as the sender recorded it, the policy in force). Thresholds:
--   job.<name>            problem when the last success is older than 2 periods + 5 minutes (or never)
--   email.queue           warning when the oldest due e-mail waits > 15 minutes, problem > 1 hour
--   email.failed          problem when an e-mail gave up (5 attempts) and nobody resent or discarded it
--   email.errors_24h      warning when a send failed in the last 24 h (detail: the last SMTP error)
--   money.withdrawals     problem when a withdrawal waits (pending) for more than 48 hours
--   money.payout_run      warning when the last payout run is older than 35 days (or there is none)
--   money.commissions     warning when a commission recorded more than 30 days ago is not paid
--                         (the app pays none: each one is the operator's to settle)
--   ideas.webhook         problem when the automation service failed for an idea in the last 24 h
--   security.admin_mfa    problem when an admin has no verified second factor
--   security.smtp_policy  warning when the sender allows private SMTP hosts or has not reported
create function private.health_checks()
returns table (check_key text, area text, status text, value numeric, detail text)
language sql
stable
security definer
set search_path = ''
as $$
  select 'job.' || j.job, 'jobs',
         case when j.last_success_at is null
                or j.last_success_at < now() - 2 * j.period - interval '5 minutes' then 'problem' else 'ok' end,
         floor(extract(epoch from now() - j.last_success_at) / 60)::numeric,
         j.last_error
    from private.job_runs j
  union all
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
             and o.next_attempt_at > now() - interval '24 hours') e
  union all
  select 'money.withdrawals', 'money', case when w.n > 0 then 'problem' else 'ok' end, w.n::numeric, null
    from (select count(*) as n from public.withdrawals w
           where w.status = 'pending' and w.created_at < now() - interval '48 hours') w
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
            from public.referral_commissions rc) c
  union all
  select 'ideas.webhook', 'ideas', case when i.n > 0 then 'problem' else 'ok' end, i.n::numeric, null
    from (select count(*) as n from public.app_ideas a
           where a.webhook_response = 'Webhook request failed' and a.updated_at > now() - interval '24 hours') i
  union all
  select 'security.admin_mfa', 'security', case when m.n > 0 then 'problem' else 'ok' end, m.n::numeric, null
    from (select count(*) as n from auth.users u
           where u.raw_app_meta_data -> 'admin' = 'true'::jsonb
             and u.deleted_at is null
             and not exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified')) m
  union all
  select 'security.smtp_policy', 'security',
         case when s.policy is null or coalesce((s.policy ->> 'allowPrivateHosts')::boolean, true) then 'warning'
              else 'ok' end,
         null,
         s.policy::text
    from (select (select j.details -> 'smtpPolicy' from private.job_runs j where j.job = 'send-outbox') as policy) s
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
language sql
volatile
security definer
set search_path = ''
as $$
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
   order by case c.status when 'problem' then 0 when 'warning' then 1 else 2 end, c.area, c.check_key
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
  for v_admin in
    select u.id from auth.users u
     where u.raw_app_meta_data -> 'admin' = 'true'::jsonb and u.deleted_at is null
  loop
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

-- ========================================================================================
-- Grants
-- ========================================================================================

grant execute on function public.record_job_run(text,boolean,text,jsonb) to service_role;
grant execute on function public.admin_system_health() to authenticated;
grant execute on function private.run_health_checks() to service_role;
grant execute on function public.admin_list_failed_emails() to authenticated;
grant execute on function public.admin_resend_email(bigint) to authenticated;
grant execute on function public.admin_discard_email(bigint) to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on table private.job_runs is 'The scheduled jobs (period: how often they run) and their last successful and failed runs, as the jobs report them (record_job_run); details: what a job reports for the health view (send-outbox: smtpPolicy).';
comment on table private.health_problems is 'Checks of admin_system_health that were not OK: first and last seen, resolved_at when OK again, notified_at for the admins'' e-mail.';
comment on function public.record_job_run(text,boolean,text,jsonb) is 'Scheduled jobs (service_role): records a run (success or failure with its error, at most 500 characters, never a secret) and optional details. Errors: operations.unknown_job.';
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

insert into private.job_runs (job, period) values
  ('health-checks', interval '30 minutes'),
  ('membership-reminders', interval '1 day'),
  ('send-outbox', interval '1 minute');

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
  end if;
end
$do$;
