-- Audit: the append-only admin audit log and the helpers every admin write calls in its own
-- transaction.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Tables
-- ========================================================================================

-- public.admin_audit_log ----------------------------------------------------------------
-- One row per admin (or service-role) write, appended in the writer's transaction and linked into a
-- hash chain when that transaction commits (private.audit_link). No personal values: names, e-mails
-- and phones of before/after, and the acting admin's e-mail, are kept in admin_audit_personal, which
-- erasure deletes; the hash covers the row as written here, so erasure never breaks the chain.
create table public.admin_audit_log (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  actor_id uuid,
  actor_kind text not null default 'admin' check (actor_kind in ('admin', 'system')),
  function_name text check (function_name ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
  request_id text check (request_id ~ '^[A-Za-z0-9._:-]{1,128}$'),
  action text not null check (action ~ '^[a-z][a-z0-9_.]{1,63}$'),
  target_type text not null check (char_length(target_type) between 1 and 64),
  target_id text check (char_length(target_id) <= 200),
  target_user_id uuid,
  before jsonb,
  after jsonb,
  chain_seq bigint unique,
  prev_hash text check (prev_hash ~ '^[0-9a-f]{64}$'),
  row_hash text check (row_hash ~ '^[0-9a-f]{64}$'),
  check ((chain_seq is null) = (row_hash is null) and (chain_seq is null) = (prev_hash is null))
);
alter table public.admin_audit_log enable row level security;

-- public.admin_audit_personal -----------------------------------------------------------
-- The personal values an audit row would hold, beside it: subject 'actor' holds the acting admin's
-- e-mail, subject 'target' the names, e-mails and phones of before/after (private.audit_personal_keys).
-- user_id is the person they are about: erasure deletes that person's rows
-- (private.erase_audit_personal), the audit row itself stays as written.
create table public.admin_audit_personal (
  audit_id bigint not null references public.admin_audit_log (id),
  subject text not null check (subject in ('actor', 'target')),
  user_id uuid,
  email text check (char_length(email) <= 320),
  before jsonb check (jsonb_typeof(before) = 'object'),
  after jsonb check (jsonb_typeof(after) = 'object'),
  primary key (audit_id, subject)
);
alter table public.admin_audit_personal enable row level security;

-- private.audit_head_publications -------------------------------------------------------
-- Every publication of the chain's head (e-mailed to the admins): verification compares the chain
-- with the last one, so rewriting the chain after it (even with recomputed hashes) shows.
create table private.audit_head_publications (
  id bigint generated always as identity primary key,
  published_at timestamptz not null default now(),
  chain_seq bigint not null,
  row_hash text not null check (row_hash ~ '^[0-9a-f]{64}$'),
  intact boolean not null,
  recipients integer not null
);
alter table private.audit_head_publications enable row level security;

-- ========================================================================================
-- Views
-- ========================================================================================

-- public.admin_audit_entries ------------------------------------------------------------
-- What 'Dziennik zmian' reads: each audit row with its personal values put back (the acting admin's
-- e-mail, the names, e-mails and phones of before/after), where erasure has not removed them.
-- Security invoker: the RLS of both tables applies (admins at aal2 only). The personal values are
-- looked up by primary key per row shown (subqueries, not joins: a page of 26 rows costs 78 probes
-- whatever the filter, where a join let the planner scan the whole side table).
create view public.admin_audit_entries with (security_invoker = true) as
select l.id,
       l.created_at,
       l.actor_id,
       (select a.email from public.admin_audit_personal a where a.audit_id = l.id and a.subject = 'actor') as actor_email,
       l.actor_kind,
       l.function_name,
       l.request_id,
       l.action,
       l.target_type,
       l.target_id,
       l.target_user_id,
       coalesce(
         (select coalesce(l.before, '{}'::jsonb) || t.before
            from public.admin_audit_personal t
           where t.audit_id = l.id and t.subject = 'target' and t.before is not null),
         l.before
       ) as before,
       coalesce(
         (select coalesce(l.after, '{}'::jsonb) || t.after
            from public.admin_audit_personal t
           where t.audit_id = l.id and t.subject = 'target' and t.after is not null),
         l.after
       ) as after,
       l.chain_seq
  from public.admin_audit_log l;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- public.admin_audit_log ----------------------------------------------------------------

create index admin_audit_log_action_idx on public.admin_audit_log (action, created_at desc);

create index admin_audit_log_actor_idx on public.admin_audit_log (actor_id, created_at desc);

-- Indexes --------------------------------------------------------------------------------------
create index admin_audit_log_created_at_idx on public.admin_audit_log (created_at desc, id desc);

create index admin_audit_log_target_user_idx on public.admin_audit_log (target_user_id, created_at desc);

-- Rows not linked yet: only those of transactions still committing (or, after tampering, none).
create index admin_audit_log_unlinked_idx on public.admin_audit_log (id) where row_hash is null;

-- public.admin_audit_personal -----------------------------------------------------------

-- The admin filter's options (a skip scan, one probe per admin).
create index admin_audit_personal_actor_email_idx on public.admin_audit_personal (email) where subject = 'actor';

-- Erasure: the rows about one person.
create index admin_audit_personal_user_idx on public.admin_audit_personal (user_id);

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.admin_audit_log_append_only() -------------------------------------------------
-- No update, delete or truncate, by anyone. The one update let through is the chain's own link
-- (private.audit_link, at commit): it sets chain_seq, prev_hash and row_hash of an unlinked row and
-- nothing else. Whoever disables this trigger can change rows, but not without breaking the chain.
create function private.admin_audit_log_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and current_setting('klub.audit_linking', true) = 'on'
     and old.row_hash is null
     and new.row_hash is not null
     and (to_jsonb(old) - array['chain_seq', 'prev_hash', 'row_hash']) = (to_jsonb(new) - array['chain_seq', 'prev_hash', 'row_hash']) then
    return new;
  end if;
  raise exception using errcode = 'P0001', message = 'audit.append_only';
end
$$;

-- private.audit_caller() ----------------------------------------------------------------
-- Whose write is recorded: 'admin' (an admin at aal2), 'system' (server code with the service_role
-- key: edge functions, webhooks), null for members and anonymous callers (not audited).
create function private.audit_caller()
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when private.is_admin() then 'admin'
    when coalesce(auth.jwt() ->> 'role', '') = 'service_role' then 'system'
  end
$$;

-- private.audit_request_header() --------------------------------------------------------
-- A header of the current API request, from PostgREST's request.headers (lower-case names); null
-- outside a request or when the value does not match p_pattern (the table's check). The two headers
-- the audit reads (edge functions send both with every service_role call, issue 40):
--   x-function   the edge function's name (its folder, e.g. 'send-outbox'): [a-z0-9][a-z0-9_-]{0,63};
--   x-request-id the request's id, the same in the function's log and the audit row:
--                [A-Za-z0-9._:-]{1,128} (a UUID fits).
-- An admin's browser may send x-request-id too; x-function is recorded only on system rows.
create function private.audit_request_header(p_name text, p_pattern text)
returns text
language sql
stable
set search_path = ''
as $$
  select case when v ~ p_pattern then v end
    from (select nullif(current_setting('request.headers', true), '')::jsonb ->> p_name as v) h
$$;

-- private.audit_personal_keys() ---------------------------------------------------------
-- The fields of before/after that are personal values: kept in admin_audit_personal, never in the
-- audit row.
create function private.audit_personal_keys()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['full_name', 'first_name', 'last_name', 'display_name', 'email', 'new_email', 'old_email', 'phone']
$$;

-- private.audit_row_hash() --------------------------------------------------------------
-- The hash of a linked row: SHA-256 (hex) of the previous row's hash, '|', and the row's content as
-- canonical jsonb text (jsonb orders keys; the time is written in UTC with microseconds, so the
-- session's time zone does not change it). Every column but row_hash is covered.
create function private.audit_row_hash(p_row public.admin_audit_log)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(p_row.prev_hash || '|' || jsonb_build_object(
    'id', p_row.id,
    'created_at', to_char(p_row.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'actor_id', p_row.actor_id,
    'actor_kind', p_row.actor_kind,
    'function_name', p_row.function_name,
    'request_id', p_row.request_id,
    'action', p_row.action,
    'target_type', p_row.target_type,
    'target_id', p_row.target_id,
    'target_user_id', p_row.target_user_id,
    'before', p_row.before,
    'after', p_row.after,
    'chain_seq', p_row.chain_seq
  )::text, 'UTF8')), 'hex')
$$;

-- private.audit() -----------------------------------------------------------------------
-- Appends one audit row as the caller: an admin (auth.uid(); their JWT e-mail goes to
-- admin_audit_personal) or server code with the service_role key (actor_kind 'system', the
-- function's name from the x-function header). Both carry the request's x-request-id. Only the
-- changed fields of before/after are kept; the personal ones (private.audit_personal_keys) go to
-- admin_audit_personal. Callers pass rows without secrets.
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
  v_personal text[] := private.audit_personal_keys();
  v_before_personal jsonb;
  v_after_personal jsonb;
  v_actor uuid := auth.uid();
  v_email text := nullif(auth.jwt() ->> 'email', '');
  v_id bigint;
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
  if jsonb_typeof(v_before) = 'object' then
    select jsonb_object_agg(e.key, e.value) into v_before_personal
      from jsonb_each(v_before) e where e.key = any (v_personal);
    v_before := v_before - v_personal;
  end if;
  if jsonb_typeof(v_after) = 'object' then
    select jsonb_object_agg(e.key, e.value) into v_after_personal
      from jsonb_each(v_after) e where e.key = any (v_personal);
    v_after := v_after - v_personal;
  end if;

  insert into public.admin_audit_log (
    actor_id, actor_kind, function_name, request_id, action, target_type, target_id, target_user_id, before, after
  )
  values (
    v_actor,
    case when v_actor is null then 'system' else 'admin' end,
    case when v_actor is null then private.audit_request_header('x-function', '^[a-z0-9][a-z0-9_-]{0,63}$') end,
    private.audit_request_header('x-request-id', '^[A-Za-z0-9._:-]{1,128}$'),
    p_action,
    p_target_type,
    p_target_id,
    p_target_user_id,
    v_before,
    v_after
  )
  returning id into v_id;

  if v_actor is not null and v_email is not null then
    insert into public.admin_audit_personal (audit_id, subject, user_id, email)
    values (v_id, 'actor', v_actor, v_email);
  end if;
  if v_before_personal is not null or v_after_personal is not null then
    insert into public.admin_audit_personal (audit_id, subject, user_id, before, after)
    values (v_id, 'target', p_target_user_id, v_before_personal, v_after_personal);
  end if;
end
$$;

-- private.audit_admin_auth_user() -------------------------------------------------------
-- auth.users: an admin confirming an e-mail (admin_confirm_email, admin_update_user). Only the
-- fields that matter are recorded, never the credentials. An admin's deletion of an account is
-- recorded by admin_delete_user itself (user.delete with its reason, no personal value: the erasure
-- removes them).
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
  perform private.audit(
    case when new.email_confirmed_at is null then 'user.unconfirm_email' else 'user.confirm_email' end,
    'user', new.id::text, new.id,
    jsonb_build_object('email_confirmed_at', old.email_confirmed_at),
    jsonb_build_object('email_confirmed_at', new.email_confirmed_at)
  );
  return null;
end
$$;

-- private.audit_admin_write() -----------------------------------------------------------
-- The generic audit row trigger: one admin_audit_log row per row an admin's (or server code's
-- service_role) own statement changes. TG_ARGV: secret columns, never recorded; a change of one is
-- recorded as '<column>_changed': true (e.g. smtp_configs' password_changed), never its value.
-- updated_at is never recorded. Member writes stay out: the caller must be an admin or the service
-- role, and the tables members also write get a WHEN clause on the trigger (see the Triggers
-- section).
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
  v_secrets text[] := coalesce(tg_argv::text[], '{}');
  v_hidden text[] := array['updated_at'] || v_secrets;
  v_secret text;
  v_target text;
begin
  if pg_trigger_depth() > 1 or private.audit_caller() is null then
    return null;
  end if;
  if tg_op <> 'INSERT' then
    v_old := to_jsonb(old) - v_hidden;
  end if;
  if tg_op <> 'DELETE' then
    v_new := to_jsonb(new) - v_hidden;
  end if;
  if tg_op = 'UPDATE' then
    foreach v_secret in array v_secrets loop
      if (to_jsonb(old) -> v_secret) is distinct from (to_jsonb(new) -> v_secret) then
        v_old := v_old || jsonb_build_object(v_secret || '_changed', false);
        v_new := v_new || jsonb_build_object(v_secret || '_changed', true);
      end if;
    end loop;
    if v_old = v_new then
      return null;
    end if;
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

-- private.audit_link() ------------------------------------------------------------------
-- Deferred constraint trigger: links a new audit row into the chain when its transaction commits.
-- The chain's lock (a transaction advisory lock) is taken only then, for the last moments of the
-- commit, so a long transaction (a payout run) never holds up other admins' writes; committing
-- transactions link one after the other, each after the previous one's rows (read under the lock,
-- in a new snapshot). Under repeatable read an unseen concurrent link would repeat a chain_seq:
-- the unique constraint then fails that commit rather than fork the chain.
-- No head row is updated per link (a row updated thousands of times in one transaction makes each
-- next update walk its old versions): the head is the row with the highest chain_seq.
create function private.audit_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.admin_audit_log := new;
  v_seq bigint;
  v_prev text;
begin
  perform pg_advisory_xact_lock(hashtext('public.admin_audit_log chain'));
  select l.chain_seq, l.row_hash into v_seq, v_prev
    from public.admin_audit_log l
   where l.chain_seq is not null
   order by l.chain_seq desc
   limit 1;
  v_row.chain_seq := coalesce(v_seq, 0) + 1;
  v_row.prev_hash := coalesce(v_prev, repeat('0', 64));
  v_row.row_hash := private.audit_row_hash(v_row);
  perform set_config('klub.audit_linking', 'on', true);
  update public.admin_audit_log l
     set chain_seq = v_row.chain_seq, prev_hash = v_row.prev_hash, row_hash = v_row.row_hash
   where l.id = new.id and l.row_hash is null;
  perform set_config('klub.audit_linking', '', true);
  return null;
end
$$;

-- private.verify_audit_chain() ----------------------------------------------------------
-- Walks the chain in order and reports the first place it breaks:
--   'hash'        a row's content no longer matches its hash (changed after it was written);
--   'link'        a row's prev_hash is not the previous row's hash (a row removed or re-ordered);
--   'unlinked'    a committed row without a link (written while the linking trigger was off);
--   'published'   the last published head (e-mailed to the admins) is no longer in the chain (the
--                 chain was rewritten, hashes recomputed and all, or cut short).
-- intact is true when none applies. p_from_seq: walk the rows from that position on (linked to the
-- row before it); the rest is checked in full. The whole trail costs ~90 µs a row on the 2-core
-- development machine (21 000 rows: 1.9 s), so the daily publication walks it all and the tab
-- walks what came after the last publication (public.admin_verify_audit_chain).
create function private.verify_audit_chain(p_from_seq bigint default 1)
returns table (
  intact boolean,
  verified_from bigint,
  checked bigint,
  head_seq bigint,
  head_hash text,
  broken_seq bigint,
  broken_id bigint,
  problem text,
  published_seq bigint,
  published_hash text,
  published_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_pub private.audit_head_publications;
begin
  select * into v_pub from private.audit_head_publications p order by p.id desc limit 1;
  select coalesce(max(l.chain_seq), 0) into head_seq from public.admin_audit_log l;
  head_hash := coalesce(
    (select l.row_hash from public.admin_audit_log l where l.chain_seq = head_seq),
    repeat('0', 64)
  );
  published_seq := v_pub.chain_seq;
  published_hash := v_pub.row_hash;
  published_at := v_pub.published_at;
  verified_from := greatest(coalesce(p_from_seq, 1), 1);
  select count(*) into checked from public.admin_audit_log l where l.chain_seq >= verified_from;

  select c.chain_seq, c.id, c.problem into broken_seq, broken_id, problem
    from (
      select l.chain_seq, l.id,
             case
               when l.chain_seq <> coalesce(lag(l.chain_seq) over w, 0) + 1
                 or l.prev_hash <> coalesce(lag(l.row_hash) over w, repeat('0', 64)) then 'link'
               when l.row_hash <> private.audit_row_hash(l) then 'hash'
             end as problem
        from public.admin_audit_log l
       where l.chain_seq >= verified_from - 1
      window w as (order by l.chain_seq)
    ) c
   where c.problem is not null
     and c.chain_seq >= verified_from
   order by c.chain_seq
   limit 1;

  if problem is null then
    select l.chain_seq, l.id, 'unlinked' into broken_seq, broken_id, problem
      from public.admin_audit_log l
     where l.row_hash is null
       -- the calling transaction's own rows (created_at = now(), its start) are linked at its commit
       and l.created_at <> now()
     order by l.id
     limit 1;
  end if;

  if problem is null and v_pub.id is not null
     and not exists (
       select 1 from public.admin_audit_log l
        where l.chain_seq = v_pub.chain_seq and l.row_hash = v_pub.row_hash
     )
     and not (v_pub.chain_seq = 0 and v_pub.row_hash = repeat('0', 64)) then
    broken_seq := v_pub.chain_seq;
    broken_id := (select l.id from public.admin_audit_log l where l.chain_seq = v_pub.chain_seq);
    problem := 'published';
  end if;

  intact := problem is null;
  return next;
end
$$;

-- public.admin_verify_audit_chain() -----------------------------------------------------
-- 'Dziennik zmian': whether the chain is intact ('Łańcuch wpisów nienaruszony') or where it breaks.
-- Walks the rows after the last publication that found the chain intact (that publication verified
-- everything before it, and its head must still be in the chain), so it stays fast at a million
-- rows; with no such publication, the whole trail.
create function public.admin_verify_audit_chain()
returns table (
  intact boolean,
  verified_from bigint,
  checked bigint,
  head_seq bigint,
  head_hash text,
  broken_seq bigint,
  broken_id bigint,
  problem text,
  published_seq bigint,
  published_hash text,
  published_at timestamptz
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
  return query
    select * from private.verify_audit_chain(
      coalesce((select p.chain_seq + 1 from private.audit_head_publications p where p.intact order by p.id desc limit 1), 1)
    );
end
$$;

-- private.publish_audit_chain_head() ----------------------------------------------------
-- Daily (pg_cron; the local stack's timer, supabase/scheduled-jobs.json): verifies the chain,
-- records its head and e-mails it (sequence number, hash, whether the chain is intact) to every
-- admin through the outbox, so a copy lives outside the database. Skipped when the last
-- publication is less than 20 hours old (the local timer runs at every stack start). Returns the
-- publication's id, or null when skipped.
create function private.publish_audit_chain_head(p_force boolean default false)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_check record;
  v_id bigint;
  v_recipients integer := 0;
  v_admin record;
  v_status text;
begin
  perform pg_advisory_xact_lock(hashtext('private.publish_audit_chain_head'));
  if not p_force and exists (
    select 1 from private.audit_head_publications p where p.published_at > now() - interval '20 hours'
  ) then
    return null;
  end if;
  select * into v_check from private.verify_audit_chain();
  v_status := case
    when v_check.intact then 'Łańcuch wpisów nienaruszony'
    else format('Łańcuch wpisów naruszony przy wpisie nr %s', coalesce(v_check.broken_seq::text, v_check.broken_id::text, '?'))
  end;
  for v_admin in
    select p.user_id from auth.users u join public.profiles p on p.user_id = u.id
     where coalesce(u.raw_app_meta_data -> 'admin' = 'true'::jsonb, false)
       and u.deleted_at is null
     order by p.user_id
  loop
    perform private.queue_member_email('audit-chain-head', v_admin.user_id, jsonb_build_object(
      'chain_seq', v_check.head_seq::text,
      'chain_hash', v_check.head_hash,
      'published_at', to_char(now() at time zone 'Europe/Warsaw', 'DD.MM.YYYY HH24:MI'),
      'status', v_status
    ));
    v_recipients := v_recipients + 1;
  end loop;
  insert into private.audit_head_publications (chain_seq, row_hash, intact, recipients)
  values (v_check.head_seq, v_check.head_hash, v_check.intact, v_recipients)
  returning id into v_id;
  return v_id;
end
$$;

-- private.erase_audit_personal() --------------------------------------------------------
-- Erasure (the member-data issue): removes the personal values the trail keeps about a person
-- (as a target, and their e-mail as an acting admin). The audit rows and the chain stay as they are.
create function private.erase_audit_personal(p_user_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  delete from public.admin_audit_personal a where a.user_id = p_user_id;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

-- public.admin_list_audit_actions() -----------------------------------------------------
-- 'Dziennik zmian': the action filter's options, the distinct actions of the trail in order (the tab
-- shows each by its Polish name, the raw key for one it does not know yet).
create function public.admin_list_audit_actions()
returns table (action text)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  -- A skip scan over admin_audit_log_action_idx: one index probe per distinct action (~40).
  return query
    with recursive actions as (
      (select l.action from public.admin_audit_log l order by l.action limit 1)
      union all
      select (select l.action from public.admin_audit_log l where l.action > a.action order by l.action limit 1)
        from actions a
       where a.action is not null
    )
    select a.action from actions a where a.action is not null;
end
$$;

-- public.admin_list_audit_actors() ------------------------------------------------------
-- 'Dziennik zmian' filters: the admin filter offers the admins who appear in the
-- trail (a select, not a typed e-mail); the member filter resolves a name or e-mail through
-- admin_list_users (no new function) and filters by the member's id.
create function public.admin_list_audit_actors()
returns table (actor_id uuid, actor_email text)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  -- A skip scan over admin_audit_personal_actor_email_idx: one index probe per distinct admin, so a
  -- million rows by five admins cost five probes, not a scan. The id is what the trail is filtered
  -- by (admin_audit_log_actor_idx); the e-mail is the option's label.
  return query
    with recursive actors as (
      (select a.email, a.user_id
         from public.admin_audit_personal a
        where a.subject = 'actor' and a.email is not null
        order by a.email
        limit 1)
      union all
      select n.email, n.user_id
        from actors s
        cross join lateral (
          select a.email, a.user_id
            from public.admin_audit_personal a
           where a.subject = 'actor' and a.email > s.email
           order by a.email
           limit 1
        ) n
    )
    select s.user_id, s.email from actors s;
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
-- auth.users: e-mail confirmation by an admin.
create trigger auth_users_audit_confirm after update of email_confirmed_at on auth.users
  for each row when (old.email_confirmed_at is distinct from new.email_confirmed_at)
  execute function private.audit_admin_auth_user();

-- admin_audit_log_no_truncate on public.admin_audit_log ---------------------------------
create trigger admin_audit_log_no_truncate
before truncate on public.admin_audit_log
for each statement execute function private.admin_audit_log_append_only();

-- admin_audit_log_no_update_delete on public.admin_audit_log ----------------------------
create trigger admin_audit_log_no_update_delete
before update or delete on public.admin_audit_log
for each row execute function private.admin_audit_log_append_only();

-- admin_audit_log_link on public.admin_audit_log ----------------------------------------
-- Links each new row into the hash chain when its transaction commits (private.audit_link).
create constraint trigger admin_audit_log_link
after insert on public.admin_audit_log
deferrable initially deferred
for each row execute function private.audit_link();

-- ========================================================================================
-- Policies
-- ========================================================================================

-- public.admin_audit_log ----------------------------------------------------------------

create policy admin_audit_log_select_admin on public.admin_audit_log
for select to authenticated
using ((select private.is_admin()));

-- public.admin_audit_personal -----------------------------------------------------------

create policy admin_audit_personal_select_admin on public.admin_audit_personal
for select to authenticated
using ((select private.is_admin()));

-- ========================================================================================
-- Grants
-- ========================================================================================

grant execute on function public.admin_list_audit_actions() to authenticated;
grant execute on function public.admin_list_audit_actors() to authenticated;
grant execute on function public.admin_verify_audit_chain() to authenticated;
grant select on public.admin_audit_entries to authenticated;
grant select on public.admin_audit_log to authenticated;
grant select on public.admin_audit_personal to authenticated;
-- Server code reads the trail; it writes it only through the audited functions and triggers.
revoke all on public.admin_audit_entries, public.admin_audit_log, public.admin_audit_personal from service_role;
grant select on public.admin_audit_entries, public.admin_audit_log, public.admin_audit_personal to service_role;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function private.audit(text,text,text,uuid,jsonb,jsonb) is 'Appends one admin_audit_log row for the calling admin (or service-role server code: actor_kind system with the x-function header), in the caller''s transaction; keeps only the fields that changed, the personal ones in admin_audit_personal.';
comment on function private.audit_admin_write() is 'Generic audit trigger: one admin_audit_log row per row changed by an admin''s or the service role''s own statement; TG_ARGV lists secret columns, recorded only as <column>_changed.';
comment on function private.audit_link() is 'Deferred constraint trigger: links an audit row into the hash chain at its transaction''s commit, under a transaction advisory lock taken only then.';
comment on function private.erase_audit_personal(uuid) is 'Erasure: deletes the personal values the audit trail keeps about a person; the audit rows and their chain are untouched.';
comment on function private.publish_audit_chain_head(boolean) is 'Daily: verifies the chain, records its head in audit_head_publications and e-mails it to every admin (template audit-chain-head); skipped within 20 hours of the last publication unless forced.';
comment on function private.verify_audit_chain(bigint) is 'The chain''s state: intact, or the first row where it breaks and why (hash, link, unlinked, published), with the head and the last published head.';
comment on function public.admin_list_audit_actions() is 'Admin only (auth.forbidden otherwise). The distinct actions of the audit trail, in order: the options of the tab''s action filter. Security invoker: the trail''s RLS applies too.';
comment on function public.admin_list_audit_actors() is 'Admin only (auth.forbidden otherwise). The admins in the audit trail (id and e-mail), by e-mail: the options of the tab''s admin filter. Security invoker: the trail''s RLS applies too.';
comment on function public.admin_verify_audit_chain() is 'Admin only (auth.forbidden otherwise): private.verify_audit_chain() from the last intact publication on, for ''Dziennik zmian''.';
comment on column public.admin_audit_log.actor_kind is 'admin: an admin at aal2 (actor_id); system: server code with the service_role key, or the database itself (no actor_id).';
comment on column public.admin_audit_log.chain_seq is 'Position in the hash chain, set when the writing transaction commits (commit order).';
comment on column public.admin_audit_log.function_name is 'For system rows: the edge function that wrote, from the request header x-function.';
comment on column public.admin_audit_log.request_id is 'The request''s x-request-id header (edge functions send it), to find the request in the logs.';
comment on column public.admin_audit_log.row_hash is 'SHA-256 (hex) of prev_hash and the row''s content (private.audit_row_hash).';
comment on table public.admin_audit_log is 'Append-only, hash-chained trail of every admin and service-role write: who, when, action, target and the changed fields before and after. No secrets, no personal values (admin_audit_personal).';
comment on table public.admin_audit_personal is 'The personal values of audit rows (actor e-mail; names, e-mails, phones of before/after), deletable by erasure without touching the chained rows.';
comment on table private.audit_head_publications is 'Every published chain head (e-mailed to the admins); verification compares the chain with the last one.';
comment on view public.admin_audit_entries is 'Audit rows with their personal values merged back (admins only, security invoker).';

-- ========================================================================================
-- Data
-- ========================================================================================

-- The chain head's daily publication, only where pg_cron is installable and loaded (README: enable
-- the extension, then run the same cron.schedule call once). The local stack runs it on its own
-- timer (supabase/scheduled-jobs.json).
do $do$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and current_setting('shared_preload_libraries', true) like '%pg_cron%' then
    create extension if not exists pg_cron;
    perform cron.schedule('audit-chain-head', '30 5 * * *', 'select private.publish_audit_chain_head()');
  end if;
end
$do$;
