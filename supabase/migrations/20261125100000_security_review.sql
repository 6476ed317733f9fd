-- The second attack run (issue 21): what a member, an admin with a phished password or a typo could
-- still do, closed where the rule lives.
--   1. Idea images are stored as bare object paths ({uid}/{file}) of idea-images: no host a member
--      typed is ever stored, so no admin's browser is sent to it.
--   2. An idea-images object that an idea refers to cannot be replaced or removed by its author.
--   3. Members no longer publish posts; admins do (posts_insert_admin).
--   4. Masked e-mails never show a whole address; get_account_status is rate limited per client.
--   5. A change of an SMTP configuration's host, port or username needs the password again.
--   8. Every admin right needs an aal2 session (a verified second factor), factor or not.
--  11. No NaN or ±Infinity in any numeric column.
--  12. Deleting a member keeps the referral commissions the club owes (anonymised).
--  13. The ledger refuses every deletion; one SMTP configuration always stays the default; the
--      admin-like display names are reserved for admins.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
-- Calls of get_account_status by anonymous clients (the registration and sign-in screens), per
-- client address, for the rate limit. Rows older than the window are removed by the calls.
create table private.account_status_lookups (
  client text not null,
  looked_up_at timestamptz not null default now()
);

-- 12: the commission stays when the referrer's account is deleted (referrer_id becomes null).
alter table public.referral_commissions alter column referrer_id drop not null;
alter table public.referral_commissions drop constraint referral_commissions_referrer_id_fkey;
alter table public.referral_commissions
  add constraint referral_commissions_referrer_id_fkey foreign key (referrer_id)
  references auth.users (id) on delete set null;

-- -------------------------------------------------------------------------------------
-- Indexes
-- -------------------------------------------------------------------------------------
create index account_status_lookups_client_looked_up_at_idx on private.account_status_lookups (client, looked_up_at);
create index account_status_lookups_looked_up_at_idx on private.account_status_lookups (looked_up_at);
-- The storage policies ask whether an object path is used by an idea.
create index app_ideas_image_urls_idx on public.app_ideas using gin (image_urls);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------

-- 8: an admin is an admin only in an aal2 session. Without a verified factor there is no aal2 session,
-- so the admin area leads such an admin to enrol one first.
create or replace function private.admin_assurance_ok()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
$$;

-- 4: 'anna.kowalska@example.com' -> 'ann***@e***'. The local part keeps at most 3 characters and at
-- most half of itself (at least 1), the domain only its first character: no address is shown whole.
create or replace function private.mask_email(p_email text)
returns text
language sql
immutable
set search_path = ''
as $$
  with parts as (
    select split_part(p_email, '@', 1) as local_part,
           case when position('@' in p_email) > 0 then substring(p_email from position('@' in p_email) + 1) end as domain
  )
  select case
    when p_email is null then null
    else left(local_part, least(3, greatest(1, char_length(local_part) / 2))) || '***'
         || case when domain is null then '' else '@' || left(domain, 1) || '***' end
  end
  from parts
$$;

-- 4: the calling client as the API gateway reports it (the first X-Forwarded-For address; hosted
-- Supabase's gateway sets it), 'unknown' when no address came with the request.
create function private.request_client()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    nullif(btrim(split_part(coalesce(current_setting('request.headers', true), '{}')::jsonb ->> 'x-forwarded-for', ',', 1)), ''),
    'unknown'
  )
$$;

