-- Payment links: the external payment pages that the plans grid and the CCC packages page open in a
-- new tab, one per product tier and payment method (product.md#dashboard-2 Plans grid, CCC packages, §9:
-- "Payment links exist for each of six tiers by three methods (external, not reproduced)"). The spec
-- keeps them in the browser; here they live in the database so admins can change them without a
-- release. Members read them; only admins write them. A purchase saves nothing (spec).
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.

-- -------------------------------------------------------------------------------------
-- Types
-- -------------------------------------------------------------------------------------
create type public.payment_method as enum ('transfer', 'usdt', 'acc');

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
create table public.plan_payment_links (
  tier public.membership_level not null references public.membership_plans (tier) on delete cascade,
  method public.payment_method not null,
  url text not null check (char_length(url) <= 2048 and url ~* '^https?://[^[:space:]/?#]+\.[^[:space:]/?#]+([/?#][^[:space:]]*)?$'),
  updated_at timestamptz not null default now(),
  primary key (tier, method)
);

create table public.ccc_payment_links (
  tier public.ccc_tier not null references public.ccc_tiers (tier) on delete cascade,
  method public.payment_method not null,
  url text not null check (char_length(url) <= 2048 and url ~* '^https?://[^[:space:]/?#]+\.[^[:space:]/?#]+([/?#][^[:space:]]*)?$'),
  updated_at timestamptz not null default now(),
  primary key (tier, method)
);

-- -------------------------------------------------------------------------------------
-- Indexes: the primary keys serve every read (all rows, or one tier) and the foreign keys.
-- -------------------------------------------------------------------------------------

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger plan_payment_links_set_updated_at
  before update on public.plan_payment_links
  for each row execute function private.set_updated_at();

create trigger ccc_payment_links_set_updated_at
  before update on public.ccc_payment_links
  for each row execute function private.set_updated_at();

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
alter table public.plan_payment_links enable row level security;
alter table public.ccc_payment_links enable row level security;

create policy plan_payment_links_select_authenticated on public.plan_payment_links
  for select to authenticated
  using (true);

create policy plan_payment_links_insert_authenticated on public.plan_payment_links
  for insert to authenticated
  with check ((select private.is_admin()));

create policy plan_payment_links_update_authenticated on public.plan_payment_links
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy plan_payment_links_delete_authenticated on public.plan_payment_links
  for delete to authenticated
  using ((select private.is_admin()));

create policy ccc_payment_links_select_authenticated on public.ccc_payment_links
  for select to authenticated
  using (true);

create policy ccc_payment_links_insert_authenticated on public.ccc_payment_links
  for insert to authenticated
  with check ((select private.is_admin()));

create policy ccc_payment_links_update_authenticated on public.ccc_payment_links
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy ccc_payment_links_delete_authenticated on public.ccc_payment_links
  for delete to authenticated
  using ((select private.is_admin()));

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
grant select, delete on public.plan_payment_links, public.ccc_payment_links to authenticated;
grant insert (tier, method, url), update (url) on public.plan_payment_links to authenticated;
grant insert (tier, method, url), update (url) on public.ccc_payment_links to authenticated;
revoke all on public.plan_payment_links, public.ccc_payment_links from service_role;
grant select, insert, update, delete on public.plan_payment_links, public.ccc_payment_links to service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on type public.payment_method is 'Payment methods of the plans and CCC payment dialogs: transfer (a Polish payment gateway), usdt, acc.';
comment on table public.plan_payment_links is 'External payment page per membership plan and method. Members read; admins write. For acc the browser appends the member''s e-mail as a query parameter.';
comment on table public.ccc_payment_links is 'External payment page per CCC tier and method. Members read; admins write. For acc the browser appends the member''s e-mail as a query parameter.';
