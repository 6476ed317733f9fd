-- The member's everyday screens (product.md#dashboard-2): what the main panel, the notifications panel and
-- the partner page need beyond what exists.
--   1. Profit notifications say which currency their amount is in: `data.currency` ('USDT' for
--      wallet credits). The panel shows PLN when a notification carries no currency (the spec's
--      profit items), and the currency the data names otherwise.
--   2. The partner page in one round trip: the caller's codes with their statistics, the members
--      they referred (e-mail masked on the server) and their own ranking counters.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.
--
-- Error keys raised here:
--   auth.forbidden                 (42501) no signed-in caller / caller may not do this
--   wallet.invalid_amount          (P0001) unchanged from admin_credit_wallet
--   wallet.invalid_note            (P0001) unchanged from admin_credit_wallet

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- Unchanged signature and rules; the profit notification's data now names its currency.
create or replace function public.admin_credit_wallet(
  p_user_id uuid,
  p_amount numeric,
  p_note text,
  p_notify boolean default false
)
returns public.wallet_balances
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_balance public.wallet_balances;
  v_note text := nullif(btrim(p_note), '');
begin
  if not private.is_admin_or_service_role() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if not private.is_valid_amount(p_amount) then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_amount';
  end if;
  if char_length(v_note) > 500 then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_note';
  end if;

  v_balance := private.apply_wallet_entry(p_user_id, 'credit', p_amount, 0, null, v_note);

  if coalesce(p_notify, false) then
    perform private.notify(
      p_user_id,
      'profit',
      'Nowe środki w portfelu',
      format('Na Twój portfel wpłynęło %s USDT.', p_amount::numeric(18, 2)),
      jsonb_build_object('amount', p_amount::numeric(18, 2), 'currency', 'USDT')
    );
  end if;
  return v_balance;
end
$$;
revoke execute on function public.admin_credit_wallet(uuid, numeric, text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.admin_credit_wallet(uuid, numeric, text, boolean) to authenticated, service_role;

-- Profit notifications that admin_credit_wallet wrote before this migration were in USDT too.
update public.notifications n
   set data = n.data || jsonb_build_object('currency', 'USDT')
 where n.type = 'profit'
   and n.title = 'Nowe środki w portfelu'
   and not (n.data ? 'currency');

-- Partner page ('Program Partnerski'): everything it shows, in one call.
--   codes:           the caller's codes with their statistics, newest first (at most 5 exist);
--   referred:        the latest p_referred_limit members the caller referred, newest first, with the
--                    e-mail masked (first 3 characters of the local part, then ***@domain);
--   referred_total:  how many members the caller referred in all;
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
               where rr.referrer_id = v_uid
               order by rr.created_at desc, rr.referred_id
               limit p_referred_limit) r
        join public.profiles p on p.user_id = r.referred_id), '[]'::jsonb),
    'referred_total', (select count(*) from public.referral_relationships rr where rr.referrer_id = v_uid),
    'referral_count', coalesce((select s.referral_count from private.referrer_stats s where s.user_id = v_uid), 0),
    'total_earnings', coalesce((select s.total_earnings from private.referrer_stats s where s.user_id = v_uid), 0)
  ) into v_result;

  return v_result;
end
$$;

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
revoke execute on function public.get_my_referral_overview(integer) from public, anon, authenticated, service_role;
grant execute on function public.get_my_referral_overview(integer) to authenticated;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on column public.notifications.data is
  'Free-form details shown by the panel: amount (number), currency (''PLN'' when absent, ''USDT'' for wallet credits), percentage (number, 0-100), tier and packageTier (CCC tier names).';
comment on function public.admin_credit_wallet(uuid, numeric, text, boolean) is
  'Admin/service_role: credits a wallet through the ledger; with p_notify the member gets a profit notification with data {amount, currency: USDT}.';
comment on function public.get_my_referral_overview(integer) is
  'Partner page in one call: {codes[], referred[] (latest p_referred_limit, e-mail masked), referred_total, referral_count, total_earnings (PLN)} of the caller. Errors: auth.forbidden, referral.invalid_limit.';
