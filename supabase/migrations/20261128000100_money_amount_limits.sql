-- Money amounts fit their columns (issue 19 §2, issue 20 §3 and §4), the gap the catalogue RPCs
-- closed in 20261127000100_catalogue_price_limit.sql:
-- - admin_confirm_payment checked the amount received with private.is_valid_amount (the wallet's
--   rule: below 10^16), but payment_orders.amount_received is numeric(12, 2). 10^10 … 10^16 passed
--   the check and failed in the UPDATE with a bare numeric overflow (22003). It now refuses them with
--   `payments.amount_too_high`, the key the confirm dialog uses for the same limit. The e-mail's
--   amount format had 9 integer digits ('FM999999990.00'), so an amount of 10 digits was written as
--   '#########.##': it now has 10.
-- - private.apply_wallet_entry, the one writer of balances: a credit that would take a balance (or
--   the total) past numeric(18, 2) overflowed; it now raises `wallet.balance_too_high`. Every credit
--   and debit (admin_adjust_wallet, admin_credit_wallet, payout runs, withdrawals) goes through it.
-- - private.payout_tiers (the payout preview and run): a revenue entry times the rate could give
--   USDT totals past numeric(18, 2) (revenue < 10^12, rate < 10^6); it now raises
--   `payouts.amount_too_high` before anything is computed or written.
-- The member's withdrawal request takes at most the available balance (numeric(18, 2)), the payout
-- rate is checked against numeric(12, 6) (private.valid_payout_rate) and the revenue entry is a table
-- insert whose form allows 12 digits (numeric(14, 2)): no change there.
--
-- Errors raised here (SQLSTATE P0001):
--   payments.amount_too_high   an amount received above 9 999 999 999.99
--   wallet.balance_too_high    a balance entry that would take a balance to 10^16 or more
--   payouts.amount_too_high    a payout whose USDT totals would reach 10^16

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- Same body as 20261125120000_money_operations.sql, plus the balance limit.
create or replace function private.apply_wallet_entry(
  p_user_id uuid,
  p_kind public.wallet_transaction_kind,
  p_available_delta numeric,
  p_pending_delta numeric,
  p_withdrawal_id uuid default null,
  p_note text default null
)
returns public.wallet_balances
language plpgsql
set search_path = ''
as $$
declare
  v_balance public.wallet_balances;
begin
  p_available_delta := coalesce(p_available_delta, 0);
  p_pending_delta := coalesce(p_pending_delta, 0);
  if (p_available_delta = 0 and p_pending_delta = 0)
     or p_available_delta <> round(p_available_delta, 2)
     or p_pending_delta <> round(p_pending_delta, 2) then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_entry';
  end if;

  select * into v_balance
    from public.wallet_balances
   where user_id = p_user_id
     for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'wallet.not_found';
  end if;
  if v_balance.available_balance + p_available_delta < 0 then
    raise exception using errcode = 'P0001', message = 'wallet.insufficient_funds';
  end if;
  if v_balance.pending_balance + p_pending_delta < 0 then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_entry';
  end if;
  -- numeric(18, 2): available, pending and their total (a generated column) stay below 10^16.
  if v_balance.available_balance + p_available_delta + v_balance.pending_balance + p_pending_delta >= 1e16 then
    raise exception using errcode = 'P0001', message = 'wallet.balance_too_high';
  end if;

  insert into public.wallet_transactions (
    user_id, kind, available_delta, pending_delta, withdrawal_id, note, created_by, available_after, pending_after
  )
  values (
    p_user_id, p_kind, p_available_delta, p_pending_delta, p_withdrawal_id, p_note, auth.uid(),
    v_balance.available_balance + p_available_delta, v_balance.pending_balance + p_pending_delta
  );

  update public.wallet_balances
     set available_balance = available_balance + p_available_delta,
         pending_balance = pending_balance + p_pending_delta
   where user_id = p_user_id
  returning * into v_balance;
  return v_balance;
end
$$;

