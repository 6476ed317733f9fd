-- Membership: levels, yearly plans, the periods (the history of levels on Warsaw days: the effective
-- level, the plan-change rules, admin level edits) and the renewal reminders.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Types
-- ========================================================================================

-- public.membership_level ---------------------------------------------------------------
create type public.membership_level as enum ('FREE', 'START', 'PREMIUM', 'VIP');

-- Where a membership period came from: a paid order, an admin's level edit (with its audit row) or
-- the backfill of the levels that existed before periods.
create type public.membership_period_source as enum ('order', 'admin', 'backfill');

-- ========================================================================================
-- Tables
-- ========================================================================================

-- private.membership_reminders ----------------------------------------------------------
-- Which reminder went out for which end date (one row each: a reminder is sent once): the end in
-- 30, 7 and 1 days (renewal_30, renewal_7, renewal_1) and the end itself (expired).
create table private.membership_reminders (
  user_id uuid not null references auth.users (id) on delete cascade,
  valid_until date not null,
  kind text not null check (kind in ('renewal_30', 'renewal_7', 'renewal_1', 'expired')),
  sent_at timestamptz not null default now(),
  primary key (user_id, valid_until, kind)
);
alter table private.membership_reminders enable row level security;

-- public.membership_plans ---------------------------------------------------------------
create table public.membership_plans (
  tier public.membership_level not null,
  yearly_price_pln numeric(12,2) not null,
  profit_share numeric(5,4) not null,
  idea_ownership numeric(5,4) not null,
  price_usdt numeric(12,2) not null,
  price_acc numeric(12,2) not null,
  updated_at timestamp with time zone default now() not null,
  description text default ''::text not null,
  benefits text[] default '{}'::text[] not null,
  constraint membership_plans_benefits_check CHECK (((cardinality(benefits) <= 20) AND (array_position(benefits, NULL::text) IS NULL))),
  constraint membership_plans_description_check CHECK ((char_length(description) <= 1000)),
  constraint membership_plans_idea_ownership_check CHECK (((idea_ownership > (0)::numeric) AND (idea_ownership < (1)::numeric))),
  constraint membership_plans_idea_ownership_finite_check CHECK ((idea_ownership <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint membership_plans_price_acc_check CHECK ((price_acc > (0)::numeric)),
  constraint membership_plans_price_acc_finite_check CHECK ((price_acc <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint membership_plans_price_usdt_check CHECK ((price_usdt > (0)::numeric)),
  constraint membership_plans_price_usdt_finite_check CHECK ((price_usdt <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint membership_plans_profit_share_check CHECK (((profit_share > (0)::numeric) AND (profit_share < (1)::numeric))),
  constraint membership_plans_profit_share_finite_check CHECK ((profit_share <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint membership_plans_tier_check CHECK ((tier <> 'FREE'::public.membership_level)),
  constraint membership_plans_yearly_price_pln_check CHECK ((yearly_price_pln > (0)::numeric)),
  constraint membership_plans_yearly_price_pln_finite_check CHECK ((yearly_price_pln <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint membership_plans_pkey PRIMARY KEY (tier)
);
alter table public.membership_plans enable row level security;

-- public.membership_periods ------------------------------------------------------------
-- The history of levels (order_id's foreign key to payment_orders is added with that table).
create table public.membership_periods (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete set null,
  level public.membership_level not null,
  first_day date not null,
  last_day date not null,
  source public.membership_period_source not null,
  order_id uuid,
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

-- ========================================================================================
-- Indexes
-- ========================================================================================

create index membership_periods_user_first_day_idx
  on public.membership_periods (user_id, first_day) include (last_day, level);
create index membership_periods_order_id_idx on public.membership_periods (order_id);
-- The hourly roll-over finds the periods that began in the last days (private.roll_membership_cache).
create index membership_periods_first_day_idx on public.membership_periods (first_day) where last_day >= first_day;
create index membership_periods_audit_id_idx on public.membership_periods (audit_id);
create index membership_periods_replaced_period_id_idx on public.membership_periods (replaced_period_id);

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.warsaw_day() ------------------------------------------------------------------
create function private.warsaw_day(p_at timestamptz)
returns date
language sql
immutable
set search_path = ''
as $$
  select (p_at at time zone 'Europe/Warsaw')::date
$$;

-- private.warsaw_today() ----------------------------------------------------------------
create function private.warsaw_today()
returns date
language sql
stable
set search_path = ''
as $$
  select private.warsaw_day(now())
$$;

-- private.check_catalogue_prices() ------------------------------------------------------
-- Raises the catalogue's price errors for the prices of one form, in the form's order of checks.
create function private.check_catalogue_prices(p_prices numeric[])
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_prices is null or exists (select 1 from unnest(p_prices) p where private.fits_catalogue_price(p) is null) then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_price';
  end if;
  if exists (select 1 from unnest(p_prices) p where not private.fits_catalogue_price(p)) then
    raise exception using errcode = 'P0001', message = 'catalogue.price_too_high';
  end if;
end
$$;

-- private.effective_level() -------------------------------------------------------------
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

-- private.fits_catalogue_price() --------------------------------------------------------
-- A catalogue price: a valid money amount (positive, at most 2 decimals, finite) that fits
-- numeric(12, 2). Null when the amount is not valid at all (catalogue.invalid_price applies), false
-- when it is valid but too large.
create function private.fits_catalogue_price(p_price numeric)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case when private.is_valid_amount(p_price) then p_price <= 9999999999.99 end
$$;

-- private.paid_member_term_key() --------------------------------------------------------
-- The counter key of a paid term: 'LEVEL:YYYY-MM-DD', or 'LEVEL:infinity' without an end date; null
-- for FREE (not counted).
create function private.paid_member_term_key(p_level public.membership_level, p_valid_until date)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when p_level <> 'FREE'
              then p_level::text || ':' || coalesce(to_char(p_valid_until, 'YYYY-MM-DD'), 'infinity') end
$$;

-- private.run_membership_reminders() ----------------------------------------------------
-- Reminders (run daily by pg_cron where available, by the local stack's timer), each once per end
-- date, in-app and by e-mail (the member's 'Powiadomienia e-mail' switch membership_reminders):
-- the membership ends in 30 days or less (renewal_30), 7 or less (renewal_7), 1 or less
-- (renewal_1), and it ended (expired, up to 30 days after the end; a membership ended by a refund
-- or an admin gets none). A run sends the nearest reminder due; one a missed run skipped is not sent
-- late (the 30-day one never follows the 7-day one). Returns how many reminders it sent.
create function private.run_membership_reminders(p_today date default private.warsaw_today())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row record;
  v_sent integer := 0;
  v_days integer;
  v_date text;
begin
  for v_row in
    -- The end of each member's membership: the last day of their last period (queued ones included).
    with ends as (
      select m.user_id, max(m.last_day) as end_day,
             (array_agg(m.shortened_reason order by m.last_day desc))[1] as last_reason,
             (array_agg(m.level order by m.last_day desc))[1] as level
        from public.membership_periods m
       where m.last_day >= m.first_day
       group by m.user_id
    ),
    due as (
      select e.user_id, e.end_day, e.level,
             case when e.end_day < p_today then 'expired'
                  when e.end_day - p_today <= 1 then 'renewal_1'
                  when e.end_day - p_today <= 7 then 'renewal_7'
                  else 'renewal_30' end as kind
        from ends e
       where isfinite(e.end_day)
         and e.end_day <= p_today + 30
         and e.end_day >= p_today - 30
         -- A membership ended by a refund or an admin gets no expiry notice.
         and (e.end_day >= p_today or e.last_reason is null)
    ),
    sent as (
      insert into private.membership_reminders (user_id, valid_until, kind)
      select due.user_id, due.end_day, due.kind from due
       -- The nearer reminder went out already: a farther one is not sent after it.
       where not exists (
         select 1 from private.membership_reminders r
          where r.user_id = due.user_id and r.valid_until = due.end_day
            and array_position(array['renewal_30', 'renewal_7', 'renewal_1', 'expired'], r.kind)
                > array_position(array['renewal_30', 'renewal_7', 'renewal_1', 'expired'], due.kind)
       )
      on conflict do nothing
      returning user_id, valid_until, kind
    )
    select s.user_id, s.valid_until, s.kind, d.level
      from sent s join due d on d.user_id = s.user_id
  loop
    v_days := v_row.valid_until - p_today;
    v_date := to_char(v_row.valid_until, 'DD.MM.YYYY');
    if v_row.kind = 'expired' then
      perform private.notify(
        v_row.user_id, 'system', 'Twoje członkostwo wygasło',
        format('Twoje członkostwo wygasło %s. Twój poziom to teraz FREE. Odnów plan, aby wrócić do swojego poziomu.', v_date),
        jsonb_build_object('kind', 'membership_expired', 'validUntil', v_row.valid_until, 'link', '/dashboard/investments')
      );
    else
      perform private.notify(
        v_row.user_id, 'system', 'Twoje członkostwo wkrótce wygaśnie',
        format('Twoje członkostwo %s jest ważne do %s. Odnów je, aby zachować swój poziom.', v_row.level, v_date),
        jsonb_build_object('kind', 'membership_renewal', 'reminder', v_row.kind, 'daysLeft', v_days,
                           'validUntil', v_row.valid_until, 'link', '/dashboard/investments')
      );
    end if;
    perform private.queue_preferred_email(
      'membership_reminders',
      case v_row.kind when 'renewal_30' then 'membership-ends-30' when 'renewal_7' then 'membership-ends-7'
                      when 'renewal_1' then 'membership-ends-1' else 'membership-ended' end,
      v_row.user_id,
      jsonb_build_object('level', v_row.level::text, 'valid_until', v_date, 'days', greatest(v_days, 0)::text)
    );
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end
$$;

-- public.admin_update_membership_plan() -------------------------------------------------
-- Admin: edits one plan of the catalogue. Every argument is required (the form sends the row).
create function public.admin_update_membership_plan(
  p_tier public.membership_level,
  p_yearly_price_pln numeric,
  p_price_usdt numeric,
  p_price_acc numeric,
  p_profit_share numeric,
  p_idea_ownership numeric,
  p_description text,
  p_benefits text[]
)
returns public.membership_plans
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_after public.membership_plans;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  perform private.check_catalogue_prices(array[p_yearly_price_pln, p_price_usdt, p_price_acc]);
  if not (private.is_valid_decimal(p_profit_share, 4) and p_profit_share < 1
          and private.is_valid_decimal(p_idea_ownership, 4) and p_idea_ownership < 1) then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_share';
  end if;
  if p_description is null or char_length(p_description) > 1000 or p_benefits is null
     or cardinality(p_benefits) > 20 or array_position(p_benefits, null) is not null
     or exists (select 1 from unnest(p_benefits) b where char_length(btrim(b)) not between 1 and 200) then
    raise exception using errcode = 'P0001', message = 'catalogue.invalid_text';
  end if;
  perform 1 from public.membership_plans m where m.tier = p_tier for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'payments.invalid_item';
  end if;
  update public.membership_plans m
     set yearly_price_pln = p_yearly_price_pln, price_usdt = p_price_usdt, price_acc = p_price_acc,
         profit_share = p_profit_share, idea_ownership = p_idea_ownership,
         description = btrim(p_description),
         benefits = (select coalesce(array_agg(btrim(b) order by n), '{}') from unnest(p_benefits) with ordinality as u(b, n)),
         updated_at = now()
   where m.tier = p_tier
  returning * into v_after;
  return v_after;
end
$$;

-- private.plan_year_end() ---------------------------------------------------------------
create function private.plan_year_end(p_first_day date)
returns date
language sql
immutable
set search_path = ''
as $$
  -- 29 February + 12 months is 1 March (its day before: 28 February); PostgreSQL's month arithmetic
  -- gives 28 February, which is then the last day itself.
  select (p_first_day + interval '12 months')::date - case when to_char(p_first_day, 'MM-DD') = '02-29' then 0 else 1 end
$$;

-- private.plan_change() -----------------------------------------------------------------
-- The plan-change rules, pure (no table read): unit-tested on boundary days.
create function private.plan_change(
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

-- private.membership_level_on() ---------------------------------------------------------
-- THE effective level: every reader of a level goes through it (or private.cached_level_on).
create function private.membership_level_on(p_user_id uuid, p_day date default private.warsaw_today())
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

-- private.plan_change_for() -------------------------------------------------------------
create function private.plan_change_for(
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

-- private.relay_periods() ---------------------------------------------------------------
create function private.relay_periods(p_user_id uuid, p_from date, p_start date, p_exclude uuid default null)
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

-- private.shorten_period() --------------------------------------------------------------
create function private.shorten_period(
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

-- private.set_membership_from() ---------------------------------------------------------
create function private.set_membership_from(
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

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- membership_plans_audit on public.membership_plans -------------------------------------
create trigger membership_plans_audit after insert or update or delete on public.membership_plans
  for each row execute function private.audit_admin_write();

-- membership_plans_set_updated_at on public.membership_plans ----------------------------
create trigger membership_plans_set_updated_at
  before update on public.membership_plans
  for each row execute function private.set_updated_at();

-- ========================================================================================
-- Policies
-- ========================================================================================

-- public.membership_plans ---------------------------------------------------------------

create policy membership_plans_select_anon on public.membership_plans
  for select to anon
  using (true);

create policy membership_plans_select_authenticated on public.membership_plans
  for select to authenticated
  using (true);

create policy membership_periods_select_authenticated on public.membership_periods
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- ========================================================================================
-- Grants
-- ========================================================================================

grant execute on function private.effective_level(public.membership_level,date,date) to authenticated;
grant execute on function private.run_membership_reminders(date) to service_role;
grant execute on function public.admin_update_membership_plan(public.membership_level,numeric,numeric,numeric,numeric,numeric,text,text[]) to authenticated;
grant select on public.membership_plans to anon, authenticated;

revoke delete, insert, maintain, references, trigger, truncate, update on public.membership_periods from service_role;
grant select on public.membership_periods to authenticated;
grant execute on function private.warsaw_day(timestamptz) to authenticated;
grant execute on function private.warsaw_today() to authenticated;
grant execute on function private.membership_level_on(uuid,date) to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function private.check_catalogue_prices(numeric[]) is 'Raises catalogue.invalid_price (not positive, more than 2 decimals, NaN/∞, null) or catalogue.price_too_high (above 9 999 999 999.99, the numeric(12, 2) columns).';
comment on function private.effective_level(public.membership_level,date,date) is 'The level that counts on a day: the stored level while membership_valid_until is that day or later (or null), FREE after it.';
comment on function private.fits_catalogue_price(numeric) is 'A valid money amount that fits numeric(12, 2) (≤ 9 999 999 999.99): true; valid but larger: false; not a valid amount: null.';
comment on table private.membership_reminders is 'One row per reminder sent (renewal_30, renewal_7, renewal_1 before the end date, expired after it): sent once.';
comment on table public.membership_plans is 'Yearly membership plans catalogue (START, PREMIUM, VIP). Written only by service_role.';
comment on column public.membership_plans.benefits is 'What the plan gives besides its profit share and idea ownership (those are rendered from their columns).';
comment on column public.membership_plans.description is 'One sentence about the plan, shown on its card in the plans grid.';
comment on column public.membership_plans.idea_ownership is 'Fraction of idea ownership (0.05 = 5 %).';
comment on column public.membership_plans.price_acc is 'Price in PLN when paid through ACC (yearly price minus the 10 % ACC discount).';
comment on column public.membership_plans.profit_share is 'Fraction of ecommerce revenue (0.05 = 5 %).';

comment on function private.warsaw_day(timestamptz) is 'The Europe/Warsaw calendar day of an instant (CET/CEST; the day changes at midnight in Warsaw).';

comment on function private.warsaw_today() is 'Today in Europe/Warsaw (a day ends at midnight in Warsaw, whatever the database''s time zone).';

comment on function private.plan_year_end(date) is 'Last day of a 12-month period starting on p_first_day: the day before the same date a year later (27.11.2026 → 26.11.2027; 01.03.2027 → 29.02.2028; 29.02.2028 → 28.02.2029).';

comment on function private.plan_change(public.membership_level,date,public.membership_level,date,date,numeric,numeric) is 'The plan-change rules, pure: what buying p_tier on p_day gives, from the level of the period covering that day (FREE: none), its last day, the last day of the periods from that day on whose level is p_tier or higher, and the two yearly list prices. change: new | upgrade (from p_day, 12 months + floor(unused days × old price ÷ new price)) | renewal / queued (the day after those periods) | blocked (after a period with no end date).';

comment on function private.membership_level_on(uuid,date) is 'THE effective level: the level of the membership period covering the day (default: today in Warsaw), else FREE.';

comment on function private.plan_change_for(uuid,public.membership_level,date) is 'private.plan_change for a member''s periods and the catalogue''s yearly list prices on a day.';

comment on function private.relay_periods(uuid,date,date,uuid) is 'Moves a member''s periods starting on p_from or later so they run back to back from p_start, each keeping its number of days (queued periods move up or back).';

comment on function private.shorten_period(uuid,date,text,uuid) is 'Ends a period on p_last_day (before its first day: it never ran), keeping its former last day and why.';

comment on function private.set_membership_from(uuid,public.membership_level,date,date,bigint,uuid) is 'An admin level edit as periods (with its audit row): the running period ends the day before the edit, the new paid level holds from the edit''s day to its end date and queued periods move behind it; FREE or a past end date ends every period from that day.';

comment on function private.run_membership_reminders(date) is 'Daily: reminders 30, 7 and 1 days before the end of a member''s last period (Warsaw days) and an expiry notice after it ran out, each once per end date, in-app and by e-mail (preference membership_reminders).';

comment on table public.membership_periods is 'The history of members'' levels: one row per period (Europe/Warsaw days, first_day..last_day inclusive; last_day = infinity: no end date). The level on a day is the period covering it, else FREE (private.membership_level_on). Members read their own, admins all; written only by the payment and admin functions.';
comment on column public.membership_periods.user_id is 'The member; null once the member''s account was erased (the period stays for the books until retain_until).';
comment on column public.membership_periods.source is 'order: a paid plan order (order_id); admin: an admin''s level edit (audit_id: its admin_audit_log row, no foreign key: audit value); backfill: the level a member had when periods were introduced.';
comment on column public.membership_periods.extra_days is 'Upgrade: days added for the unused part of the period it replaced (replaced_period_id), at the yearly list prices.';
comment on column public.membership_periods.shortened_at is 'When the period was cut short (shortened_reason: upgrade | refund | admin; shortened_by: who; shortened_from: its last day before). last_day = first_day - 1: it never ran.';

-- ========================================================================================
-- Data
-- ========================================================================================

-- public.membership_plans --------------------------------------------------------------
-- Catalogue texts: the spec names benefits and a description without giving them; shares and prices
-- are not repeated in them (the grid renders them from the numeric columns).
-- Catalogue (product.md#dashboard-9), not seed data: the server relies on it (referral commissions).
insert into public.membership_plans (tier, yearly_price_pln, profit_share, idea_ownership, price_usdt, price_acc, description, benefits) values
  ('START', 4997.00, 0.0500, 0.0500, 1220.00, 4497.00,
   'Pierwszy krok w Klubie: udział w zyskach aplikacji i w pomysłach, które zgłaszasz.',
   array[
     'Dostęp do katalogu aplikacji Klubu i ich wyników',
     'Zgłaszanie pomysłów na aplikacje i głosowanie na pomysły innych',
     'Udział w społeczności Klubu',
     'Członkostwo ważne 12 miesięcy'
   ]),
  ('PREMIUM', 14997.00, 0.1500, 0.1000, 3625.00, 13497.00,
   'Dla członków, którzy chcą większego udziału w zyskach i we własności pomysłów.',
   array[
     'Wszystko, co w planie START',
     'Pierwszeństwo w ocenie zgłoszonych pomysłów',
     'Comiesięczne podsumowanie wyników aplikacji',
     'Członkostwo ważne 12 miesięcy'
   ]),
  ('VIP', 49997.00, 0.2000, 0.2000, 12099.00, 44997.00,
   'Najwyższy poziom członkostwa: największy udział w zyskach i bezpośredni kontakt z zespołem.',
   array[
     'Wszystko, co w planie PREMIUM',
     'Bezpośredni kontakt z zespołem Klubu',
     'Zaproszenia na spotkania inwestorów Klubu',
     'Członkostwo ważne 12 miesięcy'
   ]);

-- The daily run on hosted Supabase: only where pg_cron is installable and loaded (README: enable
-- the extension, then run the same cron.schedule call once).
do $do$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and current_setting('shared_preload_libraries', true) like '%pg_cron%' then
    create extension if not exists pg_cron;
    perform cron.schedule('membership-reminders', '15 3 * * *', 'select private.run_membership_reminders()');
  end if;
end
$do$;
