-- Ideas, second part: the board's admin filter, the webhook feedback owned by the idea-webhook edge
-- function, idea images that must be the author's own objects in idea-images, and deletion that
-- cannot leave files behind.
--   1. get_app_ideas gains p_status (the admin moderation list filters by status).
--   2. webhook_response is written only by the idea-webhook function (service role): the members'
--      column grant and update policy are gone, so an author can no longer show fake feedback.
--   3. image_urls must be public URLs of existing objects in the author's folder of idea-images,
--      each used by one idea only (before: any http(s) URL of any host).
--   4. admin_delete_idea deletes an idea only once its images are gone from storage: the browser
--      removes them through the Storage API first, so a failure never orphans a file.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.

-- -------------------------------------------------------------------------------------
-- Indexes
-- -------------------------------------------------------------------------------------
-- The moderation list: one status, newest first (the board's default order).
create index app_ideas_status_submitted_at_idx on public.app_ideas (status, submitted_at desc, id desc);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- The object path ({uid}/{file}) inside idea-images of a public URL of that bucket, or null when
-- the text is not one: http(s)://{host}/storage/v1/object/public/idea-images/{uuid}/{file}, no
-- query or fragment, file names of letters, digits, '.', '_' and '-' only (what the app uploads).
create function private.idea_image_path(p_url text)
returns text
language sql
immutable
set search_path = ''
as $$
  select (regexp_match(
    p_url,
    '^https?://[^/?#[:space:]]+/storage/v1/object/public/idea-images/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9_][A-Za-z0-9._-]{0,199})$'
  ))[1]
$$;
revoke execute on function private.idea_image_path(text) from public, anon, authenticated, service_role;

-- Trigger on app_ideas (insert, or a change of image_urls by server code): every image is a public
-- URL of an object that exists in the author's own folder of idea-images, no image twice, and no
-- image already used by another idea of the author (deleting one idea removes its files).
create function private.check_idea_images()
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
     cross join lateral unnest(i.image_urls) as u(url)
     where i.submitted_by = new.submitted_by
       and i.id <> new.id
       and private.idea_image_path(u.url) = any(v_paths)
  ) then
    raise exception using errcode = '23514', message = 'ideas.image_in_use';
  end if;
  return new;
end
$$;
revoke execute on function private.check_idea_images() from public, anon, authenticated, service_role;

-- RPC: one page of the ideas board, now with an optional status filter (admin moderation). Same
-- rows, order and result columns as before; the page's ids are found first (see the performance
-- migration), then joined with the author's name and the caller's vote.
drop function public.get_app_ideas(text, public.app_category, text, integer, integer);

