-- E-mails that are actually sent (issues 19 and 20): the outbox sender's RPCs, the money e-mails
-- and their editable templates, and the member's per-kind switches (notification_preferences).
-- Order of sections: tables, indexes, functions, grants, data, schedule, comments.
--
-- How an e-mail travels:
--   1. a business function queues it (private.queue_member_email) in its own transaction; a mail
--      failure can never block or undo it, since nothing is sent there;
--   2. the edge function `send-outbox` (called every minute: pg_cron + pg_net on hosted Supabase,
--      the local stack's scheduled jobs locally) claims a batch through public.claim_email_outbox
--      (service_role only; for update skip locked, so two senders never take the same row), renders
--      each template, sends it with the send-email path's SMTP settings and target policy, and marks
--      it sent (public.complete_email_outbox) or failed (public.fail_email_outbox: backoff, at most
--      5 attempts, last_error without secrets).
--
-- Money e-mails: private.notify (the one way server functions create an in-app notification) now
-- also queues the e-mail of a money notification (data.kind one of the preference keys below),
-- unless the member switched that kind off. Security e-mails (password, e-mail, 2FA) go through
-- Auth's hook (send-email) and have no switch: always sent.

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
-- When the row may be claimed next: now when queued; a claim leases it for 5 minutes (a sender that
-- died mid-send gives it back then); a failure pushes it back by the backoff.
alter table private.email_outbox
  add column next_attempt_at timestamptz not null default now();

-- -------------------------------------------------------------------------------------
-- Indexes
-- -------------------------------------------------------------------------------------
-- What the sender claims: unsent, attempts left (at most 5: the same literal in claim_email_outbox), due first.
drop index private.email_outbox_unsent_idx;
create index email_outbox_due_idx on private.email_outbox (next_attempt_at, id)
  where sent_at is null and attempts < 5;
-- The template foreign key (a renamed template cascades to its queued e-mails).
create index email_outbox_template_idx on private.email_outbox (template);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- The wait after the n-th failed attempt: 1, 2, 4, 8 minutes … at most an hour.
create function private.email_outbox_backoff(p_attempts integer)
returns interval
language sql
immutable
set search_path = ''
as $$
  select least(interval '1 minute' * power(2, greatest(coalesce(p_attempts, 1), 1) - 1), interval '1 hour')
$$;

-- Sender (service_role): takes up to p_limit due e-mails (1..100), counts the attempt and leases
-- them for 5 minutes. Rows another sender holds are skipped, never waited for.
create function public.claim_email_outbox(p_limit integer default 20)
returns table (id bigint, template text, to_email text, variables jsonb, attempts smallint)
language sql
volatile
set search_path = ''
as $$
  with picked as (
    select o.id
      from private.email_outbox o
     where o.sent_at is null
       and o.attempts < 5
       and o.next_attempt_at <= now()
     order by o.next_attempt_at, o.id
     limit least(greatest(coalesce(p_limit, 20), 1), 100)
       for update skip locked
  )
  update private.email_outbox o
     set attempts = o.attempts + 1,
         next_attempt_at = now() + interval '5 minutes'
    from picked
   where o.id = picked.id
  returning o.id, o.template, o.to_email, o.variables, o.attempts
$$;

-- Sender: the SMTP server accepted the e-mail.
create function public.complete_email_outbox(p_id bigint)
returns boolean
language sql
volatile
set search_path = ''
as $$
  with done as (
    update private.email_outbox o
       set sent_at = now(), last_error = null
     where o.id = p_id and o.sent_at is null
    returning 1
  )
  select exists (select 1 from done)
$$;

-- Sender: this attempt failed. The error (the sender's own text, never an SMTP password) is kept,
-- at most 500 characters; the next attempt waits for the backoff; after the 5th the row stays
-- unsent for an admin to look at.
create function public.fail_email_outbox(p_id bigint, p_error text)
returns boolean
language sql
volatile
set search_path = ''
as $$
  with failed as (
    update private.email_outbox o
       set last_error = left(coalesce(nullif(btrim(p_error), ''), 'unknown error'), 500),
           next_attempt_at = now() + private.email_outbox_backoff(o.attempts)
     where o.id = p_id and o.sent_at is null
    returning 1
  )
  select exists (select 1 from failed)
$$;

-- The money e-mail kinds (the keys of 'Powiadomienia e-mail') and their templates.
create function private.money_email_template(p_kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_kind
    when 'wallet_credited' then 'wallet-credited'
    when 'profit_payout' then 'profit-payout'
    when 'withdrawal_requested' then 'withdrawal-requested'
    when 'withdrawal_completed' then 'withdrawal-completed'
    when 'withdrawal_failed' then 'withdrawal-failed'
  end
$$;

-- The public explorer link of a payout (the chains' explorers, as src/lib/wallet/explorer.ts).
create function private.transaction_url(p_network public.withdrawal_network, p_tx_hash text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when p_network = 'ERC20' then 'https://etherscan.io/tx/' else 'https://bscscan.com/tx/' end || p_tx_hash
$$;

-- Queues the e-mail of a money notification when the member has not switched its kind off
-- (a missing key means on). Its variables come from the notification's data and, for
-- withdrawals, from the withdrawal row.
create function private.queue_money_email(p_user_id uuid, p_data jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text := p_data ->> 'kind';
  v_template text := private.money_email_template(p_data ->> 'kind');
  v_enabled boolean;
  v_withdrawal public.withdrawals;
  v_variables jsonb;
begin
  if v_template is null or p_user_id is null then
    return;
  end if;
  select coalesce((s.notification_preferences ->> v_kind)::boolean, true) into v_enabled
    from public.user_settings s
   where s.user_id = p_user_id;
  if not coalesce(v_enabled, true) then
    return;
  end if;

  if v_kind like 'withdrawal_%' then
    select * into v_withdrawal from public.withdrawals w where w.id = (p_data ->> 'withdrawalId')::uuid;
    if not found then
      return;
    end if;
    v_variables := jsonb_build_object(
      'amount', v_withdrawal.amount::numeric(18, 2)::text || ' USDT',
      'network', v_withdrawal.network::text,
      'address', v_withdrawal.address,
      'tx_hash', coalesce(v_withdrawal.tx_hash, ''),
      'tx_link', case when v_withdrawal.tx_hash is null then ''
                      else private.transaction_url(v_withdrawal.network, v_withdrawal.tx_hash) end,
      'reason', coalesce(v_withdrawal.failure_reason, '')
    );
  elsif v_kind = 'profit_payout' then
    v_variables := jsonb_build_object(
      'amount', (p_data ->> 'amount')::numeric(18, 2)::text || ' PLN',
      'amount_usdt', (p_data ->> 'amountUsdt')::numeric(18, 2)::text || ' USDT',
      'percentage', trim(trailing '.' from trim(trailing '0' from ((p_data ->> 'percentage')::numeric)::text)) || '%',
      'tier', coalesce(p_data ->> 'tier', '')
    );
  else
    v_variables := jsonb_build_object(
      'amount', (p_data ->> 'amount')::numeric(18, 2)::text || ' USDT',
      'reason', coalesce(p_data ->> 'reason', '')
    );
  end if;
  perform private.queue_member_email(v_template, p_user_id, v_variables);
end
$$;

-- The one way server functions create a notification (notifications migration), now also queuing
-- the e-mail of a money notification in the same transaction.
create or replace function private.notify(
  p_user_id uuid,
  p_type public.notification_type,
  p_title text,
  p_content text,
  p_data jsonb default '{}'::jsonb
)
returns public.notifications
language plpgsql
set search_path = ''
as $$
declare
  v_row public.notifications;
begin
  insert into public.notifications (user_id, type, title, content, data)
  values (p_user_id, p_type, p_title, coalesce(p_content, ''), coalesce(p_data, '{}'::jsonb))
  returning * into v_row;
  if private.money_email_template(v_row.data ->> 'kind') is not null then
    perform private.queue_money_email(p_user_id, v_row.data);
  end if;
  return v_row;
end
$$;

-- Server code's deposit (money operations migration): its notification now names its kind, so the
-- member's 'wallet_credited' e-mail goes with it.
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

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
revoke execute on function private.email_outbox_backoff(integer) from public, anon, authenticated;
grant execute on function private.email_outbox_backoff(integer) to service_role;
revoke execute on function private.money_email_template(text) from public, anon, authenticated, service_role;
revoke execute on function private.transaction_url(public.withdrawal_network, text) from public, anon, authenticated, service_role;
revoke execute on function private.queue_money_email(uuid, jsonb) from public, anon, authenticated, service_role;
revoke execute on function private.notify(uuid, public.notification_type, text, text, jsonb) from public, anon, authenticated, service_role;

revoke execute on function public.claim_email_outbox(integer) from public, anon, authenticated;
grant execute on function public.claim_email_outbox(integer) to service_role;
revoke execute on function public.complete_email_outbox(bigint) from public, anon, authenticated;
grant execute on function public.complete_email_outbox(bigint) to service_role;
revoke execute on function public.fail_email_outbox(bigint, text) from public, anon, authenticated;
grant execute on function public.fail_email_outbox(bigint, text) to service_role;

-- -------------------------------------------------------------------------------------
-- Data
-- -------------------------------------------------------------------------------------
-- The money e-mails, editable in the e-mail templates tab (as payment-confirmed).
insert into public.email_templates (name, subject, html_content, text_content, variables)
values
  ('withdrawal-requested', 'Przyjęliśmy zlecenie wypłaty {{amount}}',
   '<p>Cześć {{fname}},</p><p>przyjęliśmy Twoje zlecenie wypłaty <strong>{{amount}}</strong> ({{network}}) na adres {{address}}.</p><p>Damy znać, gdy wypłata zostanie zrealizowana.</p>',
   E'Cześć {{fname}},\n\nprzyjęliśmy Twoje zlecenie wypłaty {{amount}} ({{network}}) na adres {{address}}.\nDamy znać, gdy wypłata zostanie zrealizowana.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"amount","description":"Kwota wypłaty","example":"250.00 USDT"},{"name":"network","description":"Sieć","example":"BSC"},{"name":"address","description":"Adres portfela","example":"0x52908400098527886E0F7030069857D2E4169EE7"}]'),
  ('withdrawal-completed', 'Wypłata {{amount}} zrealizowana',
   '<p>Cześć {{fname}},</p><p>Twoja wypłata <strong>{{amount}}</strong> ({{network}}) została zrealizowana.</p><p>Transakcja: <a href="{{tx_link}}">{{tx_link}}</a></p>',
   E'Cześć {{fname}},\n\nTwoja wypłata {{amount}} ({{network}}) została zrealizowana.\nTransakcja: {{tx_link}}',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"amount","description":"Kwota wypłaty","example":"250.00 USDT"},{"name":"network","description":"Sieć","example":"BSC"},{"name":"tx_hash","description":"Hash transakcji","example":"0x9f2c…"},{"name":"tx_link","description":"Link do transakcji w eksploratorze","example":"https://bscscan.com/tx/0x9f2c…"}]'),
  ('withdrawal-failed', 'Wypłata {{amount}} nie została zrealizowana',
   '<p>Cześć {{fname}},</p><p>Twoja wypłata <strong>{{amount}}</strong> nie została zrealizowana.</p><p>Powód: {{reason}}</p><p>Środki wróciły do salda dostępnego.</p>',
   E'Cześć {{fname}},\n\nTwoja wypłata {{amount}} nie została zrealizowana.\nPowód: {{reason}}\nŚrodki wróciły do salda dostępnego.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"amount","description":"Kwota wypłaty","example":"250.00 USDT"},{"name":"reason","description":"Powód","example":"Nieprawidłowy adres"}]'),
  ('wallet-credited', 'Nowe środki w portfelu: {{amount}}',
   '<p>Cześć {{fname}},</p><p>na Twój portfel wpłynęło <strong>{{amount}}</strong>.</p><p>{{reason}}</p>',
   E'Cześć {{fname}},\n\nna Twój portfel wpłynęło {{amount}}.\n{{reason}}',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"amount","description":"Kwota","example":"100.00 USDT"},{"name":"reason","description":"Opis wpłaty","example":"Premia za polecenia"}]'),
  ('profit-payout', 'Wypłata zysków: {{amount}}',
   '<p>Cześć {{fname}},</p><p>otrzymałeś <strong>{{amount}}</strong> ({{amount_usdt}}), {{percentage}} z pakietu {{tier}}.</p><p>Środki są już w Twoim portfelu.</p>',
   E'Cześć {{fname}},\n\notrzymałeś {{amount}} ({{amount_usdt}}), {{percentage}} z pakietu {{tier}}.\nŚrodki są już w Twoim portfelu.',
   '[{"name":"fname","description":"Imię i nazwisko","example":"Anna Nowak"},{"name":"amount","description":"Kwota w PLN","example":"125.00 PLN"},{"name":"amount_usdt","description":"Kwota w USDT","example":"31.25 USDT"},{"name":"percentage","description":"Udział w zysku","example":"15%"},{"name":"tier","description":"Pakiet","example":"PREMIUM"}]')
on conflict (name) do nothing;

-- -------------------------------------------------------------------------------------
-- Schedule (hosted Supabase)
-- -------------------------------------------------------------------------------------
-- send-outbox every minute, only where pg_cron is loaded and pg_net is available. The call reads
-- the project URL and the service role key from Vault (README: store them, or run the same
-- cron.schedule call once after enabling the extensions). The local stack runs the function on its
-- own timer (supabase/scheduled-jobs.json).
do $do$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net')
     and current_setting('shared_preload_libraries', true) like '%pg_cron%' then
    create extension if not exists pg_cron;
    create extension if not exists pg_net;
    perform cron.schedule('send-outbox', '* * * * *', $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/send-outbox',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
        ),
        body := '{}'::jsonb,
        timeout_milliseconds := 60000
      )
    $job$);
  end if;
end
$do$;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on table private.email_outbox is
  'E-mails queued in the transaction that decided them (payments, money notifications); the send-outbox edge function delivers them (sent_at), retrying with backoff up to 5 attempts.';
comment on column private.email_outbox.next_attempt_at is 'When the sender may claim the row next (claim lease 5 minutes; failure backoff 1, 2, 4, 8 minutes).';
comment on column private.email_outbox.last_error is 'The last failed attempt, as the sender describes it (never a secret).';
comment on function public.claim_email_outbox(integer) is
  'Sender (service_role only): claims up to p_limit due e-mails, skipping rows another sender holds; counts the attempt.';
comment on function public.complete_email_outbox(bigint) is 'Sender (service_role only): marks an e-mail sent.';
comment on function public.fail_email_outbox(bigint, text) is 'Sender (service_role only): records a failed attempt and its backoff.';
comment on function private.queue_money_email(uuid, jsonb) is
  'Queues the e-mail of a money notification unless the member switched its kind off in notification_preferences (default on).';
