-- Money operations (issue 20): the audit trail's coverage of every existing admin write, the
-- member's ledger history (balance after each entry), cancelling a pending withdrawal, saved
-- withdrawal addresses, admin credit/debit with a reason, profit payout runs, money notifications
-- and validated notification preferences.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.
--
-- Error keys raised here:
--   auth.forbidden                      (42501) caller may not do this
--   wallet.withdrawal_not_found         (P0002) no such withdrawal of the caller
--   wallet.withdrawal_not_pending       (P0001) already completed, failed or cancelled
--   wallet.invalid_amount               (P0001) amount missing, <= 0, more than 2 decimals or too large
--   wallet.invalid_reason               (P0001) reason missing or longer than 500 characters
--   wallet.insufficient_funds           (P0001) a debit above the available balance
--   wallet.addresses_limit              (P0001) an 11th saved address
--   payouts.revenue_not_found           (P0002) no such revenue entry
--   payouts.invalid_rate                (P0001) PLN->USDT rate missing, <= 0 or with more than 6 decimals
--   payouts.already_paid                (P0001) the revenue entry has a payout run already
--   payouts.nothing_to_pay              (P0001) no member of any paid tier, or every share rounds to 0
--   settings.invalid_notification_preferences (P0001) unknown key, non-boolean value or too many keys
--
-- The audit trail mechanism (docs/decisions.md, Issue 20):
--   * admin-only tables get the generic row trigger private.audit_admin_write(), which appends one
--     row per changed row when the caller is an admin (private.is_admin()) and the write is the
--     statement's own (pg_trigger_depth() = 1: cascades and side effects of other triggers are not
--     separate actions). Arguments name columns that are never recorded (secrets).
--   * tables members write too get the same trigger with a WHEN clause that only admin changes
--     meet (profiles: level and end date always, name/phone of someone else; app_ideas: status);
--   * money functions (credit/debit, withdrawal settlement, payout runs) call private.audit
--     explicitly, since their tables are written by members' functions as well.

-- -------------------------------------------------------------------------------------
-- Types
-- -------------------------------------------------------------------------------------
-- Used only at run time (function bodies), so adding it inside the migration's transaction is fine.
alter type public.withdrawal_status add value if not exists 'cancelled';
-- A profit payout run's credit (admin_run_payout), told apart from deposits in the history.
alter type public.wallet_transaction_kind add value if not exists 'profit_payout';

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
-- The ledger keeps the balances after each entry, so the history pages without summing.
alter table public.wallet_transactions
  add column available_after numeric(18, 2),
  add column pending_after numeric(18, 2);

alter table public.wallet_transactions disable trigger wallet_transactions_append_only;
update public.wallet_transactions t
   set available_after = s.available_after, pending_after = s.pending_after
  from (
    select id,
           sum(available_delta) over (partition by user_id order by id) as available_after,
           sum(pending_delta) over (partition by user_id order by id) as pending_after
      from public.wallet_transactions
  ) s
 where s.id = t.id;
alter table public.wallet_transactions enable trigger wallet_transactions_append_only;

create table public.withdrawal_addresses (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  label text not null check (label ~ '[^[:space:]]' and char_length(label) <= 50),
  network public.withdrawal_network not null,
  address text not null check (address ~ '^0x[0-9a-fA-F]{40}$'),
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  unique (user_id, network, address)
);
alter table public.withdrawal_addresses enable row level security;

create table public.payout_runs (
  id uuid primary key default gen_random_uuid(),
  revenue_id uuid not null unique references public.ecommerce_revenue (id) on delete restrict,
  revenue_amount numeric(14, 2) not null,
  revenue_date date not null,
  rate_pln_usdt numeric(12, 6) not null check (rate_pln_usdt > 0),
  -- Per tier: {tier, percentage, pool_pln, members, per_member_pln, per_member_usdt, remainder_pln}.
  tiers jsonb not null check (jsonb_typeof(tiers) = 'array'),
  members_count integer not null check (members_count >= 0),
  total_pln numeric(18, 2) not null,
  total_usdt numeric(18, 2) not null,
  remainder_pln numeric(18, 2) not null,
  created_by uuid,
  created_by_email text,
  created_at timestamptz not null default now()
);
alter table public.payout_runs enable row level security;

