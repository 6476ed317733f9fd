-- eWallet (USDT): balances kept in step with an append-only ledger, withdrawals, and the
-- e-commerce revenue figure behind the dashboard's profit pools.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.
--
-- Error keys raised here:
--   auth.forbidden                  (42501) caller may not do this
--   wallet.not_found                (P0002) the user has no wallet row
--   wallet.user_not_found           (P0002) no such user
--   wallet.withdrawal_not_found     (P0002) no such withdrawal
--   wallet.invalid_amount           (P0001) amount missing, <= 0, more than 2 decimals or too large
--   wallet.invalid_network          (P0001) network missing (unknown strings fail earlier with 22P02)
--   wallet.invalid_address          (P0001) address is not 0x followed by 40 hex characters
--   wallet.insufficient_funds       (P0001) amount above the available balance
--   wallet.mfa_required             (P0001) caller has a verified MFA factor but the session is not aal2
--   wallet.withdrawal_not_pending   (P0001) the withdrawal was already completed or failed
--   wallet.invalid_tx_hash          (P0001) transaction hash is not 0x followed by 64 hex characters
--   wallet.invalid_reason           (P0001) failure reason missing or longer than 500 characters
--   wallet.invalid_note             (P0001) note longer than 500 characters
--   wallet.invalid_entry            (P0001) internal: a ledger entry would make pending negative or is empty
--   wallet.ledger_append_only       (P0001) wallet_transactions rows cannot be updated or deleted
--   revenue: the check constraint on ecommerce_revenue.amount (23514) when amount < 0

