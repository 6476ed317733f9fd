-- The catalogue's prices fit their columns (issue 19 §5). membership_plans.yearly_price_pln,
-- price_usdt, price_acc and ccc_tiers.price_usd are numeric(12, 2): at most 9 999 999 999.99. The
-- admin RPCs checked prices with private.is_valid_amount, the wallet's rule (numeric(18, 2), below
-- 10^16), so 10^10 … 10^16 passed the check and failed in the UPDATE with a bare numeric overflow
-- (22003) instead of a message. They now refuse such a price with `catalogue.price_too_high`
-- (P0001), the key the 'Katalog' form uses for the same limit. Same signatures, grants and
-- comments; only the price check changes.
--
-- Errors raised here (SQLSTATE P0001 unless noted):
--   catalogue.price_too_high   a price above 9 999 999 999.99 (the numeric(12, 2) columns)

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
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
revoke execute on function private.fits_catalogue_price(numeric) from public, anon, authenticated, service_role;

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
revoke execute on function private.check_catalogue_prices(numeric[]) from public, anon, authenticated, service_role;

create or replace function public.admin_update_membership_plan(
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

create or replace function public.admin_update_ccc_tier(
  p_tier public.ccc_tier,
  p_ccc_amount integer,
  p_price_usd numeric,
  p_profit_share numeric,
  p_duration_months integer,
  p_total_slots integer
)
returns public.ccc_tiers
language plpgsql
security definer
set search_path = ''
as $$
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
  select count(*) into v_used from public.ccc_assignments a where a.package_tier = p_tier and a.end_date >= now();
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
$$;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on function private.fits_catalogue_price(numeric) is
  'A valid money amount that fits numeric(12, 2) (≤ 9 999 999 999.99): true; valid but larger: false; not a valid amount: null.';
comment on function private.check_catalogue_prices(numeric[]) is
  'Raises catalogue.invalid_price (not positive, more than 2 decimals, NaN/∞, null) or catalogue.price_too_high (above 9 999 999 999.99, the numeric(12, 2) columns).';
