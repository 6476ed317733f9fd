-- Apps catalogue: the apps members invest in, with their metrics and valuation.
-- Members read the catalogue; only admins create, edit and delete apps.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.

-- -------------------------------------------------------------------------------------
-- Types
-- -------------------------------------------------------------------------------------
create type public.app_category as enum ('games', 'productivity', 'lifestyle', 'education', 'business');

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
create table public.apps (
  id uuid primary key default gen_random_uuid(),
  name text not null check (name ~ '[^[:space:]]' and char_length(name) <= 200),
  description text not null check (description ~ '[^[:space:]]' and char_length(description) <= 5000),
  category public.app_category not null,
  image_url text check (char_length(image_url) <= 2048 and image_url ~* '^https?://[^[:space:]/?#]+[^[:space:]]*$'),
  image_width integer check (image_width between 100 and 2048),
  image_height integer check (image_height between 100 and 2048),
  image_size integer check (image_size between 1 and 2097152),
  website_url text check (char_length(website_url) <= 2048 and website_url ~* '^https?://[^[:space:]/?#]+\.[^[:space:]/?#]+([/?#][^[:space:]]*)?$'),
  app_store_url text check (char_length(app_store_url) <= 2048 and app_store_url ~* '^https?://(apps|itunes)\.apple\.com([/?#][^[:space:]]*)?$'),
  google_play_url text check (char_length(google_play_url) <= 2048 and google_play_url ~* '^https?://play\.google\.com([/?#][^[:space:]]*)?$'),
  downloads bigint not null default 0 check (downloads >= 0),
  revenue numeric(14, 2) not null default 0 check (revenue >= 0),
  active_users bigint not null default 0 check (active_users >= 0),
  rating numeric(2, 1) not null default 0 check (rating between 0 and 5),
  current_value numeric(14, 2) not null default 0 check (current_value >= 0),
  projected_value numeric(14, 2) not null default 0 check (projected_value >= 0),
  growth_rate numeric(6, 1) not null default 0,
  minimum_investment numeric(14, 2) not null default 0 check (minimum_investment >= 0),
  available_shares bigint not null default 0 check (available_shares >= 0),
  price_per_share numeric(14, 2) not null default 0 check (price_per_share >= 0),
  release_date date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint apps_image_dimensions_check check ((image_width is null) = (image_height is null))
);

-- -------------------------------------------------------------------------------------
-- Indexes
-- -------------------------------------------------------------------------------------
-- The catalogue is read newest first (spec: apps select ordered by created_at desc).
create index apps_created_at_idx on public.apps (created_at desc);

-- -------------------------------------------------------------------------------------
-- Functions: none (admins write the table directly; RLS and column grants guard it).
-- -------------------------------------------------------------------------------------

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger apps_set_updated_at
  before update on public.apps
  for each row execute function private.set_updated_at();

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
alter table public.apps enable row level security;

create policy apps_select_authenticated on public.apps
  for select to authenticated
  using (true);

create policy apps_insert_authenticated on public.apps
  for insert to authenticated
  with check ((select private.is_admin()));

create policy apps_update_authenticated on public.apps
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy apps_delete_authenticated on public.apps
  for delete to authenticated
  using ((select private.is_admin()));

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
grant select, delete on public.apps to authenticated;
-- id, created_at and updated_at are never written by clients.
grant insert (name, description, category, image_url, image_width, image_height, image_size, website_url, app_store_url,
  google_play_url, downloads, revenue, active_users, rating, current_value, projected_value, growth_rate,
  minimum_investment, available_shares, price_per_share, release_date) on public.apps to authenticated;
grant update (name, description, category, image_url, image_width, image_height, image_size, website_url, app_store_url,
  google_play_url, downloads, revenue, active_users, rating, current_value, projected_value, growth_rate,
  minimum_investment, available_shares, price_per_share, release_date) on public.apps to authenticated;
revoke all on public.apps from service_role;
grant select, insert, update, delete on public.apps to service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on type public.app_category is 'Categories shared by apps and app ideas (spec: games, productivity, lifestyle, education, business).';
comment on table public.apps is 'Apps catalogue. Members read it; only admins (app_metadata.admin) insert, update and delete.';
comment on column public.apps.image_url is 'Public URL of the image (normally in the app-images bucket); http(s) only.';
comment on column public.apps.image_width is 'Pixels; the spec allows 100 to 2048 (also checked by the browser before upload).';
comment on column public.apps.image_size is 'Bytes; at most 2 MB like the app-images bucket limit.';
comment on column public.apps.app_store_url is 'http(s) link on apps.apple.com or itunes.apple.com.';
comment on column public.apps.google_play_url is 'http(s) link on play.google.com.';
comment on column public.apps.revenue is 'Generated revenue in PLN; profit pools are revenue times each plan''s profit share (computed by the browser).';
comment on column public.apps.rating is 'Average rating 0.0 to 5.0.';
comment on column public.apps.growth_rate is 'Percent with one decimal; may be negative.';
comment on column public.apps.current_value is 'Valuation in PLN.';
comment on column public.apps.projected_value is 'Projected valuation in PLN.';
comment on column public.apps.minimum_investment is 'PLN.';
comment on column public.apps.price_per_share is 'PLN.';