-- -------------------------------------------------------------------------------------
-- Types
-- -------------------------------------------------------------------------------------
create type public.wallet_transaction_kind as enum (
  'credit',             -- deposit or profit credited by an admin / server code
  'withdrawal_hold',    -- request_withdrawal: available -> pending
  'withdrawal_release', -- admin_fail_withdrawal: pending -> available
  'withdrawal_payout',  -- admin_complete_withdrawal: pending leaves the wallet
  'adjustment'          -- manual correction by server code (service_role / migration)
);
create type public.withdrawal_network as enum ('ERC20', 'BSC');
create type public.withdrawal_status as enum ('pending', 'completed', 'failed');

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
create table public.wallet_balances (
  user_id uuid primary key references auth.users (id) on delete cascade,
  available_balance numeric(18, 2) not null default 0 check (available_balance >= 0),
  pending_balance numeric(18, 2) not null default 0 check (pending_balance >= 0),
  total_balance numeric(18, 2) generated always as (available_balance + pending_balance) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.withdrawals (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  amount numeric(18, 2) not null check (amount > 0),
  network public.withdrawal_network not null,
  address text not null check (address ~ '^0x[0-9a-fA-F]{40}$'),
  status public.withdrawal_status not null default 'pending',
  tx_hash text check (tx_hash ~ '^0x[0-9a-fA-F]{64}$'),
  failure_reason text check (char_length(failure_reason) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  processed_at timestamptz,
  processed_by uuid,
  constraint withdrawals_processed_when_final check ((status = 'pending') = (processed_at is null)),
  constraint withdrawals_completed_has_tx_hash check (status <> 'completed' or tx_hash is not null),
  constraint withdrawals_failed_has_reason check (status <> 'failed' or failure_reason is not null)
);

create table public.wallet_transactions (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.wallet_balances (user_id) on delete cascade,
  kind public.wallet_transaction_kind not null,
  available_delta numeric(18, 2) not null default 0,
  pending_delta numeric(18, 2) not null default 0,
  withdrawal_id uuid references public.withdrawals (id) on delete cascade,
  note text check (char_length(note) <= 500),
  created_by uuid,
  created_at timestamptz not null default now(),
  constraint wallet_transactions_not_empty check (available_delta <> 0 or pending_delta <> 0),
  constraint wallet_transactions_withdrawal_kinds check (
    (kind in ('withdrawal_hold', 'withdrawal_release', 'withdrawal_payout')) = (withdrawal_id is not null)
  )
);

create table public.ecommerce_revenue (
  id uuid primary key default gen_random_uuid(),
  amount numeric(14, 2) not null check (amount >= 0),
  created_at timestamptz not null default now(),
  created_by uuid default auth.uid()
);

alter table public.wallet_balances enable row level security;
alter table public.withdrawals enable row level security;
alter table public.wallet_transactions enable row level security;
alter table public.ecommerce_revenue enable row level security;

-- -------------------------------------------------------------------------------------
-- Indexes (wallet_balances.user_id is its primary key)
-- -------------------------------------------------------------------------------------
create index withdrawals_user_id_created_at_idx on public.withdrawals (user_id, created_at desc);
create index withdrawals_pending_created_at_idx on public.withdrawals (created_at) where status = 'pending';
create index wallet_transactions_user_id_created_at_idx on public.wallet_transactions (user_id, created_at desc, id desc);
create index wallet_transactions_withdrawal_id_idx on public.wallet_transactions (withdrawal_id);
create index ecommerce_revenue_created_at_idx on public.ecommerce_revenue (created_at desc);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- THE only place balances change: locks the balance row, appends the ledger entry and applies the
-- same deltas to the balance, all in the caller's transaction. Called only by the security definer
-- RPCs below (no role may execute it directly).
create function private.apply_wallet_entry(
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

  insert into public.wallet_transactions (user_id, kind, available_delta, pending_delta, withdrawal_id, note, created_by)
  values (p_user_id, p_kind, p_available_delta, p_pending_delta, p_withdrawal_id, p_note, auth.uid());

  update public.wallet_balances
     set available_balance = available_balance + p_available_delta,
         pending_balance = pending_balance + p_pending_delta
   where user_id = p_user_id
  returning * into v_balance;
  return v_balance;
end
$$;
revoke execute on function private.apply_wallet_entry(uuid, public.wallet_transaction_kind, numeric, numeric, uuid, text) from public, anon, authenticated, service_role;

-- A valid money amount: positive, at most 2 decimals, fits numeric(18, 2).
create function private.is_valid_amount(p_amount numeric)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(p_amount > 0 and p_amount = round(p_amount, 2) and p_amount < 1e16, false)
$$;
revoke execute on function private.is_valid_amount(numeric) from public, anon, authenticated, service_role;

-- Invariant for tests and monitoring: every wallet whose balances differ from the sums of its
-- ledger deltas, or whose pending balance differs from the sum of its pending withdrawals.
-- An empty result means the books agree.
create function private.wallet_ledger_mismatches()
returns table (
  user_id uuid,
  available_balance numeric,
  ledger_available numeric,
  pending_balance numeric,
  ledger_pending numeric,
  pending_withdrawals numeric
)
language sql
stable
set search_path = ''
as $$
  select b.user_id,
         b.available_balance,
         coalesce(l.available, 0),
         b.pending_balance,
         coalesce(l.pending, 0),
         coalesce(w.pending, 0)
    from public.wallet_balances b
    left join (
      select t.user_id, sum(t.available_delta) as available, sum(t.pending_delta) as pending
        from public.wallet_transactions t
       group by t.user_id
    ) l on l.user_id = b.user_id
    left join (
      select x.user_id, sum(x.amount) as pending
        from public.withdrawals x
       where x.status = 'pending'
       group by x.user_id
    ) w on w.user_id = b.user_id
   where b.available_balance <> coalesce(l.available, 0)
      or b.pending_balance <> coalesce(l.pending, 0)
      or b.pending_balance <> coalesce(w.pending, 0)
$$;
revoke execute on function private.wallet_ledger_mismatches() from public, anon, authenticated, service_role;
grant execute on function private.wallet_ledger_mismatches() to service_role;

-- Sign-up: every new profile gets its wallet (0 USDT) in the same transaction.
create function private.create_wallet_for_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.wallet_balances (user_id)
  values (new.user_id)
  on conflict (user_id) do nothing;
  return new;
end
$$;
revoke execute on function private.create_wallet_for_profile() from public, anon, authenticated, service_role;

-- The ledger is append-only. The only deletions allowed are the cascades that remove a deleted
-- account's data (its auth.users row is already gone). The table owner can still bypass this by
-- disabling the trigger explicitly in a reviewed migration.
create function private.wallet_transactions_append_only()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and not exists (select 1 from auth.users u where u.id = old.user_id) then
    return old;
  end if;
  raise exception using errcode = 'P0001', message = 'wallet.ledger_append_only';
end
$$;
revoke execute on function private.wallet_transactions_append_only() from public, anon, authenticated, service_role;

-- Idempotent: creates the caller's wallet when missing and returns it. The sign-up trigger already
-- creates it, so the spec's client-side retries are no longer needed; kept for compatibility.
create function public.initialize_user_wallet(p_user_id uuid)
returns public.wallet_balances
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_balance public.wallet_balances;
begin
  if p_user_id is null
     or (p_user_id is distinct from auth.uid() and coalesce(auth.jwt() ->> 'role', '') <> 'service_role') then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception using errcode = 'P0002', message = 'wallet.user_not_found';
  end if;

  insert into public.wallet_balances (user_id)
  values (p_user_id)
  on conflict (user_id) do nothing;

  select * into v_balance from public.wallet_balances where user_id = p_user_id;
  return v_balance;
end
$$;
revoke execute on function public.initialize_user_wallet(uuid) from public, anon, authenticated, service_role;
grant execute on function public.initialize_user_wallet(uuid) to authenticated, service_role;

-- The member's withdrawal request: validates, then moves the amount from available to pending
-- through the ledger while holding the balance row lock, so concurrent requests can never
-- overdraw. Members with a verified MFA factor must be in an aal2 session.
create function public.request_withdrawal(
  p_amount numeric,
  p_network public.withdrawal_network,
  p_address text
)
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
  return v_withdrawal;
end
$$;
revoke execute on function public.request_withdrawal(numeric, public.withdrawal_network, text) from public, anon, authenticated, service_role;
grant execute on function public.request_withdrawal(numeric, public.withdrawal_network, text) to authenticated;

-- Admin: the payout was sent on chain. pending -> completed; the pending balance decreases.
create function public.admin_complete_withdrawal(p_withdrawal_id uuid, p_tx_hash text)
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
    jsonb_build_object('amount', v_withdrawal.amount, 'withdrawalId', v_withdrawal.id, 'network', v_withdrawal.network, 'txHash', p_tx_hash)
  );
  return v_withdrawal;
end
$$;
revoke execute on function public.admin_complete_withdrawal(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.admin_complete_withdrawal(uuid, text) to authenticated, service_role;

-- Admin: the payout could not be made. pending -> failed; the amount returns to available.
create function public.admin_fail_withdrawal(p_withdrawal_id uuid, p_reason text)
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
    jsonb_build_object('amount', v_withdrawal.amount, 'withdrawalId', v_withdrawal.id, 'network', v_withdrawal.network)
  );
  return v_withdrawal;
end
$$;
revoke execute on function public.admin_fail_withdrawal(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.admin_fail_withdrawal(uuid, text) to authenticated, service_role;

-- Admin / server code: deposits and profit payouts. With p_notify the member gets a 'profit'
-- notification carrying the amount.
create function public.admin_credit_wallet(
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
      jsonb_build_object('amount', p_amount::numeric(18, 2))
    );
  end if;
  return v_balance;
end
$$;
revoke execute on function public.admin_credit_wallet(uuid, numeric, text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.admin_credit_wallet(uuid, numeric, text, boolean) to authenticated, service_role;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger wallet_balances_set_updated_at
  before update on public.wallet_balances
  for each row execute function private.set_updated_at();

create trigger withdrawals_set_updated_at
  before update on public.withdrawals
  for each row execute function private.set_updated_at();

create trigger wallet_transactions_append_only
  before update or delete on public.wallet_transactions
  for each row execute function private.wallet_transactions_append_only();

-- Runs after the foundation's on_auth_user_created has inserted the profile.
create trigger profiles_create_wallet
  after insert on public.profiles
  for each row execute function private.create_wallet_for_profile();

-- Profiles that existed before this migration get their wallet too.
insert into public.wallet_balances (user_id)
select p.user_id from public.profiles p
on conflict (user_id) do nothing;

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
create policy wallet_balances_select_authenticated on public.wallet_balances
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy wallet_transactions_select_authenticated on public.wallet_transactions
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy withdrawals_select_authenticated on public.withdrawals
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- Members see the revenue history (the dashboard multiplies the latest amount by the plan shares).
create policy ecommerce_revenue_select_authenticated on public.ecommerce_revenue
  for select to authenticated
  using (true);

create policy ecommerce_revenue_insert_authenticated on public.ecommerce_revenue
  for insert to authenticated
  with check ((select private.is_admin()));

-- -------------------------------------------------------------------------------------
-- Grants (no role writes balances, ledger or withdrawals directly; the RPCs above do)
-- -------------------------------------------------------------------------------------
-- Start from nothing: the platform's default privileges give service_role ALL on new tables, and
-- even server code must move money through the RPCs so the ledger stays in step.
revoke all on table public.wallet_balances, public.wallet_transactions, public.withdrawals, public.ecommerce_revenue
  from anon, authenticated, service_role;
grant select on public.wallet_balances to authenticated, service_role;
grant select on public.wallet_transactions to authenticated, service_role;
grant select on public.withdrawals to authenticated, service_role;
grant select on public.ecommerce_revenue to authenticated;
grant insert (amount) on public.ecommerce_revenue to authenticated;
grant select, insert, update, delete on public.ecommerce_revenue to service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on table public.wallet_balances is
  'One USDT wallet per user, created at sign-up (trigger on profiles). Changed only by private.apply_wallet_entry, always together with a wallet_transactions row.';
comment on column public.wallet_balances.pending_balance is 'Sum of the user''s pending withdrawals ("w trakcie wypłaty").';
comment on column public.wallet_balances.total_balance is 'available_balance + pending_balance (generated).';
comment on table public.wallet_transactions is
  'Append-only ledger: per user, the sums of available_delta and pending_delta equal the balances (see private.wallet_ledger_mismatches()).';
comment on column public.wallet_transactions.created_by is 'auth.uid() of the caller (admin or member); null for service_role. No foreign key so the audit survives account deletion.';
comment on table public.withdrawals is
  'Withdrawal requests. Created only by request_withdrawal; moved to completed/failed only by the admin RPCs.';
comment on column public.withdrawals.processed_by is 'auth.uid() of the admin who completed or failed it (null for service_role). No foreign key: audit value.';
comment on column public.withdrawals.tx_hash is 'On-chain transaction hash (ERC20 and BSC both use 0x + 64 hex).';
comment on table public.ecommerce_revenue is
  'E-commerce revenue in PLN; the latest row times each plan''s profit share gives the dashboard profit pools. Admins insert, members read.';
comment on column public.ecommerce_revenue.created_by is 'auth.uid() of the admin who recorded it.';
comment on function private.apply_wallet_entry(uuid, public.wallet_transaction_kind, numeric, numeric, uuid, text) is
  'The only writer of wallet balances: locks the balance row, appends the ledger entry and applies the same deltas.';
comment on function private.wallet_ledger_mismatches() is
  'Wallets whose balances disagree with their ledger or their pending withdrawals; empty when the books are right.';
comment on function public.initialize_user_wallet(uuid) is
  'Idempotent: ensures the wallet exists and returns it. Self or service_role. Sign-up already creates it.';
comment on function public.request_withdrawal(numeric, public.withdrawal_network, text) is
  'Member: creates a pending withdrawal and moves the amount from available to pending atomically. aal2 required when the member has a verified MFA factor.';
comment on function public.admin_complete_withdrawal(uuid, text) is 'Admin/service_role: pending -> completed with the transaction hash; notifies the member.';
comment on function public.admin_fail_withdrawal(uuid, text) is 'Admin/service_role: pending -> failed with a reason; the amount returns to available; notifies the member.';
comment on function public.admin_credit_wallet(uuid, numeric, text, boolean) is 'Admin/service_role: credits available balance (ledger kind credit); optional profit notification.';
