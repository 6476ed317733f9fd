-- Referral: codes, relationships, commissions and the referrer statistics.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Tables
-- ========================================================================================

-- private.referrer_stats ----------------------------------------------------------------
-- Per-referrer counters so the ranking reads a few index entries instead of aggregating everything.
create table private.referrer_stats (
  user_id uuid not null,
  referral_count integer default 0 not null,
  total_earnings numeric(14,2) default 0 not null,
  updated_at timestamp with time zone default now() not null,
  constraint referrer_stats_referral_count_check CHECK ((referral_count >= 0)),
  constraint referrer_stats_total_earnings_check CHECK ((total_earnings >= (0)::numeric)),
  constraint referrer_stats_total_earnings_finite_check CHECK ((total_earnings <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint referrer_stats_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint referrer_stats_pkey PRIMARY KEY (user_id)
);
alter table private.referrer_stats enable row level security;

-- public.referral_codes -----------------------------------------------------------------
create table public.referral_codes (
  id uuid primary key default gen_random_uuid(),
  code text not null unique constraint referral_codes_code_uppercase_check check (code ~ '^[A-Z0-9]{4,32}$'),
  active boolean not null default true,
  description text check (description is null or char_length(description) <= 200),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  visits_count integer not null default 0 check (visits_count >= 0),
  registrations_count integer not null default 0 check (registrations_count >= 0),
  conversions_count integer not null default 0 check (conversions_count >= 0),
  last_visit_at timestamptz,
  last_registration_at timestamptz,
  last_conversion_at timestamptz
);
alter table public.referral_codes enable row level security;

-- public.referral_commissions -----------------------------------------------------------
create table public.referral_commissions (
  id uuid default gen_random_uuid() not null,
  referrer_id uuid,
  referred_id uuid,
  level public.membership_level not null,
  amount_pln numeric(12,2) not null,
  created_at timestamp with time zone default now() not null,
  order_id uuid,
  cancelled_at timestamp with time zone,
  cancel_reason text,
  settled_at timestamp with time zone,
  settlement_id uuid,
  settlement_rate numeric(12,6),
  amount_usdt numeric(18,2),
  constraint referral_commissions_settled_check CHECK ((settled_at IS NULL) = (settlement_id IS NULL)
    AND (settled_at IS NULL) = (settlement_rate IS NULL) AND (settled_at IS NULL) = (amount_usdt IS NULL)),
  constraint referral_commissions_amount_usdt_check CHECK ((amount_usdt > (0)::numeric)),
  constraint referral_commissions_cancel_check CHECK (((cancelled_at IS NULL) = (cancel_reason IS NULL)) AND (char_length(cancel_reason) <= 500)),
  constraint referral_commissions_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.payment_orders(id),
  constraint referral_commissions_amount_pln_check CHECK ((amount_pln >= (0)::numeric)),
  constraint referral_commissions_amount_pln_finite_check CHECK ((amount_pln <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint referral_commissions_level_check CHECK ((level <> 'FREE'::public.membership_level)),
  constraint referral_commissions_referred_id_fkey FOREIGN KEY (referred_id) REFERENCES auth.users(id) ON DELETE SET NULL,
  constraint referral_commissions_referrer_id_fkey FOREIGN KEY (referrer_id) REFERENCES auth.users(id) ON DELETE SET NULL,
  constraint referral_commissions_pkey PRIMARY KEY (id),
  constraint referral_commissions_referred_id_key UNIQUE (referred_id),
  constraint referral_commissions_settlement_rate_finite_check CHECK ((settlement_rate <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint referral_commissions_amount_usdt_finite_check CHECK ((amount_usdt <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric])))
);
alter table public.referral_commissions enable row level security;

-- public.referral_relationships ---------------------------------------------------------
create table public.referral_relationships (
  id uuid default gen_random_uuid() not null,
  referrer_id uuid not null,
  referred_id uuid,
  code_id uuid,
  created_at timestamp with time zone default now() not null,
  activated_at timestamp with time zone,
  constraint referral_relationships_not_self_check CHECK ((referrer_id <> referred_id)),
  constraint referral_relationships_code_id_fkey FOREIGN KEY (code_id) REFERENCES public.referral_codes(id) ON DELETE SET NULL,
  constraint referral_relationships_referred_id_fkey FOREIGN KEY (referred_id) REFERENCES auth.users(id) ON DELETE SET NULL,
  constraint referral_relationships_referrer_id_fkey FOREIGN KEY (referrer_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint referral_relationships_pkey PRIMARY KEY (id),
  constraint referral_relationships_referred_id_key UNIQUE (referred_id)
);
alter table public.referral_relationships enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- private.referrer_stats ----------------------------------------------------------------

create index referrer_stats_ranking_idx on private.referrer_stats (referral_count desc, total_earnings desc, user_id);

-- public.referral_codes -----------------------------------------------------------------

create index referral_codes_user_id_created_at_idx on public.referral_codes (user_id, created_at desc);

-- public.referral_commissions -----------------------------------------------------------

create index referral_commissions_referrer_id_created_at_idx on public.referral_commissions (referrer_id, created_at desc);

-- 'Do wypłaty': the commissions not settled and not cancelled, by referrer (the settlement, its
-- preview, the admin list and the treasurer's liabilities).
create index referral_commissions_unpaid_idx on public.referral_commissions (referrer_id, created_at)
  include (amount_pln) where settled_at is null and cancelled_at is null;

-- The previous settlement's rate and the settlements by month ('Finanse').
create index referral_commissions_settled_at_idx on public.referral_commissions (settled_at desc)
  include (settlement_rate, amount_pln, amount_usdt) where settled_at is not null;

-- public.referral_relationships ---------------------------------------------------------

create index referral_relationships_code_id_idx on public.referral_relationships (code_id);

create index referral_relationships_referrer_id_created_at_idx on public.referral_relationships (referrer_id, created_at desc);

create index referral_commissions_order_id_idx on public.referral_commissions (order_id);

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.activate_referral() -----------------------------------------------------------
-- Trigger on public.profiles update of email_confirmed: the referred member's relationship is
-- activated (first confirmation kept) or, when an admin un-confirms the e-mail, not counted.
create function private.activate_referral()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.referral_relationships r
     set activated_at = case when new.email_confirmed then coalesce(r.activated_at, now()) end
   where r.referred_id = new.user_id
     and (r.activated_at is null) = new.email_confirmed;
  return null;
end
$$;

-- private.count_referrer_referrals() ----------------------------------------------------
-- Trigger on referral_relationships: referrer_stats.referral_count counts activated relationships
-- (also when rows go away through cascades).
create function private.count_referrer_referrals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_delta integer := 0;
  v_referrer_id uuid;
begin
  if tg_op in ('INSERT', 'UPDATE') and new.activated_at is not null then
    v_delta := v_delta + 1;
  end if;
  if tg_op in ('DELETE', 'UPDATE') and old.activated_at is not null then
    v_delta := v_delta - 1;
  end if;
  if v_delta = 0 then
    return null;
  end if;
  v_referrer_id := case when tg_op = 'DELETE' then old.referrer_id else new.referrer_id end;
  if v_delta > 0 then
    insert into private.referrer_stats as s (user_id, referral_count)
    values (v_referrer_id, v_delta)
    on conflict (user_id) do update set referral_count = s.referral_count + v_delta, updated_at = now();
  else
    -- Update only: the referrer may be the user being deleted.
    update private.referrer_stats s
       set referral_count = greatest(s.referral_count + v_delta, 0), updated_at = now()
     where s.user_id = v_referrer_id;
  end if;
  return null;
end
$$;

-- private.record_referral_at_signup() ---------------------------------------------------
-- Trigger on public.profiles insert (sign-up): records the relationship of a valid ?ref code;
-- it counts at once when the account is created confirmed.
create function private.record_referral_at_signup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_code text;
  v_code_id uuid;
  v_referrer_id uuid;
begin
  select upper(btrim(u.raw_user_meta_data ->> 'referral_code')) into v_code
    from auth.users u where u.id = new.user_id;
  if v_code is null or v_code = '' then
    return null;
  end if;
  select c.id, c.user_id into v_code_id, v_referrer_id
    from public.referral_codes c
   where c.code = v_code and c.active and c.user_id <> new.user_id
     for update;
  if not found then
    return null;
  end if;
  insert into public.referral_relationships (referrer_id, referred_id, code_id, activated_at)
  values (v_referrer_id, new.user_id, v_code_id, case when new.email_confirmed then now() end)
  on conflict (referred_id) do nothing;
  if found then
    update public.referral_codes c
       set registrations_count = c.registrations_count + 1, last_registration_at = now()
     where c.id = v_code_id;
  end if;
  return null;
end
$$;

-- private.commission_rate_check() -------------------------------------------------------
-- The rate sanity of a settlement: the previous settlement's PLN→USDT rate (null before the first);
-- a rate more than 20 % away from it is refused (referral.rate_confirmation_required) unless the
-- admin confirmed it by sending that previous rate back (p_confirmed_previous_rate), as the
-- dialog's confirmation repeats both numbers. Returns the previous rate.
create function private.commission_rate_check(p_rate numeric, p_confirmed_previous_rate numeric)
returns numeric
language plpgsql
stable
set search_path = ''
as $$
declare
  v_previous numeric;
begin
  select c.settlement_rate into v_previous
    from public.referral_commissions c
   where c.settled_at is not null
   order by c.settled_at desc
   limit 1;
  if v_previous is not null and abs(p_rate - v_previous) > v_previous * 0.2
     and p_confirmed_previous_rate is distinct from v_previous then
    raise exception using errcode = 'P0001', message = 'referral.rate_confirmation_required',
      detail = format('previous=%s rate=%s', v_previous, p_rate);
  end if;
  return v_previous;
end
$$;

-- private.commission_usdt() -------------------------------------------------------------
-- A commission in USDT at a settlement's rate: PLN × rate, rounded down to 0.01 (as payout shares).
create function private.commission_usdt(p_amount_pln numeric, p_rate numeric)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select (floor(p_amount_pln * p_rate * 100) / 100)::numeric(18, 2)
$$;

-- private.settleable_commissions() ------------------------------------------------------
-- 'Do wypłaty' at a rate: the unsettled, uncancelled commissions of a referrer who still has an
-- account (p_user_id; null: every referrer) worth at least 0.01 USDT at that rate. The preview and
-- the settlement read the same rows.
create function private.settleable_commissions(p_user_id uuid, p_rate numeric)
returns table (id uuid, referrer_id uuid, amount_pln numeric, amount_usdt numeric)
language sql
stable
set search_path = ''
as $$
  -- private.commission_usdt's expression written out: a function with its own search_path is never
  -- inlined, and a call per commission doubled the preview's time over every referrer.
  select c.id, c.referrer_id, c.amount_pln, u.usdt
    from public.referral_commissions c
   cross join lateral (select (floor(c.amount_pln * p_rate * 100) / 100)::numeric(18, 2) as usdt) u
   where c.settled_at is null and c.cancelled_at is null and c.referrer_id is not null
     and (p_user_id is null or c.referrer_id = p_user_id)
     and u.usdt > 0
$$;

-- private.sum_referrer_earnings() -------------------------------------------------------
create function private.sum_referrer_earnings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and new.cancelled_at is null then
    insert into private.referrer_stats as s (user_id, total_earnings)
    values (new.referrer_id, new.amount_pln)
    on conflict (user_id) do update set total_earnings = s.total_earnings + excluded.total_earnings, updated_at = now();
  elsif (tg_op = 'DELETE' and old.cancelled_at is null)
     or (tg_op = 'UPDATE' and old.cancelled_at is null and new.cancelled_at is not null) then
    update private.referrer_stats s
       set total_earnings = greatest(s.total_earnings - old.amount_pln, 0), updated_at = now()
     where s.user_id = old.referrer_id;
  end if;
  return null;
end
$$;

-- public.admin_list_unpaid_commissions() ------------------------------------------------
-- 'Finanse', 'Prowizje do wypłaty': per referrer the commissions 'Do wypłaty' (count, PLN, the
-- oldest), most owed first; total_count is the number of referrers.
create function public.admin_list_unpaid_commissions(p_limit integer default 20, p_offset integer default 0)
returns table (
  user_id uuid,
  full_name text,
  email text,
  commissions integer,
  total_pln numeric,
  oldest_at timestamptz,
  total_count bigint
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
  if p_limit is null or p_limit < 1 or p_limit > 1000 or p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'referral.invalid_limit';
  end if;
  return query
    with owed as (
      select c.referrer_id, count(*)::integer as n, sum(c.amount_pln) as pln, min(c.created_at) as oldest
        from public.referral_commissions c
       where c.settled_at is null and c.cancelled_at is null and c.referrer_id is not null
       group by c.referrer_id
    ),
    -- The page first, then the names of its referrers only (not of every referrer owed).
    page as (
      select o.*, count(*) over () as total
        from owed o
       order by o.pln desc, o.referrer_id
       limit p_limit offset p_offset
    )
    select o.referrer_id, p.full_name, p.email, o.n, o.pln, o.oldest, o.total
      from page o
      left join public.profiles p on p.user_id = o.referrer_id
     order by o.pln desc, o.referrer_id;
end
$$;

-- public.admin_preview_commission_settlement() ------------------------------------------
-- Admin: what a settlement of one referrer's (p_user_id) or every referrer's (null) commissions
-- 'Do wypłaty' would credit at this rate (nothing is written): {members, commissions, total_pln,
-- total_usdt, previous_rate, rate_change_pct (null before the first settlement)}. The settlement
-- takes commissions and total_pln back as what the admin confirmed.
create function public.admin_preview_commission_settlement(p_rate numeric, p_user_id uuid default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_previous numeric;
  v_result jsonb;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if not private.valid_payout_rate(p_rate) then
    raise exception using errcode = 'P0001', message = 'payouts.invalid_rate';
  end if;
  select c.settlement_rate into v_previous
    from public.referral_commissions c
   where c.settled_at is not null
   order by c.settled_at desc
   limit 1;
  select jsonb_build_object(
           'members', count(distinct s.referrer_id),
           'commissions', count(*),
           'total_pln', coalesce(sum(s.amount_pln), 0),
           'total_usdt', coalesce(sum(s.amount_usdt), 0),
           'previous_rate', v_previous,
           'rate_change_pct', case when v_previous is null then null
                                   else round((p_rate - v_previous) * 100 / v_previous, 1) end)
    into v_result
    from private.settleable_commissions(p_user_id, p_rate) s;
  return v_result;
end
$$;

-- public.admin_settle_commissions() -----------------------------------------------------
-- Admin: pays the commissions 'Do wypłaty' of one referrer (p_user_id) or of every referrer (null)
-- into their wallets at the PLN→USDT rate the admin typed: per referrer one ledger credit
-- ('commission_payout', the sum of the commissions' USDT), the commissions 'Wypłacona' with the
-- settlement's id, rate and USDT, a notification and the e-mail 'commission-settled', an audit row
-- (and one for the whole run). The preview's count and PLN total come back (p_expected_*): when the
-- commissions to pay differ (another admin settled them, a refund cancelled one), nothing is paid
-- (referral.settlement_changed). The rate check: private.commission_rate_check. Settlements are
-- serialised (a transaction lock) and the commissions locked, so two admins at once pay once. The
-- idempotency key returns the first result to a repeated submit.
create function public.admin_settle_commissions(
  p_rate numeric,
  p_expected_commissions integer,
  p_expected_total_pln numeric,
  p_idempotency_key uuid,
  p_user_id uuid default null,
  p_confirmed_previous_rate numeric default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_first jsonb;
  v_count integer;
  v_total_pln numeric;
  v_total_usdt numeric := 0;
  v_members integer := 0;
  v_previous numeric;
  v_member record;
  v_settlement uuid;
  v_result jsonb;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if not private.valid_payout_rate(p_rate) then
    raise exception using errcode = 'P0001', message = 'payouts.invalid_rate';
  end if;
  if p_expected_commissions is null or p_expected_commissions < 1 or p_expected_total_pln is null then
    raise exception using errcode = '22023', message = 'referral.preview_required';
  end if;
  v_first := private.idempotency_begin(p_idempotency_key, 'admin_settle_commissions', jsonb_build_object(
    'user_id', p_user_id, 'rate', p_rate, 'expected_commissions', p_expected_commissions,
    'expected_total_pln', p_expected_total_pln, 'confirmed_previous_rate', p_confirmed_previous_rate));
  if v_first is not null then
    return v_first;
  end if;

  -- One settlement at a time: the previous rate is the last committed one, and the second of two
  -- admins finds the commissions already paid.
  perform pg_advisory_xact_lock(hashtextextended('referral.settle_commissions', 0));
  v_previous := private.commission_rate_check(p_rate, p_confirmed_previous_rate);

  perform 1 from public.referral_commissions c
   where c.id in (select s.id from private.settleable_commissions(p_user_id, p_rate) s)
   order by c.id
     for update;
  select count(*), coalesce(sum(s.amount_pln), 0) into v_count, v_total_pln
    from private.settleable_commissions(p_user_id, p_rate) s;
  if v_count <> p_expected_commissions or v_total_pln <> p_expected_total_pln then
    raise exception using errcode = 'P0001', message = 'referral.settlement_changed',
      detail = format('expected %s commissions / %s PLN, found %s / %s', p_expected_commissions,
                      p_expected_total_pln, v_count, v_total_pln);
  end if;

  for v_member in
    select s.referrer_id, count(*)::integer as n, sum(s.amount_pln) as pln, sum(s.amount_usdt) as usdt
      from private.settleable_commissions(p_user_id, p_rate) s
     group by s.referrer_id
     order by s.referrer_id
  loop
    v_settlement := gen_random_uuid();
    update public.referral_commissions c
       set settled_at = now(), settlement_id = v_settlement, settlement_rate = p_rate,
           amount_usdt = private.commission_usdt(c.amount_pln, p_rate)
     where c.id in (select s.id from private.settleable_commissions(v_member.referrer_id, p_rate) s);
    perform private.apply_wallet_entry(
      v_member.referrer_id, 'commission_payout', v_member.usdt, 0, null,
      format('Prowizje za polecenia (%s): %s PLN, kurs %s', v_member.n, v_member.pln::numeric(14, 2), p_rate)
    );
    perform private.notify(
      v_member.referrer_id,
      'profit',
      'Prowizja wypłacona',
      format('Na Twój portfel wpłynęło %s USDT: prowizje za polecenia (%s) %s PLN po kursie %s.',
             v_member.usdt::numeric(18, 2), v_member.n, v_member.pln::numeric(14, 2), p_rate),
      jsonb_build_object('kind', 'commission_settled', 'amount', v_member.usdt::numeric(18, 2), 'currency', 'USDT',
                         'amountPln', v_member.pln::numeric(14, 2), 'rate', p_rate, 'commissions', v_member.n,
                         'settlementId', v_settlement)
    );
    perform private.audit('referral.settle', 'commission_settlement', v_settlement::text, v_member.referrer_id,
      jsonb_build_object('status', 'to_pay'),
      jsonb_build_object('status', 'paid', 'commissions', v_member.n, 'amount_pln', v_member.pln,
                         'amount_usdt', v_member.usdt, 'rate_pln_usdt', p_rate, 'previous_rate', v_previous));
    v_members := v_members + 1;
    v_total_usdt := v_total_usdt + v_member.usdt;
  end loop;

  v_result := jsonb_build_object('members', v_members, 'commissions', v_count, 'total_pln', v_total_pln,
                                 'total_usdt', v_total_usdt, 'rate', p_rate, 'previous_rate', v_previous);
  if p_user_id is null then
    perform private.audit('referral.settle_all', 'commission_settlement', null, null, null, v_result);
  end if;
  perform private.idempotency_finish(p_idempotency_key, v_result);
  return v_result;
end
$$;

-- public.generate_unique_referral_code() ------------------------------------------------
-- Partner page: creates a code for the caller (8 characters from an alphabet without 0/O/1/I),
-- at most 5 codes per member; returns the new row.
create function public.generate_unique_referral_code(p_user_id uuid, p_description text default null)
returns public.referral_codes
language plpgsql
security definer
set search_path = ''
as $$
declare
  c_alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  v_description text := nullif(btrim(p_description), '');
  v_bytes bytea;
  v_code text;
  v_row public.referral_codes;
begin
  if p_user_id is null or p_user_id is distinct from (select auth.uid()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if char_length(v_description) > 200 then
    raise exception using errcode = '22023', message = 'referral.description_too_long';
  end if;
  -- One generation per member at a time, so parallel calls cannot exceed the limit.
  perform pg_advisory_xact_lock(hashtextextended('referral_codes:' || p_user_id::text, 0));
  if (select count(*) from public.referral_codes c where c.user_id = p_user_id) >= 5 then
    raise exception using errcode = 'P0001', message = 'referral.code_limit_reached';
  end if;
  for attempt in 1..10 loop
    v_bytes := extensions.gen_random_bytes(8);
    v_code := '';
    for i in 0..7 loop
      -- 256 is a multiple of the 32-letter alphabet, so every letter is equally likely.
      v_code := v_code || substr(c_alphabet, get_byte(v_bytes, i) % 32 + 1, 1);
    end loop;
    insert into public.referral_codes (code, user_id, description)
    values (v_code, p_user_id, v_description)
    on conflict (code) do nothing
    returning * into v_row;
    if found then
      return v_row;
    end if;
  end loop;
  raise exception using errcode = 'P0001', message = 'referral.code_generation_failed';
end
$$;

-- public.get_my_referral_codes() --------------------------------------------------------
-- Partner page: the caller's codes with their statistics, newest first.
create function public.get_my_referral_codes()
returns setof public.referral_codes
language sql
stable
set search_path = ''
as $$
  select c.*
    from public.referral_codes c
   where c.user_id = (select auth.uid())
   order by c.created_at desc, c.id
$$;

-- public.get_my_referral_overview() -----------------------------------------------------
-- Partner page ('Program Partnerski'): everything it shows, in one call.
--   codes:           the caller's codes with their statistics, newest first (at most 5 exist);
--   referred:        the latest p_referred_limit members the caller referred, newest first, with the
--                    e-mail masked (first 3 characters of the local part, then ***@domain);
--   referred_total:  how many members the caller referred in all (erased accounts no longer listed,
--                    though their referral still counts in referral_count);
--   commissions:     the caller's latest p_referred_limit commissions, newest first, each 'to_pay'
--                    ('Do wypłaty'), 'paid' ('Wypłacona': when, USDT, rate) or 'cancelled' ('Anulowana');
--   commissions_to_pay_pln: what the club owes the caller in commissions not yet settled;
--   referral_count, total_earnings: the caller's ranking counters (total_earnings in PLN).
create function public.get_my_referral_overview(p_referred_limit integer default 100)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_result jsonb;
begin
  if v_uid is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_referred_limit is null or p_referred_limit < 1 or p_referred_limit > 500 then
    raise exception using errcode = '22023', message = 'referral.invalid_limit';
  end if;

  select jsonb_build_object(
    'codes', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', c.id, 'code', c.code, 'description', c.description, 'active', c.active,
               'created_at', c.created_at, 'visits_count', c.visits_count,
               'registrations_count', c.registrations_count, 'conversions_count', c.conversions_count,
               'last_visit_at', c.last_visit_at, 'last_registration_at', c.last_registration_at,
               'last_conversion_at', c.last_conversion_at)
             order by c.created_at desc, c.id)
        from public.referral_codes c
       where c.user_id = v_uid), '[]'::jsonb),
    'referred', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', r.referred_id, 'full_name', p.full_name, 'email', private.mask_email(p.email),
               'created_at', r.created_at)
             order by r.created_at desc, r.referred_id)
        from (select rr.referred_id, rr.created_at
                from public.referral_relationships rr
               where rr.referrer_id = v_uid and rr.referred_id is not null
               order by rr.created_at desc, rr.referred_id
               limit p_referred_limit) r
        join public.profiles p on p.user_id = r.referred_id), '[]'::jsonb),
    'referred_total', (select count(*) from public.referral_relationships rr
                        where rr.referrer_id = v_uid and rr.referred_id is not null),
    'commissions', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', c.id, 'level', c.level, 'amount_pln', c.amount_pln, 'created_at', c.created_at,
               'status', case when c.cancelled_at is not null then 'cancelled'
                              when c.settled_at is not null then 'paid' else 'to_pay' end,
               'settled_at', c.settled_at, 'amount_usdt', c.amount_usdt, 'settlement_rate', c.settlement_rate,
               'cancelled_at', c.cancelled_at)
             order by c.created_at desc, c.id)
        from (select x.* from public.referral_commissions x
               where x.referrer_id = v_uid
               order by x.created_at desc, x.id
               limit p_referred_limit) c), '[]'::jsonb),
    'commissions_to_pay_pln', (select coalesce(sum(c.amount_pln), 0) from public.referral_commissions c
                                where c.referrer_id = v_uid and c.settled_at is null and c.cancelled_at is null),
    'referral_count', coalesce((select s.referral_count from private.referrer_stats s where s.user_id = v_uid), 0),
    'total_earnings', coalesce((select s.total_earnings from private.referrer_stats s where s.user_id = v_uid), 0)
  ) into v_result;

  return v_result;
