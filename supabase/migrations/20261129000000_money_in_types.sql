-- Money in (issue 34), part 1: the new enum values. A value added by `alter type … add value` can
-- only be used after its transaction commits, so the values come in a migration of their own, before
-- the tables, indexes and functions that use them (20261129000100_money_in.sql).

-- Wygasłe, Niedopłata, Do zwrotu, Zwrócone.
alter type public.payment_order_status add value if not exists 'expired';
alter type public.payment_order_status add value if not exists 'underpaid';
alter type public.payment_order_status add value if not exists 'to_refund';
alter type public.payment_order_status add value if not exists 'refunded';

-- Where a membership period came from: a paid order, an admin's level edit (with its audit row) or
-- the backfill of the levels that existed before periods.
create type public.membership_period_source as enum ('order', 'admin', 'backfill');

-- Who decided an order: an admin in the panel, the payment gateway, the chain verifier.
create type public.payment_decider as enum ('admin', 'gateway', 'chain');
