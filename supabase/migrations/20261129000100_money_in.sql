-- Money in, right to the grosz (issue 34): membership periods as the one history of levels, plan
-- changes by written rules, one confirmation path, orders with a fixed price, expiry and slot
-- reservations, and refunds that undo what an order granted.
--
-- Days are Europe/Warsaw calendar days (private.warsaw_today()), whatever the database's time zone.
-- profiles.membership_level / membership_valid_until stay as a cache of the periods (the period that
-- covers today, or the last one that ended), rewritten in the same transaction as every period change
-- (private.sync_membership_cache) and rolled over after midnight by the hourly job; the level that
-- counts is read from the periods (private.membership_level_on).

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------

create table public.membership_periods (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  level public.membership_level not null,
  first_day date not null,
  last_day date not null,
  source public.membership_period_source not null,
  order_id uuid references public.payment_orders (id),
  audit_id bigint,
  extra_days integer not null default 0,
  replaced_period_id uuid references public.membership_periods (id),
  shortened_at timestamptz,
  shortened_by uuid,
  shortened_reason text,
  shortened_from date,
  created_at timestamptz not null default now(),
  constraint membership_periods_level_check check (level <> 'FREE'),
  constraint membership_periods_first_day_check check (isfinite(first_day)),
  constraint membership_periods_days_check
    check (last_day >= first_day or (shortened_at is not null and last_day = first_day - 1)),
  constraint membership_periods_source_check check (
    (source = 'order') = (order_id is not null)
    and (source <> 'admin' or audit_id is not null)
  ),
  constraint membership_periods_extra_days_check check (extra_days >= 0),
  constraint membership_periods_shortened_check check (
    (shortened_at is null) = (shortened_reason is null)
    and (shortened_at is null) = (shortened_from is null)
    and (shortened_reason is null or shortened_reason in ('upgrade', 'refund', 'admin'))
  )
);
alter table public.membership_periods enable row level security;

create table public.payment_settings (
  id boolean primary key default true,
  order_expiry_days smallint not null default 7,
  daily_order_limit smallint not null default 10,
  updated_at timestamptz not null default now(),
  constraint payment_settings_id_check check (id),
  constraint payment_settings_order_expiry_days_check check (order_expiry_days between 1 and 60),
  constraint payment_settings_daily_order_limit_check check (daily_order_limit between 1 and 100)
);
alter table public.payment_settings enable row level security;
insert into public.payment_settings (id) values (true);

-- Orders: kept when the member is deleted (the member anonymised on the order).
alter table public.payment_orders
  alter column user_id drop not null,
  drop constraint payment_orders_user_id_fkey,
  add constraint payment_orders_user_id_fkey foreign key (user_id) references auth.users (id) on delete set null,
  add column expires_at timestamptz,
  add column decided_via public.payment_decider,
  add column network public.withdrawal_network,
  add column consent_text text,
  add column consent_at timestamptz,
  add column buyer_name text,
  add column buyer_email text,
  add column replaces_order_id uuid references public.payment_orders (id),
  add column cancel_reason text,
  add column refunded_at timestamptz,
  add column refunded_by uuid,
  add column refund_reason text,
  add column refund_method text,
  add column refund_reference text,
  add column shortfall numeric(12, 2)
    generated always as (case when amount_received < amount then amount - amount_received end) stored,
  add column surplus numeric(12, 2)
    generated always as (case when amount_received > amount then amount_received - amount end) stored;

update public.payment_orders o
   set expires_at = o.created_at + interval '7 days',
       decided_via = case when o.status in ('paid', 'rejected') then 'admin'::public.payment_decider end,
       cancel_reason = case when o.status = 'cancelled' then 'member' end;

alter table public.payment_orders
  alter column expires_at set not null,
  add constraint payment_orders_consent_check check (
    (consent_text is null) = (consent_at is null) and char_length(consent_text) between 1 and 1000
  ),
  add constraint payment_orders_network_usdt check (network is null or method = 'usdt'),
  add constraint payment_orders_decided_via_check check (
    decided_via is not null or status in ('pending', 'cancelled', 'expired')
  ),
  add constraint payment_orders_cancel_reason_check check (
    (status = 'cancelled') = (cancel_reason is not null)
    and (cancel_reason is null or cancel_reason in ('member', 'price_changed', 'member_deleted'))
  ),
  add constraint payment_orders_refund_check check (
    (status = 'refunded') = (refunded_at is not null)
    and (refunded_at is null) = (refund_reason is null)
    and (refunded_at is null) = (refund_method is null)
    and (refunded_at is null) = (refund_reference is null)
    and char_length(refund_reason) between 1 and 500
    and refund_method in ('transfer', 'usdt', 'acc', 'other')
    and char_length(refund_reference) between 1 and 200
  ),
  add constraint payment_orders_received_check check (
    status not in ('paid', 'underpaid', 'to_refund') or amount_received is not null
  ),
  add constraint payment_orders_buyer_check check (char_length(buyer_name) <= 200 and char_length(buyer_email) <= 320);

-- CCC packages and commissions belong to the order that produced them.
alter table public.ccc_assignments
  add column order_id uuid references public.payment_orders (id),
  add column released_at timestamptz;

alter table public.referral_commissions
  add column order_id uuid references public.payment_orders (id),
  add column cancelled_at timestamptz,
  add column cancel_reason text,
  add constraint referral_commissions_cancel_check check (
    (cancelled_at is null) = (cancel_reason is null) and char_length(cancel_reason) <= 500
  );

-- -------------------------------------------------------------------------------------
-- Indexes
-- -------------------------------------------------------------------------------------

create index membership_periods_user_first_day_idx
  on public.membership_periods (user_id, first_day) include (last_day, level);
create index membership_periods_order_id_idx on public.membership_periods (order_id);
create index membership_periods_audit_id_idx on public.membership_periods (audit_id);
create index membership_periods_replaced_period_id_idx on public.membership_periods (replaced_period_id);

create unique index payment_orders_tx_hash_idx
  on public.payment_orders (network, lower(tx_hash)) nulls not distinct where tx_hash is not null;
create index payment_orders_pending_expiry_idx
  on public.payment_orders (expires_at) where status = 'pending';
create index payment_orders_ccc_reserved_idx
  on public.payment_orders (ccc_tier, expires_at) include (quantity) where status = 'pending' and kind = 'ccc';
create index payment_orders_replaces_order_id_idx on public.payment_orders (replaces_order_id);

create index ccc_assignments_order_id_idx on public.ccc_assignments (order_id);
create index referral_commissions_order_id_idx on public.referral_commissions (order_id);

-- -------------------------------------------------------------------------------------
-- Functions: days and periods
-- -------------------------------------------------------------------------------------

create or replace function private.warsaw_day(p_at timestamptz)
returns date
language sql
immutable
set search_path = ''
as $$
  select (p_at at time zone 'Europe/Warsaw')::date
$$;
comment on function private.warsaw_day(timestamptz) is 'The Europe/Warsaw calendar day of an instant (CET/CEST; the day changes at midnight in Warsaw).';

create or replace function private.warsaw_today()
returns date
language sql
stable
set search_path = ''
as $$
  select private.warsaw_day(now())
$$;
comment on function private.warsaw_today() is 'Today in Europe/Warsaw (a day ends at midnight in Warsaw, whatever the database''s time zone).';

create or replace function private.plan_year_end(p_first_day date)
returns date
language sql
immutable
set search_path = ''
as $$
  -- 29 February + 12 months is 1 March (its day before: 28 February); PostgreSQL's month arithmetic
  -- gives 28 February, which is then the last day itself.
  select (p_first_day + interval '12 months')::date - case when to_char(p_first_day, 'MM-DD') = '02-29' then 0 else 1 end
$$;
comment on function private.plan_year_end(date) is 'Last day of a 12-month period starting on p_first_day: the day before the same date a year later (27.11.2026 → 26.11.2027; 01.03.2027 → 29.02.2028; 29.02.2028 → 28.02.2029).';

create or replace function private.plan_change(
  p_tier public.membership_level,
  p_day date,
  p_current_level public.membership_level,
  p_current_last_day date,
  p_queue_end date,
  p_current_price numeric,
  p_new_price numeric
)
returns table (tier public.membership_level, first_day date, last_day date, extra_days integer, change text)
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_unused integer;
begin
  tier := p_tier;
  extra_days := 0;
  if p_tier is null or p_tier = 'FREE' or p_day is null or not isfinite(p_day) then
    raise exception using errcode = 'P0001', message = 'membership.invalid_plan';
  end if;
  if coalesce(p_current_level, 'FREE') = 'FREE' then
    change := 'new';
    first_day := p_day;
    last_day := private.plan_year_end(p_day);
  elsif p_tier > p_current_level then
    -- Higher tier during a paid period: from today, plus the unused days of the current period
    -- converted at the yearly list prices (an open-ended period moves after the new one instead).
    change := 'upgrade';
    first_day := p_day;
    if isfinite(p_current_last_day) and p_current_last_day >= p_day then
      v_unused := p_current_last_day - p_day + 1;
      extra_days := floor(v_unused * p_current_price / p_new_price)::integer;
    end if;
    last_day := private.plan_year_end(p_day) + extra_days;
  elsif p_queue_end is null or not isfinite(p_queue_end) then
    -- Same or lower tier after a period with no end date: it would never start.
    change := 'blocked';
  else
    change := case when p_tier = p_current_level then 'renewal' else 'queued' end;
    first_day := p_queue_end + 1;
    last_day := private.plan_year_end(first_day);
  end if;
  return next;
end
$$;
comment on function private.plan_change(public.membership_level, date, public.membership_level, date, date, numeric, numeric) is
  'The plan-change rules, pure: what buying p_tier on p_day gives, from the level of the period covering that day (FREE: none), its last day, the last day of the periods from that day on whose level is p_tier or higher, and the two yearly list prices. change: new | upgrade (from p_day, 12 months + floor(unused days × old price ÷ new price)) | renewal / queued (the day after those periods) | blocked (after a period with no end date).';

create or replace function private.membership_level_on(p_user_id uuid, p_day date default private.warsaw_today())
returns public.membership_level
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select m.level
       from public.membership_periods m
      where m.user_id = p_user_id and m.first_day <= p_day and m.last_day >= p_day
      order by m.first_day desc
      limit 1),
    'FREE'::public.membership_level
  )
$$;
comment on function private.membership_level_on(uuid, date) is 'THE effective level: the level of the membership period covering the day (default: today in Warsaw), else FREE.';

create or replace function private.cached_level_on(
  p_user_id uuid, p_level public.membership_level, p_valid_until date, p_day date
)
returns public.membership_level
language sql
stable
set search_path = ''
as $$
  select case
    when p_valid_until is null or p_valid_until >= p_day then p_level
    else private.membership_level_on(p_user_id, p_day)
  end
$$;
comment on function private.cached_level_on(uuid, public.membership_level, date, date) is 'private.membership_level_on through the profile''s cache: the cached level while its end date has not passed, the periods after it (a queued period may have started since the cache was written).';

