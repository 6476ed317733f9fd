-- Plans grid and CCC packages page (product.md#dashboard-2, §9): what the catalogue lacked.
--   * membership_plans gets the spec's "benefits and description" (one source of truth with the
--     prices and shares already there);
--   * ccc_tiers gets the ACC price (90 % of the USDT price, §9 "ACC discount is 10% (price x 0.9)"),
--     computed by the database so the browser only formats money;
--   * ccc_settings: the site-wide CCC facts the spec keeps in the browser (contract address, the
--     explorer page of the token, the 1,000,000 total supply), readable by members, edited by admins;
--   * get_ccc_availability() also returns the ACC price and what ACC saves.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
alter table public.membership_plans
  add column description text not null default '' check (char_length(description) <= 1000),
  add column benefits text[] not null default '{}'
    check (cardinality(benefits) <= 20 and array_position(benefits, null) is null);

-- Catalogue texts (the spec names benefits and a description without giving them). Shares and
-- prices are not repeated here: the grid renders them from the numeric columns.
update public.membership_plans
   set description = 'Pierwszy krok w Klubie: udział w zyskach aplikacji i w pomysłach, które zgłaszasz.',
       benefits = array[
         'Dostęp do katalogu aplikacji Klubu i ich wyników',
         'Zgłaszanie pomysłów na aplikacje i głosowanie na pomysły innych',
         'Udział w społeczności Klubu',
         'Członkostwo ważne 12 miesięcy'
       ]
 where tier = 'START';
update public.membership_plans
   set description = 'Dla członków, którzy chcą większego udziału w zyskach i we własności pomysłów.',
       benefits = array[
         'Wszystko, co w planie START',
         'Pierwszeństwo w ocenie zgłoszonych pomysłów',
         'Comiesięczne podsumowanie wyników aplikacji',
         'Członkostwo ważne 12 miesięcy'
       ]
 where tier = 'PREMIUM';
update public.membership_plans
   set description = 'Najwyższy poziom członkostwa: największy udział w zyskach i bezpośredni kontakt z zespołem.',
       benefits = array[
         'Wszystko, co w planie PREMIUM',
         'Bezpośredni kontakt z zespołem Klubu',
         'Zaproszenia na spotkania inwestorów Klubu',
         'Członkostwo ważne 12 miesięcy'
       ]
 where tier = 'VIP';

alter table public.ccc_tiers
  add column price_acc_usd numeric(12, 2) generated always as (round(price_usd * 0.9, 2)) stored;

create table public.ccc_settings (
  id boolean primary key default true check (id),
  contract_address text check (contract_address ~ '^0x[0-9a-fA-F]{40}$'),
  total_supply numeric(30, 0) not null default 1000000 check (total_supply > 0),
  explorer_token_url text not null default 'https://etherscan.io/token/{address}'
    check (char_length(explorer_token_url) <= 500
           and explorer_token_url ~* '^https://[^[:space:]/?#]+\.[^[:space:]/?#]+/[^[:space:]]*\{address\}[^[:space:]]*$'),
  updated_at timestamptz not null default now()
);
alter table public.ccc_settings enable row level security;

-- The one row. The contract address is the club's to enter (admin area); seed.sql sets an example.
insert into public.ccc_settings (id) values (true);

-- -------------------------------------------------------------------------------------
-- Indexes: ccc_settings has one row (its primary key).
-- -------------------------------------------------------------------------------------

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- Same call as before with two columns more at the end; the return type changes, so it is
-- dropped and created again (with its grants).
drop function public.get_ccc_availability();

create function public.get_ccc_availability()
returns table (
  tier public.ccc_tier,
  ccc_amount integer,
  price_usd numeric,
  profit_share numeric,
  duration_months smallint,
  total_slots integer,
  used_slots integer,
  available_slots integer,
  price_acc_usd numeric,
  acc_savings_usd numeric
)
language sql
stable
security definer
set search_path = ''
as $$
  select t.tier,
         t.ccc_amount,
         t.price_usd,
         t.profit_share,
         t.duration_months,
         t.total_slots,
         coalesce(u.used, 0)::integer,
         greatest(t.total_slots - coalesce(u.used, 0), 0)::integer,
         t.price_acc_usd,
         t.price_usd - t.price_acc_usd
    from public.ccc_tiers t
    left join (
      select a.package_tier, count(*) as used
        from public.ccc_assignments a
       where a.end_date >= now()
       group by a.package_tier
    ) u on u.package_tier = t.tier
   order by t.sort_order
$$;
revoke execute on function public.get_ccc_availability() from public, anon, authenticated, service_role;
grant execute on function public.get_ccc_availability() to authenticated, service_role;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger ccc_settings_set_updated_at
  before update on public.ccc_settings
  for each row execute function private.set_updated_at();

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
create policy ccc_settings_select_authenticated on public.ccc_settings
  for select to authenticated
  using (true);

create policy ccc_settings_update_authenticated on public.ccc_settings
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
revoke all on public.ccc_settings from anon, authenticated, service_role;
grant select on public.ccc_settings to authenticated, service_role;
grant update (contract_address, total_supply, explorer_token_url) on public.ccc_settings to authenticated;
grant update on public.ccc_settings to service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on column public.membership_plans.description is 'One sentence about the plan, shown on its card in the plans grid.';
comment on column public.membership_plans.benefits is
  'What the plan gives besides its profit share and idea ownership (those are rendered from their columns).';
comment on column public.ccc_tiers.price_acc_usd is 'Price in USDT when paid through ACC: 90 % of price_usd (product.md#dashboard-9), rounded to cents.';
comment on table public.ccc_settings is
  'Site-wide CCC facts (one row): the ERC20 contract, its explorer page and the total supply. Members read; admins change.';
comment on column public.ccc_settings.contract_address is 'The CCC token contract (0x + 40 hex); null hides the explorer link until the club enters it.';
comment on column public.ccc_settings.total_supply is 'Total CCC supply shown on the CCC page (the spec''s 1,000,000 constant).';
comment on column public.ccc_settings.explorer_token_url is 'The token''s explorer page; {address} is replaced by the contract address.';
comment on function public.get_ccc_availability() is
  'Per-tier catalogue, used/available slot counts and ACC price (90 %) with its saving, for members; reveals no assignee.';
