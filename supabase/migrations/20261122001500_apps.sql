-- Apps: the catalogue of the club's applications.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Tables
-- ========================================================================================

-- public.apps ---------------------------------------------------------------------------
create table public.apps (
  id uuid default gen_random_uuid() not null,
  name text not null,
  description text not null,
  category public.app_category not null,
  image_url text,
  image_width integer,
  image_height integer,
  image_size integer,
  website_url text,
  app_store_url text,
  google_play_url text,
  downloads bigint default 0 not null,
  revenue numeric(14,2) default 0 not null,
  active_users bigint default 0 not null,
  rating numeric(2,1) default 0 not null,
  current_value numeric(14,2) default 0 not null,
  projected_value numeric(14,2) default 0 not null,
  growth_rate numeric(6,1) default 0 not null,
  minimum_investment numeric(14,2) default 0 not null,
  available_shares bigint default 0 not null,
  price_per_share numeric(14,2) default 0 not null,
  release_date date,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint apps_active_users_check CHECK ((active_users >= 0)),
  constraint apps_app_store_url_check CHECK (((char_length(app_store_url) <= 2048) AND (app_store_url ~* '^https?://(apps|itunes)\.apple\.com([/?#][^[:space:]]*)?$'::text))),
  constraint apps_available_shares_check CHECK ((available_shares >= 0)),
  constraint apps_current_value_check CHECK ((current_value >= (0)::numeric)),
  constraint apps_current_value_finite_check CHECK ((current_value <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint apps_description_check CHECK (((description ~ '[^[:space:]]'::text) AND (char_length(description) <= 5000))),
  constraint apps_downloads_check CHECK ((downloads >= 0)),
  constraint apps_google_play_url_check CHECK (((char_length(google_play_url) <= 2048) AND (google_play_url ~* '^https?://play\.google\.com([/?#][^[:space:]]*)?$'::text))),
  constraint apps_growth_rate_finite_check CHECK ((growth_rate <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint apps_image_dimensions_check CHECK (((image_width IS NULL) = (image_height IS NULL))),
  constraint apps_image_height_check CHECK (((image_height >= 100) AND (image_height <= 2048))),
  constraint apps_image_size_check CHECK (((image_size >= 1) AND (image_size <= 2097152))),
  constraint apps_image_url_check CHECK (((char_length(image_url) <= 2048) AND (image_url ~* '^https?://[^[:space:]/?#]+[^[:space:]]*$'::text))),
  constraint apps_image_width_check CHECK (((image_width >= 100) AND (image_width <= 2048))),
  constraint apps_minimum_investment_check CHECK ((minimum_investment >= (0)::numeric)),
  constraint apps_minimum_investment_finite_check CHECK ((minimum_investment <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint apps_name_check CHECK (((name ~ '[^[:space:]]'::text) AND (char_length(name) <= 200))),
  constraint apps_price_per_share_check CHECK ((price_per_share >= (0)::numeric)),
  constraint apps_price_per_share_finite_check CHECK ((price_per_share <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint apps_projected_value_check CHECK ((projected_value >= (0)::numeric)),
  constraint apps_projected_value_finite_check CHECK ((projected_value <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint apps_rating_check CHECK (((rating >= (0)::numeric) AND (rating <= (5)::numeric))),
  constraint apps_rating_finite_check CHECK ((rating <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint apps_revenue_check CHECK ((revenue >= (0)::numeric)),
  constraint apps_revenue_finite_check CHECK ((revenue <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint apps_website_url_check CHECK (((char_length(website_url) <= 2048) AND (website_url ~* '^https?://[^[:space:]/?#]+\.[^[:space:]/?#]+([/?#][^[:space:]]*)?$'::text))),
  constraint apps_pkey PRIMARY KEY (id)
);
alter table public.apps enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- public.apps ---------------------------------------------------------------------------

-- The catalogue is read newest first (spec: apps select ordered by created_at desc).
create index apps_created_at_idx on public.apps (created_at desc);

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- apps_audit on public.apps -------------------------------------------------------------
-- Admin-only tables: every admin insert, update and delete (the one line a new admin table needs).
create trigger apps_audit after insert or update or delete on public.apps
  for each row execute function private.audit_admin_write();

-- apps_set_updated_at on public.apps ----------------------------------------------------
create trigger apps_set_updated_at
  before update on public.apps
  for each row execute function private.set_updated_at();

-- ========================================================================================
-- Policies
-- ========================================================================================

-- public.apps ---------------------------------------------------------------------------

create policy apps_delete_authenticated on public.apps
  for delete to authenticated
  using ((select private.is_admin()));

create policy apps_insert_authenticated on public.apps
  for insert to authenticated
  with check ((select private.is_admin()));

create policy apps_select_authenticated on public.apps
  for select to authenticated
  using (true);

create policy apps_update_authenticated on public.apps
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- ========================================================================================
-- Grants
-- ========================================================================================

revoke maintain, references, trigger, truncate on public.apps from service_role;
grant delete, select on public.apps to authenticated;
grant insert (active_users, app_store_url, available_shares, category, current_value, description, downloads, google_play_url, growth_rate, image_height, image_size, image_url, image_width, minimum_investment, name, price_per_share, projected_value, rating, release_date, revenue, website_url) on public.apps to authenticated;
grant update (active_users, app_store_url, available_shares, category, current_value, description, downloads, google_play_url, growth_rate, image_height, image_size, image_url, image_width, minimum_investment, name, price_per_share, projected_value, rating, release_date, revenue, website_url) on public.apps to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on table public.apps is 'Apps catalogue. Members read it; only admins (app_metadata.admin) insert, update and delete.';
comment on column public.apps.app_store_url is 'http(s) link on apps.apple.com or itunes.apple.com.';
comment on column public.apps.current_value is 'Valuation in PLN.';
comment on column public.apps.google_play_url is 'http(s) link on play.google.com.';
comment on column public.apps.growth_rate is 'Percent with one decimal; may be negative.';
comment on column public.apps.image_size is 'Bytes; at most 2 MB like the app-images bucket limit.';
comment on column public.apps.image_url is 'Public URL of the image (normally in the app-images bucket); http(s) only.';
comment on column public.apps.image_width is 'Pixels; the spec allows 100 to 2048 (also checked by the browser before upload).';
comment on column public.apps.minimum_investment is 'PLN.';
comment on column public.apps.price_per_share is 'PLN.';
comment on column public.apps.projected_value is 'Projected valuation in PLN.';
comment on column public.apps.rating is 'Average rating 0.0 to 5.0.';
comment on column public.apps.revenue is 'Generated revenue in PLN; profit pools are revenue times each plan''s profit share (computed by the browser).';