end
$$;

-- public.get_my_referred_users() --------------------------------------------------------
-- Partner page structure: the members the caller referred, e-mail masked on the server, newest first.
create function public.get_my_referred_users()
returns table (id uuid, full_name text, email text, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select r.referred_id, p.full_name, private.mask_email(p.email), r.created_at
    from public.referral_relationships r
    join public.profiles p on p.user_id = r.referred_id
   where r.referrer_id = (select auth.uid())
   order by r.created_at desc, r.referred_id
$$;

-- public.get_referral_rankings() --------------------------------------------------------
-- Main panel 'Top Partners': by referral count, then earnings. Reads the ranking index only.
create function public.get_referral_rankings(p_limit integer default 10)
returns table (id uuid, full_name text, referral_count integer, total_earnings numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception using errcode = '22023', message = 'referral.invalid_limit';
  end if;
  return query
    select s.user_id, p.full_name, s.referral_count, s.total_earnings
      from private.referrer_stats s
      left join public.profiles p on p.user_id = s.user_id
     where s.referral_count > 0 or s.total_earnings > 0
     order by s.referral_count desc, s.total_earnings desc, s.user_id
     limit p_limit;
end
$$;

-- public.track_referral_visit() ---------------------------------------------------------
-- Landing page with ?ref=CODE: counts a visit of an active code; unknown or inactive codes: false.
create function public.track_referral_visit(p_code text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.referral_codes c
     set visits_count = c.visits_count + 1, last_visit_at = now()
   where c.code = upper(btrim(p_code)) and c.active;
  return found;
end
$$;

-- public.validate_referral_code() -------------------------------------------------------
-- Registration form: the code exists and is active (input is case-insensitive).
create function public.validate_referral_code(p_code text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.referral_codes c
     where c.code = upper(btrim(p_code)) and c.active
  )
$$;

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- profiles_activate_referral on public.profiles -----------------------------------------
create trigger profiles_activate_referral
  after update of email_confirmed on public.profiles
  for each row when (old.email_confirmed is distinct from new.email_confirmed)
  execute function private.activate_referral();

-- profiles_record_referral on public.profiles -------------------------------------------
create trigger profiles_record_referral
  after insert on public.profiles
  for each row execute function private.record_referral_at_signup();

-- referral_commissions_sum_earnings on public.referral_commissions ----------------------
create trigger referral_commissions_sum_earnings
  after insert or delete or update of cancelled_at on public.referral_commissions
  for each row execute function private.sum_referrer_earnings();

-- referral_relationships_count_referrals on public.referral_relationships ---------------
create trigger referral_relationships_count_referrals
  after insert or delete or update of activated_at on public.referral_relationships
  for each row execute function private.count_referrer_referrals();

-- ========================================================================================
-- Policies
-- ========================================================================================

-- public.referral_codes -----------------------------------------------------------------

create policy referral_codes_select_authenticated on public.referral_codes
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy referral_codes_update_authenticated on public.referral_codes
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- public.referral_commissions -----------------------------------------------------------

create policy referral_commissions_select_authenticated on public.referral_commissions
  for select to authenticated
  using (referrer_id = (select auth.uid()) or (select private.is_admin()));

-- public.referral_relationships ---------------------------------------------------------

create policy referral_relationships_select_authenticated on public.referral_relationships
  for select to authenticated
  using (referrer_id = (select auth.uid()) or (select private.is_admin()));

-- ========================================================================================
-- Grants
-- ========================================================================================

revoke execute on function public.admin_list_unpaid_commissions(integer,integer) from service_role;
grant execute on function public.admin_list_unpaid_commissions(integer,integer) to authenticated;
revoke execute on function public.admin_preview_commission_settlement(numeric,uuid) from service_role;
grant execute on function public.admin_preview_commission_settlement(numeric,uuid) to authenticated;
revoke execute on function public.admin_settle_commissions(numeric,integer,numeric,uuid,uuid,numeric) from service_role;
grant execute on function public.admin_settle_commissions(numeric,integer,numeric,uuid,uuid,numeric) to authenticated;
grant execute on function public.generate_unique_referral_code(uuid,text) to authenticated;
grant execute on function public.get_my_referral_codes() to authenticated;
revoke execute on function public.get_my_referral_overview(integer) from service_role;
grant execute on function public.get_my_referral_overview(integer) to authenticated;
grant execute on function public.get_my_referred_users() to authenticated;
grant execute on function public.get_referral_rankings(integer) to authenticated;
grant execute on function public.track_referral_visit(text) to anon, authenticated;
grant execute on function public.validate_referral_code(text) to anon, authenticated;
grant select on public.referral_codes to authenticated;
grant select on public.referral_commissions to authenticated;
grant select on public.referral_relationships to authenticated;
grant update (active, description) on public.referral_codes to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function public.admin_list_unpaid_commissions(integer,integer) is 'Admin (''Finanse''): per referrer the commissions ''Do wypłaty'' (count, PLN, oldest), most owed first; total_count = referrers.';
comment on function public.admin_preview_commission_settlement(numeric,uuid) is 'Admin: {members, commissions, total_pln, total_usdt, previous_rate, rate_change_pct} a settlement of one referrer (or all: null) would pay at the rate; no writes.';
comment on function public.admin_settle_commissions(numeric,integer,numeric,uuid,uuid,numeric) is 'Admin: settles the commissions ''Do wypłaty'' of one referrer (or all: null) at the rate, one ledger credit per referrer, notified, e-mailed (commission-settled), audited. Refused when the preview''s count/PLN differ (referral.settlement_changed) or the rate is > 20 % from the previous settlement''s without p_confirmed_previous_rate = that rate (referral.rate_confirmation_required). Idempotent by key.';
comment on function public.generate_unique_referral_code(uuid,text) is 'Creates a code for the caller (p_user_id must be auth.uid()); at most 5 per member.';
comment on function public.get_my_referral_overview(integer) is 'Partner page in one call: {codes[], referred[] (latest p_referred_limit, e-mail masked), referred_total, referral_count, total_earnings (PLN)} of the caller. Errors: auth.forbidden, referral.invalid_limit.';
comment on function public.get_my_referred_users() is 'Referred members of the caller; e-mail masked as first 3 characters of the local part + ***@domain.';
comment on function public.get_referral_rankings(integer) is 'Top referrers (id = auth user id, full_name may be null -> UI shows Anonim), limit 1..100.';
comment on function public.track_referral_visit(text) is 'Counts a ?ref visit of an active code; false for unknown or inactive codes.';
comment on table private.referrer_stats is 'Per-referrer referral_count and total_earnings (PLN) for get_referral_rankings; kept by triggers.';
comment on table public.referral_codes is 'Referral codes (uppercase) with their statistics; counters are kept by server functions only.';
comment on table public.referral_commissions is 'Commission of the referrer on a referred member''s first paid level: 10 % of membership_plans.yearly_price_pln.';
comment on table public.referral_relationships is 'Who referred whom; recorded at sign-up by the profiles_record_referral trigger; one referrer per member.';
comment on column public.referral_codes.conversions_count is 'Referred members whose level first moved from FREE to a paid level.';
comment on column public.referral_codes.registrations_count is 'Sign-ups recorded with this code (historical; not decreased when a member is deleted).';
comment on column public.referral_commissions.referrer_id is 'The referrer; null once their account was deleted (the commission stays for the books).';
comment on column public.referral_relationships.referred_id is 'The referred member; null once their account was erased (the referral still counts for the referrer).';
comment on column public.referral_relationships.activated_at is 'When the referred member''s e-mail was confirmed (null while not activated); the ranking counts activated relationships only.';

comment on column public.referral_commissions.order_id is 'The paid plan order that produced the commission (private.confirm_payment, on the referred member''s first paid plan order).';
comment on column public.referral_commissions.settled_at is 'Wypłacona: when an admin settled it into the referrer''s wallet (public.admin_settle_commissions); null while Do wypłaty.';
comment on column public.referral_commissions.settlement_id is 'The settlement (one ledger credit of one referrer) that paid it; the audit row referral.settle has this id.';
comment on column public.referral_commissions.settlement_rate is 'The PLN→USDT rate of its settlement.';
comment on column public.referral_commissions.amount_usdt is 'What its settlement credited for it: amount_pln × rate rounded down to 0.01; a settlement''s ledger credit is the sum over its commissions.';
comment on column public.referral_commissions.cancelled_at is 'Anulowana: the order was refunded before the commission was settled (kept for the books, no longer in the earnings).';

-- ========================================================================================
-- Data
-- ========================================================================================

-- The e-mail of a settlement of commissions (the notification kind commission_settled,
-- private.queue_money_email), editable in the e-mail templates tab.
insert into public.email_templates (name, subject, html_content, text_content, variables)
values
  ('commission-settled', 'Prowizje za polecenia wypłacone: {{amount}}',
   '<p>Cześć {{fname}},</p><p>na Twój portfel wpłynęło <strong>{{amount}}</strong>: prowizje za polecenia ({{commissions}}) w kwocie {{amount_pln}} po kursie {{rate}} USDT za 1 PLN.</p><p>Dziękujemy za polecanie Klubu!</p>',
   E'Cześć {{fname}},\n\nna Twój portfel wpłynęło {{amount}}: prowizje za polecenia ({{commissions}}) w kwocie {{amount_pln}} po kursie {{rate}} USDT za 1 PLN.\n\nDziękujemy za polecanie Klubu!',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"amount","description":"Kwota w USDT","example":"124.92 USDT"},{"name":"amount_pln","description":"Prowizje w PLN","example":"499.70 PLN"},{"name":"rate","description":"Kurs PLN→USDT","example":"0.25"},{"name":"commissions","description":"Liczba prowizji","example":"1"}]')
on conflict (name) do nothing;