create table public.payout_run_items (
  run_id uuid not null references public.payout_runs (id) on delete cascade,
  user_id uuid not null,
  tier public.membership_level not null,
  amount_pln numeric(18, 2) not null check (amount_pln > 0),
  amount_usdt numeric(18, 2) not null check (amount_usdt > 0),
  primary key (run_id, user_id)
);
alter table public.payout_run_items enable row level security;

-- -------------------------------------------------------------------------------------
-- Indexes
-- -------------------------------------------------------------------------------------
create index withdrawal_addresses_user_id_idx on public.withdrawal_addresses (user_id, created_at);
create unique index withdrawal_addresses_one_default_idx on public.withdrawal_addresses (user_id) where is_default;
create index payout_runs_created_at_idx on public.payout_runs (created_at desc);
create index payout_run_items_user_id_idx on public.payout_run_items (user_id);
-- 'Dziennik zmian' filters by the admin's e-mail, newest first.
create index admin_audit_log_actor_email_idx on public.admin_audit_log (actor_email, created_at desc);
-- Payout runs pick members by effective level: the level and end date, read from the index alone.
create index profiles_membership_level_valid_until_idx on public.profiles (membership_level, membership_valid_until)
  include (user_id);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------

-- The generic audit row trigger: one admin_audit_log row per row an admin's own statement changes.
-- TG_ARGV: columns never recorded (secrets such as smtp_configs.password); updated_at is never
-- recorded either. Member writes stay out: the caller must be an admin, and the tables members also
-- write get a WHEN clause on the trigger (see the Triggers section).
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
  v_hidden text[] := array['updated_at'] || coalesce(tg_argv::text[], '{}');
  v_target text;
begin
  if pg_trigger_depth() > 1 or not private.is_admin() then
    return null;
  end if;
  if tg_op <> 'INSERT' then
    v_old := to_jsonb(old) - v_hidden;
  end if;
  if tg_op <> 'DELETE' then
    v_new := to_jsonb(new) - v_hidden;
  end if;
  if tg_op = 'UPDATE' and v_old = v_new then
    return null;
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
revoke execute on function private.audit_admin_write() from public, anon, authenticated, service_role;

-- auth.users: an admin confirming an e-mail (admin_confirm_email, admin_update_user) or deleting an
-- account (admin_delete_user). Only the fields that matter are recorded, never the credentials.
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
  if tg_op = 'DELETE' then
    perform private.audit(
      'user.delete', 'user', old.id::text, old.id,
      jsonb_build_object('email', old.email, 'full_name', (select p.full_name from public.profiles p where p.user_id = old.id)),
      null
    );
  else
    perform private.audit(
      case when new.email_confirmed_at is null then 'user.unconfirm_email' else 'user.confirm_email' end,
      'user', new.id::text, new.id,
      jsonb_build_object('email_confirmed_at', old.email_confirmed_at),
      jsonb_build_object('email_confirmed_at', new.email_confirmed_at)
    );
  end if;
  return null;
end
$$;
revoke execute on function private.audit_admin_auth_user() from public, anon, authenticated, service_role;

-- THE only place balances change (wallet migration), now also writing the balances after the entry.
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
revoke execute on function private.apply_wallet_entry(uuid, public.wallet_transaction_kind, numeric, numeric, uuid, text) from public, anon, authenticated, service_role;

-- The keys notification_preferences may hold: the e-mail kinds a member can switch off in
-- 'Powiadomienia e-mail', and the in-app notification types (profit, message, system) that the
-- security migration (20261125101000_volume_limits.sql) first allowed. Security e-mails (password,
-- e-mail address, 2FA) are not in the list: they are always sent.
create function private.notification_preference_keys()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    'wallet_credited', 'profit_payout', 'withdrawal_requested', 'withdrawal_completed', 'withdrawal_failed',
    'profit', 'message', 'system'
  ]
