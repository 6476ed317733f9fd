-- Wallet: balances, the append-only ledger, withdrawals, withdrawal addresses and the admin
-- credits.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Types
-- ========================================================================================

-- public.wallet_transaction_kind --------------------------------------------------------
-- reversal: the debit of an earlier credit taken back (a reversed payout run, a refunded order's
-- settled commission; private.debit_or_record_debt); debt_repayment: the part of a later credit that
-- paid an open debt (private.apply_wallet_entry).
create type public.wallet_transaction_kind as enum ('credit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'adjustment', 'profit_payout', 'reversal', 'debt_repayment', 'commission_payout');

-- public.withdrawal_status --------------------------------------------------------------
-- pending → processing (an admin claimed it) → completed (hash) or failed (money back); processing can
-- be released back to pending; only pending can be cancelled by the member.
create type public.withdrawal_status as enum ('pending', 'processing', 'completed', 'failed', 'cancelled');

-- ========================================================================================
-- Tables
-- ========================================================================================

-- public.wallet_balances ----------------------------------------------------------------
create table public.wallet_balances (
  user_id uuid not null,
  available_balance numeric(18,2) default 0 not null,
  pending_balance numeric(18,2) default 0 not null,
  total_balance numeric(18,2) generated always as ((available_balance + pending_balance)) stored,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint wallet_balances_available_balance_check CHECK ((available_balance >= (0)::numeric)),
  constraint wallet_balances_available_balance_finite_check CHECK ((available_balance <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint wallet_balances_pending_balance_check CHECK ((pending_balance >= (0)::numeric)),
  constraint wallet_balances_pending_balance_finite_check CHECK ((pending_balance <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint wallet_balances_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint wallet_balances_pkey PRIMARY KEY (user_id)
);
alter table public.wallet_balances enable row level security;

-- public.withdrawals --------------------------------------------------------------------
create table public.withdrawals (
  id uuid default gen_random_uuid() not null,
  user_id uuid,
  amount numeric(18,2) not null,
  network public.withdrawal_network not null,
  address text not null,
  status public.withdrawal_status default 'pending'::public.withdrawal_status not null,
  tx_hash text,
  failure_reason text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  processed_at timestamp with time zone,
  processed_by uuid,
  claimed_by uuid,
  claimed_at timestamp with time zone,
  new_address boolean default false not null,
  hold_until timestamp with time zone,
  -- The network's format (issue 37): TRC20 base58check 'T…', ERC20 and BSC 0x + 40 hex.
  constraint withdrawals_address_check CHECK (private.is_usdt_address(network, address)),
  constraint withdrawals_amount_check CHECK ((amount > (0)::numeric)),
  constraint withdrawals_amount_finite_check CHECK ((amount <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint withdrawals_completed_has_tx_hash CHECK (((status <> 'completed'::public.withdrawal_status) OR (tx_hash IS NOT NULL))),
  constraint withdrawals_failed_has_reason CHECK (((status <> 'failed'::public.withdrawal_status) OR (failure_reason IS NOT NULL))),
  constraint withdrawals_failure_reason_check CHECK ((char_length(failure_reason) <= 500)),
  constraint withdrawals_processed_when_final CHECK (((status = ANY (ARRAY['pending'::public.withdrawal_status, 'processing'::public.withdrawal_status])) = (processed_at IS NULL))),
  constraint withdrawals_processing_claimed CHECK (((status <> 'processing'::public.withdrawal_status) OR ((claimed_by IS NOT NULL) AND (claimed_at IS NOT NULL)))),
  constraint withdrawals_pending_unclaimed CHECK (((status <> 'pending'::public.withdrawal_status) OR ((claimed_by IS NULL) AND (claimed_at IS NULL) AND (tx_hash IS NULL)))),
  constraint withdrawals_tx_hash_when_sent CHECK (((tx_hash IS NULL) OR (status = ANY (ARRAY['processing'::public.withdrawal_status, 'completed'::public.withdrawal_status])))),
  constraint withdrawals_tx_hash_check CHECK (tx_hash is null or private.is_usdt_tx_hash(network, tx_hash)),
  constraint withdrawals_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL,
  constraint withdrawals_pkey PRIMARY KEY (id)
);
alter table public.withdrawals enable row level security;

-- public.wallet_debts -------------------------------------------------------------------
-- What a member owes the club: the part of a reversed credit their available balance could not
-- cover (private.debit_or_record_debt). Paid first from every later credit, by ledger entries of
-- kind debt_repayment that name the debt; no withdrawal can be requested while one is open.
create table public.wallet_debts (
  id uuid default gen_random_uuid() not null,
  user_id uuid,
  amount numeric(18,2) not null,
  repaid numeric(18,2) default 0 not null,
  reason text not null,
  source_type text not null,
  source_id uuid,
  created_by uuid,
  created_at timestamp with time zone default now() not null,
  settled_at timestamp with time zone,
  constraint wallet_debts_amount_check CHECK ((amount > (0)::numeric)),
  constraint wallet_debts_amount_finite_check CHECK ((amount <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint wallet_debts_repaid_check CHECK (((repaid >= (0)::numeric) AND (repaid <= amount))),
  constraint wallet_debts_repaid_finite_check CHECK ((repaid <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint wallet_debts_settled_check CHECK (((repaid = amount) = (settled_at IS NOT NULL))),
  constraint wallet_debts_reason_check CHECK (((reason ~ '[^[:space:]]'::text) AND (char_length(reason) <= 500))),
  constraint wallet_debts_source_type_check CHECK ((source_type ~ '^[a-z_]{1,64}$'::text)),
  constraint wallet_debts_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.wallet_balances(user_id) ON DELETE SET NULL,
  constraint wallet_debts_pkey PRIMARY KEY (id)
);
alter table public.wallet_debts enable row level security;

-- public.wallet_transactions ------------------------------------------------------------
create table public.wallet_transactions (
  id bigint generated always as identity not null,
  user_id uuid,
  kind public.wallet_transaction_kind not null,
  available_delta numeric(18,2) default 0 not null,
  pending_delta numeric(18,2) default 0 not null,
  withdrawal_id uuid,
  note text,
  created_by uuid,
  created_at timestamp with time zone default now() not null,
  available_after numeric(18,2),
  pending_after numeric(18,2),
  debt_id uuid,
  constraint wallet_transactions_available_after_finite_check CHECK ((available_after <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint wallet_transactions_available_delta_finite_check CHECK ((available_delta <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint wallet_transactions_not_empty CHECK (((available_delta <> (0)::numeric) OR (pending_delta <> (0)::numeric))),
  constraint wallet_transactions_note_check CHECK ((char_length(note) <= 500)),
  constraint wallet_transactions_pending_after_finite_check CHECK ((pending_after <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint wallet_transactions_pending_delta_finite_check CHECK ((pending_delta <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint wallet_transactions_withdrawal_kinds CHECK (((kind = ANY (ARRAY['withdrawal_hold'::public.wallet_transaction_kind, 'withdrawal_release'::public.wallet_transaction_kind, 'withdrawal_payout'::public.wallet_transaction_kind])) = (withdrawal_id IS NOT NULL))),
  constraint wallet_transactions_debt_kinds CHECK (((kind = 'debt_repayment'::public.wallet_transaction_kind) = (debt_id IS NOT NULL))),
  constraint wallet_transactions_debt_id_fkey FOREIGN KEY (debt_id) REFERENCES public.wallet_debts(id),
  constraint wallet_transactions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.wallet_balances(user_id) ON DELETE SET NULL,
  constraint wallet_transactions_withdrawal_id_fkey FOREIGN KEY (withdrawal_id) REFERENCES public.withdrawals(id) ON DELETE CASCADE,
  constraint wallet_transactions_pkey PRIMARY KEY (id)
);
alter table public.wallet_transactions enable row level security;

-- public.withdrawal_addresses -----------------------------------------------------------
create table public.withdrawal_addresses (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  label text not null check (label ~ '[^[:space:]]' and char_length(label) <= 50),
  network public.withdrawal_network not null,
  address text not null,
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  unique (user_id, network, address),
  constraint withdrawal_addresses_address_check check (private.is_usdt_address(network, address))
);
alter table public.withdrawal_addresses enable row level security;

-- private.idempotency_keys --------------------------------------------------------------
-- Admin money forms send a key the form made once; a repeated submit (a retry after a lost answer)
-- finds the key and gets the first result instead of moving money again.
create table private.idempotency_keys (
  key uuid primary key,
  actor_id uuid,
  operation text not null check (char_length(operation) between 1 and 64),
  request jsonb not null,
  response jsonb,
  created_at timestamptz not null default now()
);
alter table private.idempotency_keys enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- public.wallet_debts -------------------------------------------------------------------

-- The open debts of a member, oldest first (every credit and every withdrawal request looks here).
create index wallet_debts_open_user_id_idx on public.wallet_debts (user_id, created_at, id) where settled_at is null;

create index wallet_debts_source_idx on public.wallet_debts (source_type, source_id);

create index wallet_debts_user_id_created_at_idx on public.wallet_debts (user_id, created_at desc);

-- public.wallet_transactions ------------------------------------------------------------

create index wallet_transactions_debt_id_idx on public.wallet_transactions (debt_id) where debt_id is not null;

create index wallet_transactions_user_id_created_at_idx on public.wallet_transactions (user_id, created_at desc, id desc);

create index wallet_transactions_withdrawal_id_idx on public.wallet_transactions (withdrawal_id);

-- public.withdrawal_addresses -----------------------------------------------------------

create unique index withdrawal_addresses_one_default_idx on public.withdrawal_addresses (user_id) where is_default;

create index withdrawal_addresses_user_id_idx on public.withdrawal_addresses (user_id, created_at);

-- public.withdrawals --------------------------------------------------------------------

create index withdrawals_pending_created_at_idx on public.withdrawals (created_at) where status = 'pending';

-- The claimed rows of the payouts tab, oldest claim first.
create index withdrawals_processing_claimed_at_idx on public.withdrawals (claimed_at) where status = 'processing';

-- The payouts tab: one status, by date (oldest first for the pending queue, newest first otherwise).
create index withdrawals_status_created_at_idx on public.withdrawals (status, created_at, id);

create index withdrawals_user_id_created_at_idx on public.withdrawals (user_id, created_at desc);

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.apply_wallet_entry() ----------------------------------------------------------
-- The one writer of the ledger: locks the wallet row, applies the deltas (never below zero, never
-- above the balance limit) and appends the entry with the balances after it. An entry that adds to
-- the available balance pays the member's open debts first, oldest first: one debt_repayment entry
-- per debt paid (or partly paid), so the ledger still explains the balance and the debt names the
-- entries that paid it. The returned balance is the one after those repayments.
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
  v_debt record;
  v_repay numeric;
begin
  p_available_delta := coalesce(p_available_delta, 0);
  p_pending_delta := coalesce(p_pending_delta, 0);
  if (p_available_delta = 0 and p_pending_delta = 0)
     or p_available_delta <> round(p_available_delta, 2)
     or p_pending_delta <> round(p_pending_delta, 2)
     or p_kind = 'debt_repayment' then
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

  -- Open debts are paid first from what just became available (lock order: wallet, then debts).
  if p_available_delta > 0 then
    for v_debt in
      select d.id, d.amount - d.repaid as open
        from public.wallet_debts d
       where d.user_id = p_user_id and d.settled_at is null
       order by d.created_at, d.id
         for update
    loop
      exit when v_balance.available_balance <= 0;
      v_repay := least(v_debt.open, v_balance.available_balance);
      insert into public.wallet_transactions (
        user_id, kind, available_delta, pending_delta, note, created_by, available_after, pending_after, debt_id
      )
      values (
        p_user_id, 'debt_repayment', -v_repay, 0, 'Spłata zadłużenia', auth.uid(),
        v_balance.available_balance - v_repay, v_balance.pending_balance, v_debt.id
      );
      update public.wallet_debts d
         set repaid = d.repaid + v_repay,
             settled_at = case when d.repaid + v_repay = d.amount then now() end
       where d.id = v_debt.id;
      update public.wallet_balances
         set available_balance = available_balance - v_repay
       where user_id = p_user_id
      returning * into v_balance;
    end loop;
  end if;
  return v_balance;
end
$$;

-- private.create_wallet_for_profile() ---------------------------------------------------
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

-- private.claimed_withdrawal() ---------------------------------------------------------
-- Locks a withdrawal for its claimant: the row must be processing and claimed by the calling admin
-- (release, the transaction hash, complete and fail all go through here).
create function private.claimed_withdrawal(p_withdrawal_id uuid)
returns public.withdrawals
language plpgsql
set search_path = ''
as $$
declare
  v_withdrawal public.withdrawals;
begin
  select * into v_withdrawal from public.withdrawals w where w.id = p_withdrawal_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'wallet.withdrawal_not_found';
  end if;
  if v_withdrawal.status = 'pending' then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_not_claimed';
  end if;
  if v_withdrawal.status <> 'processing' then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_not_pending';
  end if;
  if v_withdrawal.claimed_by is distinct from auth.uid() then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_claimed_by_other';
  end if;
  return v_withdrawal;
end
$$;

-- private.debit_or_record_debt() --------------------------------------------------------
-- Takes back a credit that should not have been paid (a reversed payout run, the settled commission
-- of a refunded order): debits min(available, amount) through the ledger (kind reversal, the reason
-- as its note) and records the rest as a debt of the member, which later credits pay first. Locks
-- the wallet row. Returns the part debited now. The caller audits.
create function private.debit_or_record_debt(
  p_user_id uuid,
  p_amount numeric,
  p_reason text,
  p_source_type text,
  p_source_id uuid
)
returns numeric
language plpgsql
set search_path = ''
as $$
declare
  v_available numeric;
  v_reason text := btrim(p_reason);
  v_debit numeric;
begin
  if not private.is_valid_amount(p_amount) then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_amount';
  end if;
  if v_reason is null or v_reason = '' or char_length(v_reason) > 500 then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_reason';
  end if;
  if p_source_type is null or p_source_type !~ '^[a-z_]{1,64}$' then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_entry';
  end if;

  select b.available_balance into v_available
    from public.wallet_balances b
   where b.user_id = p_user_id
     for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'wallet.not_found';
  end if;

  v_debit := least(v_available, p_amount);
  if v_debit > 0 then
    perform private.apply_wallet_entry(p_user_id, 'reversal', -v_debit, 0, null, v_reason);
  end if;
  if p_amount > v_debit then
    insert into public.wallet_debts (user_id, amount, reason, source_type, source_id, created_by)
    values (p_user_id, p_amount - v_debit, v_reason, p_source_type, p_source_id, auth.uid());
  end if;
  return v_debit;
end
$$;

-- private.guard_withdrawal_addresses() --------------------------------------------------
-- Saved addresses: a member with a verified second factor adds, changes or picks the default only
-- in an aal2 session (a stolen password alone cannot redirect the next withdrawal); at most 10 per
-- member (counted under a lock on the member's wallet row, so two inserts at once cannot both be
-- the 10th); a new default replaces the old one.
create function private.guard_withdrawal_addresses()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if pg_trigger_depth() = 1 and auth.uid() = new.user_id and private.member_needs_aal2(new.user_id) then
    raise exception using errcode = 'P0001', message = 'wallet.mfa_required';
  end if;
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

-- private.idempotency_begin() -----------------------------------------------------------
-- Admin money forms: records the key of this call (operation and arguments) and returns null, or
-- returns the stored result of the first call with the same key. A second call while the first is
-- still running waits for it (the key's unique index) and then gets its result; a key reused for
-- another call is refused.
create function private.idempotency_begin(p_key uuid, p_operation text, p_request jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row private.idempotency_keys;
begin
  if p_key is null then
    raise exception using errcode = '22023', message = 'admin.idempotency_key_required';
  end if;
  insert into private.idempotency_keys (key, actor_id, operation, request)
  values (p_key, auth.uid(), p_operation, p_request)
  on conflict (key) do nothing;
  if found then
    return null;
  end if;
  select * into v_row from private.idempotency_keys k where k.key = p_key;
  if v_row.actor_id is distinct from auth.uid()
     or v_row.operation <> p_operation
     or v_row.request <> p_request
     or v_row.response is null then
    raise exception using errcode = 'P0001', message = 'admin.idempotency_key_reused';
  end if;
  return v_row.response;
end
$$;

-- private.idempotency_finish() ----------------------------------------------------------
-- Stores the result the first call returns, in the same transaction as its effects.
create function private.idempotency_finish(p_key uuid, p_response jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.idempotency_keys set response = p_response where key = p_key
$$;

-- private.mail_withdrawal_address_change() ----------------------------------------------
-- After a member's own change of a saved address: an e-mail to the member ('Dodano adres wypłaty'
-- …), which always goes out (a security notice, like a password change), so a change the member did
-- not make is seen at once. The old default that a new default replaces sends nothing of its own.
create function private.mail_withdrawal_address_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.withdrawal_addresses := case when tg_op = 'DELETE' then old else new end;
  v_change text;
begin
  if pg_trigger_depth() > 1 or auth.uid() is distinct from v_row.user_id then
    return null;
  end if;
  v_change := case
    when tg_op = 'INSERT' then 'Dodano adres wypłaty'
    when tg_op = 'DELETE' then 'Usunięto adres wypłaty'
    when new.is_default and not old.is_default then 'Ustawiono domyślny adres wypłaty'
    when new.label is distinct from old.label then 'Zmieniono adres wypłaty'
  end;
  if v_change is null then
    return null;
  end if;
  perform private.queue_member_email('withdrawal-address-changed', v_row.user_id, jsonb_build_object(
    'change', v_change,
    'label', v_row.label,
    'network', v_row.network::text,
    'address', v_row.address,
    'is_default', case when v_row.is_default and tg_op <> 'DELETE' then 'tak' else 'nie' end
  ));
  return null;
end
$$;

-- private.member_needs_aal2() -----------------------------------------------------------
-- True when the calling member has a verified second factor but this session did not use it
-- (aal1): withdrawals and changes of saved addresses then wait for the second factor.
create function private.member_needs_aal2(p_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') <> 'aal2'
     and exists (select 1 from auth.mfa_factors f where f.user_id = p_user_id and f.status = 'verified')
$$;

-- private.transaction_url() -------------------------------------------------------------
-- The public explorer link of a payout: Tronscan, Etherscan or BscScan (as the browser's, from
-- supabase/functions/_shared/chain/networks.ts).
create function private.transaction_url(p_network public.withdrawal_network, p_tx_hash text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_network
           when 'TRC20' then 'https://tronscan.org/#/transaction/'
           when 'ERC20' then 'https://etherscan.io/tx/'
           else 'https://bscscan.com/tx/'
         end || p_tx_hash
$$;

-- private.wallet_debt_mismatches() ------------------------------------------------------
-- Invariant for tests and monitoring: every debt whose repaid amount differs from the ledger's
-- debt_repayment entries that name it, and every member with an open debt and money available
-- (a credit must have paid the debt first). An empty result means the debts are explained.
create function private.wallet_debt_mismatches()
returns table (
  debt_id uuid,
  user_id uuid,
  amount numeric,
  repaid numeric,
  ledger_repaid numeric,
  available_balance numeric
)
language sql
stable
set search_path = ''
as $$
  select d.id, d.user_id, d.amount, d.repaid, coalesce(l.repaid, 0), b.available_balance
    from public.wallet_debts d
    left join (
      select t.debt_id, -sum(t.available_delta) as repaid
        from public.wallet_transactions t
       where t.debt_id is not null
       group by t.debt_id
    ) l on l.debt_id = d.id
    left join public.wallet_balances b on b.user_id = d.user_id
   where d.repaid <> coalesce(l.repaid, 0)
      or (d.settled_at is null and b.available_balance > 0)
$$;

-- private.wallet_ledger_mismatches() ----------------------------------------------------
-- Invariant for tests and monitoring: every wallet whose balances differ from the sums of its
-- ledger deltas, or whose pending balance differs from the sum of its pending and processing
-- withdrawals.
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
       where x.status in ('pending', 'processing')
       group by x.user_id
    ) w on w.user_id = b.user_id
   where b.available_balance <> coalesce(l.available, 0)
      or b.pending_balance <> coalesce(l.pending, 0)
      or b.pending_balance <> coalesce(w.pending, 0)
$$;

-- private.wallet_transactions_append_only() ---------------------------------------------
-- The ledger is append-only. The one change allowed is the anonymisation of a deleted account's
-- rows (user_id set to null by the foreign key once the account and its wallet are gone; created_by
-- too when the member made the entry: private.anonymise_wallet_transaction, privacy migration). The
-- one deletion allowed is the privacy purge's (private.run_privacy_purge: klub.privacy_purge on in
-- its transaction) of a row without a member past its retain_until.
create function private.wallet_transactions_append_only()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and old.user_id is not null
     and new.user_id is null
     and (new.id, new.kind, new.available_delta, new.pending_delta, new.withdrawal_id, new.note, new.created_at)
         is not distinct from
         (old.id, old.kind, old.available_delta, old.pending_delta, old.withdrawal_id, old.note, old.created_at)
     and new.created_by is not distinct from (case when old.created_by = old.user_id then null else old.created_by end)
     and not exists (select 1 from public.wallet_balances b where b.user_id = old.user_id) then
    return new;
  end if;
  if tg_op = 'DELETE'
     and old.user_id is null
     and old.retain_until < private.warsaw_today()
     and current_setting('klub.privacy_purge', true) = 'on' then
    return old;
  end if;
  raise exception using errcode = 'P0001', message = 'wallet.ledger_append_only';
end
$$;

-- public.admin_adjust_wallet() ----------------------------------------------------------
-- Admin ('Portfel' in the users tab): credit or debit with a required reason, shown to the member
-- as the ledger note. Through the single ledger function; a debit never takes available below zero.
-- The form's idempotency key makes a repeated submit return the first result without a second entry.
create function public.admin_adjust_wallet(
  p_user_id uuid,
  p_direction text,
  p_amount numeric,
  p_reason text,
  p_idempotency_key uuid
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
  v_first jsonb;
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
  v_first := private.idempotency_begin(p_idempotency_key, 'admin_adjust_wallet', jsonb_build_object(
    'user_id', p_user_id, 'direction', p_direction, 'amount', p_amount, 'reason', v_reason));
  if v_first is not null then
    return jsonb_populate_record(null::public.wallet_balances, v_first);
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
  perform private.idempotency_finish(p_idempotency_key, to_jsonb(v_balance));
  return v_balance;
end
$$;

-- public.admin_claim_withdrawal() -------------------------------------------------------
-- Admin: takes a pending withdrawal to send it (pending → processing, who and when). From then on
-- the member cannot cancel it and only this admin completes, fails or releases it. A withdrawal to a
-- new address waits until its hold_until. Claiming one's own claim again returns it (a retry).
create function public.admin_claim_withdrawal(p_withdrawal_id uuid)
returns public.withdrawals
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_withdrawal public.withdrawals;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  select * into v_withdrawal from public.withdrawals w where w.id = p_withdrawal_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'wallet.withdrawal_not_found';
  end if;
  if v_withdrawal.status = 'processing' then
    if v_withdrawal.claimed_by = auth.uid() then
      return v_withdrawal;
    end if;
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_claimed_by_other';
  end if;
  if v_withdrawal.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_not_pending';
  end if;
  if v_withdrawal.hold_until > now() then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_on_hold';
  end if;

  update public.withdrawals
     set status = 'processing', claimed_by = auth.uid(), claimed_at = now()
   where id = p_withdrawal_id
  returning * into v_withdrawal;

  perform private.audit('withdrawal.claim', 'withdrawal', v_withdrawal.id::text, v_withdrawal.user_id,
    jsonb_build_object('status', 'pending'),
    jsonb_build_object('status', 'processing', 'amount', v_withdrawal.amount));
  return v_withdrawal;
end
$$;

-- public.admin_complete_withdrawal() ----------------------------------------------------
-- Admin: the claimant's payout, verified on chain (processing → completed with the hash; audited).
-- Only with the transfer the usdt-verify-withdrawal function read from the chain and linked to this
-- withdrawal (public.record_withdrawal_chain_transfer: from the club's address, to the member's, of
-- the amount, final, never used): a bare hash completes nothing. Repeating the same completion
-- returns the row. The member's notification and e-mail carry the block and its time.
create function public.admin_complete_withdrawal(p_withdrawal_id uuid, p_tx_hash text)
returns public.withdrawals
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_withdrawal public.withdrawals;
  v_hash text := lower(btrim(coalesce(p_tx_hash, '')));
  -- public.chain_transfers comes later (20261122000950_chain.sql): its columns, not its row type.
  v_block_number bigint;
  v_block_time timestamptz;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  select * into v_withdrawal from public.withdrawals w where w.id = p_withdrawal_id for update;
  -- The hash of the withdrawal's network: TRC20 without 0x, ERC20 and BSC with it.
  if found and not private.is_usdt_tx_hash(v_withdrawal.network, v_hash) then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_tx_hash';
  end if;
  if found and v_withdrawal.status = 'completed' and v_withdrawal.claimed_by = auth.uid()
     and v_withdrawal.tx_hash = v_hash then
    return v_withdrawal;
  end if;
  v_withdrawal := private.claimed_withdrawal(p_withdrawal_id);
  if not private.is_usdt_tx_hash(v_withdrawal.network, v_hash) then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_tx_hash';
  end if;
  if v_withdrawal.tx_hash is not null and v_withdrawal.tx_hash <> v_hash then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_tx_mismatch';
  end if;
  select t.block_number, t.block_time into v_block_number, v_block_time
    from public.chain_transfers t
   where t.withdrawal_id = v_withdrawal.id and t.network = v_withdrawal.network and t.tx_hash = v_hash
     and t.verified_at is not null;
  if not found then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_not_verified';
  end if;

  update public.withdrawals
     set status = 'completed', tx_hash = v_hash, processed_at = now(), processed_by = auth.uid()
   where id = p_withdrawal_id
  returning * into v_withdrawal;

  perform private.apply_wallet_entry(v_withdrawal.user_id, 'withdrawal_payout', 0, -v_withdrawal.amount, v_withdrawal.id, null);
  perform private.notify(
    v_withdrawal.user_id,
    'system',
    'Wypłata zrealizowana',
    format('Twoja wypłata %s USDT (%s) została zrealizowana: blok %s, %s.', v_withdrawal.amount, v_withdrawal.network,
           v_block_number, to_char(v_block_time at time zone 'Europe/Warsaw', 'DD.MM.YYYY HH24:MI')),
    jsonb_build_object('kind', 'withdrawal_completed', 'amount', v_withdrawal.amount, 'withdrawalId', v_withdrawal.id,
                       'network', v_withdrawal.network, 'txHash', v_hash, 'blockNumber', v_block_number,
                       'blockTime', v_block_time)
  );
  perform private.audit('withdrawal.complete', 'withdrawal', v_withdrawal.id::text, v_withdrawal.user_id,
    jsonb_build_object('status', 'processing', 'tx_hash', null),
    jsonb_build_object('status', 'completed', 'tx_hash', v_hash, 'amount', v_withdrawal.amount,
                       'block_number', v_block_number));
  return v_withdrawal;
end
$$;

-- public.admin_credit_wallet() ----------------------------------------------------------
-- Server code's deposit: its notification names its kind, so the
-- member's 'wallet_credited' e-mail goes with it.
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
      jsonb_build_object('kind', 'wallet_credited', 'amount', p_amount::numeric(18, 2), 'currency', 'USDT',
                         'reason', coalesce(v_note, ''))
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

-- public.admin_fail_withdrawal() --------------------------------------------------------
-- Admin: the claimant could not make the payout (processing → failed with a reason; the amount
-- returns to available; audited). Refused once a transaction hash was recorded: coins may be on their
-- way. Repeating the same failure returns the row.
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
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if v_reason is null or v_reason = '' or char_length(v_reason) > 500 then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_reason';
  end if;
  select * into v_withdrawal from public.withdrawals w where w.id = p_withdrawal_id for update;
  if found and v_withdrawal.status = 'failed' and v_withdrawal.claimed_by = auth.uid()
     and v_withdrawal.failure_reason = v_reason then
    return v_withdrawal;
  end if;
  v_withdrawal := private.claimed_withdrawal(p_withdrawal_id);
  if v_withdrawal.tx_hash is not null then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_tx_recorded';
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
  perform private.audit('withdrawal.fail', 'withdrawal', v_withdrawal.id::text, v_withdrawal.user_id,
    jsonb_build_object('status', 'processing', 'failure_reason', null),
    jsonb_build_object('status', 'failed', 'failure_reason', v_reason, 'amount', v_withdrawal.amount));
  return v_withdrawal;
end
$$;

-- public.admin_list_withdrawals() -------------------------------------------------------
-- Payouts tab: withdrawals of one status with the member's name and e-mail. Pending ones come oldest
-- first (a queue, with the hold of a new address), processing ones by the age of their claim (with
-- the claimant); completed and failed ones newest first. A deleted member's rows have no member.
create function public.admin_list_withdrawals(
  p_status public.withdrawal_status default 'pending',
  p_limit integer default 20,
  p_offset integer default 0
)
returns table (
  id uuid,
  user_id uuid,
  amount numeric,
  network public.withdrawal_network,
  address text,
  status public.withdrawal_status,
  tx_hash text,
  failure_reason text,
  created_at timestamptz,
  processed_at timestamptz,
  member_full_name text,
  member_email text,
  total_count bigint,
  claimed_by uuid,
  claimed_at timestamptz,
  claimant_email text,
  new_address boolean,
  hold_until timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_order text;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_status is null then
    raise exception using errcode = '22023', message = 'admin.invalid_status';
  end if;
  if p_limit is null or p_limit not between 1 and 100 then
    raise exception using errcode = '22023', message = 'admin.invalid_limit';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'admin.invalid_offset';
  end if;

  -- EXECUTE plans each call for its status (85 % of the rows are completed, a few are pending); the
  -- (status, created_at, id) index serves both directions.
  v_order := case p_status when 'pending' then 'w.created_at, w.id'
                            when 'processing' then 'w.claimed_at, w.id'
                            else 'w.created_at desc, w.id desc' end;
  return query execute
    'with page as (
       select w.id from public.withdrawals w
        where w.status = $1
        order by ' || v_order || '
        limit $2 offset $3
     )
     select w.id, w.user_id, w.amount, w.network, w.address, w.status, w.tx_hash, w.failure_reason,
            w.created_at, w.processed_at, p.full_name, p.email,
            (select count(*) from (select 1 from public.withdrawals c where c.status = $1 limit 1001) c),
            w.claimed_by, w.claimed_at, a.email, w.new_address, w.hold_until
       from page
       join public.withdrawals w on w.id = page.id
       left join public.profiles p on p.user_id = w.user_id
       left join public.profiles a on a.user_id = w.claimed_by
      order by ' || v_order
    using p_status, p_limit, p_offset;
end
$$;

-- public.admin_record_withdrawal_tx() --------------------------------------------------
-- Admin: the claimant sent the coins and records the transaction hash before the chain confirms it
-- (the row stays processing). From then on it can no longer be released or failed, only completed
-- with this hash; the claimant may correct a mistyped hash while it is processing.
create function public.admin_record_withdrawal_tx(p_withdrawal_id uuid, p_tx_hash text)
returns public.withdrawals
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_withdrawal public.withdrawals;
  v_before text;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  v_withdrawal := private.claimed_withdrawal(p_withdrawal_id);
  p_tx_hash := lower(btrim(coalesce(p_tx_hash, '')));
  if not private.is_usdt_tx_hash(v_withdrawal.network, p_tx_hash) then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_tx_hash';
  end if;
  -- A payout already verified on chain keeps its hash.
  if exists (select 1 from public.chain_transfers t where t.withdrawal_id = v_withdrawal.id)
     and v_withdrawal.tx_hash is distinct from p_tx_hash then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_tx_mismatch';
  end if;
  v_before := v_withdrawal.tx_hash;
  if v_before = p_tx_hash then
    return v_withdrawal;
  end if;

  update public.withdrawals set tx_hash = p_tx_hash where id = p_withdrawal_id
  returning * into v_withdrawal;

  perform private.audit('withdrawal.record_tx', 'withdrawal', v_withdrawal.id::text, v_withdrawal.user_id,
    jsonb_build_object('tx_hash', v_before), jsonb_build_object('tx_hash', p_tx_hash));
  return v_withdrawal;
end
$$;

-- public.admin_release_withdrawal() -----------------------------------------------------
-- Admin: the claimant gives a claimed withdrawal back to the queue (processing → pending) with the
-- reason, e.g. 'Nic nie zostało wysłane'; refused once a transaction hash was recorded. Audited.
create function public.admin_release_withdrawal(p_withdrawal_id uuid, p_reason text)
returns public.withdrawals
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_withdrawal public.withdrawals;
  v_reason text := btrim(p_reason);
  v_claimed_at timestamptz;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if v_reason is null or v_reason = '' or char_length(v_reason) > 500 then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_reason';
  end if;
  v_withdrawal := private.claimed_withdrawal(p_withdrawal_id);
  if v_withdrawal.tx_hash is not null then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_tx_recorded';
  end if;
  v_claimed_at := v_withdrawal.claimed_at;

  update public.withdrawals
     set status = 'pending', claimed_by = null, claimed_at = null
   where id = p_withdrawal_id
  returning * into v_withdrawal;

  perform private.audit('withdrawal.release', 'withdrawal', v_withdrawal.id::text, v_withdrawal.user_id,
    jsonb_build_object('status', 'processing', 'claimed_at', v_claimed_at),
    jsonb_build_object('status', 'pending', 'claimed_at', null, 'reason', v_reason));
  return v_withdrawal;
end
$$;

-- public.admin_withdrawal_chain_target() ----------------------------------------------
-- Admin, the claimant only (usdt-verify-withdrawal, with the admin's own token): what the payout on
-- chain must be — the withdrawal's network, the member's address, the amount (the club pays the
-- network fee: on chain exactly the amount) and the club's addresses on that network it may come from.
create function public.admin_withdrawal_chain_target(p_withdrawal_id uuid)
returns table (
  withdrawal_id uuid,
  network public.withdrawal_network,
  address text,
  amount numeric,
  club_addresses text[],
  admin_id uuid
)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_withdrawal public.withdrawals;
  v_club text[];
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  v_withdrawal := private.claimed_withdrawal(p_withdrawal_id);
  select array_agg(n.receiving_address) into v_club
    from public.usdt_networks n
   where n.network = v_withdrawal.network and n.receiving_address is not null;
  if v_club is null then
    raise exception using errcode = 'P0001', message = 'wallet.network_not_configured';
  end if;
  return query select v_withdrawal.id, v_withdrawal.network, v_withdrawal.address, v_withdrawal.amount, v_club,
                      v_withdrawal.claimed_by;
end
$$;

-- public.cancel_withdrawal() ------------------------------------------------------------
-- Member: cancels their own pending withdrawal; the amount returns to available. Once an admin has
-- claimed it (processing) the coins may be on their way: wallet.withdrawal_processing. Locks the
-- withdrawal row as the admin's claim does, so a cancel racing a claim: one wins, the other is
-- refused. At most 3 cancellations a day (each queues e-mails and ledger rows), counted under the
-- lock of the member's wallet row.
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
  if v_withdrawal.status = 'processing' then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_processing';
  end if;
  if v_withdrawal.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_not_pending';
  end if;
  -- Lock order as everywhere: the withdrawal row, then the wallet row.
  perform 1 from public.wallet_balances b where b.user_id = v_user_id for update;
  if (select count(*) from public.withdrawals w
       where w.user_id = v_user_id and w.status = 'cancelled' and w.processed_at > now() - interval '1 day') >= 3 then
    raise exception using errcode = 'P0001', message = 'wallet.cancel_daily_limit';
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

-- public.confirm_withdrawal() -----------------------------------------------------------
-- Member: confirms a pending withdrawal to a new address with the second factor (an aal2 session),
-- which ends its 24-hour wait.
create function public.confirm_withdrawal(p_withdrawal_id uuid)
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
  if coalesce(auth.jwt() ->> 'aal', '') <> 'aal2' then
    raise exception using errcode = 'P0001', message = 'wallet.mfa_required';
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
  if v_withdrawal.hold_until is null then
    return v_withdrawal;
  end if;
  update public.withdrawals set hold_until = null where id = p_withdrawal_id
  returning * into v_withdrawal;
  return v_withdrawal;
end
$$;

-- public.initialize_user_wallet() -------------------------------------------------------
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

-- public.record_withdrawal_chain_transfer() --------------------------------------------
-- The usdt-verify-withdrawal function (service role only) records the final transfer it read from the
-- chain for a claimed withdrawal: checked again here (the withdrawal's network, from the club's
-- address, to the member's address, exactly the amount) and linked to the withdrawal once. A transfer
-- that paid an order, or another withdrawal, is refused (chain.transfer_used): one (network, hash,
-- log index) pays one thing. Repeating the same record is a no-op. Audited as the function's.
create function public.record_withdrawal_chain_transfer(
  p_withdrawal_id uuid,
  p_admin_id uuid,
  p_network public.withdrawal_network,
  p_tx_hash text,
  p_log_index integer,
  p_from text,
  p_to text,
  p_amount numeric,
  p_block_number bigint,
  p_block_time timestamptz
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_withdrawal public.withdrawals;
  v_hash text := lower(btrim(coalesce(p_tx_hash, '')));
  v_evm boolean := p_network <> 'TRC20';
  v_club text;
  -- public.chain_transfers comes later (20261122000950_chain.sql): its columns, not its row type.
  v_transfer_id bigint;
  v_order_id uuid;
  v_linked uuid;
begin
  if coalesce(auth.jwt() ->> 'role', '') <> 'service_role' then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  select * into v_withdrawal from public.withdrawals w where w.id = p_withdrawal_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'wallet.withdrawal_not_found';
  end if;
  if v_withdrawal.status <> 'processing' then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_not_pending';
  end if;
  if v_withdrawal.claimed_by is distinct from p_admin_id then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_claimed_by_other';
  end if;
  select n.receiving_address into v_club from public.usdt_networks n where n.network = v_withdrawal.network;
  -- What the function verified, checked again against the row: nothing else completes it.
  if p_network is distinct from v_withdrawal.network
     or p_amount is distinct from v_withdrawal.amount
     or p_log_index is null or p_block_number is null or p_block_time is null
     or v_club is null
     or (case when v_evm then lower(p_to) <> lower(v_withdrawal.address) else p_to <> v_withdrawal.address end)
     or (case when v_evm then lower(p_from) <> lower(v_club) else p_from <> v_club end) then
    raise exception using errcode = 'P0001', message = 'chain.transfer_mismatch';
  end if;
  if exists (select 1 from public.chain_transfers t
              where t.withdrawal_id = v_withdrawal.id
                and (t.network, t.tx_hash, t.log_index) is distinct from (p_network, v_hash, p_log_index)) then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_tx_mismatch';
  end if;

  select t.id into v_transfer_id
    from private.record_chain_transfer(p_network, v_hash, p_log_index, p_from, p_to,
                                       p_amount * power(10::numeric, private.usdt_decimals(p_network)),
                                       p_block_number, p_block_time, p_admin_id) t;
  select t.order_id, t.withdrawal_id into v_order_id, v_linked
    from public.chain_transfers t where t.id = v_transfer_id for update;
  if v_order_id is not null
     or exists (select 1 from public.payment_receipts r where r.chain_transfer_id = v_transfer_id)
     or (v_linked is not null and v_linked <> v_withdrawal.id) then
    raise exception using errcode = 'P0001', message = 'chain.transfer_used';
  end if;
  if v_linked = v_withdrawal.id then
    return;
  end if;

  update public.chain_transfers t set withdrawal_id = v_withdrawal.id where t.id = v_transfer_id;
  update public.withdrawals w set tx_hash = v_hash where w.id = v_withdrawal.id;
  perform private.audit('withdrawal.chain_verified', 'withdrawal', v_withdrawal.id::text, v_withdrawal.user_id,
    jsonb_build_object('tx_hash', v_withdrawal.tx_hash),
    jsonb_build_object('tx_hash', v_hash, 'network', p_network, 'log_index', p_log_index,
                       'block_number', p_block_number, 'chain_transfer_id', v_transfer_id));
end
$$;

-- public.request_withdrawal() -----------------------------------------------------------
-- Member: withdrawal requested (with the in-app notification). aal2 when the member has a verified
-- factor; at most 5 requests a day, counted under the lock of the wallet row. An address this
-- member was never paid to waits 24 hours before an admin can claim it (hold_until), unless the
-- request was made with the second factor (aal2) or is confirmed with it later.
create function public.request_withdrawal(p_amount numeric, p_network public.withdrawal_network, p_address text)
returns public.withdrawals
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_available numeric;
  v_new_address boolean;
  v_withdrawal public.withdrawals;
  v_enabled boolean;
  v_minimum numeric;
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
  if not private.is_usdt_address(p_network, p_address) then
    raise exception using errcode = 'P0001', message = 'wallet.invalid_address';
  end if;
  -- The networks the club pays on, each with its minimum (public.usdt_networks; the club pays the
  -- network fee, so the member receives exactly the amount: docs/decisions.md).
  select n.enabled, n.min_withdrawal into v_enabled, v_minimum
    from public.usdt_networks n where n.network = p_network;
  if not coalesce(v_enabled, false) then
    raise exception using errcode = 'P0001', message = 'wallet.network_disabled';
  end if;
  if p_amount < v_minimum then
    raise exception using errcode = 'P0001', message = 'wallet.below_minimum';
  end if;
  if private.member_needs_aal2(v_user_id) then
    raise exception using errcode = 'P0001', message = 'wallet.mfa_required';
  end if;

  select b.available_balance into v_available
    from public.wallet_balances b
   where b.user_id = v_user_id
     for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'wallet.not_found';
  end if;
  if exists (select 1 from public.wallet_debts d where d.user_id = v_user_id and d.settled_at is null) then
    raise exception using errcode = 'P0001', message = 'wallet.debt_open';
  end if;
  if p_amount > v_available then
    raise exception using errcode = 'P0001', message = 'wallet.insufficient_funds';
  end if;
  if (select count(*) from public.withdrawals w
       where w.user_id = v_user_id and w.created_at > now() - interval '1 day') >= 5 then
    raise exception using errcode = 'P0001', message = 'wallet.withdrawal_daily_limit';
  end if;

  v_new_address := not exists (
    select 1 from public.withdrawals w
     where w.user_id = v_user_id and w.status = 'completed' and w.network = p_network
       -- TRON's base58 is case-sensitive; hex addresses are not.
       and (w.address = p_address or (p_network <> 'TRC20' and lower(w.address) = lower(p_address)))
  );
  insert into public.withdrawals (user_id, amount, network, address, new_address, hold_until)
  values (v_user_id, p_amount, p_network, p_address, v_new_address,
          case when v_new_address and coalesce(auth.jwt() ->> 'aal', '') <> 'aal2' then now() + interval '24 hours' end)
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

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- profiles_create_wallet on public.profiles ---------------------------------------------
-- Runs after the foundation's on_auth_user_created has inserted the profile.
create trigger profiles_create_wallet
  after insert on public.profiles
  for each row execute function private.create_wallet_for_profile();

-- wallet_balances_set_updated_at on public.wallet_balances ------------------------------
create trigger wallet_balances_set_updated_at
  before update on public.wallet_balances
  for each row execute function private.set_updated_at();

-- wallet_transactions_append_only on public.wallet_transactions -------------------------
create trigger wallet_transactions_append_only
  before update or delete on public.wallet_transactions
  for each row execute function private.wallet_transactions_append_only();

-- withdrawal_addresses_guard on public.withdrawal_addresses -----------------------------
create trigger withdrawal_addresses_guard
  before insert or update on public.withdrawal_addresses
  for each row execute function private.guard_withdrawal_addresses();

-- withdrawal_addresses_mail on public.withdrawal_addresses ------------------------------
create trigger withdrawal_addresses_mail
  after insert or update or delete on public.withdrawal_addresses
  for each row execute function private.mail_withdrawal_address_change();

-- withdrawals_set_updated_at on public.withdrawals --------------------------------------
create trigger withdrawals_set_updated_at
  before update on public.withdrawals
  for each row execute function private.set_updated_at();

-- ========================================================================================
-- Policies
-- ========================================================================================

-- public.wallet_balances ----------------------------------------------------------------

create policy wallet_balances_select_authenticated on public.wallet_balances
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- public.wallet_debts -------------------------------------------------------------------

create policy wallet_debts_select_authenticated on public.wallet_debts
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- public.wallet_transactions ------------------------------------------------------------

create policy wallet_transactions_select_authenticated on public.wallet_transactions
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- public.withdrawal_addresses -----------------------------------------------------------

create policy withdrawal_addresses_delete_own on public.withdrawal_addresses
  for delete to authenticated
  using (user_id = (select auth.uid()));

create policy withdrawal_addresses_insert_own on public.withdrawal_addresses
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy withdrawal_addresses_select_own on public.withdrawal_addresses
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy withdrawal_addresses_update_own on public.withdrawal_addresses
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- public.withdrawals --------------------------------------------------------------------

create policy withdrawals_select_authenticated on public.withdrawals
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- ========================================================================================
-- Grants
-- ========================================================================================

grant execute on function private.wallet_debt_mismatches() to service_role;
grant execute on function private.wallet_ledger_mismatches() to service_role;
revoke execute on function public.admin_adjust_wallet(uuid,text,numeric,text,uuid) from service_role;
grant execute on function public.admin_adjust_wallet(uuid,text,numeric,text,uuid) to authenticated;
revoke execute on function public.admin_claim_withdrawal(uuid) from service_role;
grant execute on function public.admin_claim_withdrawal(uuid) to authenticated;
revoke execute on function public.admin_complete_withdrawal(uuid,text) from service_role;
grant execute on function public.admin_complete_withdrawal(uuid,text) to authenticated;
grant execute on function public.admin_credit_wallet(uuid,numeric,text,boolean) to authenticated;
revoke execute on function public.admin_fail_withdrawal(uuid,text) from service_role;
grant execute on function public.admin_fail_withdrawal(uuid,text) to authenticated;
grant execute on function public.admin_list_withdrawals(public.withdrawal_status,integer,integer) to authenticated;
revoke execute on function public.admin_record_withdrawal_tx(uuid,text) from service_role;
grant execute on function public.admin_record_withdrawal_tx(uuid,text) to authenticated;
revoke execute on function public.admin_withdrawal_chain_target(uuid) from service_role;
grant execute on function public.admin_withdrawal_chain_target(uuid) to authenticated;
grant execute on function public.record_withdrawal_chain_transfer(uuid,uuid,public.withdrawal_network,text,integer,text,text,numeric,bigint,timestamptz) to service_role;
revoke execute on function public.admin_release_withdrawal(uuid,text) from service_role;
grant execute on function public.admin_release_withdrawal(uuid,text) to authenticated;
revoke execute on function public.cancel_withdrawal(uuid) from service_role;
grant execute on function public.cancel_withdrawal(uuid) to authenticated;
revoke execute on function public.confirm_withdrawal(uuid) from service_role;
grant execute on function public.confirm_withdrawal(uuid) to authenticated;
grant execute on function public.initialize_user_wallet(uuid) to authenticated;
revoke execute on function public.request_withdrawal(numeric,public.withdrawal_network,text) from service_role;
grant execute on function public.request_withdrawal(numeric,public.withdrawal_network,text) to authenticated;
revoke delete, insert, maintain, references, trigger, truncate, update on public.wallet_balances from service_role;
grant select on public.wallet_balances to authenticated;
revoke delete, insert, maintain, references, trigger, truncate, update on public.wallet_debts from service_role;
grant select on public.wallet_debts to authenticated;
revoke delete, insert, maintain, references, trigger, truncate, update on public.wallet_transactions from service_role;
grant select on public.wallet_transactions to authenticated;
revoke delete, insert, maintain, references, select, trigger, truncate, update on public.withdrawal_addresses from service_role;
grant delete, select on public.withdrawal_addresses to authenticated;
revoke delete, insert, maintain, references, trigger, truncate, update on public.withdrawals from service_role;
grant select on public.withdrawals to authenticated;
grant insert (address, is_default, label, network) on public.withdrawal_addresses to authenticated;
grant update (is_default, label) on public.withdrawal_addresses to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function private.apply_wallet_entry(uuid,public.wallet_transaction_kind,numeric,numeric,uuid,text) is 'The only writer of wallet balances: locks the balance row, appends the ledger entry and applies the same deltas.';
comment on function private.debit_or_record_debt(uuid,numeric,text,text,uuid) is 'Takes a credit back: debits min(available, amount) through the ledger (kind reversal) and records the rest as an open debt (wallet_debts); locks the wallet row; returns the part debited. The caller audits.';
comment on function private.wallet_debt_mismatches() is 'Debts whose repaid amount differs from their debt_repayment ledger entries, or open while the member has money available; empty when the debts are explained.';
comment on function private.wallet_ledger_mismatches() is 'Wallets whose balances disagree with their ledger or their pending withdrawals; empty when the books are right.';
comment on function public.admin_adjust_wallet(uuid,text,numeric,text,uuid) is 'Admin: credit or debit (never below zero available) with a required reason, shown to the member; audited. The same idempotency key returns the first result without a second entry.';
comment on function public.admin_claim_withdrawal(uuid) is 'Admin: pending -> processing, claimed by the caller (who, when); refused while a new address waits (hold_until); audited.';
comment on function public.admin_complete_withdrawal(uuid,text) is 'Admin, the claimant only: processing -> completed with the transaction hash, only once usdt-verify-withdrawal verified that transfer on chain and linked it (wallet.withdrawal_not_verified otherwise); notifies the member with the block and its time; audited.';
comment on function public.admin_withdrawal_chain_target(uuid) is 'Admin, the claimant only: the network, member address, amount and the club''s addresses a claimed withdrawal''s payout must match on chain (usdt-verify-withdrawal).';
comment on function public.record_withdrawal_chain_transfer(uuid,uuid,public.withdrawal_network,text,integer,text,text,numeric,bigint,timestamptz) is 'Service role (usdt-verify-withdrawal): records the final transfer read from the chain for a claimed withdrawal, checked again (network, from the club, to the member, exactly the amount), linked once; a transfer used by an order or another withdrawal: chain.transfer_used. Audited.';
comment on function public.admin_credit_wallet(uuid,numeric,text,boolean) is 'Admin/service_role: credits a wallet through the ledger; with p_notify the member gets a profit notification with data {amount, currency: USDT}.';
comment on function public.admin_fail_withdrawal(uuid,text) is 'Admin, the claimant only: processing -> failed with a reason (refused once a hash was recorded); the amount returns to available; notifies the member; audited.';
comment on function public.admin_record_withdrawal_tx(uuid,text) is 'Admin, the claimant only: records the transaction hash of a processing withdrawal; it can then only be completed with it; audited.';
comment on function public.admin_release_withdrawal(uuid,text) is 'Admin, the claimant only: processing -> pending with a reason (nothing was sent); refused once a hash was recorded; audited.';
comment on function public.admin_list_withdrawals(public.withdrawal_status,integer,integer) is 'Admin only. Withdrawals of one status with the member''s name and e-mail: pending oldest first, others newest first; pages of 1..100; total_count stops at 1 001.';
comment on function public.cancel_withdrawal(uuid) is 'Member: cancels an own pending withdrawal (status cancelled), the amount returns to available; processing ones cannot be cancelled; 3 a day.';
comment on function public.confirm_withdrawal(uuid) is 'Member, aal2: confirms an own pending withdrawal to a new address with the second factor, ending its 24-hour wait.';
comment on function public.initialize_user_wallet(uuid) is 'Idempotent: ensures the wallet exists and returns it. Self or service_role. Sign-up already creates it.';
comment on function public.request_withdrawal(numeric,public.withdrawal_network,text) is 'Member: creates a pending withdrawal on a network the club pays on (TRC20, ERC20, BSC; at least its minimum, the address in its format) and moves the amount from available to pending atomically; refused while a debt is open (wallet.debt_open). aal2 required when the member has a verified MFA factor; 5 a day; a new address waits 24 h unless requested at aal2.';
comment on table private.idempotency_keys is 'Keys of admin money forms: the operation, its arguments and the first result, returned again to a repeated submit.';
comment on table public.wallet_balances is 'One USDT wallet per user, created at sign-up (trigger on profiles). Changed only by private.apply_wallet_entry, always together with a wallet_transactions row.';
comment on table public.wallet_debts is 'What a member owes the club after a reversal their balance could not cover. Paid first from later credits (ledger entries of kind debt_repayment with debt_id); settled_at once repaid = amount. While one is open no withdrawal can be requested.';
comment on column public.wallet_debts.source_type is 'What the debt comes from (payout_run, referral_commission, …) with source_id its row.';
comment on column public.wallet_debts.user_id is 'The member; null once the member''s account was deleted (the record stays for the books).';
comment on column public.wallet_transactions.debt_id is 'The debt a debt_repayment entry paid (only on that kind).';
comment on table public.wallet_transactions is 'Append-only ledger: per user, the sums of available_delta and pending_delta equal the balances (see private.wallet_ledger_mismatches()).';
comment on table public.withdrawal_addresses is 'A member''s saved withdrawal addresses (at most 10, one default), validated like the withdrawal form.';
comment on table public.withdrawals is 'Withdrawal requests. Created only by request_withdrawal; claimed, released, completed and failed only by the admin RPCs, each locking the row.';
comment on column public.wallet_balances.pending_balance is 'Sum of the user''s pending and processing withdrawals ("w trakcie wypłaty").';
comment on column public.wallet_balances.total_balance is 'available_balance + pending_balance (generated).';
comment on column public.wallet_transactions.available_after is 'Available balance right after this entry (written by private.apply_wallet_entry).';
comment on column public.wallet_transactions.created_by is 'auth.uid() of the caller (admin or member); null for service_role. No foreign key so the audit survives account deletion.';
comment on column public.wallet_transactions.pending_after is 'Pending balance right after this entry (written by private.apply_wallet_entry).';
comment on column public.wallet_transactions.user_id is 'The member; null once the member''s account was deleted (the record stays for the books).';
comment on column public.withdrawals.processed_by is 'auth.uid() of the admin who completed or failed it, or of the member who cancelled it. No foreign key: audit value.';
comment on column public.withdrawals.claimed_by is 'The admin who claimed it (processing); kept once completed or failed. No foreign key: audit value.';
comment on column public.withdrawals.claimed_at is 'When the admin claimed it; the claimed list shows its age.';
comment on column public.withdrawals.new_address is 'Requested to an address this member had never been paid to (on that network).';
comment on column public.withdrawals.hold_until is 'A new address not confirmed with the second factor: no admin can claim it before this time. Null: no wait.';
comment on column public.withdrawals.tx_hash is 'On-chain transaction hash, lower case: TRC20 64 hex, ERC20 and BSC 0x + 64 hex. Completed: the transfer verified on chain (public.chain_transfers.withdrawal_id).';
comment on column public.withdrawals.user_id is 'The member; null once the member''s account was deleted (the record stays for the books).';