-- 4: login and registration screens: 'missing' | 'not_activated' | 'active'. At most 20 look-ups per
-- client address in 10 minutes (the screens ask once per submit): guessing addresses by the
-- thousand is refused with account.status_rate_limited (P0001).
create or replace function public.get_account_status(p_email text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_client text := private.request_client();
begin
  perform pg_advisory_xact_lock(hashtext('account_status:' || v_client));
  delete from private.account_status_lookups l where l.looked_up_at < now() - interval '10 minutes';
  if (select count(*) from private.account_status_lookups l where l.client = v_client) >= 20 then
    raise exception using errcode = 'P0001', message = 'account.status_rate_limited';
  end if;
  insert into private.account_status_lookups (client) values (v_client);
  return coalesce(
    (select case when p.email_confirmed then 'active' else 'not_activated' end
       from public.profiles p
      where p.email = lower(btrim(p_email))
      limit 1),
    'missing'
  );
end
$$;

-- 1: the object path ({uid}/{file}) of an idea image, given as the bare path or as a public
-- idea-images URL (of whichever host: only the path is ever kept), or null when it is neither.
create or replace function private.idea_image_path(p_url text)
returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    (regexp_match(
      p_url,
      '^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9_][A-Za-z0-9._-]{0,199})$'
    ))[1],
    (regexp_match(
      p_url,
      '^https?://[^/?#[:space:]]+/storage/v1/object/public/idea-images/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9_][A-Za-z0-9._-]{0,199})$'
    ))[1]
  )
$$;