create or replace function private.plan_change_for(
  p_user_id uuid, p_tier public.membership_level, p_day date default private.warsaw_today()
)
returns table (
  tier public.membership_level, from_level public.membership_level, first_day date, last_day date,
  extra_days integer, change text
)
language sql
stable
set search_path = ''
as $$
  with cur as (
    select m.level, m.last_day
      from public.membership_periods m
     where m.user_id = p_user_id and m.first_day <= p_day and m.last_day >= p_day
     order by m.first_day desc
     limit 1
  ),
  queue as (
    select max(m.last_day) as queue_end
      from public.membership_periods m
     where m.user_id = p_user_id and m.last_day >= p_day and m.last_day >= m.first_day and m.level >= p_tier
  )
  select c.tier, coalesce((select level from cur), 'FREE'), c.first_day, c.last_day, c.extra_days, c.change
    from private.plan_change(
      p_tier, p_day,
      (select level from cur), (select last_day from cur), (select queue_end from queue),
      (select mp.yearly_price_pln from public.membership_plans mp where mp.tier = (select level from cur)),
      (select mp.yearly_price_pln from public.membership_plans mp where mp.tier = p_tier)
    ) c
$$;
comment on function private.plan_change_for(uuid, public.membership_level, date) is 'private.plan_change for a member''s periods and the catalogue''s yearly list prices on a day.';

create or replace function private.membership_cache_of(p_user_id uuid, p_day date default private.warsaw_today())
returns table (membership_level public.membership_level, membership_valid_until date)
language sql
stable
set search_path = ''
as $$
  select coalesce(c.level, 'FREE'), c.until
    from (select 1) one
    left join lateral (
      -- The period covering the day, up to the end of the same-level periods queued right after it…
      (select m.level, nullif(e.until, 'infinity') as until, 1 as rank
         from public.membership_periods m
         cross join lateral (
           select max(n.last_day) as until
             from public.membership_periods n
            where n.user_id = m.user_id and n.first_day >= m.first_day and n.last_day >= n.first_day
              and n.level = m.level
              and n.first_day < coalesce((select min(o.first_day) from public.membership_periods o
                                           where o.user_id = m.user_id and o.first_day > m.first_day
                                             and o.last_day >= o.first_day and o.level <> m.level), 'infinity')
         ) e
        where m.user_id = p_user_id and m.first_day <= p_day and m.last_day >= p_day
        order by m.first_day desc
        limit 1)
      union all
      -- …else none today but one later (FREE until the day before it)…
      (select 'FREE'::public.membership_level, m.first_day - 1, 2
         from public.membership_periods m
        where m.user_id = p_user_id and m.first_day > p_day and m.last_day >= m.first_day
        order by m.first_day
        limit 1)
      union all
      -- …else the last one that ran to its end (its level with a past date: FREE in effect).
      (select m.level, m.last_day, 3
         from public.membership_periods m
        where m.user_id = p_user_id and m.last_day < p_day and m.last_day >= m.first_day and m.shortened_at is null
        order by m.last_day desc
        limit 1)
      order by rank
      limit 1
    ) c on true
$$;
comment on function private.membership_cache_of(uuid, date) is 'What profiles.membership_level / membership_valid_until hold for a member on a day: the covering period''s level up to the last day of the same-level periods right after it (null date: no end date), else FREE until a later period starts, else the last period that ran to its end, else FREE.';