$$;

-- Replaces the security migration's check (same name and argument, used by its constraint) with the
-- list above and a bound on the number of keys.
create or replace function private.valid_notification_preferences(p_preferences jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p_preferences) = 'object'
     and (select count(*) from jsonb_object_keys(p_preferences)) <= 20
     and not exists (
       select 1 from jsonb_each(p_preferences) e
        where e.key <> all (private.notification_preference_keys())
           or jsonb_typeof(e.value) <> 'boolean'
     )
$$;

create function private.guard_notification_preferences()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not private.valid_notification_preferences(new.notification_preferences) then
    raise exception using errcode = 'P0001', message = 'settings.invalid_notification_preferences';
  end if;
  return new;
end
$$;

-- Saved addresses: at most 10 per member (counted under a lock on the member's wallet row, so two
-- inserts at once cannot both be the 10th); a new default replaces the old one.
create function private.guard_withdrawal_addresses()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform 1 from public.wallet_balances b where b.user_id = new.user_id for update;
    if (select count(*) from public.withdrawal_addresses a where a.user_id = new.user_id) >= 10 then
      raise exception using errcode = 'P0001', message = 'wallet.addresses_limit';
    end if;
  end if;
  if new.is_default and (tg_op = 'INSERT' or not old.is_default) then
    update public.withdrawal_addresses a
       set is_default = false
     where a.user_id = new.user_id and a.is_default and a.id <> new.id;
  end if;
  return new;
end
$$;
revoke execute on function private.guard_withdrawal_addresses() from public, anon, authenticated, service_role;

-- Member: withdrawal requested (with the in-app notification).
create or replace function public.request_withdrawal(p_amount numeric, p_network public.withdrawal_network, p_address text)
returns public.withdrawals
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_available numeric;
  v_withdrawal public.withdrawals;
begin
  if v_user_id is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if not private.is_valid_amount(p_amount) then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_amount';
  end if;
  if p_network is null then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_network';
  end if;
  if p_address is null or p_address !~ '^0x[0-9a-fA-F]{40}$' then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_address';
  end if;
  if exists (
       select 1 from auth.mfa_factors f
        where f.user_id = v_user_id and f.status = 'verified'
     )
     and coalesce(auth.jwt() ->> 'aal', '') <> 'aal2' then
    raise exception using errcode = 'P0001', message = 'wallet.mfa_required';
  end if;

  select b.available_balance into v_available
    from public.wallet_balances b
   where b.user_id = v_user_id
     for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'wallet.not_found';
  end if;
  if p_amount > v_available then
    raise exception using errcode = 'P0001', message = 'wallet.insufficient_funds';
  end if;

  insert into public.withdrawals (user_id, amount, network, address)
  values (v_user_id, p_amount, p_network, p_address)
  returning * into v_withdrawal;

  perform private.apply_wallet_entry(v_user_id, 'withdrawal_hold', -p_amount, p_amount, v_withdrawal.id, null);
  perform private.notify(
    v_user_id,
    'system',
    'Zlecenie wypłaty przyjęte',
    format('Zleciłeś wypłatę %s USDT (%s) na adres %s.', v_withdrawal.amount, v_withdrawal.network, v_withdrawal.address),
    jsonb_build_object('kind', 'withdrawal_requested', 'amount', v_withdrawal.amount, 'currency', 'USDT',
                       'withdrawalId', v_withdrawal.id, 'network', v_withdrawal.network)
  );
  return v_withdrawal;
end
$$;

