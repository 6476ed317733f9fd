-- Admin-managed content: announcements, site (SEO) settings, SMTP configurations and e-mail templates.
-- SMTP passwords are never readable by clients: admins see them masked, only service_role in clear.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.

-- -------------------------------------------------------------------------------------
-- Types: none (closed sets are check constraints here).
-- -------------------------------------------------------------------------------------

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
create table public.announcements (
  id uuid primary key default gen_random_uuid(),
  content text not null check (content ~ '[^[:space:]]' and char_length(content) <= 2000),
  active boolean not null default true,
  created_at timestamptz not null default now()
);

-- Exactly one row: the primary key is the constant true.
create table public.site_settings (
  id boolean primary key default true check (id),
  site_title text not null check (site_title ~ '[^[:space:]]' and char_length(site_title) <= 200),
  site_description text not null default '' check (char_length(site_description) <= 500),
  site_image text check (char_length(site_image) <= 2048 and site_image ~* '^(https?://|/)[^[:space:]]*$'),
  favicon text check (char_length(favicon) <= 2048 and favicon ~* '^(https?://|/)[^[:space:]]*$'),
  og_title text check (char_length(og_title) <= 200),
  og_description text check (char_length(og_description) <= 500),
  og_image text check (char_length(og_image) <= 2048 and og_image ~* '^(https?://|/)[^[:space:]]*$'),
  twitter_card text not null default 'summary_large_image' check (twitter_card in ('summary', 'summary_large_image', 'app', 'player')),
  twitter_title text check (char_length(twitter_title) <= 200),
  twitter_description text check (char_length(twitter_description) <= 500),
  twitter_image text check (char_length(twitter_image) <= 2048 and twitter_image ~* '^(https?://|/)[^[:space:]]*$'),
  updated_at timestamptz not null default now()
);

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

