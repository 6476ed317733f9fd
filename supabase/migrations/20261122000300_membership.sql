-- Membership: levels, yearly plans, terms (valid until, effective level) and the renewal reminders.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Types
-- ========================================================================================

-- public.membership_level ---------------------------------------------------------------
create type public.membership_level as enum ('FREE', 'START', 'PREMIUM', 'VIP');

-- ========================================================================================
-- Tables
-- ========================================================================================

-- private.membership_reminders ----------------------------------------------------------
-- Which reminder went out for which end date (one row each: a reminder is sent once).
create table private.membership_reminders (
  user_id uuid not null references auth.users (id) on delete cascade,
  valid_until date not null,
  kind text not null check (kind in ('renewal', 'expired')),
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

-- ========================================================================================
-- Functions
-- ========================================================================================

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

-- private.next_valid_until() ------------------------------------------------------------
-- The end date a plan confirmed on p_today gets: one year after the later of today and the
-- current end date (while that end date still holds).
create function private.next_valid_until(p_current date, p_today date)
returns date
language sql
immutable
set search_path = ''
as $$
  select (greatest(p_today, coalesce(p_current, p_today)) + interval '1 year')::date
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
-- Reminders and expiry (run daily by pg_cron where available, by the local stack's timer):
-- 'renewal' once per end date when it is 30 days away or less, 'expired' once per end date after
-- it passed. Returns how many notifications it sent.
create function private.run_membership_reminders(p_today date default current_date)
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
    with due as (
      select p.user_id, p.membership_level, p.membership_valid_until,
             case when p.membership_valid_until < p_today then 'expired' else 'renewal' end as kind
        from public.profiles p
       where p.membership_level <> 'FREE'
         and p.membership_valid_until is not null
         and p.membership_valid_until <= p_today + 30
    )
    insert into private.membership_reminders (user_id, valid_until, kind)
    select due.user_id, due.membership_valid_until, due.kind from due
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

-- ========================================================================================
-- Grants
-- ========================================================================================

grant execute on function private.effective_level(public.membership_level,date,date) to authenticated;
grant execute on function private.run_membership_reminders(date) to service_role;
grant execute on function public.admin_update_membership_plan(public.membership_level,numeric,numeric,numeric,numeric,numeric,text,text[]) to authenticated;
grant select on public.membership_plans to anon, authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function private.check_catalogue_prices(numeric[]) is 'Raises catalogue.invalid_price (not positive, more than 2 decimals, NaN/∞, null) or catalogue.price_too_high (above 9 999 999 999.99, the numeric(12, 2) columns).';
comment on function private.effective_level(public.membership_level,date,date) is 'The level that counts on a day: the stored level while membership_valid_until is that day or later (or null), FREE after it.';
comment on function private.fits_catalogue_price(numeric) is 'A valid money amount that fits numeric(12, 2) (≤ 9 999 999 999.99): true; valid but larger: false; not a valid amount: null.';
comment on function private.run_membership_reminders(date) is 'Daily: renewal reminder from 30 days before the end date and expiry notice after it, each once per end date.';
comment on table private.membership_reminders is 'One row per reminder sent (renewal 30 days before, expired after the end date): sent once.';
comment on table public.membership_plans is 'Yearly membership plans catalogue (START, PREMIUM, VIP). Written only by service_role.';
comment on column public.membership_plans.benefits is 'What the plan gives besides its profit share and idea ownership (those are rendered from their columns).';
comment on column public.membership_plans.description is 'One sentence about the plan, shown on its card in the plans grid.';
comment on column public.membership_plans.idea_ownership is 'Fraction of idea ownership (0.05 = 5 %).';
comment on column public.membership_plans.price_acc is 'Price in PLN when paid through ACC (yearly price minus the 10 % ACC discount).';
comment on column public.membership_plans.profit_share is 'Fraction of ecommerce revenue (0.05 = 5 %).';

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