-- Member: cancels their own pending withdrawal; the amount returns to available. Locks the
-- withdrawal row as the admin's complete/fail do, so a cancel racing a settlement: one wins, the
-- other sees wallet.withdrawal_not_pending.
create function public.cancel_withdrawal(p_withdrawal_id uuid)
returns public.withdrawals
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_withdrawal public.withdrawals;
begin
  if v_user_id is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  select * into v_withdrawal
    from public.withdrawals w
   where w.id = p_withdrawal_id and w.user_id = v_user_id
     for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'wallet.withdrawal_not_found';
  end if;
  if v_withdrawal.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_not_pending';
  end if;

  update public.withdrawals
     set status = 'cancelled', processed_at = now(), processed_by = v_user_id
   where id = p_withdrawal_id
  returning * into v_withdrawal;

  perform private.apply_wallet_entry(v_user_id, 'withdrawal_release', v_withdrawal.amount, -v_withdrawal.amount,
                                     v_withdrawal.id, 'Anulowana przez członka');
  return v_withdrawal;
end
$$;

-- Admin: the payout was sent on chain (now with its audit row).
create or replace function public.admin_complete_withdrawal(p_withdrawal_id uuid, p_tx_hash text)
returns public.withdrawals
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_withdrawal public.withdrawals;
begin
  if not private.is_admin_or_service_role() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_tx_hash is null or p_tx_hash !~ '^0x[0-9a-fA-F]{64}$' then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_tx_hash';
  end if;

  select * into v_withdrawal from public.withdrawals where id = p_withdrawal_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'wallet.withdrawal_not_found';
  end if;
  if v_withdrawal.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_not_pending';
  end if;

  update public.withdrawals
     set status = 'completed', tx_hash = p_tx_hash, processed_at = now(), processed_by = auth.uid()
   where id = p_withdrawal_id
  returning * into v_withdrawal;

  perform private.apply_wallet_entry(v_withdrawal.user_id, 'withdrawal_payout', 0, -v_withdrawal.amount, v_withdrawal.id, null);
  perform private.notify(
    v_withdrawal.user_id,
    'system',
    'Wypłata zrealizowana',
    format('Twoja wypłata %s USDT (%s) została zrealizowana.', v_withdrawal.amount, v_withdrawal.network),
    jsonb_build_object('kind', 'withdrawal_completed', 'amount', v_withdrawal.amount, 'withdrawalId', v_withdrawal.id,
                       'network', v_withdrawal.network, 'txHash', p_tx_hash)
  );
  if private.is_admin() then
    perform private.audit('withdrawal.complete', 'withdrawal', v_withdrawal.id::text, v_withdrawal.user_id,
      jsonb_build_object('status', 'pending', 'tx_hash', null),
      jsonb_build_object('status', 'completed', 'tx_hash', p_tx_hash, 'amount', v_withdrawal.amount));
  end if;
  return v_withdrawal;
end
$$;

-- Admin: the payout could not be made (now with its audit row).
create or replace function public.admin_fail_withdrawal(p_withdrawal_id uuid, p_reason text)
returns public.withdrawals
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_withdrawal public.withdrawals;
  v_reason text := btrim(p_reason);
begin
  if not private.is_admin_or_service_role() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if v_reason is null or v_reason = '' or char_length(v_reason) > 500 then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_reason';
  end if;

  select * into v_withdrawal from public.withdrawals where id = p_withdrawal_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'wallet.withdrawal_not_found';
  end if;
  if v_withdrawal.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_not_pending';
  end if;

  update public.withdrawals
     set status = 'failed', failure_reason = v_reason, processed_at = now(), processed_by = auth.uid()
   where id = p_withdrawal_id
  returning * into v_withdrawal;

  perform private.apply_wallet_entry(v_withdrawal.user_id, 'withdrawal_release', v_withdrawal.amount, -v_withdrawal.amount, v_withdrawal.id, v_reason);
  perform private.notify(
    v_withdrawal.user_id,
    'system',
    'Wypłata odrzucona',
    format('Twoja wypłata %s USDT nie została zrealizowana: %s. Środki wróciły do salda dostępnego.', v_withdrawal.amount, v_reason),
    jsonb_build_object('kind', 'withdrawal_failed', 'amount', v_withdrawal.amount, 'withdrawalId', v_withdrawal.id,
                       'network', v_withdrawal.network, 'reason', v_reason)
  );
  if private.is_admin() then
    perform private.audit('withdrawal.fail', 'withdrawal', v_withdrawal.id::text, v_withdrawal.user_id,
      jsonb_build_object('status', 'pending', 'failure_reason', null),
      jsonb_build_object('status', 'failed', 'failure_reason', v_reason, 'amount', v_withdrawal.amount));
  end if;
  return v_withdrawal;