create table public.smtp_configs (
  id uuid primary key default gen_random_uuid(),
  name text not null check (name ~ '[^[:space:]]' and char_length(name) <= 100),
  host text not null check (char_length(host) <= 253 and host ~ '^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$'),
  port integer not null default 587 check (port between 1 and 65535),
  username text not null check (username ~ '[^[:space:]]' and char_length(username) <= 320),
  password text not null default '' check (char_length(password) <= 1024),
  from_email text not null check (char_length(from_email) <= 320 and from_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  from_name text not null check (from_name ~ '[^[:space:]]' and char_length(from_name) <= 200),
  is_default boolean not null default false,
  secure boolean not null generated always as (port = 465) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.email_templates (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (name ~ '^[a-z0-9][a-z0-9_-]{0,99}$'),
  subject text not null check (subject ~ '[^[:space:]]' and char_length(subject) <= 300),
  html_content text not null check (html_content ~ '[^[:space:]]' and char_length(html_content) <= 200000),
  text_content text check (char_length(text_content) <= 100000),
  -- A JSON array of {name, description, example} objects, each with a string name.
  variables jsonb not null default '[]'::jsonb check (
    jsonb_typeof(variables) = 'array'
    and not jsonb_path_exists(variables, 'strict $[*] ? (@.type() != "object")')
    and not jsonb_path_exists(variables, 'lax $[*] ? (!exists(@.name) || @.name.type() != "string")')
  ),
  smtp_config_id uuid references public.smtp_configs (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- -------------------------------------------------------------------------------------
-- Indexes (email_templates.name is indexed by its unique constraint)
-- -------------------------------------------------------------------------------------
create index announcements_created_at_idx on public.announcements (created_at desc);
-- Members read only active announcements (limit 10).
create index announcements_active_created_at_idx on public.announcements (created_at desc) where active;
-- At most one default SMTP configuration.
create unique index smtp_configs_is_default_idx on public.smtp_configs (is_default) where is_default;
create index email_templates_smtp_config_id_idx on public.email_templates (smtp_config_id);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- RPC (admins): every SMTP configuration with the password masked ('••••••••', or null when none is stored).
create function public.admin_list_smtp_configs()
returns table (
  id uuid,
  name text,
  host text,
  port integer,
  username text,
  password text,
  from_email text,
  from_name text,
  is_default boolean,
  secure boolean,
  created_at timestamptz,
  updated_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  return query
    select s.id, s.name, s.host, s.port, s.username,
           case when s.password = '' then null else '••••••••' end,
           s.from_email, s.from_name, s.is_default, s.secure, s.created_at, s.updated_at
      from public.smtp_configs s
     order by s.is_default desc, s.name, s.created_at, s.id;
end
$$;
revoke execute on function public.admin_list_smtp_configs() from public, anon, authenticated;
grant execute on function public.admin_list_smtp_configs() to authenticated;

-- RPC (admins): creates (p_id null) or updates an SMTP configuration. On update a null or empty
-- password keeps the stored one. Setting is_default clears it on the other configurations.
create function public.admin_upsert_smtp_config(
  p_id uuid default null,
  p_name text default null,
  p_host text default null,
  p_port integer default 587,
  p_username text default null,
  p_password text default null,
  p_from_email text default null,
  p_from_name text default null,
  p_is_default boolean default false
)
returns table (
  id uuid,
  name text,
  host text,
  port integer,
  username text,
  password text,
  from_email text,
  from_name text,
  is_default boolean,
  secure boolean,
  created_at timestamptz,
  updated_at timestamptz
)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_host text := btrim(p_host);
  v_username text := btrim(p_username);
  v_from_email text := btrim(p_from_email);
  v_from_name text := btrim(p_from_name);
  v_password text := nullif(p_password, '');
  v_name text;
  v_id uuid;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if v_host is null or char_length(v_host) > 253 or v_host !~ '^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$' then
    raise exception using errcode = '22023', message = 'smtp.invalid_host';
  end if;
  if p_port is null or p_port not between 1 and 65535 then
    raise exception using errcode = '22023', message = 'smtp.invalid_port';
  end if;
  if v_username is null or v_username = '' or char_length(v_username) > 320 then
    raise exception using errcode = '22023', message = 'smtp.username_required';
  end if;
  if v_password is not null and char_length(v_password) > 1024 then
    raise exception using errcode = '22023', message = 'smtp.invalid_password';
  end if;
  if v_from_email is null or char_length(v_from_email) > 320 or v_from_email !~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' then
    raise exception using errcode = '22023', message = 'smtp.invalid_from_email';
  end if;
  if v_from_name is null or v_from_name = '' or char_length(v_from_name) > 200 then
    raise exception using errcode = '22023', message = 'smtp.from_name_required';
  end if;
  v_name := left(coalesce(nullif(btrim(p_name), ''), v_host), 100);

  if coalesce(p_is_default, false) then
    -- Serialise default switches so two admins cannot both leave a default behind.
    perform pg_advisory_xact_lock(hashtext('public.smtp_configs.is_default'));
    update public.smtp_configs s set is_default = false where s.is_default and s.id is distinct from p_id;
  end if;

  if p_id is null then
    if v_password is null then
      raise exception using errcode = '22023', message = 'smtp.password_required';
    end if;
    insert into public.smtp_configs as s (name, host, port, username, password, from_email, from_name, is_default)
    values (v_name, v_host, p_port, v_username, v_password, v_from_email, v_from_name, coalesce(p_is_default, false))
    returning s.id into v_id;
  else
    update public.smtp_configs s
       set name = v_name,
           host = v_host,
           port = p_port,
           username = v_username,
           password = coalesce(v_password, s.password),
           from_email = v_from_email,
           from_name = v_from_name,
           is_default = coalesce(p_is_default, false)
     where s.id = p_id
     returning s.id into v_id;
    if v_id is null then
      raise exception using errcode = 'P0002', message = 'smtp.not_found';
    end if;
  end if;

  return query
    select s.id, s.name, s.host, s.port, s.username,
           case when s.password = '' then null else '••••••••' end,
           s.from_email, s.from_name, s.is_default, s.secure, s.created_at, s.updated_at
      from public.smtp_configs s
     where s.id = v_id;
end
$$;
revoke execute on function public.admin_upsert_smtp_config(uuid, text, text, integer, text, text, text, text, boolean) from public, anon, authenticated;
grant execute on function public.admin_upsert_smtp_config(uuid, text, text, integer, text, text, text, text, boolean) to authenticated;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger site_settings_set_updated_at
  before update on public.site_settings
  for each row execute function private.set_updated_at();

create trigger smtp_configs_set_updated_at
  before update on public.smtp_configs
  for each row execute function private.set_updated_at();

create trigger email_templates_set_updated_at
  before update on public.email_templates
  for each row execute function private.set_updated_at();

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
alter table public.announcements enable row level security;
alter table public.site_settings enable row level security;
alter table public.smtp_configs enable row level security;
alter table public.email_templates enable row level security;

-- Members see active announcements; admins see all of them.
create policy announcements_select_authenticated on public.announcements
  for select to authenticated
  using (active or (select private.is_admin()));

create policy announcements_insert_authenticated on public.announcements
  for insert to authenticated
  with check ((select private.is_admin()));

create policy announcements_update_authenticated on public.announcements
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy announcements_delete_authenticated on public.announcements
  for delete to authenticated
  using ((select private.is_admin()));

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

-- SMTP: admins read (without the password column) and delete; writes go through admin_upsert_smtp_config.
create policy smtp_configs_select_authenticated on public.smtp_configs
  for select to authenticated
  using ((select private.is_admin()));

create policy smtp_configs_delete_authenticated on public.smtp_configs
  for delete to authenticated
  using ((select private.is_admin()));

create policy email_templates_select_authenticated on public.email_templates
  for select to authenticated
  using ((select private.is_admin()));

create policy email_templates_insert_authenticated on public.email_templates
  for insert to authenticated
  with check ((select private.is_admin()));

create policy email_templates_update_authenticated on public.email_templates
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy email_templates_delete_authenticated on public.email_templates
  for delete to authenticated
  using ((select private.is_admin()));

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
grant select, delete on public.announcements to authenticated;
grant insert (content, active), update (content, active) on public.announcements to authenticated;
revoke all on public.announcements from service_role;
grant select, insert, update, delete on public.announcements to service_role;

grant select on public.site_settings to anon, authenticated;
grant update (site_title, site_description, site_image, favicon, og_title, og_description, og_image, twitter_card,
  twitter_title, twitter_description, twitter_image) on public.site_settings to authenticated;
revoke all on public.site_settings from service_role;
grant select, update on public.site_settings to service_role;

-- Every column except password.
grant select (id, name, host, port, username, from_email, from_name, is_default, secure, created_at, updated_at)
  on public.smtp_configs to authenticated;
grant delete on public.smtp_configs to authenticated;
revoke all on public.smtp_configs from service_role;
-- Server code (the mail-sending function) reads the configuration in clear.
grant select on public.smtp_configs to service_role;

grant select, delete on public.email_templates to authenticated;
grant insert (name, subject, html_content, text_content, variables, smtp_config_id),
  update (name, subject, html_content, text_content, variables, smtp_config_id) on public.email_templates to authenticated;
revoke all on public.email_templates from service_role;
grant select on public.email_templates to service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on table public.announcements is 'Banner texts (may hold [text](url) links). Members read active ones; admins manage all.';
comment on table public.site_settings is 'The single row of site/SEO settings (id is always true). Readable by anon; updated by admins only.';
comment on column public.site_settings.favicon is 'URL of the favicon (ICO or PNG, at most 100 KB, in the site-images bucket under favicon/), or a path of the app.';
comment on column public.site_settings.twitter_card is 'Twitter card type: summary, summary_large_image, app or player.';
comment on table public.smtp_configs is 'Mail server configurations. No access for anon or members; admins read all columns but password and write through admin_upsert_smtp_config; service_role reads all.';
comment on column public.smtp_configs.password is 'Stored for the mail-sending server code (service_role). Never granted to anon/authenticated; admins see it masked.';
comment on column public.smtp_configs.secure is 'Implicit TLS: true exactly when the port is 465.';
comment on column public.smtp_configs.is_default is 'At most one default configuration (partial unique index).';
comment on table public.email_templates is 'E-mail templates by name (e.g. account-activation with the fname and activate placeholders). Admins manage them; service_role reads them.';
comment on column public.email_templates.name is 'Lower-case key used by server code: letters, digits, - and _.';
comment on column public.email_templates.variables is 'JSON array of {name, description, example} describing the template''s placeholders.';
comment on function public.admin_list_smtp_configs() is 'Admins: all SMTP configurations with the password masked (null when empty). Errors: auth.forbidden.';
comment on function public.admin_upsert_smtp_config(uuid, text, text, integer, text, text, text, text, boolean) is 'Admins: creates (p_id null) or updates an SMTP configuration; a null/empty password keeps the stored one. Returns the row masked. Errors: auth.forbidden, smtp.invalid_host, smtp.invalid_port, smtp.username_required, smtp.invalid_password, smtp.password_required, smtp.invalid_from_email, smtp.from_name_required, smtp.not_found.';