-- Raises payouts.amount_too_high when the USDT a payout of this entry at this rate pays out in all
-- (the entry times the paid tiers' shares times the rate) would not fit numeric(18, 2); true otherwise.
create function private.check_payout_fits(p_amount numeric, p_rate numeric)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_amount * p_rate * (select coalesce(sum(mp.profit_share), 0) from public.membership_plans mp where mp.tier <> 'FREE')
     >= 1e16 then
    raise exception using errcode = 'P0001', message = 'payouts.amount_too_high';
  end if;
  return true;
end
$$;
revoke execute on function private.check_payout_fits(numeric, numeric) from public, anon, authenticated, service_role;

-- Same body as 20261127000300_paid_member_terms.sql, plus the check of the totals.
create or replace function private.payout_tiers(p_revenue public.ecommerce_revenue, p_rate numeric)
returns table (
  tier public.membership_level,
  percentage numeric,
  pool_pln numeric,
  members integer,
  per_member_pln numeric,
  per_member_usdt numeric,
  remainder_pln numeric
)
language sql
stable
set search_path = ''
as $$
  with day as (
    select (p_revenue.created_at at time zone 'Europe/Warsaw')::date as d
  ),
  counts as (
    select split_part(c.key, ':', 1)::public.membership_level as tier, sum(c.value)::integer as n
      from private.dashboard_counters c, day
     where c.kind = 'paid_member_terms'
       and split_part(c.key, ':', 2)::date >= day.d
     group by 1
  ),
  tiers as (
    select mp.tier, mp.profit_share,
           round(p_revenue.amount * mp.profit_share, 2) as pool,
           coalesce(c.n, 0) as n
      from public.membership_plans mp
      left join counts c on c.tier = mp.tier
     where mp.tier <> 'FREE'
       and private.check_payout_fits(p_revenue.amount, p_rate)
  ),
  shares as (
    select t.*, case when t.n > 0 then floor(t.pool * 100 / t.n) / 100 else 0 end as share
      from tiers t
  )
  select s.tier,
         round(s.profit_share * 100, 2),
         s.pool::numeric(18, 2),
         s.n,
         s.share::numeric(18, 2),
         (floor(s.share * p_rate * 100) / 100)::numeric(18, 2),
         (s.pool - s.share * s.n)::numeric(18, 2)
    from shares s
   order by s.profit_share
$$;

-- Same body as 20261125110000_payments.sql, with the amount limit of numeric(12, 2) and a 10-digit
-- amount format in the e-mail.
create or replace function public.admin_confirm_payment(
  p_order_id uuid,
  p_amount_received numeric default null,
  p_tx_hash text default null
)
returns table (changed boolean, payment_order public.payment_orders)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
  v_before public.payment_orders;
  v_profile public.profiles;
  v_valid_until date;
  v_today date := current_date;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  -- payment_orders.amount_received is numeric(12, 2), as the catalogue prices
  -- (private.fits_catalogue_price: null = not a valid amount, false = valid but too large).
  if p_amount_received is not null and private.fits_catalogue_price(p_amount_received) is null then
    raise exception using errcode = 'P0001', message = 'payments.invalid_amount';
  end if;
  if p_amount_received is not null and not private.fits_catalogue_price(p_amount_received) then
    raise exception using errcode = 'P0001', message = 'payments.amount_too_high';
  end if;

  select * into v_order from public.payment_orders o where o.id = p_order_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'payments.order_not_found';
  end if;
  if v_order.status = 'paid' then
    changed := false;
    payment_order := v_order;
    return next;
    return;
  end if;
  if v_order.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'payments.not_pending';
  end if;
  p_tx_hash := nullif(btrim(coalesce(p_tx_hash, '')), '');
  if p_tx_hash is not null and (v_order.method <> 'usdt' or p_tx_hash !~ '^0x[0-9a-fA-F]{64}$') then
    raise exception using errcode = 'P0001', message = 'payments.invalid_tx_hash';
  end if;
  v_before := v_order;

  if v_order.kind = 'plan' then
    select * into v_profile from public.profiles p where p.user_id = v_order.user_id for update;
    if not found then
      raise exception using errcode = 'P0002', message = 'admin.user_not_found';
    end if;
    v_valid_until := private.next_valid_until(
      case when private.effective_level(v_profile.membership_level, v_profile.membership_valid_until, v_today) <> 'FREE'
           then v_profile.membership_valid_until end,
      v_today
    );
    update public.profiles p
       set membership_level = v_order.plan_tier, membership_valid_until = v_valid_until
     where p.user_id = v_order.user_id;
  else
    perform public.admin_assign_ccc_package(v_order.user_id, v_order.ccc_tier, v_order.quantity);
  end if;

  update public.payment_orders o
     set status = 'paid',
         decided_at = now(),
         decided_by = (select auth.uid()),
         amount_received = coalesce(p_amount_received, o.amount),
         tx_hash = p_tx_hash,
         membership_valid_until = v_valid_until,
         updated_at = now()
   where o.id = p_order_id
  returning * into v_order;

  perform private.audit(
    'payment.confirm', 'payment_order', v_order.id::text, v_order.user_id,
    jsonb_build_object('status', v_before.status, 'amount_received', v_before.amount_received, 'tx_hash', v_before.tx_hash),
    jsonb_build_object('status', v_order.status, 'amount_received', v_order.amount_received, 'tx_hash', v_order.tx_hash)
  );
  perform private.notify(
    v_order.user_id, 'system', 'Płatność potwierdzona',
    format('Potwierdziliśmy Twoją płatność %s (%s).', v_order.reference, private.order_item_label(v_order))
      || case when v_valid_until is not null then format(' Członkostwo ważne do %s.', to_char(v_valid_until, 'DD.MM.YYYY')) else '' end,
    jsonb_build_object('orderId', v_order.id, 'reference', v_order.reference, 'status', 'paid')
  );
  perform private.queue_member_email('payment-confirmed', v_order.user_id, jsonb_build_object(
    'reference', v_order.reference,
    'item', private.order_item_label(v_order),
    'amount', to_char(v_order.amount_received, 'FM9999999990.00') || ' ' || v_order.currency,
    'valid_until', coalesce(to_char(v_valid_until, 'DD.MM.YYYY'), '')
  ));

  changed := true;
  payment_order := v_order;
  return next;
end
$$;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on function private.check_payout_fits(numeric, numeric) is
  'Raises payouts.amount_too_high when a revenue amount x the paid tiers'' shares x the PLN→USDT rate would reach 10^16 (numeric(18, 2) of the payout totals and wallets); else true.';