end
$$;

-- Admin / server code: deposits (as before), with the audit row when an admin calls it.
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
  if private.is_admin() then
    perform private.audit('wallet.credit', 'wallet', p_user_id::text, p_user_id,
      jsonb_build_object('available_balance', v_balance.available_balance - p_amount),
      jsonb_build_object('available_balance', v_balance.available_balance, 'amount', p_amount, 'note', v_note));
  end if;
  return v_balance;
end
$$;

-- Admin ('Portfel' in the users tab): credit or debit with a required reason, shown to the member
-- as the ledger note. Through the single ledger function; a debit never takes available below zero.
create function public.admin_adjust_wallet(
  p_user_id uuid,
  p_direction text,
  p_amount numeric,
  p_reason text
)
returns public.wallet_balances
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_balance public.wallet_balances;
  v_reason text := btrim(p_reason);
  v_credit boolean;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_direction is null or p_direction not in ('credit', 'debit') then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_entry';
  end if;
  v_credit := p_direction = 'credit';
  if not private.is_valid_amount(p_amount) then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_amount';
  end if;
  if v_reason is null or v_reason = '' or char_length(v_reason) > 500 then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_reason';
  end if;

  v_balance := private.apply_wallet_entry(
    p_user_id,
    case when v_credit then 'credit' else 'adjustment' end::public.wallet_transaction_kind,
    case when v_credit then p_amount else -p_amount end,
    0, null, v_reason
  );

  perform private.notify(
    p_user_id,
    'system',
    case when v_credit then 'Portfel zasilony' else 'Korekta salda portfela' end,
    format(case when v_credit then 'Na Twój portfel wpłynęło %s USDT: %s.' else 'Z Twojego portfela pobrano %s USDT: %s.' end,
           p_amount::numeric(18, 2), v_reason),
    jsonb_build_object('kind', case when v_credit then 'wallet_credited' else 'wallet_debited' end,
                       'amount', p_amount::numeric(18, 2), 'currency', 'USDT', 'reason', v_reason)
  );
  perform private.audit('wallet.' || p_direction, 'wallet', p_user_id::text, p_user_id,
    jsonb_build_object('available_balance', v_balance.available_balance - case when v_credit then p_amount else -p_amount end),
    jsonb_build_object('available_balance', v_balance.available_balance, 'amount', p_amount, 'reason', v_reason));
  return v_balance;
end
$$;

