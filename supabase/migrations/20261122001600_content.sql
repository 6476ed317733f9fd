-- Content: announcements and the site settings (title, SEO, privacy link).
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Tables
-- ========================================================================================

-- public.announcements ------------------------------------------------------------------
create table public.announcements (
  id uuid primary key default gen_random_uuid(),
  content text not null check (content ~ '[^[:space:]]' and char_length(content) <= 2000),
  active boolean not null default true,
  created_at timestamptz not null default now()
);
alter table public.announcements enable row level security;

-- public.site_settings ------------------------------------------------------------------
-- Exactly one row: the primary key is the constant true.
create table public.site_settings (
  id boolean default true not null,
  site_title text not null,
  site_description text default ''::text not null,
  site_image text,
  favicon text,
  og_title text,
  og_description text,
  og_image text,
  twitter_card text default 'summary_large_image'::text not null,
  twitter_title text,
  twitter_description text,
  twitter_image text,
  updated_at timestamp with time zone default now() not null,
  privacy_url text,
  privacy_contact_email text,
  constraint site_settings_favicon_check CHECK (((char_length(favicon) <= 2048) AND (favicon ~* '^(https?://|/)[^[:space:]]*$'::text))),
  constraint site_settings_id_check CHECK (id),
  constraint site_settings_og_description_check CHECK ((char_length(og_description) <= 500)),
  constraint site_settings_og_image_check CHECK (((char_length(og_image) <= 2048) AND (og_image ~* '^(https?://|/)[^[:space:]]*$'::text))),
  constraint site_settings_og_title_check CHECK ((char_length(og_title) <= 200)),
  constraint site_settings_privacy_contact_email_check CHECK (((char_length(privacy_contact_email) <= 320) AND (privacy_contact_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'::text))),
  constraint site_settings_privacy_url_check CHECK (((char_length(privacy_url) <= 2048) AND (privacy_url ~* '^(https?://|/)[^[:space:]]*$'::text))),
  constraint site_settings_site_description_check CHECK ((char_length(site_description) <= 500)),
  constraint site_settings_site_image_check CHECK (((char_length(site_image) <= 2048) AND (site_image ~* '^(https?://|/)[^[:space:]]*$'::text))),
  constraint site_settings_site_title_check CHECK (((site_title ~ '[^[:space:]]'::text) AND (char_length(site_title) <= 200))),
  constraint site_settings_twitter_card_check CHECK ((twitter_card = ANY (ARRAY['summary'::text, 'summary_large_image'::text, 'app'::text, 'player'::text]))),
  constraint site_settings_twitter_description_check CHECK ((char_length(twitter_description) <= 500)),
  constraint site_settings_twitter_image_check CHECK (((char_length(twitter_image) <= 2048) AND (twitter_image ~* '^(https?://|/)[^[:space:]]*$'::text))),
  constraint site_settings_twitter_title_check CHECK ((char_length(twitter_title) <= 200)),
  constraint site_settings_pkey PRIMARY KEY (id)
);
alter table public.site_settings enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- public.announcements ------------------------------------------------------------------

-- Members read only active announcements (limit 10).
create index announcements_active_created_at_idx on public.announcements (created_at desc) where active;

create index announcements_created_at_idx on public.announcements (created_at desc);

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- announcements_audit on public.announcements -------------------------------------------
create trigger announcements_audit after insert or update or delete on public.announcements
  for each row execute function private.audit_admin_write();

-- site_settings_audit on public.site_settings -------------------------------------------
create trigger site_settings_audit after insert or update or delete on public.site_settings
  for each row execute function private.audit_admin_write();

-- site_settings_set_updated_at on public.site_settings ----------------------------------
create trigger site_settings_set_updated_at
  before update on public.site_settings
  for each row execute function private.set_updated_at();

-- ========================================================================================
-- Policies
-- ========================================================================================

-- public.announcements ------------------------------------------------------------------

create policy announcements_delete_authenticated on public.announcements
  for delete to authenticated
  using ((select private.is_admin()));

create policy announcements_insert_authenticated on public.announcements
  for insert to authenticated
  with check ((select private.is_admin()));

-- Members see active announcements; admins see all of them.
create policy announcements_select_authenticated on public.announcements
  for select to authenticated
  using (active or (select private.is_admin()));

create policy announcements_update_authenticated on public.announcements
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- public.site_settings ------------------------------------------------------------------

-- Page title, icon and share tags are needed before sign-in.
create policy site_settings_select_anon on public.site_settings
  for select to anon
  using (true);

create policy site_settings_select_authenticated on public.site_settings
  for select to authenticated
  using (true);

create policy site_settings_update_authenticated on public.site_settings
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- ========================================================================================
-- Grants
-- ========================================================================================

revoke maintain, references, trigger, truncate on public.announcements from service_role;
grant delete, select on public.announcements to authenticated;
revoke delete, insert, maintain, references, trigger, truncate on public.site_settings from service_role;
grant select on public.site_settings to anon, authenticated;
grant insert (active, content) on public.announcements to authenticated;
grant update (active, content) on public.announcements to authenticated;
grant update (favicon, og_description, og_image, og_title, privacy_contact_email, privacy_url, site_description, site_image, site_title, twitter_card, twitter_description, twitter_image, twitter_title) on public.site_settings to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on table public.announcements is 'Banner texts (may hold [text](url) links). Members read active ones; admins manage all.';
comment on table public.site_settings is 'The single row of site/SEO settings (id is always true). Readable by anon; updated by admins only.';
comment on column public.site_settings.favicon is 'URL of the favicon (ICO or PNG, at most 100 KB, in the site-images bucket under favicon/), or a path of the app.';
comment on column public.site_settings.privacy_url is 'Address of the club''s own privacy notice (http(s) or a path of the app), linked from the footer and under the registration form; null: the app''s notice (/polityka-prywatnosci, generated from the same text as the data export''s information).';
comment on column public.site_settings.privacy_contact_email is 'Where members write about their data (the privacy notice and the data export name it); null: the notice says the club has not given one yet.';
comment on column public.site_settings.twitter_card is 'Twitter card type: summary, summary_large_image, app or player.';

-- ========================================================================================
-- Data
-- ========================================================================================

-- The single row with Polish defaults (admins edit it; nobody inserts or deletes it).
insert into public.site_settings (id, site_title, site_description, site_image, favicon, og_title, og_description, og_image,
  twitter_card, twitter_title, twitter_description, twitter_image)
values (
  true,
  'Klub',
  'Klub inwestorów w aplikacje: członkostwo, pakiety CCC, eWallet i pomysły.',
  null,
  '/favicon.svg',
  'Klub — inwestuj w aplikacje',
  'Dołącz do klubu inwestorów w aplikacje: plany członkowskie, pakiety CCC, eWallet i pomysły na nowe aplikacje.',
  null,
  'summary_large_image',
  'Klub — inwestuj w aplikacje',
  'Dołącz do klubu inwestorów w aplikacje: plany członkowskie, pakiety CCC, eWallet i pomysły na nowe aplikacje.',
  null
)
on conflict (id) do nothing;