-- 1: as before (the author's own existing objects, none twice, none used by another idea), and the
-- row keeps the object paths only.
create or replace function private.check_idea_images()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_paths text[];
begin
  if cardinality(new.image_urls) = 0 then
    return new;
  end if;

  select array_agg(private.idea_image_path(u.url) order by u.ord)
    into v_paths
    from unnest(new.image_urls) with ordinality as u(url, ord);

  if array_position(v_paths, null) is not null then
    raise exception using errcode = '23514', message = 'ideas.invalid_image';
  end if;
  if exists (select 1 from unnest(v_paths) p where split_part(p, '/', 1) <> new.submitted_by::text) then
    raise exception using errcode = '23514', message = 'ideas.invalid_image';
  end if;
  if (select count(distinct p) from unnest(v_paths) p) <> cardinality(v_paths) then
    raise exception using errcode = '23514', message = 'ideas.invalid_image';
  end if;
  if (select count(*) from storage.objects o where o.bucket_id = 'idea-images' and o.name = any(v_paths))
     <> cardinality(v_paths) then
    raise exception using errcode = '23514', message = 'ideas.image_missing';
  end if;
  if exists (
    select 1
      from public.app_ideas i
     where i.id <> new.id
       and i.image_urls && v_paths
  ) then
    raise exception using errcode = '23514', message = 'ideas.image_in_use';
  end if;
  new.image_urls := v_paths;
  return new;
end
$$;

-- 2: true when an idea refers to the idea-images object (its author may then neither replace nor
-- remove it). Security definer: the author may not see other members' ideas' columns this needs.
create function private.idea_image_in_use(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.app_ideas i where i.image_urls @> array[p_name])
$$;

-- 13: the ledger is append-only. The one change allowed is the anonymisation of a deleted account's
-- rows (user_id set to null by the foreign key once the account and its wallet are gone); no row is
-- ever deleted, whatever its user.
create or replace function private.wallet_transactions_append_only()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and old.user_id is not null
     and new.user_id is null
     and (new.id, new.kind, new.available_delta, new.pending_delta, new.withdrawal_id, new.note, new.created_by, new.created_at)
         is not distinct from
         (old.id, old.kind, old.available_delta, old.pending_delta, old.withdrawal_id, old.note, old.created_by, old.created_at)
     and not exists (select 1 from public.wallet_balances b where b.user_id = old.user_id) then
    return new;
  end if;
  raise exception using errcode = 'P0001', message = 'wallet.ledger_append_only';
end
$$;

-- 13: display names that pass for the club's staff ('Administrator Klubu', 'admin', 'Moderator …'):
-- a word starting with admin or moderat, in any case.
create function private.is_reserved_display_name(p_name text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(lower(p_name) ~ '(^|[^[:alpha:]])(admin|moderat)', false)
$$;

-- 13: trigger on profiles: a reserved display name only on an admin's profile (app_metadata.admin).
-- Security definer: it reads auth.users.
create function private.guard_reserved_display_name()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.is_reserved_display_name(new.full_name)
     and (tg_op = 'INSERT' or new.full_name is distinct from old.full_name)
     and not exists (
       select 1 from auth.users u
        where u.id = new.user_id
          and coalesce(u.raw_app_meta_data -> 'admin' = 'true'::jsonb, false)
     ) then
    raise exception using errcode = '22023', message = 'profile.full_name_reserved';
  end if;
  return new;
end
$$;

-- 5 and 13: as before, and: a change of host, port or username needs the password again (the
-- stored one is never sent to another server); the default configuration stays the default until
-- another one is made the default (the project always has one for its auth e-mails).
create or replace function public.admin_upsert_smtp_config(
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
  v_old public.smtp_configs;
  v_default boolean := coalesce(p_is_default, false);
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

  -- Serialise default switches so two admins cannot both leave a default behind (or none).
  perform pg_advisory_xact_lock(hashtext('public.smtp_configs.is_default'));

  if p_id is not null then
    select * into v_old from public.smtp_configs s where s.id = p_id for update;
    if not found then
      raise exception using errcode = 'P0002', message = 'smtp.not_found';
    end if;
    if v_password is null
       and (lower(v_host) <> lower(v_old.host) or p_port <> v_old.port or v_username <> v_old.username) then
      raise exception using errcode = '22023', message = 'smtp.password_required';
    end if;
    v_default := v_default or v_old.is_default;
  elsif not exists (select 1 from public.smtp_configs s where s.is_default) then
    v_default := true;
  end if;

  if v_default then
    update public.smtp_configs s set is_default = false where s.is_default and s.id is distinct from p_id;
  end if;

  if p_id is null then
    if v_password is null then
      raise exception using errcode = '22023', message = 'smtp.password_required';
    end if;
    insert into public.smtp_configs as s (name, host, port, username, password, from_email, from_name, is_default)
    values (v_name, v_host, p_port, v_username, v_password, v_from_email, v_from_name, v_default)
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
           is_default = v_default
     where s.id = p_id
     returning s.id into v_id;
  end if;

  return query
    select s.id, s.name, s.host, s.port, s.username,
           case when s.password = '' then null else '••••••••' end,
           s.from_email, s.from_name, s.is_default, s.secure, s.created_at, s.updated_at
      from public.smtp_configs s
     where s.id = v_id;
end
$$;

-- -------------------------------------------------------------------------------------
-- Data and constraints
-- -------------------------------------------------------------------------------------
-- 1: rows written before keep their images, as object paths (the check ran when they were written);
-- the column holds object paths only from now on.
alter table public.app_ideas drop constraint app_ideas_image_urls_check;
alter table public.app_ideas disable trigger app_ideas_check_images;
update public.app_ideas i
   set image_urls = (
     select coalesce(array_agg(x.path order by x.ord), '{}'::text[])
       from (select private.idea_image_path(split_part(u.url, '?', 1)) as path, u.ord
               from unnest(i.image_urls) with ordinality as u(url, ord)) x
      where x.path is not null)
 where cardinality(i.image_urls) > 0;
alter table public.app_ideas enable trigger app_ideas_check_images;
alter table public.app_ideas add constraint app_ideas_image_urls_check check (
  cardinality(image_urls) <= 5
  and array_position(image_urls, null) is null
  and (cardinality(image_urls) = 0 or (' ' || array_to_string(image_urls, ' ')) ~ '^( [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9_][A-Za-z0-9._-]{0,199})+$')
);

-- 11: numeric admits 'NaN' (greater than every number, so `check (x >= 0)` lets it in) and, unbounded,
-- ±Infinity. Every numeric column of the project's tables (money, counts, rates) refuses them.
do $$
declare
  v_column record;
begin
  for v_column in
    select c.table_schema, c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema in ('public', 'private')
       and t.table_type = 'BASE TABLE'
       and c.data_type = 'numeric'
       and c.is_generated = 'NEVER'
  loop
    execute format(
      'alter table %I.%I add constraint %I check (%I not in (''NaN''::numeric, ''Infinity''::numeric, ''-Infinity''::numeric))',
      v_column.table_schema, v_column.table_name,
      left(v_column.table_name || '_' || v_column.column_name || '_finite_check', 63),
      v_column.column_name
    );
  end loop;
end
$$;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger profiles_guard_reserved_display_name
  before insert or update of full_name on public.profiles
  for each row execute function private.guard_reserved_display_name();

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
alter table private.account_status_lookups enable row level security;

-- 3: members read posts; only admins (aal2) publish, as themselves.
drop policy posts_insert_authenticated on public.posts;
create policy posts_insert_admin on public.posts
  for insert to authenticated
  with check ((select private.is_admin()) and author_id = (select auth.uid()));

-- 2: an author replaces or removes their own idea-images objects only while no idea refers to them;
-- admins remove any (deleting an idea takes its images with it).
alter policy storage_objects_update_authenticated on storage.objects
  using (
    (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id = 'idea-images' and (storage.foldername(name))[1] = (select auth.uid())::text
        and not private.idea_image_in_use(name))
    or (bucket_id in ('app-images', 'site-images') and (select private.is_admin()))
  );

alter policy storage_objects_delete_authenticated on storage.objects
  using (
    (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id = 'idea-images' and (storage.foldername(name))[1] = (select auth.uid())::text
        and not private.idea_image_in_use(name))
    or (bucket_id in ('avatars', 'idea-images', 'app-images', 'site-images') and (select private.is_admin()))
  );

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
revoke all on private.account_status_lookups from public, anon, authenticated, service_role;

revoke insert on public.posts from authenticated;
grant insert (author_id, title, content) on public.posts to authenticated;

revoke execute on function private.admin_assurance_ok() from public, anon, authenticated, service_role;
grant execute on function private.admin_assurance_ok() to authenticated, service_role;
revoke execute on function private.request_client() from public, anon, authenticated, service_role;
revoke execute on function private.idea_image_in_use(text) from public, anon, authenticated, service_role;
grant execute on function private.idea_image_in_use(text) to authenticated;
revoke execute on function private.is_reserved_display_name(text) from public, anon, authenticated, service_role;
revoke execute on function private.guard_reserved_display_name() from public, anon, authenticated, service_role;
revoke execute on function public.get_account_status(text) from public, anon, authenticated, service_role;
grant execute on function public.get_account_status(text) to anon, authenticated;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on table private.account_status_lookups is
  'Recent get_account_status calls per client address (10 minutes), for its rate limit.';
comment on function private.admin_assurance_ok() is
  'True when the session is aal2 (a verified second factor was used). Part of private.is_admin(): no admin right without it.';
comment on function private.is_admin() is
  'True when the caller''s JWT carries app_metadata.admin = true and the session is aal2.';
comment on function private.mask_email(text) is
  'At most 3 characters (and at most half) of the local part, then ***@, the domain''s first character and ***.';
comment on function private.request_client() is
  'The client address of the request (first X-Forwarded-For entry), or unknown.';
comment on function public.get_account_status(text) is
  'missing | not_activated | active for an e-mail (login and registration screens); at most 20 calls per client address in 10 minutes (account.status_rate_limited).';
comment on function private.idea_image_path(text) is
  'The idea-images object path ({uid}/{file}) of a bare path or a public URL of that bucket, or null.';
comment on function private.idea_image_in_use(text) is
  'True when an idea refers to this idea-images object: its author can no longer replace or remove it.';
comment on column public.app_ideas.image_urls is
  'Up to 5 object paths ({uid}/{file}) of idea-images in the author''s folder (a public URL given on insert is reduced to its path by private.check_idea_images). Readers build the URL with their own Storage URL.';
comment on function private.is_reserved_display_name(text) is
  'True for display names that pass for staff (a word starting with admin or moderat).';
comment on function private.guard_reserved_display_name() is
  'Refuses a reserved display name on a profile whose account is not an admin (profile.full_name_reserved, 22023).';
comment on column public.referral_commissions.referrer_id is
  'The referrer; null once their account was deleted (the commission stays for the books).';
comment on policy posts_insert_admin on public.posts is
  'Admins (aal2) publish posts as themselves; members have no posting feature.';