-- Payout computation shared by preview and run: per paid tier, the pool (entry x the plan's profit
-- share), the members whose effective level on the entry's day (Europe/Warsaw) is that tier, and
-- each member's share rounded DOWN to 0.01 PLN; USDT = PLN x rate rounded down to 0.01.
create function private.payout_tiers(p_revenue public.ecommerce_revenue, p_rate numeric)
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
    select p.membership_level as tier, count(*)::integer as n
      from public.profiles p, day
     where p.membership_level in ('START', 'PREMIUM', 'VIP') -- an index range, unlike <> 'FREE'
       and (p.membership_valid_until is null or p.membership_valid_until >= day.d)
     group by p.membership_level
  ),
  tiers as (
    select mp.tier, mp.profit_share,
           round(p_revenue.amount * mp.profit_share, 2) as pool,
           coalesce(c.n, 0) as n
      from public.membership_plans mp
      left join counts c on c.tier = mp.tier
     where mp.tier <> 'FREE'
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
revoke execute on function private.payout_tiers(public.ecommerce_revenue, numeric) from public, anon, authenticated, service_role;

create function private.valid_payout_rate(p_rate numeric)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(p_rate > 0 and p_rate = round(p_rate, 6) and p_rate < 1000000, false)
$$;

-- Admin: what a run would pay, per tier (nothing is written).
create function public.admin_preview_payout(p_revenue_id uuid, p_rate numeric)
returns table (
  tier public.membership_level,
  percentage numeric,
  pool_pln numeric,
  members integer,
  per_member_pln numeric,
  per_member_usdt numeric,
  remainder_pln numeric,
  already_paid boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_revenue public.ecommerce_revenue;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if not private.valid_payout_rate(p_rate) then
    raise exception using errcode = 'P0001', message = 'payouts.invalid_rate';
  end if;
  select * into v_revenue from public.ecommerce_revenue r where r.id = p_revenue_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'payouts.revenue_not_found';
  end if;
  return query
    select t.*, exists (select 1 from public.payout_runs pr where pr.revenue_id = p_revenue_id)
      from private.payout_tiers(v_revenue, p_rate) t;
end
$$;

-- Admin: pays a revenue entry out, once. Locks the revenue row first, so of two admins confirming
-- at once the second waits, then sees the run and gets payouts.already_paid (the unique revenue_id
-- is the last guard). Every credit goes through private.apply_wallet_entry; every member gets the
-- spec's profit notification {amount (PLN), percentage, tier}.
create function public.admin_run_payout(p_revenue_id uuid, p_rate numeric)
returns public.payout_runs
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_revenue public.ecommerce_revenue;
  v_run public.payout_runs;
  v_day date;
  v_tiers jsonb;
  v_members integer;
  v_total_pln numeric;
  v_total_usdt numeric;
  v_remainder numeric;
  v_item record;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if not private.valid_payout_rate(p_rate) then
    raise exception using errcode = 'P0001', message = 'payouts.invalid_rate';
  end if;
  select * into v_revenue from public.ecommerce_revenue r where r.id = p_revenue_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'payouts.revenue_not_found';
  end if;
  if exists (select 1 from public.payout_runs pr where pr.revenue_id = p_revenue_id) then
    raise exception using errcode = 'P0001', message = 'payouts.already_paid';
  end if;
  v_day := (v_revenue.created_at at time zone 'Europe/Warsaw')::date;

  select coalesce(jsonb_agg(to_jsonb(t) order by t.percentage), '[]'::jsonb),
         coalesce(sum(t.members) filter (where t.per_member_usdt > 0), 0),
         coalesce(sum(t.per_member_pln * t.members) filter (where t.per_member_usdt > 0), 0),
         coalesce(sum(t.per_member_usdt * t.members), 0),
         coalesce(sum(t.pool_pln), 0) - coalesce(sum(t.per_member_pln * t.members) filter (where t.per_member_usdt > 0), 0)
    into v_tiers, v_members, v_total_pln, v_total_usdt, v_remainder
    from private.payout_tiers(v_revenue, p_rate) t;
  if v_members = 0 then
    raise exception using errcode = 'P0001', message = 'payouts.nothing_to_pay';
  end if;

  insert into public.payout_runs (
    revenue_id, revenue_amount, revenue_date, rate_pln_usdt, tiers, members_count,
    total_pln, total_usdt, remainder_pln, created_by, created_by_email
  )
  values (
    p_revenue_id, v_revenue.amount, v_day, p_rate, v_tiers, v_members,
    v_total_pln, v_total_usdt, v_remainder, auth.uid(), nullif(auth.jwt() ->> 'email', '')
  )
  returning * into v_run;

  insert into public.payout_run_items (run_id, user_id, tier, amount_pln, amount_usdt)
  select v_run.id, p.user_id, p.membership_level, t.per_member_pln, t.per_member_usdt
    from private.payout_tiers(v_revenue, p_rate) t
    join public.profiles p
      on p.membership_level = t.tier
     and (p.membership_valid_until is null or p.membership_valid_until >= v_day)
   where t.per_member_usdt > 0;

  for v_item in
    select i.user_id, i.tier, i.amount_pln, i.amount_usdt, t.percentage
      from public.payout_run_items i
      join private.payout_tiers(v_revenue, p_rate) t on t.tier = i.tier
     where i.run_id = v_run.id
     order by i.user_id
  loop
    perform private.apply_wallet_entry(
      v_item.user_id, 'profit_payout', v_item.amount_usdt, 0, null,
      format('Wypłata zysków %s: %s PLN (kurs %s)', v_item.tier, v_item.amount_pln, p_rate)
    );
    perform private.notify(
      v_item.user_id,
      'profit',
      'Wypłata zysków',
      format('Otrzymałeś %s PLN (%s USDT) z puli %s.', v_item.amount_pln, v_item.amount_usdt, v_item.tier),
      jsonb_build_object('kind', 'profit_payout', 'amount', v_item.amount_pln, 'currency', 'PLN',
                         'percentage', v_item.percentage, 'tier', v_item.tier,
                         'amountUsdt', v_item.amount_usdt, 'rate', p_rate, 'runId', v_run.id)
    );
  end loop;

  perform private.audit('payout.run', 'payout_run', v_run.id::text, null, null,
    jsonb_build_object('revenue_id', p_revenue_id, 'revenue_amount', v_revenue.amount, 'rate_pln_usdt', p_rate,
                       'members_count', v_members, 'total_pln', v_total_pln, 'total_usdt', v_total_usdt,
                       'remainder_pln', v_remainder));
  return v_run;
end
$$;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
-- Admin-only tables: every admin insert, update and delete (the one line a new admin table needs).
create trigger apps_audit after insert or update or delete on public.apps
  for each row execute function private.audit_admin_write();
create trigger announcements_audit after insert or update or delete on public.announcements
  for each row execute function private.audit_admin_write();
create trigger site_settings_audit after insert or update or delete on public.site_settings
  for each row execute function private.audit_admin_write();
create trigger smtp_configs_audit after insert or update or delete on public.smtp_configs
  for each row execute function private.audit_admin_write('password');
create trigger email_templates_audit after insert or update or delete on public.email_templates
  for each row execute function private.audit_admin_write();
create trigger plan_payment_links_audit after insert or update or delete on public.plan_payment_links
  for each row execute function private.audit_admin_write();
create trigger ccc_payment_links_audit after insert or update or delete on public.ccc_payment_links
  for each row execute function private.audit_admin_write();
create trigger ccc_settings_audit after insert or update or delete on public.ccc_settings
  for each row execute function private.audit_admin_write();
create trigger ccc_tiers_audit after insert or update or delete on public.ccc_tiers
  for each row execute function private.audit_admin_write();
create trigger membership_plans_audit after insert or update or delete on public.membership_plans
  for each row execute function private.audit_admin_write();
create trigger ccc_assignments_audit after insert or update or delete on public.ccc_assignments
  for each row execute function private.audit_admin_write();
create trigger ecommerce_revenue_audit after insert or update or delete on public.ecommerce_revenue
  for each row execute function private.audit_admin_write();

-- Tables members write too: only what a member cannot do reaches the audit.
-- profiles: level and end date (no member can change them), name and phone of someone else.
create trigger profiles_audit after update on public.profiles
  for each row
  when (
    (old.membership_level, old.membership_valid_until) is distinct from (new.membership_level, new.membership_valid_until)
    or ((old.full_name, old.phone) is distinct from (new.full_name, new.phone) and new.user_id is distinct from auth.uid())
  )
  execute function private.audit_admin_write();
-- app_ideas: the status (admin_set_idea_status) and deletions of other members' ideas.
create trigger app_ideas_audit_status after update on public.app_ideas
  for each row when (old.status is distinct from new.status)
  execute function private.audit_admin_write();
create trigger app_ideas_audit_delete after delete on public.app_ideas
  for each row when (old.submitted_by is distinct from auth.uid())
  execute function private.audit_admin_write();
-- auth.users: e-mail confirmation and account deletion by an admin.
create trigger auth_users_audit_confirm after update of email_confirmed_at on auth.users
  for each row when (old.email_confirmed_at is distinct from new.email_confirmed_at)
  execute function private.audit_admin_auth_user();
create trigger auth_users_audit_delete after delete on auth.users
  for each row execute function private.audit_admin_auth_user();

create trigger user_settings_guard_notification_preferences
  before insert or update of notification_preferences on public.user_settings
  for each row execute function private.guard_notification_preferences();

create trigger withdrawal_addresses_guard
  before insert or update on public.withdrawal_addresses
  for each row execute function private.guard_withdrawal_addresses();

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
create policy withdrawal_addresses_select_own on public.withdrawal_addresses
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy withdrawal_addresses_insert_own on public.withdrawal_addresses
  for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy withdrawal_addresses_update_own on public.withdrawal_addresses
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy withdrawal_addresses_delete_own on public.withdrawal_addresses
  for delete to authenticated
  using (user_id = (select auth.uid()));

create policy payout_runs_select_admin on public.payout_runs
  for select to authenticated
  using ((select private.is_admin()));
create policy payout_run_items_select_authenticated on public.payout_run_items
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
revoke all on public.withdrawal_addresses, public.payout_runs, public.payout_run_items from anon, authenticated, service_role;
grant select, delete on public.withdrawal_addresses to authenticated;
grant insert (label, network, address, is_default) on public.withdrawal_addresses to authenticated;
grant update (label, is_default) on public.withdrawal_addresses to authenticated;
grant select on public.payout_runs, public.payout_run_items to authenticated;

revoke all on function private.notification_preference_keys() from public, anon;
revoke all on function private.valid_notification_preferences(jsonb) from public, anon;
grant execute on function private.notification_preference_keys() to authenticated;
grant execute on function private.valid_notification_preferences(jsonb) to authenticated;
revoke all on function private.guard_notification_preferences() from public, anon, authenticated, service_role;
revoke all on function private.valid_payout_rate(numeric) from public, anon, authenticated, service_role;

revoke execute on function public.cancel_withdrawal(uuid) from public, anon, authenticated, service_role;
grant execute on function public.cancel_withdrawal(uuid) to authenticated;
revoke execute on function public.admin_adjust_wallet(uuid, text, numeric, text) from public, anon, authenticated, service_role;
grant execute on function public.admin_adjust_wallet(uuid, text, numeric, text) to authenticated;
revoke execute on function public.admin_preview_payout(uuid, numeric) from public, anon, authenticated, service_role;
grant execute on function public.admin_preview_payout(uuid, numeric) to authenticated;
revoke execute on function public.admin_run_payout(uuid, numeric) from public, anon, authenticated, service_role;
grant execute on function public.admin_run_payout(uuid, numeric) to authenticated;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on column public.wallet_transactions.available_after is 'Available balance right after this entry (written by private.apply_wallet_entry).';
comment on column public.wallet_transactions.pending_after is 'Pending balance right after this entry (written by private.apply_wallet_entry).';
comment on table public.withdrawal_addresses is
  'A member''s saved withdrawal addresses (at most 10, one default), validated like the withdrawal form.';
comment on table public.payout_runs is
  'One profit payout per revenue entry: rate, per-tier figures, totals, remainder and the admin who ran it.';
comment on table public.payout_run_items is 'What each member received in a payout run (PLN and USDT).';
comment on function private.audit_admin_write() is
  'Generic audit trigger: one admin_audit_log row per row changed by an admin''s own statement; TG_ARGV lists columns never recorded.';
comment on function public.cancel_withdrawal(uuid) is
  'Member: cancels an own pending withdrawal (status cancelled), the amount returns to available.';
comment on function public.admin_adjust_wallet(uuid, text, numeric, text) is
  'Admin: credit or debit (never below zero available) with a required reason, shown to the member; audited.';
comment on function public.admin_preview_payout(uuid, numeric) is 'Admin: per tier members and shares a payout run would pay (no writes).';
comment on function public.admin_run_payout(uuid, numeric) is
  'Admin: pays a revenue entry out once: credits every member of each tier through the ledger, notifies, audits.';