create or replace function private.sync_membership_cache(p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_level public.membership_level;
  v_until date;
begin
  select c.membership_level, c.membership_valid_until into v_level, v_until
    from private.membership_cache_of(p_user_id) c;
  perform set_config('private.membership_sync', 'on', true);
  update public.profiles p
     set membership_level = v_level, membership_valid_until = v_until
   where p.user_id = p_user_id
     and (p.membership_level, p.membership_valid_until) is distinct from (v_level, v_until);
  perform set_config('private.membership_sync', '', true);
end
$$;
comment on function private.sync_membership_cache(uuid) is 'Rewrites the profile''s level cache from the periods, in the caller''s transaction.';

create or replace function private.membership_cache_mismatches(p_day date default private.warsaw_today())
returns table (user_id uuid, cached_level public.membership_level, cached_until date,
               level public.membership_level, valid_until date)
language sql
stable
security definer
set search_path = ''
as $$
  select p.user_id, p.membership_level, p.membership_valid_until, c.membership_level, c.membership_valid_until
    from public.profiles p
    cross join lateral private.membership_cache_of(p.user_id, p_day) c
   where (p.membership_level, p.membership_valid_until) is distinct from (c.membership_level, c.membership_valid_until)
$$;
comment on function private.membership_cache_mismatches(date) is 'Profiles whose level cache differs from their periods on a day; empty when none drifted.';

create or replace function private.relay_periods(p_user_id uuid, p_from date, p_start date, p_exclude uuid default null)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_period record;
  v_cursor date := p_start;
begin
  -- The member's periods from p_from on, laid back to back from p_start, each keeping its length.
  for v_period in
    select m.id, m.first_day, m.last_day
      from public.membership_periods m
     where m.user_id = p_user_id and m.first_day >= p_from and m.last_day >= m.first_day
       and m.id is distinct from p_exclude
     order by m.first_day
  loop
    if not isfinite(v_cursor) then
      update public.membership_periods m
         set shortened_from = coalesce(m.shortened_from, m.last_day), last_day = m.first_day - 1,
             shortened_at = now(), shortened_reason = coalesce(m.shortened_reason, 'admin')
       where m.id = v_period.id;
      continue;
    end if;
    update public.membership_periods m
       set first_day = v_cursor,
           last_day = case when isfinite(v_period.last_day) then v_cursor + (v_period.last_day - v_period.first_day)
                           else v_period.last_day end
     where m.id = v_period.id
    returning m.last_day + 1 into v_cursor;
  end loop;
end
$$;
comment on function private.relay_periods(uuid, date, date, uuid) is 'Moves a member''s periods starting on p_from or later so they run back to back from p_start, each keeping its number of days (queued periods move up or back).';

create or replace function private.shorten_period(
  p_period_id uuid, p_last_day date, p_reason text, p_actor uuid
)
returns void
language sql
set search_path = ''
as $$
  update public.membership_periods m
     set shortened_from = coalesce(m.shortened_from, m.last_day),
         last_day = greatest(p_last_day, m.first_day - 1),
         shortened_at = now(),
         shortened_by = p_actor,
         shortened_reason = p_reason
   where m.id = p_period_id and m.last_day > p_last_day
$$;
comment on function private.shorten_period(uuid, date, text, uuid) is 'Ends a period on p_last_day (before its first day: it never ran), keeping its former last day and why.';

create or replace function private.set_membership_from(
  p_user_id uuid, p_level public.membership_level, p_valid_until date, p_day date, p_audit_id bigint, p_actor uuid
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_from date := case when p_level = 'FREE' then p_day else least(p_day, coalesce(p_valid_until, p_day)) end;
  -- FREE, or an end date already past: the membership ends there, queued periods included.
  v_ends boolean := p_level = 'FREE' or p_valid_until < p_day;
  v_period record;
  v_new public.membership_periods;
begin
  -- An admin's level edit, as a plan change: the period running on the edit's day ends the day
  -- before, the new level (if paid) holds from that day to its end date (none: no end date), and the
  -- periods queued after it (paid renewals) move behind it. FREE or a past end date ends them all.
  for v_period in
    select m.id from public.membership_periods m
     where m.user_id = p_user_id and m.last_day >= v_from and m.last_day >= m.first_day
       and (v_ends or m.first_day <= v_from)
     for update
  loop
    perform private.shorten_period(v_period.id, v_from - 1, 'admin', p_actor);
  end loop;
  if p_level <> 'FREE' then
    insert into public.membership_periods (user_id, level, first_day, last_day, source, audit_id)
    values (p_user_id, p_level, v_from, coalesce(p_valid_until, 'infinity'), 'admin', p_audit_id)
    returning * into v_new;
    if not v_ends then
      perform private.relay_periods(p_user_id, v_from, v_new.last_day + 1, v_new.id);
    end if;
  end if;
end
$$;
comment on function private.set_membership_from(uuid, public.membership_level, date, date, bigint, uuid) is 'An admin level edit as periods (with its audit row): the running period ends the day before the edit, the new paid level holds from the edit''s day to its end date and queued periods move behind it; FREE or a past end date ends every period from that day.';

create or replace function private.last_audit_id()
returns bigint
language sql
volatile
set search_path = ''
as $$
  select currval(pg_get_serial_sequence('public.admin_audit_log', 'id'))
$$;

create or replace function private.guard_membership_cache()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if current_setting('private.membership_sync', true) is not distinct from 'on' then
    return new;
  end if;
  -- A direct write of the cache (service role, SQL console, seed) is an admin level edit: it becomes
  -- periods with an audit row, and the cache is what the periods then say.
  perform private.audit(
    'membership.edit', 'user', new.user_id::text, new.user_id,
    jsonb_build_object('membership_level', old.membership_level, 'membership_valid_until', old.membership_valid_until),
    jsonb_build_object('membership_level', new.membership_level, 'membership_valid_until', new.membership_valid_until)
  );
  perform private.set_membership_from(
    new.user_id, new.membership_level, new.membership_valid_until, private.warsaw_today(),
    private.last_audit_id(), auth.uid()
  );
  select c.membership_level, c.membership_valid_until into new.membership_level, new.membership_valid_until
    from private.membership_cache_of(new.user_id) c;
  return new;
end
$$;
comment on function private.guard_membership_cache() is 'profiles: a write of membership_level / membership_valid_until outside private.sync_membership_cache is recorded as an admin level edit (periods + audit row).';

create trigger profiles_guard_membership_cache
  before update of membership_level, membership_valid_until on public.profiles
  for each row
  when (old.membership_level is distinct from new.membership_level
        or old.membership_valid_until is distinct from new.membership_valid_until)
  execute function private.guard_membership_cache();

-- Backfill: every paid level of today becomes a period, so members see the same level and date.
insert into public.membership_periods (user_id, level, first_day, last_day, source)
select p.user_id, p.membership_level,
       least(private.warsaw_today(), coalesce(p.membership_valid_until, private.warsaw_today())),
       coalesce(p.membership_valid_until, 'infinity'),
       'backfill'
  from public.profiles p
 where p.membership_level <> 'FREE';

-- The old trigger wrote a commission on any FREE → paid change (also an admin's free edit); the
-- confirmation writes it now, for the first paid plan order.
drop trigger profiles_record_referral_conversion on public.profiles;
drop function private.record_referral_conversion();

-- -------------------------------------------------------------------------------------
-- Functions: the level readers (all read the periods, on Warsaw days)
-- -------------------------------------------------------------------------------------

create or replace function public.effective_membership_level(p_profile public.profiles)
returns public.membership_level
language sql
stable
set search_path = ''
as $$
  select private.cached_level_on(p_profile.user_id, p_profile.membership_level, p_profile.membership_valid_until,
                                 private.warsaw_today())
$$;
comment on function public.effective_membership_level(public.profiles) is 'The member''s level today in Warsaw (private.membership_level_on, through the profile''s cache).';

-- -------------------------------------------------------------------------------------
-- Functions: plan periods of orders
-- -------------------------------------------------------------------------------------

create or replace function private.add_plan_period(p_order public.payment_orders, p_day date, p_actor uuid)
returns public.membership_periods
language plpgsql
set search_path = ''
as $$
declare
  v_change record;
  v_current public.membership_periods;
  v_period public.membership_periods;
  v_from date;
begin
  select * into v_change from private.plan_change_for(p_order.user_id, p_order.plan_tier, p_day);
  if v_change.change = 'blocked' then
    return null;
  end if;
  if v_change.change = 'upgrade' then
    select * into v_current
      from public.membership_periods m
     where m.user_id = p_order.user_id and m.first_day <= p_day and m.last_day >= p_day
     order by m.first_day desc
     limit 1;
    perform private.shorten_period(v_current.id, p_day - 1, 'upgrade', p_actor);
    if not isfinite(v_current.last_day) then
      -- A period with no end date is not converted: it continues after the new one.
      insert into public.membership_periods (user_id, level, first_day, last_day, source, order_id, audit_id)
      values (v_current.user_id, v_current.level, p_day, 'infinity', v_current.source, v_current.order_id,
              v_current.audit_id);
    end if;
    v_from := p_day;
  else
    v_from := v_change.first_day;
  end if;
  insert into public.membership_periods
    (user_id, level, first_day, last_day, source, order_id, extra_days, replaced_period_id)
  values (p_order.user_id, p_order.plan_tier, v_change.first_day, v_change.last_day, 'order', p_order.id,
          v_change.extra_days, v_current.id)
  returning * into v_period;
  -- Later (queued) periods move back behind the new one.
  perform private.relay_periods(p_order.user_id, v_from, v_period.last_day + 1, v_period.id);
  return v_period;
end
$$;
comment on function private.add_plan_period(public.payment_orders, date, uuid) is 'Adds the period a paid plan order gives on a day (private.plan_change_for), shortening the current period on an upgrade and moving queued ones behind it; null when it cannot be placed (after a period with no end date).';

create or replace function private.remove_order_periods(p_order public.payment_orders, p_day date, p_actor uuid)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_period public.membership_periods;
  v_replaced public.membership_periods;
  v_restored uuid;
  v_start date;
begin
  for v_period in
    select * from public.membership_periods m
     where m.order_id = p_order.id and m.user_id = p_order.user_id and m.last_day >= p_day
       and m.last_day >= m.first_day
     order by m.first_day
     for update
  loop
    -- From the refund's day on, the period is gone; what was queued behind it moves up.
    v_start := greatest(v_period.first_day, p_day);
    perform private.shorten_period(v_period.id, v_start - 1, 'refund', p_actor);
    -- An upgrade gives back the rest of the period it cut short (one with no end date continued
    -- behind the upgrade on its own, and moves up with the others).
    v_restored := null;
    if v_period.replaced_period_id is not null then
      select * into v_replaced from public.membership_periods m where m.id = v_period.replaced_period_id;
      if isfinite(v_replaced.shortened_from) and v_replaced.shortened_from >= v_start then
        insert into public.membership_periods (user_id, level, first_day, last_day, source, order_id, audit_id)
        values (v_replaced.user_id, v_replaced.level, v_start, v_replaced.shortened_from, v_replaced.source,
                v_replaced.order_id, v_replaced.audit_id)
        returning id, last_day + 1 into v_restored, v_start;
      end if;
    end if;
    perform private.relay_periods(p_order.user_id, v_period.first_day + 1, v_start, v_restored);
  end loop;
end
$$;
comment on function private.remove_order_periods(public.payment_orders, date, uuid) is 'Refund: ends the periods of an order from the day on (a queued one never runs), restores the rest of a period an upgrade cut short, and moves later periods up.';

-- -------------------------------------------------------------------------------------
-- Functions: CCC slots (reservations of pending orders count)
-- -------------------------------------------------------------------------------------

create or replace function private.ccc_free_slots(p_tier public.ccc_tier, p_except_order uuid default null)
returns integer
language sql
stable
set search_path = ''
as $$
  select t.total_slots
         - (select count(*) from public.ccc_assignments a where a.package_tier = t.tier and a.end_date >= now())::integer
         - coalesce((select sum(o.quantity) from public.payment_orders o
                      where o.kind = 'ccc' and o.status = 'pending' and o.ccc_tier = t.tier
                        and o.expires_at > now() and o.id is distinct from p_except_order), 0)::integer
    from public.ccc_tiers t
   where t.tier = p_tier
$$;
comment on function private.ccc_free_slots(public.ccc_tier, uuid) is 'Free slots of a CCC tier: total minus active packages minus the slots reserved by pending, unexpired orders (except one order''s own).';

create or replace function private.assign_ccc(p_user_id uuid, p_tier public.ccc_tier, p_quantity integer, p_order_id uuid)
returns setof public.ccc_assignments
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tier public.ccc_tiers;
begin
  select * into v_tier from public.ccc_tiers where tier = p_tier for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'ccc.invalid_package';
  end if;
  if p_quantity > private.ccc_free_slots(p_tier, p_order_id) then
    raise exception using errcode = 'P0001', message = 'ccc.no_slots';
  end if;
  perform private.notify(
    p_user_id, 'system', 'Przydzielono pakiet CCC',
    format(
      'Przydzielono Ci pakiet CCC %s (x%s): %s CCC, udział w zyskach %s%% przez %s mies.',
      v_tier.tier, p_quantity, v_tier.ccc_amount * p_quantity, round(v_tier.profit_share * 100, 2), v_tier.duration_months
    ),
    jsonb_build_object(
      'tier', v_tier.tier, 'packageTier', v_tier.tier, 'amount', v_tier.ccc_amount * p_quantity,
      'percentage', round(v_tier.profit_share * 100, 2), 'quantity', p_quantity
    )
  );
  return query
    insert into public.ccc_assignments
      (user_id, package_tier, ccc_amount, profit_share, duration_months, start_date, end_date, assigned_by, order_id)
    select p_user_id, v_tier.tier, v_tier.ccc_amount, v_tier.profit_share, v_tier.duration_months,
           now(), now() + make_interval(days => v_tier.duration_months * 30), auth.uid(), p_order_id
      from generate_series(1, p_quantity)
    returning *;
end
$$;
comment on function private.assign_ccc(uuid, public.ccc_tier, integer, uuid) is 'Assigns packages under the tier''s lock, counting other orders'' reservations (ccc.no_slots); notifies the member.';

create or replace function public.admin_assign_ccc_package(p_user_id uuid, p_tier public.ccc_tier, p_quantity integer)
returns setof public.ccc_assignments
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.is_admin_or_service_role() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_tier is null then
    raise exception using errcode = 'P0001', message = 'ccc.invalid_package';
  end if;
  if p_quantity is null or p_quantity not between 1 and 10 then
    raise exception using errcode = 'P0001', message = 'ccc.invalid_quantity';
  end if;
  if p_user_id is null or not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception using errcode = 'P0002', message = 'ccc.user_not_found';
  end if;
  return query select * from private.assign_ccc(p_user_id, p_tier, p_quantity, null);
end
$$;
comment on function public.admin_assign_ccc_package(uuid, public.ccc_tier, integer) is 'Admin/service_role: assigns 1-10 packages of a tier under a lock on the tier row (never oversubscribes, pending orders'' reservations count); notifies the member.';

create or replace function public.get_ccc_availability()
returns table (
  tier public.ccc_tier, ccc_amount integer, price_usd numeric, profit_share numeric, duration_months smallint,
  total_slots integer, used_slots integer, available_slots integer, price_acc_usd numeric, acc_savings_usd numeric
)
language sql
stable
security definer
set search_path = ''
as $$
  select t.tier, t.ccc_amount, t.price_usd, t.profit_share, t.duration_months, t.total_slots,
         (t.total_slots - private.ccc_free_slots(t.tier))::integer,
         greatest(private.ccc_free_slots(t.tier), 0)::integer,
         t.price_acc_usd,
         t.price_usd - t.price_acc_usd
    from public.ccc_tiers t
   order by t.sort_order
$$;
comment on function public.get_ccc_availability() is 'Per-tier catalogue, taken (active packages + reservations of pending orders) and available slot counts, ACC price (90 %) with its saving, for members; reveals no assignee.';

CREATE OR REPLACE FUNCTION public.admin_update_ccc_tier(p_tier public.ccc_tier, p_ccc_amount integer, p_price_usd numeric, p_profit_share numeric, p_duration_months integer, p_total_slots integer)
 RETURNS public.ccc_tiers
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_after public.ccc_tiers;
  v_used integer;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_ccc_amount is null or p_ccc_amount <= 0 then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_amount';
  end if;
  perform private.check_catalogue_prices(array[p_price_usd]);
  if not (private.is_valid_decimal(p_profit_share, 4) and p_profit_share < 1) then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_share';
  end if;
  if p_duration_months is null or p_duration_months not between 1 and 120 then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_months';
  end if;
  perform 1 from public.ccc_tiers t where t.tier = p_tier for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'payments.invalid_item';
  end if;
  -- In use: active packages and the reservations of pending orders (their confirmation must find a slot).
  select t.total_slots - private.ccc_free_slots(p_tier) into v_used from public.ccc_tiers t where t.tier = p_tier;
  if p_total_slots is null or p_total_slots < v_used then
    raise exception using errcode = 'P0001', message = 'catalogue.slots_below_used';
  end if;
  update public.ccc_tiers t
     set ccc_amount = p_ccc_amount, price_usd = p_price_usd, profit_share = p_profit_share,
         duration_months = p_duration_months, total_slots = p_total_slots
   where t.tier = p_tier
  returning * into v_after;
  return v_after;
end
$function$;

-- -------------------------------------------------------------------------------------
-- Functions: the one confirmation path
-- -------------------------------------------------------------------------------------

create or replace function private.money_text(p_amount numeric, p_currency text)
returns text
language sql
immutable
set search_path = ''
as $$
  select to_char(p_amount, 'FM9999999990.00') || ' ' || p_currency
$$;

create or replace function private.lock_order(p_order_id uuid)
returns public.payment_orders
language plpgsql
set search_path = ''
as $$
declare
  v_user_id uuid;
  v_order public.payment_orders;
begin
  -- One lock order everywhere (member's profile, then the order, then a CCC tier): a confirmation,
  -- a refund, an expiry and a member's new order never wait on each other in a circle.
  select o.user_id into v_user_id from public.payment_orders o where o.id = p_order_id;
  if v_user_id is not null then
    perform 1 from public.profiles p where p.user_id = v_user_id for update;
  end if;
  select * into v_order from public.payment_orders o where o.id = p_order_id for update;
  return v_order;
end
$$;
comment on function private.lock_order(uuid) is 'Locks the member''s profile, then the order (the one lock order of the money-in functions); null when there is no such order.';

create or replace function private.confirm_payment(
  p_order_id uuid,
  p_amount_received numeric,
  p_via public.payment_decider,
  p_actor uuid,
  p_tx_hash text default null,
  p_network public.withdrawal_network default null
)
returns table (changed boolean, payment_order public.payment_orders)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
  v_before public.payment_orders;
  v_total numeric;
  v_today date := private.warsaw_today();
  v_period public.membership_periods;
  v_granted boolean := true;
  v_status public.payment_order_status;
  v_profile public.profiles;
  v_referral record;
  v_commission_id uuid;
  v_valid_until date;
begin
  if p_via is null then
    raise exception using errcode = 'P0001', message = 'payments.invalid_decider';
  end if;
  if private.fits_catalogue_price(p_amount_received) is null then
    raise exception using errcode = 'P0001', message = 'payments.invalid_amount';
  end if;
  if not private.fits_catalogue_price(p_amount_received) then
    raise exception using errcode = 'P0001', message = 'payments.amount_too_high';
  end if;

  v_order := private.lock_order(p_order_id);
  if v_order.id is null then
    raise exception using errcode = 'P0002', message = 'payments.order_not_found';
  end if;
  if v_order.status = 'paid' then
    changed := false;
    payment_order := v_order;
    return next;
    return;
  end if;
  -- Money for a pending, partly paid, expired or cancelled order is taken; never for one already
  -- rejected, refunded or waiting to be refunded.
  if v_order.status not in ('pending', 'underpaid', 'expired', 'cancelled') then
    raise exception using errcode = 'P0001', message = 'payments.not_pending';
  end if;
  p_tx_hash := nullif(btrim(coalesce(p_tx_hash, '')), '');
  if p_tx_hash is not null and (v_order.method <> 'usdt' or p_tx_hash !~ '^0x[0-9a-fA-F]{64}$') then
    raise exception using errcode = 'P0001', message = 'payments.invalid_tx_hash';
  end if;
  if p_network is not null and v_order.method <> 'usdt' then
    raise exception using errcode = 'P0001', message = 'payments.invalid_network';
  end if;
  if p_tx_hash is not null and exists (
    select 1 from public.payment_orders o
     where o.tx_hash is not null and lower(o.tx_hash) = lower(p_tx_hash)
       and o.network is not distinct from coalesce(p_network, v_order.network) and o.id <> v_order.id
  ) then
    raise exception using errcode = 'P0001', message = 'payments.tx_hash_used';
  end if;
  v_before := v_order;
  v_total := coalesce(case when v_order.status = 'underpaid' then v_order.amount_received end, 0) + p_amount_received;

  if v_total < v_order.amount then
    v_status := 'underpaid';
  elsif v_order.user_id is null then
    -- The member's account was deleted: the money can only go back.
    v_granted := false;
  elsif v_order.kind = 'plan' then
    v_period := private.add_plan_period(v_order, v_today, p_actor);
    v_granted := v_period.id is not null;
  else
    -- The slot was reserved while the order was pending and unexpired; a late payment takes a free
    -- one if there is still one.
    perform 1 from public.ccc_tiers t where t.tier = v_order.ccc_tier for update;
    if v_order.quantity <= private.ccc_free_slots(v_order.ccc_tier, v_order.id) then
      perform private.assign_ccc(v_order.user_id, v_order.ccc_tier, v_order.quantity, v_order.id);
    else
      v_granted := false;
    end if;
  end if;
  if v_status is null then
    v_status := case when v_granted then 'paid' else 'to_refund' end;
  end if;
  if v_period.id is not null and isfinite(v_period.last_day) then
    v_valid_until := v_period.last_day;
  end if;

  select * into v_profile from public.profiles p where p.user_id = v_order.user_id;
  update public.payment_orders o
     set status = v_status,
         decided_at = now(),
         decided_by = p_actor,
         decided_via = p_via,
         amount_received = v_total,
         tx_hash = coalesce(p_tx_hash, o.tx_hash),
         network = coalesce(p_network, o.network),
         membership_valid_until = v_valid_until,
         cancel_reason = null,
         buyer_name = coalesce(v_profile.full_name, o.buyer_name),
         buyer_email = coalesce(v_profile.email, o.buyer_email),
         updated_at = now()
   where o.id = v_order.id
  returning * into v_order;

  -- The referrer's commission: on the referred member's first paid plan order (never on an admin's
  -- level edit).
  if v_status = 'paid' and v_order.kind = 'plan' then
    select r.referrer_id, r.code_id into v_referral
      from public.referral_relationships r where r.referred_id = v_order.user_id;
    if found and not exists (
      select 1 from public.payment_orders o
       where o.user_id = v_order.user_id and o.kind = 'plan' and o.status in ('paid', 'refunded') and o.id <> v_order.id
    ) then
      insert into public.referral_commissions (referrer_id, referred_id, level, amount_pln, order_id)
      select v_referral.referrer_id, v_order.user_id, v_order.plan_tier, round(m.yearly_price_pln * 0.10, 2), v_order.id
        from public.membership_plans m where m.tier = v_order.plan_tier
      on conflict (referred_id) do nothing
      returning id into v_commission_id;
      if v_commission_id is not null and v_referral.code_id is not null then
        update public.referral_codes c
           set conversions_count = c.conversions_count + 1, last_conversion_at = now()
         where c.id = v_referral.code_id;
      end if;
    end if;
  end if;
  if v_order.user_id is not null then
    perform private.sync_membership_cache(v_order.user_id);
  end if;

  perform private.audit(
    'payment.confirm', 'payment_order', v_order.id::text, v_order.user_id,
    jsonb_build_object('status', v_before.status, 'amount_received', v_before.amount_received, 'tx_hash', v_before.tx_hash,
                       'network', v_before.network),
    jsonb_build_object('status', v_order.status, 'amount_received', v_order.amount_received, 'tx_hash', v_order.tx_hash,
                       'network', v_order.network, 'decided_via', v_order.decided_via)
  );

  if v_order.user_id is null then
    null;
  elsif v_status = 'paid' then
    perform private.notify(
      v_order.user_id, 'system', 'Płatność potwierdzona',
      format('Potwierdziliśmy Twoją płatność %s (%s).', v_order.reference, private.order_item_label(v_order))
        || case when v_period.id is not null
                then format(' Plan %s od %s do %s', v_period.level, to_char(v_period.first_day, 'DD.MM.YYYY'),
                            coalesce(to_char(v_valid_until, 'DD.MM.YYYY'), 'bezterminowo'))
                     || case when v_period.extra_days > 0
                             then format(' (w tym %s dni za niewykorzystany okres %s)', v_period.extra_days,
                                         (select r.level from public.membership_periods r where r.id = v_period.replaced_period_id))
                             else '' end
                     || '.'
                else '' end
        || case when v_order.surplus is not null
                then format(' Nadpłata: %s.', private.money_text(v_order.surplus, v_order.currency)) else '' end,
      jsonb_build_object('orderId', v_order.id, 'reference', v_order.reference, 'status', 'paid')
    );
    perform private.queue_member_email('payment-confirmed', v_order.user_id, jsonb_build_object(
      'reference', v_order.reference,
      'item', private.order_item_label(v_order),
      'amount', private.money_text(v_order.amount_received, v_order.currency),
      'valid_until', coalesce(to_char(v_valid_until, 'DD.MM.YYYY'), '')
    ));
  elsif v_status = 'underpaid' then
    perform private.notify(
      v_order.user_id, 'system', 'Niedopłata',
      format('Otrzymaliśmy %s za płatność %s (%s); brakuje %s. Dopłać brakującą kwotę z tym samym kodem płatności.',
             private.money_text(v_order.amount_received, v_order.currency), v_order.reference,
             private.order_item_label(v_order), private.money_text(v_order.shortfall, v_order.currency)),
      jsonb_build_object('orderId', v_order.id, 'reference', v_order.reference, 'status', 'underpaid',
                         'amount', v_order.shortfall, 'currency', v_order.currency)
    );
  else
    perform private.notify(
      v_order.user_id, 'system', 'Płatność do zwrotu',
      format('Otrzymaliśmy %s za płatność %s (%s), ale nie możemy jej już zrealizować. Zwrócimy Ci te pieniądze.',
             private.money_text(v_order.amount_received, v_order.currency), v_order.reference,
             private.order_item_label(v_order)),
      jsonb_build_object('orderId', v_order.id, 'reference', v_order.reference, 'status', 'to_refund')
    );
  end if;

  changed := true;
  payment_order := v_order;
  return next;
end
$$;
comment on function private.confirm_payment(uuid, numeric, public.payment_decider, uuid, text, public.withdrawal_network) is
  'THE confirmation of money received for an order, by an admin, the payment gateway or the chain verifier (decided_via): less than the price → underpaid (nothing granted; a second payment adds up); else the plan period (private.add_plan_period) or the CCC packages, the referrer''s commission on the first paid plan order, notification and e-mail → paid (surplus recorded); an item no longer available (expired/cancelled order whose slot is gone, a period that cannot start) → to_refund. Idempotent on a paid order.';

drop function public.admin_confirm_payment(uuid, numeric, text);
create function public.admin_confirm_payment(
  p_order_id uuid,
  p_amount_received numeric default null,
  p_tx_hash text default null,
  p_network public.withdrawal_network default null
)
returns table (changed boolean, payment_order public.payment_orders)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_amount_received is null then
    -- The default is what is still due at the order's fixed price.
    select * into v_order from public.payment_orders o where o.id = p_order_id;
    if not found then
      raise exception using errcode = 'P0002', message = 'payments.order_not_found';
    end if;
    p_amount_received := case when v_order.status = 'underpaid' then v_order.shortfall else v_order.amount end;
  end if;
  return query select * from private.confirm_payment(
    p_order_id, p_amount_received, 'admin', (select auth.uid()), p_tx_hash, p_network
  );
end
$$;
comment on function public.admin_confirm_payment(uuid, numeric, text, public.withdrawal_network) is 'Admin (aal2): records money received for an order through private.confirm_payment (default amount: what is still due at the fixed price); changed = false when already paid.';

-- -------------------------------------------------------------------------------------
-- Functions: orders (fixed price, limits, reservation, expiry)
-- -------------------------------------------------------------------------------------

drop function public.create_payment_order(public.payment_method, public.membership_level, public.ccc_tier, integer);
create function public.create_payment_order(
  p_method public.payment_method,
  p_plan_tier public.membership_level default null,
  p_ccc_tier public.ccc_tier default null,
  p_quantity integer default 1,
  p_consent_text text default null
)
returns public.payment_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := (select auth.uid());
  v_kind public.payment_item_kind;
  v_amount numeric(12, 2);
  v_currency text;
  v_plan public.membership_plans;
  v_tier public.ccc_tiers;
  v_settings public.payment_settings;
  v_order public.payment_orders;
  v_replaced uuid;
  v_consent text := nullif(btrim(coalesce(p_consent_text, '')), '');
begin
  if v_user_id is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_method is null then
    raise exception using errcode = 'P0001', message = 'payments.invalid_method';
  end if;
  if (p_plan_tier is null) = (p_ccc_tier is null) then
    raise exception using errcode = 'P0001', message = 'payments.invalid_item';
  end if;
  if char_length(v_consent) > 1000 then
    raise exception using errcode = 'P0001', message = 'payments.invalid_consent';
  end if;

  if p_plan_tier is not null then
    if p_quantity is distinct from 1 then
      raise exception using errcode = 'P0001', message = 'payments.invalid_quantity';
    end if;
    select * into v_plan from public.membership_plans m where m.tier = p_plan_tier;
    if not found then
      raise exception using errcode = 'P0001', message = 'payments.invalid_item';
    end if;
    v_kind := 'plan';
    v_amount := case p_method when 'transfer' then v_plan.yearly_price_pln when 'usdt' then v_plan.price_usdt else v_plan.price_acc end;
    v_currency := case p_method when 'usdt' then 'USDT' else 'PLN' end;
  else
    if p_quantity is null or p_quantity not between 1 and 10 then
      raise exception using errcode = 'P0001', message = 'payments.invalid_quantity';
    end if;
    select * into v_tier from public.ccc_tiers t where t.tier = p_ccc_tier;
    if not found then
      raise exception using errcode = 'P0001', message = 'payments.invalid_item';
    end if;
    v_kind := 'ccc';
    v_amount := p_quantity * case p_method when 'acc' then v_tier.price_acc_usd else v_tier.price_usd end;
    v_currency := 'USDT';
  end if;

  -- One member's creates run one after another (the limits and the reuse are decided alone).
  perform 1 from public.profiles p where p.user_id = v_user_id for update;
  select * into v_settings from public.payment_settings;

  if v_kind = 'plan' and (select c.change from private.plan_change_for(v_user_id, p_plan_tier) c) = 'blocked' then
    raise exception using errcode = 'P0001', message = 'membership.open_ended';
  end if;

  select * into v_order
    from public.payment_orders o
   where o.user_id = v_user_id
     and o.status = 'pending'
     and o.kind = v_kind
     and o.plan_tier is not distinct from p_plan_tier
     and o.ccc_tier is not distinct from p_ccc_tier
     and o.quantity = p_quantity
     and o.method = p_method
     for update;
  if found then
    if v_order.expires_at > now() and v_order.amount = v_amount and v_order.currency = v_currency then
      return v_order;
    end if;
    -- The price changed (or the order lapsed): the old reference is never re-priced. It is closed and
    -- a new order with a new reference replaces it (replaces_order_id tells the member).
    update public.payment_orders o
       set status = case when o.expires_at > now() then 'cancelled' else 'expired' end::public.payment_order_status,
           cancel_reason = case when o.expires_at > now() then 'price_changed' end,
           decided_at = now(), updated_at = now()
     where o.id = v_order.id;
    v_replaced := case when v_order.expires_at > now() then v_order.id end;
  end if;

  if (select count(*) from public.payment_orders o where o.user_id = v_user_id and o.status = 'pending') >= 3 then
    raise exception using errcode = 'P0001', message = 'payments.too_many_pending';
  end if;
  if (select count(*) from public.payment_orders o
       where o.user_id = v_user_id and o.created_at > now() - interval '1 day') >= v_settings.daily_order_limit then
    raise exception using errcode = 'P0001', message = 'payments.daily_limit';
  end if;

  if v_kind = 'ccc' then
    -- The reservation: taken under the tier's lock, as the confirmation takes its slots.
    perform 1 from public.ccc_tiers t where t.tier = p_ccc_tier for update;
    if p_quantity > private.ccc_free_slots(p_ccc_tier) then
      raise exception using errcode = 'P0001', message = 'payments.no_slots';
    end if;
  end if;

  loop
    begin
      insert into public.payment_orders (
        reference, user_id, kind, plan_tier, ccc_tier, quantity, method, amount, currency, expires_at,
        consent_text, consent_at, replaces_order_id
      )
      values (
        private.new_payment_reference(), v_user_id, v_kind, p_plan_tier, p_ccc_tier, p_quantity, p_method, v_amount,
        v_currency, now() + make_interval(days => v_settings.order_expiry_days),
        v_consent, case when v_consent is not null then now() end, v_replaced
      )
      returning * into v_order;
      return v_order;
    exception when unique_violation then
      -- A reference collision (1 in 10^9): draw again.
      null;
    end;
  end loop;
end
$$;
comment on function public.create_payment_order(public.payment_method, public.membership_level, public.ccc_tier, integer, text) is
  'Member: records a pending order at the catalogue price, fixed from then on (expires after payment_settings.order_expiry_days; a CCC order reserves its slots); the same item and method while pending and at the same price returns that order; after a price change the old order is cancelled and the new one names it in replaces_order_id. Limits: 3 pending, payment_settings.daily_order_limit created in 24 hours. The consent text is stored with its time.';

create or replace function public.cancel_payment_order(p_order_id uuid)
returns public.payment_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
begin
  if (select auth.uid()) is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  perform 1 from public.profiles p where p.user_id = (select auth.uid()) for update;
  select * into v_order from public.payment_orders o
   where o.id = p_order_id and o.user_id = (select auth.uid())
   for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'payments.order_not_found';
  end if;
  if v_order.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'payments.not_pending';
  end if;
  update public.payment_orders o
     set status = 'cancelled', cancel_reason = 'member', decided_at = now(), updated_at = now()
   where o.id = p_order_id
  returning * into v_order;
  return v_order;
end
$$;
comment on function public.cancel_payment_order(uuid) is 'Member: cancels an own pending order (its CCC reservation ends with it).';

create or replace function private.expire_payment_orders(p_now timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
  v_count integer := 0;
begin
  for v_order in
    -- A pending order past its time, re-checked under its lock (a confirmation that got there first wins).
    update public.payment_orders o
       set status = 'expired', decided_at = now(), updated_at = now()
     where o.status = 'pending' and o.expires_at <= p_now
    returning *
  loop
    perform private.notify(
      v_order.user_id, 'system', 'Płatność wygasła',
      format('Twoja płatność %s (%s) wygasła, bo nie otrzymaliśmy wpłaty w terminie. Jeśli nadal chcesz kupić, złóż nowe zamówienie.',
             v_order.reference, private.order_item_label(v_order)),
      jsonb_build_object('orderId', v_order.id, 'reference', v_order.reference, 'status', 'expired')
    );
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;
comment on function private.expire_payment_orders(timestamptz) is 'Job: pending orders past expires_at become expired (their CCC reservation ends); the member is notified. Money arriving later still goes through private.confirm_payment.';

create or replace function private.roll_membership_cache()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid;
  v_count integer := 0;
begin
  -- After midnight in Warsaw: members whose cached period ended and a queued one (or none) follows.
  for v_user_id in
    select p.user_id from public.profiles p
     where p.membership_valid_until < private.warsaw_today()
       and exists (select 1 from public.membership_periods m
                    where m.user_id = p.user_id and m.first_day <= private.warsaw_today()
                      and m.last_day >= private.warsaw_today())
  loop
    perform 1 from public.profiles p where p.user_id = v_user_id for update;
    perform private.sync_membership_cache(v_user_id);
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;
comment on function private.roll_membership_cache() is 'Job: rewrites the level cache of members whose cached period ended while a later period now covers today.';

create or replace function private.run_payment_jobs()
returns jsonb
language sql
security definer
set search_path = ''
as $$
  select jsonb_build_object('expired', private.expire_payment_orders(), 'rolled', private.roll_membership_cache())
$$;
comment on function private.run_payment_jobs() is 'Hourly: expires pending orders past their time and rolls the level cache over after midnight in Warsaw.';

create or replace function public.admin_update_payment_settings(
  p_order_expiry_days integer default null, p_daily_order_limit integer default null
)
returns public.payment_settings
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.payment_settings;
  v_row public.payment_settings;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_order_expiry_days is not null and p_order_expiry_days not between 1 and 60 then
    raise exception using errcode = 'P0001', message = 'payments.invalid_expiry_days';
  end if;
  if p_daily_order_limit is not null and p_daily_order_limit not between 1 and 100 then
    raise exception using errcode = 'P0001', message = 'payments.invalid_daily_limit';
  end if;
  select * into v_before from public.payment_settings for update;
  update public.payment_settings s
     set order_expiry_days = coalesce(p_order_expiry_days, s.order_expiry_days),
         daily_order_limit = coalesce(p_daily_order_limit, s.daily_order_limit),
         updated_at = now()
  returning * into v_row;
  perform private.audit('payment_settings.update', 'payment_settings', 'payment_settings', null,
    jsonb_build_object('order_expiry_days', v_before.order_expiry_days, 'daily_order_limit', v_before.daily_order_limit),
    jsonb_build_object('order_expiry_days', v_row.order_expiry_days, 'daily_order_limit', v_row.daily_order_limit));
  return v_row;
end
$$;
comment on function public.admin_update_payment_settings(integer, integer) is 'Admin (aal2): days until a pending order expires (1-60) and orders a member may create in 24 hours (1-100); audited.';

CREATE OR REPLACE FUNCTION public.admin_reject_payment(p_order_id uuid, p_reason text)
 RETURNS TABLE(changed boolean, payment_order public.payment_orders)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_order public.payment_orders;
  v_reason text := btrim(coalesce(p_reason, ''));
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if char_length(v_reason) not between 1 and 500 then
    raise exception using errcode = 'P0001', message = 'payments.reason_required';
  end if;
  v_order := private.lock_order(p_order_id);
  if v_order.id is null then
    raise exception using errcode = 'P0002', message = 'payments.order_not_found';
  end if;
  if v_order.status = 'rejected' then
    changed := false;
    payment_order := v_order;
    return next;
    return;
  end if;
  if v_order.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'payments.not_pending';
  end if;

  update public.payment_orders o
     set status = 'rejected', decided_at = now(), decided_by = (select auth.uid()), decided_via = 'admin',
         rejection_reason = v_reason, updated_at = now()
   where o.id = p_order_id
  returning * into v_order;

  perform private.audit(
    'payment.reject', 'payment_order', v_order.id::text, v_order.user_id,
    jsonb_build_object('status', 'pending', 'rejection_reason', null),
    jsonb_build_object('status', 'rejected', 'rejection_reason', v_reason)
  );
  perform private.notify(
    v_order.user_id, 'system', 'Płatność odrzucona',
    format('Odrzuciliśmy Twoją płatność %s (%s). Powód: %s', v_order.reference, private.order_item_label(v_order), v_reason),
    jsonb_build_object('orderId', v_order.id, 'reference', v_order.reference, 'status', 'rejected')
  );
  perform private.queue_member_email('payment-rejected', v_order.user_id, jsonb_build_object(
    'reference', v_order.reference,
    'item', private.order_item_label(v_order),
    'reason', v_reason
  ));

  changed := true;
  payment_order := v_order;
  return next;
end
$function$;

-- -------------------------------------------------------------------------------------
-- Functions: refunds
-- -------------------------------------------------------------------------------------

create or replace function public.admin_refund_payment(
  p_order_id uuid, p_reason text, p_method text, p_reference text
)
returns table (changed boolean, payment_order public.payment_orders)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
  v_before public.payment_orders;
  v_reason text := btrim(coalesce(p_reason, ''));
  v_reference text := btrim(coalesce(p_reference, ''));
  v_actor uuid := (select auth.uid());
  v_today date := private.warsaw_today();
  v_released integer := 0;
  v_commissions integer := 0;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if char_length(v_reason) not between 1 and 500 then
    raise exception using errcode = 'P0001', message = 'payments.reason_required';
  end if;
  if p_method is null or p_method not in ('transfer', 'usdt', 'acc', 'other') then
    raise exception using errcode = 'P0001', message = 'payments.invalid_refund_method';
  end if;
  if char_length(v_reference) not between 1 and 200 then
    raise exception using errcode = 'P0001', message = 'payments.refund_reference_required';
  end if;

  v_order := private.lock_order(p_order_id);
  if v_order.id is null then
    raise exception using errcode = 'P0002', message = 'payments.order_not_found';
  end if;
  if v_order.status = 'refunded' then
    changed := false;
    payment_order := v_order;
    return next;
    return;
  end if;
  if v_order.status not in ('paid', 'underpaid', 'to_refund') then
    raise exception using errcode = 'P0001', message = 'payments.not_refundable';
  end if;
  v_before := v_order;

  if v_order.status = 'paid' and v_order.user_id is not null then
    if v_order.kind = 'plan' then
      perform private.remove_order_periods(v_order, v_today, v_actor);
    else
      perform 1 from public.ccc_tiers t where t.tier = v_order.ccc_tier for update;
      update public.ccc_assignments a
         set end_date = greatest(now() - interval '1 microsecond', a.start_date + interval '1 microsecond'),
             released_at = now()
       where a.order_id = v_order.id and a.end_date >= now();
      get diagnostics v_released = row_count;
    end if;
  end if;
  -- A commission not yet settled is cancelled (kept); a settled one is the money-out rules' business.
  update public.referral_commissions c
     set cancelled_at = now(), cancel_reason = 'Zwrot płatności ' || v_order.reference
   where c.order_id = v_order.id and c.cancelled_at is null;
  get diagnostics v_commissions = row_count;

  update public.payment_orders o
     set status = 'refunded', refunded_at = now(), refunded_by = v_actor, refund_reason = v_reason,
         refund_method = p_method, refund_reference = v_reference, updated_at = now()
   where o.id = v_order.id
  returning * into v_order;
  if v_order.user_id is not null then
    perform private.sync_membership_cache(v_order.user_id);
  end if;

  perform private.audit(
    'payment.refund', 'payment_order', v_order.id::text, v_order.user_id,
    jsonb_build_object('status', v_before.status),
    jsonb_build_object('status', v_order.status, 'refund_reason', v_reason, 'refund_method', p_method,
                       'refund_reference', v_reference, 'amount_received', v_order.amount_received,
                       'released_packages', v_released, 'cancelled_commissions', v_commissions)
  );
  if v_order.user_id is not null then
    perform private.notify(
      v_order.user_id, 'system', 'Płatność zwrócona',
      format('Zwróciliśmy Ci %s za płatność %s (%s). Powód: %s',
             private.money_text(v_order.amount_received, v_order.currency), v_order.reference,
             private.order_item_label(v_order), v_reason),
      jsonb_build_object('orderId', v_order.id, 'reference', v_order.reference, 'status', 'refunded')
    );
    perform private.queue_member_email('payment-refunded', v_order.user_id, jsonb_build_object(
      'reference', v_order.reference,
      'item', private.order_item_label(v_order),
      'amount', private.money_text(v_order.amount_received, v_order.currency),
      'reason', v_reason,
      'refund_reference', v_reference
    ));
  end if;

  changed := true;
  payment_order := v_order;
  return next;
end
$$;
comment on function public.admin_refund_payment(uuid, text, text, text) is 'Admin (aal2): refunds what came in for a paid, underpaid or to-be-refunded order in one transaction: the period it gave ends (queued ones move up, an upgrade gives back the period it cut short), its CCC packages are released, its unsettled commission cancelled; notified, e-mailed (payment-refunded) and audited. changed = false when already refunded.';

-- -------------------------------------------------------------------------------------
-- Functions: the member's plan preview, the admin's level edit
-- -------------------------------------------------------------------------------------

create or replace function public.preview_plan_change(p_tier public.membership_level)
returns table (
  tier public.membership_level, from_level public.membership_level, first_day date, last_day date,
  extra_days integer, change text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_tier is null or not exists (select 1 from public.membership_plans m where m.tier = p_tier) then
    raise exception using errcode = 'P0001', message = 'payments.invalid_item';
  end if;
  return query
    select c.tier, c.from_level, c.first_day,
           case when isfinite(c.last_day) then c.last_day end, c.extra_days, c.change
      from private.plan_change_for((select auth.uid()), p_tier) c;
end
$$;
comment on function public.preview_plan_change(public.membership_level) is 'Member: what buying a plan would give if confirmed today (Warsaw): from/to dates, extra days for the unused period of from_level, and the kind of change (new | upgrade | renewal | queued | blocked). The confirmation recomputes it on its own day.';

drop function public.admin_update_user(uuid, text, text, public.membership_level, boolean, date, boolean);
create function public.admin_update_user(
  p_user_id uuid,
  p_full_name text default null,
  p_phone text default null,
  p_membership_level public.membership_level default null,
  p_email_confirmed boolean default null,
  p_membership_valid_until date default null,
  p_clear_valid_until boolean default false,
  p_reason text default null
)
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.profiles;
  v_profile public.profiles;
  v_level public.membership_level;
  v_until date;
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if char_length(v_reason) > 500 then
    raise exception using errcode = 'P0001', message = 'membership.invalid_reason';
  end if;
  select * into v_before from public.profiles p where p.user_id = p_user_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'admin.user_not_found';
  end if;
  v_level := coalesce(p_membership_level, v_before.membership_level);
  v_until := case when coalesce(p_clear_valid_until, false) then null
                  else coalesce(p_membership_valid_until, v_before.membership_valid_until) end;
  if (v_level, v_until) is distinct from (v_before.membership_level, v_before.membership_valid_until) then
    perform private.audit(
      'membership.edit', 'user', p_user_id::text, p_user_id,
      jsonb_build_object('membership_level', v_before.membership_level,
                         'membership_valid_until', v_before.membership_valid_until),
      jsonb_build_object('membership_level', v_level, 'membership_valid_until', v_until, 'reason', v_reason)
    );
    perform private.set_membership_from(p_user_id, v_level, v_until, private.warsaw_today(),
                                        private.last_audit_id(), (select auth.uid()));
    select c.membership_level, c.membership_valid_until into v_level, v_until
      from private.membership_cache_of(p_user_id) c;
  end if;
  -- One profile write (one profiles.update audit row): the edited fields and the level cache.
  perform set_config('private.membership_sync', 'on', true);
  update public.profiles p
     set full_name = coalesce(p_full_name, p.full_name),
         phone = coalesce(p_phone, p.phone),
         membership_level = v_level,
         membership_valid_until = v_until
   where p.user_id = p_user_id;
  perform set_config('private.membership_sync', '', true);
  if p_email_confirmed is not null then
    update auth.users u
       set email_confirmed_at = case when p_email_confirmed then coalesce(u.email_confirmed_at, now()) end,
           updated_at = now()
     where u.id = p_user_id;
  end if;
  select * into v_profile from public.profiles p where p.user_id = p_user_id;
  return v_profile;
end
$$;
comment on function public.admin_update_user(uuid, text, text, public.membership_level, boolean, date, boolean, text) is 'Admin (aal2): edits a member''s name, phone, e-mail confirmation and level; a level edit ends the member''s periods from today (or the past end date given) and adds the new paid level, audited with its reason (membership.edit).';
CREATE OR REPLACE FUNCTION public.get_dashboard_stats()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_result jsonb;
  v_today date := private.warsaw_today();
begin
  if v_uid is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;

  with
  apps as (
    select count(*) as app_count,
           coalesce(sum(a.current_value), 0) as current_value,
           coalesce(sum(a.projected_value), 0) as projected_value,
           coalesce(sum(a.revenue), 0) as revenue
      from public.apps a
  ),
  ideas as (
    select coalesce(sum(c.value), 0)::bigint as total,
           coalesce(sum(c.value) filter (where c.key = 'pending'), 0)::bigint as pending,
           coalesce(sum(c.value) filter (where c.key = 'approved'), 0)::bigint as approved,
           coalesce(sum(c.value) filter (where c.key = 'rejected'), 0)::bigint as rejected
      from private.dashboard_counters c
     where c.kind = 'ideas'
  ),
  my_ideas as (
    select count(*) as mine from public.app_ideas i where i.submitted_by = v_uid
  ),
  -- The counters hold the cached levels; members whose cached period ended count at the level of
  -- their periods today (FREE, or a queued period that started since).
  -- (a paid cached level only: the partial index on membership_valid_until answers it)
  lapsed as (
    select p.membership_level::text as cached, private.membership_level_on(p.user_id, v_today)::text as level
      from public.profiles p
     where p.membership_level <> 'FREE'
       and p.membership_valid_until < v_today
       and p.email_confirmed
  ),
  levels as (
    select c.key as level,
           c.value
             - (select count(*) from lapsed l where l.cached = c.key)
             + (select count(*) from lapsed l where l.level = c.key)
             as members
      from private.dashboard_counters c
     where c.kind = 'confirmed_members'
  ),
  revenue as (
    select r.amount, r.created_at from public.ecommerce_revenue r order by r.created_at desc limit 1
  ),
  pools as (
    select jsonb_object_agg(mp.tier, round(coalesce((select amount from revenue), 0) * mp.profit_share, 2)) as pools
      from public.membership_plans mp
  ),
  ccc as (
    select c.package_tier as tier, count(*) as active
      from public.ccc_assignments c
     where c.end_date >= now()
     group by c.package_tier
  ),
  me as (
    select private.membership_level_on(v_uid, v_today) as membership_level
  )
  select jsonb_build_object(
    'apps', (select jsonb_build_object('count', app_count, 'current_value', current_value,
                                       'projected_value', projected_value, 'revenue', revenue) from apps),
    'ideas', (select jsonb_build_object('total', total, 'pending', pending, 'approved', approved,
                                        'rejected', rejected, 'mine', (select mine from my_ideas)) from ideas),
    'members', jsonb_build_object(
      'confirmed', coalesce((select sum(members) from levels), 0),
      'by_level', jsonb_build_object(
        'FREE', coalesce((select members from levels where level = 'FREE'), 0),
        'START', coalesce((select members from levels where level = 'START'), 0),
        'PREMIUM', coalesce((select members from levels where level = 'PREMIUM'), 0),
        'VIP', coalesce((select members from levels where level = 'VIP'), 0))),
    'revenue', jsonb_build_object(
      'latest_amount', (select amount from revenue),
      'latest_at', (select created_at from revenue),
      'pools', coalesce((select pools from pools), '{}'::jsonb)),
    'ccc', jsonb_build_object(
      'active', coalesce((select sum(active) from ccc), 0),
      'by_tier', coalesce((select jsonb_object_agg(tier, active) from ccc), '{}'::jsonb)),
    'me', jsonb_build_object('membership_level', (select membership_level from me))
  ) into v_result;

  return v_result;
end
$function$;

CREATE OR REPLACE FUNCTION public.admin_list_users(p_search text DEFAULT NULL::text, p_email_confirmed boolean DEFAULT NULL::boolean, p_membership_level public.membership_level DEFAULT NULL::public.membership_level, p_sort text DEFAULT 'created'::text, p_ascending boolean DEFAULT false, p_limit integer DEFAULT 20, p_offset integer DEFAULT 0)
 RETURNS TABLE(id uuid, user_id uuid, full_name text, email text, phone text, email_confirmed boolean, membership_level public.membership_level, membership_valid_until date, effective_level public.membership_level, created_at timestamp with time zone, updated_at timestamp with time zone, display_name text, avatar_url text, two_factor_enabled boolean, total_count bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_search text := nullif(btrim(p_search), '');
  v_pattern text;
  -- The filters other than the search, and the search itself.
  v_filters text := 'true';
  v_match text;
  v_where text;
  v_order text;
  v_total bigint;
  v_today date := private.warsaw_today();
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_sort is null or p_sort not in ('name', 'email', 'created') then
    raise exception using errcode = '22023', message = 'admin.invalid_sort';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception using errcode = '22023', message = 'admin.invalid_limit';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'admin.invalid_offset';
  end if;
  if char_length(v_search) > 200 then
    raise exception using errcode = '22023', message = 'admin.invalid_search';
  end if;

  if p_email_confirmed is not null then
    v_filters := v_filters || ' and p.email_confirmed = $2';
  end if;
  -- The effective level on today's Warsaw day, from the profile's cache of the periods (so a paid
  -- level stays an index range on (membership_level, created_at)); a cached period that ended is
  -- looked up in the periods (private.cached_level_on).
  if p_membership_level = 'FREE' then
    v_filters := v_filters || ' and (p.membership_level = $3 or (p.membership_valid_until < $8
      and private.membership_level_on(p.user_id, $8) = $3))';
  elsif p_membership_level is not null then
    v_filters := v_filters
      || ' and p.membership_level = $3 and (p.membership_valid_until is null or p.membership_valid_until >= $8)';
  end if;
  if v_search is not null then
    -- Search text is literal: escape the LIKE wildcards.
    v_pattern := '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    v_match := case when private.is_email_address(v_search)
                    then 'p.email = lower($6)'
                    else '(p.full_name ilike $1 or p.email like lower($1) or p.phone like lower($1))' end;
  end if;
  v_where := v_filters || coalesce(' and ' || v_match, '');
  v_order := case p_sort when 'name' then 'p.full_name' when 'email' then 'p.email' else 'p.created_at' end
    || case when p_ascending then ' asc, p.id asc' else ' desc, p.id desc' end;

  -- A search (counted up to 101) whose page lies within those 101 rows.
  if v_search is not null and p_offset + p_limit <= 101 then
    -- One scan gives the page and the count: the trigram indexes, or the e-mail's b-tree for an address.
    return query execute
      'with matches as materialized (
         select p.id, row_number() over (order by ' || v_order || ') as n
           from public.profiles p
          where ' || v_where || '
          order by ' || v_order || '
          limit 101
       )
       select p.id, p.user_id, p.full_name, p.email, p.phone, p.email_confirmed, p.membership_level,
              p.membership_valid_until,
              private.cached_level_on(p.user_id, p.membership_level, p.membership_valid_until, $8),
              p.created_at, p.updated_at, s.display_name, s.avatar_url,
              coalesce(s.two_factor_enabled, false), (select count(*) from matches)
         from matches m
         join public.profiles p on p.id = m.id
         left join public.user_settings s on s.user_id = p.user_id
        where m.n > $5 and m.n <= $5 + $4
        order by m.n'
      using v_pattern, p_email_confirmed, p_membership_level, p_limit, p_offset, v_search, null::bigint, v_today;
    return;
  end if;

  execute 'select count(*) from (select 1 from public.profiles p where ' || v_where || ' limit '
      || case when v_search is null then 1001 else 101 end || ') c'
    into v_total
    using v_pattern, p_email_confirmed, p_membership_level, null::integer, null::integer, v_search, null::bigint, v_today;

  return query execute
    'with page as (
       select p.id from public.profiles p
        where ' || v_where || '
        order by ' || v_order || '
        limit $4 offset $5
     )
     select p.id, p.user_id, p.full_name, p.email, p.phone, p.email_confirmed, p.membership_level,
            p.membership_valid_until,
            private.cached_level_on(p.user_id, p.membership_level, p.membership_valid_until, $8),
            p.created_at, p.updated_at, s.display_name, s.avatar_url,
            coalesce(s.two_factor_enabled, false), $7
       from page
       join public.profiles p on p.id = page.id
       left join public.user_settings s on s.user_id = p.user_id
      order by ' || v_order
    using v_pattern, p_email_confirmed, p_membership_level, p_limit, p_offset, v_search, v_total, v_today;
end
$function$;

create or replace function private.run_membership_reminders(p_today date default private.warsaw_today())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row record;
  v_sent integer := 0;
begin
  for v_row in
    -- The end of each member's membership: the last day of their last period (queued ones included).
    with ends as (
      select m.user_id, max(m.last_day) as end_day,
             (array_agg(m.shortened_reason order by m.last_day desc))[1] as last_reason
        from public.membership_periods m
       where m.last_day >= m.first_day
       group by m.user_id
    ),
    due as (
      select e.user_id, e.end_day, case when e.end_day < p_today then 'expired' else 'renewal' end as kind
        from ends e
       where isfinite(e.end_day)
         and e.end_day <= p_today + 30
         -- A membership ended by a refund or an admin gets no expiry notice.
         and (e.end_day >= p_today or e.last_reason is null)
    )
    insert into private.membership_reminders (user_id, valid_until, kind)
    select due.user_id, due.end_day, due.kind from due
    on conflict do nothing
    returning user_id, valid_until, kind
  loop
    if v_row.kind = 'renewal' then
      perform private.notify(
        v_row.user_id, 'system', 'Twoje członkostwo wkrótce wygaśnie',
        format('Twoje członkostwo jest ważne do %s. Odnów je, aby zachować swój poziom.', to_char(v_row.valid_until, 'DD.MM.YYYY')),
        jsonb_build_object('kind', 'membership_renewal', 'validUntil', v_row.valid_until, 'link', '/dashboard/investments')
      );
    else
      perform private.notify(
        v_row.user_id, 'system', 'Twoje członkostwo wygasło',
        format('Twoje członkostwo wygasło %s. Twój poziom to teraz FREE. Odnów plan, aby wrócić do swojego poziomu.', to_char(v_row.valid_until, 'DD.MM.YYYY')),
        jsonb_build_object('kind', 'membership_expired', 'validUntil', v_row.valid_until, 'link', '/dashboard/investments')
      );
    end if;
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end
$$;
comment on function private.run_membership_reminders(date) is 'Daily: renewal reminder from 30 days before the end of a member''s last period (Warsaw days) and an expiry notice after it ran out, each once per end date.';

-- Deleting a member keeps their orders (accounting keeps payment records for 5 years): the member is
-- anonymised on them, a pending one is cancelled.
create or replace function private.anonymise_member_orders()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.payment_orders o
     set buyer_name = 'Usunięty członek',
         buyer_email = null,
         status = case when o.status = 'pending' then 'cancelled'::public.payment_order_status else o.status end,
         cancel_reason = case when o.status = 'pending' then 'member_deleted' else o.cancel_reason end,
         decided_at = coalesce(o.decided_at, now()),
         updated_at = now()
   where o.user_id = old.id;
  return old;
end
$$;
comment on function private.anonymise_member_orders() is 'Before a member''s account is deleted: their orders stay with the name and e-mail replaced (user_id becomes null), a pending one is cancelled.';

create trigger on_auth_user_deleting_orders
  before delete on auth.users
  for each row execute function private.anonymise_member_orders();

-- A cancelled commission no longer counts in the referrer's earnings.
create or replace function private.sum_referrer_earnings()
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

drop trigger referral_commissions_sum_earnings on public.referral_commissions;
create trigger referral_commissions_sum_earnings
  after insert or delete or update of cancelled_at on public.referral_commissions
  for each row execute function private.sum_referrer_earnings();

-- What the member's 'Moje płatności' and the admin's 'Płatności' tab show of an order.
drop function public.get_my_payment_orders(integer, integer);
create function public.get_my_payment_orders(p_limit integer default 50, p_offset integer default 0)
returns table (
  id uuid, reference text, kind public.payment_item_kind, plan_tier public.membership_level, ccc_tier public.ccc_tier,
  quantity smallint, item_label text, method public.payment_method, amount numeric, currency text,
  status public.payment_order_status, created_at timestamptz, decided_at timestamptz, rejection_reason text,
  tx_hash text, membership_valid_until date, expires_at timestamptz, amount_received numeric, shortfall numeric,
  surplus numeric, refunded_at timestamptz, refund_reason text, replaces_order_id uuid
)
language plpgsql
stable
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_limit is null or p_limit not between 1 and 100 or p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'admin.invalid_limit';
  end if;
  return query
    select o.id, o.reference, o.kind, o.plan_tier, o.ccc_tier, o.quantity, private.order_item_label(o),
           o.method, o.amount, o.currency, o.status, o.created_at, o.decided_at, o.rejection_reason,
           o.tx_hash, o.membership_valid_until, o.expires_at, o.amount_received, o.shortfall, o.surplus,
           o.refunded_at, o.refund_reason, o.replaces_order_id
      from public.payment_orders o
     where o.user_id = (select auth.uid())
     order by o.created_at desc, o.id desc
     limit p_limit offset p_offset;
end
$$;
comment on function public.get_my_payment_orders(integer, integer) is 'Member: own orders, newest first, with what was received (shortfall, surplus), the expiry and the refund.';

drop function public.admin_list_payment_orders(public.payment_order_status, public.payment_method, text, integer, integer);
create function public.admin_list_payment_orders(p_status public.payment_order_status DEFAULT NULL::public.payment_order_status, p_method public.payment_method DEFAULT NULL::public.payment_method, p_search text DEFAULT NULL::text, p_limit integer DEFAULT 20, p_offset integer DEFAULT 0)
 RETURNS TABLE(id uuid, reference text, user_id uuid, kind public.payment_item_kind, plan_tier public.membership_level, ccc_tier public.ccc_tier, quantity smallint, item_label text, method public.payment_method, amount numeric, currency text, status public.payment_order_status, created_at timestamp with time zone, decided_at timestamp with time zone, decided_by uuid, amount_received numeric, tx_hash text, rejection_reason text, member_full_name text, member_email text, member_phone text, total_count bigint, expires_at timestamp with time zone, decided_via public.payment_decider, network public.withdrawal_network, shortfall numeric, surplus numeric, refunded_at timestamp with time zone, refunded_by uuid, refund_reason text, refund_method text, refund_reference text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_search text := nullif(btrim(coalesce(p_search, '')), '');
  v_pattern text;
  v_where text := 'true';
  v_from text := 'public.payment_orders o';
  v_members text;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_limit is null or p_limit not between 1 and 100 then
    raise exception using errcode = '22023', message = 'admin.invalid_limit';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'admin.invalid_offset';
  end if;
  if char_length(v_search) > 200 then
    raise exception using errcode = '22023', message = 'admin.invalid_search';
  end if;
  v_pattern := '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  if p_status is not null then
    v_where := v_where || ' and o.status = $1';
  end if;
  if p_method is not null then
    v_where := v_where || ' and o.method = $2';
  end if;
  if v_search is not null then
    -- Two indexed lookups instead of one `or` (which scanned every order): the order with that
    -- reference (its unique index), and the orders of the matching members (the orders' user
    -- index): the member with that address (the e-mail's b-tree), or the members whose name, e-mail
    -- or phone contains the text (the trigram indexes of admin_list_users).
    v_members := case when private.is_email_address(v_search)
                      then 'p.email = lower($3)'
                      else 'p.full_name ilike $4 or p.email ilike $4 or p.phone ilike $4' end;
    v_from := '(select r.* from public.payment_orders r where r.reference = upper($3)
                union all
                select m.* from public.payment_orders m
                 where m.user_id in (select p.user_id from public.profiles p where ' || v_members || ')
                   and m.reference <> upper($3)) o';
  end if;

  return query execute
    'with page as (
       select o.id from ' || v_from || '
        where ' || v_where || '
        order by o.created_at desc, o.id desc
        limit $5 offset $6
     )
     select o.id, o.reference, o.user_id, o.kind, o.plan_tier, o.ccc_tier, o.quantity,
            private.order_item_label(o), o.method, o.amount, o.currency, o.status, o.created_at,
            o.decided_at, o.decided_by, o.amount_received, o.tx_hash, o.rejection_reason,
            coalesce(p.full_name, o.buyer_name), coalesce(p.email, o.buyer_email), p.phone,
            (select count(*) from (select 1 from ' || v_from || ' where ' || v_where || ' limit 1001) c),
            o.expires_at, o.decided_via, o.network, o.shortfall, o.surplus, o.refunded_at, o.refunded_by,
            o.refund_reason, o.refund_method, o.refund_reference
       from page
       join public.payment_orders o on o.id = page.id
       left join public.profiles p on p.user_id = o.user_id
      order by o.created_at desc, o.id desc'
    using p_status, p_method, v_search, v_pattern, p_limit, p_offset;
end
$function$;
comment on function public.admin_list_payment_orders(public.payment_order_status, public.payment_method, text, integer, integer) is 'Admin: the payments tab. Filters by status and method; a search is a reference (exact, any case), a whole e-mail address (that member, by the e-mail index) or a part of the member''s name, e-mail or phone; newest first; total_count stops at 1 001. A deleted member''s order shows the anonymised buyer; each row has the expiry, who decided (decided_via), shortfall / surplus and the refund.';

create or replace function private.money_in_mismatches()
returns table (problem text, order_id uuid, user_id uuid)
language sql
stable
security definer
set search_path = ''
as $$
  -- Two periods of a member on the same day.
  select 'overlapping periods', null::uuid, a.user_id
    from public.membership_periods a
    join public.membership_periods b
      on b.user_id = a.user_id and b.id > a.id
     and a.last_day >= a.first_day and b.last_day >= b.first_day
     and a.first_day <= b.last_day and b.first_day <= a.last_day
  union all
  -- A paid plan order has its period (perhaps cut short by an upgrade or an admin, never by a refund).
  select 'paid plan order without its period', o.id, o.user_id
    from public.payment_orders o
   where o.status = 'paid' and o.kind = 'plan' and o.user_id is not null
     and (not exists (select 1 from public.membership_periods m where m.order_id = o.id)
          or exists (select 1 from public.membership_periods m where m.order_id = o.id and m.shortened_reason = 'refund'))
  union all
  -- A paid CCC order has exactly its packages, none released.
  select 'paid CCC order without exactly its packages', o.id, o.user_id
    from public.payment_orders o
   where o.status = 'paid' and o.kind = 'ccc' and o.user_id is not null
     and (select count(*) from public.ccc_assignments a where a.order_id = o.id and a.released_at is null) <> o.quantity
  union all
  -- An order not paid (yet, or any more) gives nothing: no period, package or commission still running.
  select 'unpaid order grants something', o.id, o.user_id
    from public.payment_orders o
   where o.status not in ('paid', 'refunded')
     and (exists (select 1 from public.membership_periods m where m.order_id = o.id)
          or exists (select 1 from public.ccc_assignments a where a.order_id = o.id)
          or exists (select 1 from public.referral_commissions c where c.order_id = o.id))
  union all
  -- A refunded order: its periods end before the refund's day, its packages are released, its
  -- commission cancelled.
  select 'refunded order still grants something', o.id, o.user_id
    from public.payment_orders o
   where o.status = 'refunded'
     and (exists (select 1 from public.membership_periods m
                   where m.order_id = o.id and m.last_day >= (o.refunded_at at time zone 'Europe/Warsaw')::date
                     and m.last_day >= m.first_day)
          or exists (select 1 from public.ccc_assignments a where a.order_id = o.id and a.released_at is null)
          or exists (select 1 from public.referral_commissions c where c.order_id = o.id and c.cancelled_at is null))
  union all
  -- A commission belongs to the referred member's first paid plan order; cancelled exactly when refunded.
  select 'commission does not match its order', c.order_id, c.referred_id
    from public.referral_commissions c
    left join public.payment_orders o on o.id = c.order_id
   where c.order_id is not null
     and (o.kind <> 'plan' or o.user_id is distinct from c.referred_id
          or o.status not in ('paid', 'refunded')
          or (o.status = 'refunded') <> (c.cancelled_at is not null))
  union all
  -- The profile's level cache says what the periods say.
  select 'level cache drifted', null::uuid, d.user_id
    from private.membership_cache_mismatches() d
$$;
comment on function private.money_in_mismatches() is 'The money-in invariant (tests call it after each test): every paid order has exactly the period, packages and commission it should, unpaid ones nothing, refunded ones nothing left running; periods never overlap; the level cache agrees with the periods. Empty when the books agree.';
grant execute on function private.money_in_mismatches() to service_role;

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------

-- Periods and settings are written only by the definer functions above (no write policy).
create policy membership_periods_select_authenticated on public.membership_periods
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy payment_settings_select_authenticated on public.payment_settings
  for select to authenticated
  using (true);

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------

revoke all on public.membership_periods, public.payment_settings from anon, authenticated, service_role;
grant select on public.membership_periods, public.payment_settings to authenticated, service_role;

grant execute on function private.warsaw_day(timestamptz) to authenticated, service_role;
grant execute on function private.warsaw_today() to authenticated, service_role;
grant execute on function private.membership_level_on(uuid, date) to authenticated, service_role;
grant execute on function private.cached_level_on(uuid, public.membership_level, date, date) to authenticated, service_role;
grant execute on function private.plan_year_end(date) to service_role;
grant execute on function private.plan_change(public.membership_level, date, public.membership_level, date, date, numeric, numeric) to service_role;
grant execute on function private.plan_change_for(uuid, public.membership_level, date) to service_role;
grant execute on function private.membership_cache_of(uuid, date) to service_role;
grant execute on function private.membership_cache_mismatches(date) to service_role;
grant execute on function private.confirm_payment(uuid, numeric, public.payment_decider, uuid, text, public.withdrawal_network) to service_role;
grant execute on function private.expire_payment_orders(timestamptz) to service_role;
grant execute on function private.roll_membership_cache() to service_role;
grant execute on function private.run_payment_jobs() to service_role;

grant execute on function public.effective_membership_level(public.profiles) to authenticated, service_role;
grant execute on function public.admin_confirm_payment(uuid, numeric, text, public.withdrawal_network) to authenticated, service_role;
grant execute on function public.create_payment_order(public.payment_method, public.membership_level, public.ccc_tier, integer, text) to authenticated, service_role;
grant execute on function public.cancel_payment_order(uuid) to authenticated, service_role;
grant execute on function public.admin_update_payment_settings(integer, integer) to authenticated, service_role;
grant execute on function public.admin_refund_payment(uuid, text, text, text) to authenticated, service_role;
grant execute on function public.preview_plan_change(public.membership_level) to authenticated, service_role;
grant execute on function public.admin_update_user(uuid, text, text, public.membership_level, boolean, date, boolean, text) to authenticated, service_role;
grant execute on function public.get_my_payment_orders(integer, integer) to authenticated, service_role;
grant execute on function public.admin_list_payment_orders(public.payment_order_status, public.payment_method, text, integer, integer) to authenticated, service_role;
grant execute on function public.admin_assign_ccc_package(uuid, public.ccc_tier, integer) to authenticated, service_role;
grant execute on function public.get_ccc_availability() to authenticated, service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------

comment on table public.membership_periods is 'The history of members'' levels: one row per period (Europe/Warsaw days, first_day..last_day inclusive; last_day = infinity: no end date). The level on a day is the period covering it, else FREE (private.membership_level_on). Members read their own, admins all; written only by the payment and admin functions.';
comment on column public.membership_periods.source is 'order: a paid plan order (order_id); admin: an admin''s level edit (audit_id: its admin_audit_log row, no foreign key: audit value); backfill: the level a member had when periods were introduced.';
comment on column public.membership_periods.extra_days is 'Upgrade: days added for the unused part of the period it replaced (replaced_period_id), at the yearly list prices.';
comment on column public.membership_periods.shortened_at is 'When the period was cut short (shortened_reason: upgrade | refund | admin; shortened_by: who; shortened_from: its last day before). last_day = first_day - 1: it never ran.';
comment on table public.payment_settings is 'Order settings (one row), edited by admins through admin_update_payment_settings (audited): days until a pending order expires, orders a member may create in 24 hours.';
comment on column public.payment_orders.amount is 'Price from the catalogue when the order was created; never changed afterwards (a price change makes a new order).';
comment on column public.payment_orders.amount_received is 'What was received in total (a second payment of an underpaid order adds up).';
comment on column public.payment_orders.expires_at is 'A pending order expires then (payment_settings.order_expiry_days after creation); a CCC order reserves its slots until then.';
comment on column public.payment_orders.decided_via is 'Who confirmed the money: admin | gateway | chain (private.confirm_payment).';
comment on column public.payment_orders.network is 'USDT: the network of tx_hash; one (network, transaction) confirms one order.';
comment on column public.payment_orders.consent_text is 'The consent the member ticked (service starts at once, the 14-day withdrawal right ends with it), with consent_at.';
comment on column public.payment_orders.buyer_name is 'The member''s name and e-mail (buyer_email) at payment time; replaced by ''Usunięty członek'' when the account is deleted.';
comment on column public.payment_orders.replaces_order_id is 'The pending order this one replaced after a catalogue price change (that one was cancelled with cancel_reason price_changed).';
comment on column public.payment_orders.shortfall is 'Underpaid: what is still missing.';
comment on column public.payment_orders.surplus is 'Paid: what came in above the price.';
comment on column public.payment_orders.refund_method is 'How the money went back: transfer | usdt | acc | other; refund_reference: the transfer title or transaction hash.';
comment on column public.ccc_assignments.order_id is 'The paid order that produced the package (null: assigned by an admin).';
comment on column public.ccc_assignments.released_at is 'When a refund released the package (its end_date was moved to then).';
comment on column public.referral_commissions.order_id is 'The paid plan order that produced the commission.';
comment on column public.referral_commissions.cancelled_at is 'Anulowana: the order was refunded before the commission was settled (kept for the books).';

-- -------------------------------------------------------------------------------------
-- Data
-- -------------------------------------------------------------------------------------

insert into public.email_templates (name, subject, html_content, text_content, variables)
values
  ('payment-refunded', 'Zwróciliśmy Twoją płatność {{reference}}',
   '<p>Cześć {{fname}},</p><p>zwróciliśmy Twoją płatność <strong>{{reference}}</strong> ({{item}}): {{amount}}.</p><p>Powód: {{reason}}</p><p>Potwierdzenie zwrotu: {{refund_reference}}</p>',
   E'Cześć {{fname}},\n\nzwróciliśmy Twoją płatność {{reference}} ({{item}}): {{amount}}.\nPowód: {{reason}}\nPotwierdzenie zwrotu: {{refund_reference}}',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"reference","description":"Kod płatności","example":"KLB-7F3K2Q"},{"name":"item","description":"Plan lub pakiet","example":"Plan START"},{"name":"amount","description":"Zwrócona kwota","example":"4997.00 PLN"},{"name":"reason","description":"Powód zwrotu","example":"Rezygnacja w terminie"},{"name":"refund_reference","description":"Tytuł przelewu lub hash transakcji zwrotu","example":"ZWROT KLB-7F3K2Q"}]')
on conflict (name) do nothing;

-- -------------------------------------------------------------------------------------
-- Schedule (hosted Supabase): hourly, so orders expire on time and the level cache rolls over
-- soon after midnight in Warsaw. The local stack runs the same call (supabase/scheduled-jobs.json).
-- -------------------------------------------------------------------------------------
do $do$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and current_setting('shared_preload_libraries', true) like '%pg_cron%' then
    create extension if not exists pg_cron;
    perform cron.schedule('payment-jobs', '1 * * * *', 'select private.run_payment_jobs()');
  end if;
end
$do$;