create function public.get_app_ideas(
  p_search text default null,
  p_category public.app_category default null,
  p_sort text default 'date',
  p_limit integer default 20,
  p_offset integer default 0,
  p_status public.idea_status default null
)
returns table (
  id uuid,
  title text,
  description text,
  category public.app_category,
  target_audience text,
  monetization_strategy text,
  submitted_by uuid,
  submitted_at timestamptz,
  status public.idea_status,
  score numeric,
  votes_count integer,
  views_count integer,
  comments_count integer,
  image_urls text[],
  webhook_response text,
  created_at timestamptz,
  updated_at timestamptz,
  author_full_name text,
  user_vote smallint,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_order text;
  v_where text := 'true';
  v_pattern text;
  v_total bigint;
begin
  if v_uid is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  -- Written for alias i: used inside the page subquery and again on the joined rows.
  v_order := case coalesce(p_sort, 'date')
    when 'date' then 'i.submitted_at desc, i.id desc'
    when 'score' then 'i.score desc, i.submitted_at desc, i.id desc'
    when 'votes' then 'i.votes_count desc, i.submitted_at desc, i.id desc'
    when 'comments' then 'i.comments_count desc, i.submitted_at desc, i.id desc'
  end;
  if v_order is null then
    raise exception using errcode = '22023', message = 'ideas.invalid_sort';
  end if;
  if p_limit is null or p_limit not between 1 and 100 or p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'ideas.invalid_page';
  end if;
  if char_length(p_search) > 200 then
    raise exception using errcode = '22023', message = 'ideas.invalid_search';
  end if;

  v_pattern := lower(nullif(btrim(p_search), ''));
  if v_pattern is not null then
    -- The term is matched literally: escape LIKE's wildcards and its escape character.
    v_pattern := '%' || replace(replace(replace(v_pattern, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    v_where := v_where || ' and i.search_text like $1';
  end if;
  if p_category is not null then
    v_where := v_where || ' and i.category = $2';
  end if;
  if p_status is not null then
    v_where := v_where || ' and i.status = $7';
  end if;

  execute format('select count(*) from public.app_ideas i where %s', v_where)
    into v_total
    using v_pattern, p_category, null, null, null, null, p_status;

  return query execute format(
    'select i.id, i.title, i.description, i.category, i.target_audience, i.monetization_strategy,
            i.submitted_by, i.submitted_at, i.status, i.score, i.votes_count, i.views_count,
            i.comments_count, i.image_urls, i.webhook_response, i.created_at, i.updated_at,
            p.full_name, v.score, $3
       from (select i.id
               from public.app_ideas i
              where %s
              order by %s
              limit $5 offset $6) page
       join public.app_ideas i on i.id = page.id
       left join public.profiles p on p.user_id = i.submitted_by
       left join public.idea_votes v on v.idea_id = i.id and v.user_id = $4
      order by %s',
    v_where, v_order, v_order)
    using v_pattern, p_category, v_total, v_uid, p_limit, p_offset, p_status;
end
$$;

-- RPC (admins): delete an idea (votes and comments go with it) once its images are gone from
-- storage, and return their paths. The browser removes the files through the Storage API first
-- (admins may remove any file of idea-images), then calls this: a failure on the way leaves either
-- the idea with all its files or, after the removal, the idea whose files are gone, which a second
-- attempt deletes; never a file nobody points at.
create or replace function public.admin_delete_idea(p_idea_id uuid)
returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_urls text[];
  v_paths text[];
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'ideas.admin_only';
  end if;

  select i.image_urls into v_urls from public.app_ideas i where i.id = p_idea_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'ideas.not_found';
  end if;

  -- Rows written before the image check may carry a query string (?t=...): it is not part of the path.
  select coalesce(array_agg(x.path order by x.ord), '{}'::text[])
    into v_paths
    from (select private.idea_image_path(split_part(u.url, '?', 1)) as path, u.ord
            from unnest(v_urls) with ordinality as u(url, ord)) x
   where x.path is not null;

  if exists (select 1 from storage.objects o where o.bucket_id = 'idea-images' and o.name = any(v_paths)) then
    raise exception using errcode = 'P0001', message = 'ideas.images_remaining';
  end if;

  delete from public.app_ideas i where i.id = p_idea_id;
  return v_paths;
end
$$;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger app_ideas_check_images
  before insert or update of image_urls on public.app_ideas
  for each row execute function private.check_idea_images();

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
-- The feedback is stored by the idea-webhook function with the service role (no RLS for it).
drop policy app_ideas_update_authenticated on public.app_ideas;

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
revoke update (webhook_response) on public.app_ideas from authenticated;

revoke execute on function public.get_app_ideas(text, public.app_category, text, integer, integer, public.idea_status) from public, anon, authenticated, service_role;
grant execute on function public.get_app_ideas(text, public.app_category, text, integer, integer, public.idea_status) to authenticated;

revoke execute on function public.admin_delete_idea(uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_delete_idea(uuid) to authenticated;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on column public.app_ideas.webhook_response is
  'Feedback of the external automation service, stored by the idea-webhook edge function (service role) while the idea is pending; members cannot write it.';
comment on column public.app_ideas.image_urls is
  'Up to 5 public URLs of objects in the author''s folder of idea-images (checked by private.check_idea_images: the objects exist, none twice, none used by another idea). Readers should build the URL from the object path with their own Storage URL.';
comment on function private.idea_image_path(text) is
  'The idea-images object path ({uid}/{file}) of a public URL of that bucket, or null.';
comment on function private.check_idea_images() is
  'Refuses images that are not existing objects in the author''s folder of idea-images, repeated, or used by another idea (ideas.invalid_image, ideas.image_missing, ideas.image_in_use; SQLSTATE 23514).';
comment on function public.get_app_ideas(text, public.app_category, text, integer, integer, public.idea_status) is
  'Ideas board page: search (title/description, case-insensitive, literal), category and status filters, sort date|score|votes|comments (ties: newest, then id), limit 1-100. Returns author_full_name (never an e-mail), the caller''s vote and total_count. Errors: ideas.invalid_sort, ideas.invalid_page, ideas.invalid_search.';
comment on function public.admin_delete_idea(uuid) is
  'Admins: deletes an idea with its votes and comments and returns the paths of its images in idea-images; refused with ideas.images_remaining while any of them is still stored (remove the files through the Storage API first). Errors: ideas.admin_only, ideas.not_found, ideas.images_remaining.';
