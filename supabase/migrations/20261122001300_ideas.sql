-- Ideas: the ideas board (ideas, votes, comments, images) and its admin tools.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Types
-- ========================================================================================

-- public.app_category -------------------------------------------------------------------
create type public.app_category as enum ('games', 'productivity', 'lifestyle', 'education', 'business');

-- public.idea_status --------------------------------------------------------------------
create type public.idea_status as enum ('pending', 'approved', 'rejected');

-- ========================================================================================
-- Tables
-- ========================================================================================

-- public.app_ideas ----------------------------------------------------------------------
create table public.app_ideas (
  id uuid default gen_random_uuid() not null,
  title text not null,
  description text not null,
  category public.app_category not null,
  target_audience text not null,
  monetization_strategy text not null,
  submitted_by uuid default auth.uid(),
  submitted_at timestamp with time zone default now() not null,
  status public.idea_status default 'pending'::public.idea_status not null,
  score numeric(3,2) default 0 not null,
  votes_count integer default 0 not null,
  views_count integer default 0 not null,
  comments_count integer default 0 not null,
  image_urls text[] default '{}'::text[] not null,
  webhook_response text,
  search_text text generated always as (lower(((title || ' '::text) || description))) stored not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  webhook_claimed_at timestamp with time zone,
  constraint app_ideas_comments_count_check CHECK ((comments_count >= 0)),
  constraint app_ideas_description_check CHECK (((description ~ '[^[:space:]]'::text) AND (char_length(description) <= 5000))),
  constraint app_ideas_image_urls_check CHECK (((cardinality(image_urls) <= 5) AND (array_position(image_urls, NULL::text) IS NULL) AND ((cardinality(image_urls) = 0) OR ((' '::text || array_to_string(image_urls, ' '::text)) ~ '^( [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9_][A-Za-z0-9._-]{0,199})+$'::text)))),
  constraint app_ideas_monetization_strategy_check CHECK (((monetization_strategy ~ '[^[:space:]]'::text) AND (char_length(monetization_strategy) <= 1000))),
  constraint app_ideas_score_check CHECK (((score = (0)::numeric) OR ((score >= (1)::numeric) AND (score <= (5)::numeric)))),
  constraint app_ideas_score_finite_check CHECK ((score <> ALL (ARRAY['NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric]))),
  constraint app_ideas_score_votes_check CHECK (((votes_count = 0) = (score = (0)::numeric))),
  constraint app_ideas_target_audience_check CHECK (((target_audience ~ '[^[:space:]]'::text) AND (char_length(target_audience) <= 1000))),
  constraint app_ideas_title_check CHECK (((title ~ '[^[:space:]]'::text) AND (char_length(title) <= 200))),
  constraint app_ideas_views_count_check CHECK ((views_count >= 0)),
  constraint app_ideas_votes_count_check CHECK ((votes_count >= 0)),
  constraint app_ideas_webhook_response_check CHECK ((char_length(webhook_response) <= 5000)),
  constraint app_ideas_submitted_by_fkey FOREIGN KEY (submitted_by) REFERENCES auth.users(id) ON DELETE SET NULL,
  constraint app_ideas_pkey PRIMARY KEY (id)
);
alter table public.app_ideas enable row level security;

-- public.idea_comments ------------------------------------------------------------------
create table public.idea_comments (
  id uuid primary key default gen_random_uuid(),
  idea_id uuid not null references public.app_ideas (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  content text not null check (content ~ '[^[:space:]]' and char_length(content) <= 2000),
  created_at timestamptz not null default now()
);
alter table public.idea_comments enable row level security;

-- public.idea_votes ---------------------------------------------------------------------
create table public.idea_votes (
  idea_id uuid not null references public.app_ideas (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  score smallint not null check (score between 1 and 5),
  created_at timestamptz not null default now(),
  primary key (idea_id, user_id)
);
alter table public.idea_votes enable row level security;

-- private.idea_submissions --------------------------------------------------------------
-- One row per idea a member submitted, kept when the idea is withdrawn or deleted: the daily limit
-- counts submissions, not the ideas that still exist (issue 40 §4).
create table private.idea_submissions (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  submitted_at timestamptz not null default now()
);
alter table private.idea_submissions enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- public.app_ideas ----------------------------------------------------------------------

create index app_ideas_category_comments_count_idx on public.app_ideas (category, comments_count desc, submitted_at desc, id desc);

create index idea_submissions_user_id_submitted_at_idx on private.idea_submissions (user_id, submitted_at);

create index app_ideas_category_idx on public.app_ideas (category, submitted_at desc, id desc);

-- (category, submitted_at desc, id desc) exists already (app_ideas_category_idx).
create index app_ideas_category_score_idx on public.app_ideas (category, score desc, submitted_at desc, id desc);

create index app_ideas_category_votes_count_idx on public.app_ideas (category, votes_count desc, submitted_at desc, id desc);

create index app_ideas_comments_count_idx on public.app_ideas (comments_count desc, submitted_at desc, id desc);

-- The storage policies ask whether an object path is used by an idea.
create index app_ideas_image_urls_idx on public.app_ideas using gin (image_urls);

create index app_ideas_score_idx on public.app_ideas (score desc, submitted_at desc, id desc);

create index app_ideas_search_text_trgm_idx on public.app_ideas using gin (search_text extensions.gin_trgm_ops);

create index app_ideas_status_category_idx on public.app_ideas (status, category);

-- The moderation list: pending first (the enum's first value), newest first within a status.
create index if not exists app_ideas_status_submitted_at_idx on public.app_ideas (status, submitted_at desc, id desc);

-- One index per sort order of the board, each ending with the same stable tie-break.
create index app_ideas_submitted_at_idx on public.app_ideas (submitted_at desc, id desc);

create index app_ideas_submitted_by_submitted_at_idx on public.app_ideas (submitted_by, submitted_at);

create index app_ideas_votes_count_idx on public.app_ideas (votes_count desc, submitted_at desc, id desc);

-- public.idea_comments ------------------------------------------------------------------

create index idea_comments_idea_id_created_at_idx on public.idea_comments (idea_id, created_at, id);

create index idea_comments_user_id_created_at_idx on public.idea_comments (user_id, created_at);

-- public.idea_votes ---------------------------------------------------------------------

create index idea_votes_user_id_idx on public.idea_votes (user_id);

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.check_idea_images() -----------------------------------------------------------
-- The idea's images are the author's own existing objects, none twice, none used by another idea;
-- the row keeps the object paths only.
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
     where i.id <> new.id
       and i.image_urls && v_paths
  ) then
    raise exception using errcode = '23514', message = 'ideas.image_in_use';
  end if;
  new.image_urls := v_paths;
  return new;
end
$$;

-- private.idea_image_in_use() -----------------------------------------------------------
-- True when an idea refers to the idea-images object (its author may then neither replace nor
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

-- private.idea_image_path() -------------------------------------------------------------
-- The object path ({uid}/{file}) of an idea image, given as the bare path or as a public
-- idea-images URL (of whichever host: only the path is ever kept), or null when it is neither.
create function private.idea_image_path(p_url text)
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

-- private.refresh_idea_comment_counts() -------------------------------------------------
-- Statement trigger on idea_comments: keeps app_ideas.comments_count exact (same locking as votes).
create function private.refresh_idea_comment_counts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1
    from public.app_ideas i
   where i.id in (select c.idea_id from changed c)
   order by i.id
     for no key update;

  update public.app_ideas i
     set comments_count = s.comments_count
    from (
      select t.idea_id, count(m.id)::integer as comments_count
        from (select distinct c.idea_id from changed c) t
        left join public.idea_comments m on m.idea_id = t.idea_id
       group by t.idea_id
    ) s
   where i.id = s.idea_id
     and i.comments_count <> s.comments_count;
  return null;
end
$$;

-- private.refresh_idea_vote_stats() -----------------------------------------------------
-- Statement trigger on idea_votes: locks the touched ideas (in id order) and recounts their votes,
-- so score (average, 2 decimals) and votes_count are exact whatever path changed the votes.
-- Each statement of this volatile function takes a fresh snapshot after the lock is granted, so
-- votes committed by concurrent transactions are always counted. FOR NO KEY UPDATE (the lock the
-- UPDATE takes anyway) does not conflict with the KEY SHARE locks of foreign-key checks, so
-- concurrent inserts on one idea queue up instead of deadlocking.
create function private.refresh_idea_vote_stats()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1
    from public.app_ideas i
   where i.id in (select c.idea_id from changed c)
   order by i.id
     for no key update;

  update public.app_ideas i
     set votes_count = s.votes_count,
         score = s.score
    from (
      select t.idea_id,
             count(v.idea_id)::integer as votes_count,
             coalesce(round(avg(v.score), 2), 0) as score
        from (select distinct c.idea_id from changed c) t
        left join public.idea_votes v on v.idea_id = t.idea_id
       group by t.idea_id
    ) s
   where i.id = s.idea_id
     and (i.votes_count, i.score) is distinct from (s.votes_count, s.score);
  return null;
end
$$;

-- public.admin_delete_idea() ------------------------------------------------------------
-- RPC (admins): delete an idea (votes and comments go with it) once its images are gone from
-- storage, and return their paths. The browser removes the files through the Storage API first
-- (admins may remove any file of idea-images), then calls this: a failure on the way leaves either
-- the idea with all its files or, after the removal, the idea whose files are gone, which a second
-- attempt deletes; never a file nobody points at.
create function public.admin_delete_idea(p_idea_id uuid)
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

-- public.admin_list_ideas() -------------------------------------------------------------
-- Ideas tab: the moderation list, pending first (oldest status first, then newest submission), with
-- the author's name and e-mail (admins may see both). p_status narrows it to one status.
create function public.admin_list_ideas(
  p_status public.idea_status default null,
  p_limit integer default 20,
  p_offset integer default 0
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
  comments_count integer,
  image_urls text[],
  author_full_name text,
  author_email text,
  total_count bigint
)
language plpgsql
stable
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_limit is null or p_limit not between 1 and 100 then
    raise exception using errcode = '22023', message = 'admin.invalid_limit';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'admin.invalid_offset';
  end if;

  -- Two statements, so that each is planned with its own index path (no "p_status is null or …").
  if p_status is null then
    return query
      with page as (
        select i.id
          from public.app_ideas i
         order by i.status, i.submitted_at desc, i.id desc
         limit p_limit offset p_offset
      )
      select i.id, i.title, i.description, i.category, i.target_audience, i.monetization_strategy, i.submitted_by,
             i.submitted_at, i.status, i.score, i.votes_count, i.comments_count, i.image_urls,
             p.full_name, p.email, (select count(*) from (select 1 from public.app_ideas c limit 1001) c)
        from page
        join public.app_ideas i on i.id = page.id
        left join public.profiles p on p.user_id = i.submitted_by
       order by i.status, i.submitted_at desc, i.id desc;
  else
    return query
      with page as (
        select i.id
          from public.app_ideas i
         where i.status = p_status
         order by i.submitted_at desc, i.id desc
         limit p_limit offset p_offset
      )
      select i.id, i.title, i.description, i.category, i.target_audience, i.monetization_strategy, i.submitted_by,
             i.submitted_at, i.status, i.score, i.votes_count, i.comments_count, i.image_urls,
             p.full_name, p.email, (select count(*) from (select 1 from public.app_ideas c where c.status = p_status limit 1001) c)
        from page
        join public.app_ideas i on i.id = page.id
        left join public.profiles p on p.user_id = i.submitted_by
       order by i.submitted_at desc, i.id desc;
  end if;
end
$$;

-- public.admin_set_idea_status() --------------------------------------------------------
-- RPC (admins): accept or reject a pending idea.
create function public.admin_set_idea_status(p_idea_id uuid, p_status public.idea_status)
returns public.app_ideas
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_idea public.app_ideas;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'ideas.admin_only';
  end if;
  if p_status is null or p_status = 'pending' then
    raise exception using errcode = '22023', message = 'ideas.invalid_status';
  end if;

  select * into v_idea from public.app_ideas i where i.id = p_idea_id for no key update;
  if not found then
    raise exception using errcode = 'P0002', message = 'ideas.not_found';
  end if;
  if v_idea.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'ideas.already_reviewed';
  end if;

  update public.app_ideas i set status = p_status where i.id = p_idea_id returning * into v_idea;
  return v_idea;
end
$$;

-- public.claim_idea_webhook() -----------------------------------------------------------
-- RPC (idea-webhook function, service role): claims a pending idea without feedback for one call of
-- the automation service. True for the one caller that claimed it; false while another call holds
-- the claim (2 minutes, longer than the function's time limit) or once the feedback is stored.
create function public.claim_idea_webhook(p_idea_id uuid)
returns boolean
language sql
volatile
set search_path = ''
as $$
  with claimed as (
    update public.app_ideas i
       set webhook_claimed_at = now()
     where i.id = p_idea_id
       and i.status = 'pending'
       and i.webhook_response is null
       and (i.webhook_claimed_at is null or i.webhook_claimed_at < now() - interval '2 minutes')
    returning i.id
  )
  select exists (select 1 from claimed)
$$;

-- public.get_app_ideas() ----------------------------------------------------------------
-- RPC: one page of the ideas board with author names, the caller's vote and the total for paging.
-- Dynamic SQL with a whitelisted ORDER BY so every sort uses its own index and gets a custom plan.
-- The inner query finds the page's ids alone (an index scan of the sort's index, or the search's),
-- so only the returned rows are read in full and joined with the author's name and the caller's
-- vote (a deep page does not look up authors and votes for every skipped row). The outer ORDER BY
-- repeats the inner one; every order ends with the unique id, so it is total and both agree.
create function public.get_app_ideas(p_search text DEFAULT NULL::text, p_category public.app_category DEFAULT NULL::public.app_category, p_sort text DEFAULT 'date'::text, p_limit integer DEFAULT 20, p_offset integer DEFAULT 0, p_status public.idea_status DEFAULT NULL::public.idea_status, p_mine boolean DEFAULT false)
 RETURNS TABLE(id uuid, title text, description text, category public.app_category, target_audience text, monetization_strategy text, submitted_by uuid, submitted_at timestamp with time zone, status public.idea_status, score numeric, votes_count integer, views_count integer, comments_count integer, image_urls text[], webhook_response text, created_at timestamp with time zone, updated_at timestamp with time zone, author_full_name text, user_vote smallint, total_count bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  -- A search counts at most this many matches; total_count = c_search_cap + 1 means "more".
  c_search_cap constant integer := 500;
  v_uid uuid := auth.uid();
  v_order text;
  v_reversed text;
  v_where text := 'true';
  v_pattern text;
  v_total bigint;
  v_ids uuid[];
  v_exact boolean := true;
  v_limit integer := p_limit;
  v_offset integer := p_offset;
  v_page_order text;
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
  -- 'Moje pomysły': the caller's own ideas (index app_ideas_submitted_by_submitted_at_idx).
  if coalesce(p_mine, false) then
    v_where := v_where || ' and i.submitted_by = $4';
  end if;

  -- The total: kept counters where they answer the filter, else a count (capped for a search).
  if v_pattern is null and p_category is null and not coalesce(p_mine, false) then
    select coalesce(sum(c.value), 0) into v_total
      from private.dashboard_counters c
     where c.kind = 'ideas' and (p_status is null or c.key = p_status::text);
  elsif v_pattern is null and p_status is null and not coalesce(p_mine, false) then
    select coalesce(sum(c.value), 0) into v_total
      from private.dashboard_counters c
     where c.kind = 'idea_categories' and c.key = p_category::text;
  elsif v_pattern is null then
    execute format('select count(*) from public.app_ideas i where %s', v_where)
      into v_total
      using v_pattern, p_category, null, v_uid, null, null, p_status;
  else
    -- A search runs once: its matches (up to the cap) are collected, and when they are all there the
    -- page is picked among them by id instead of searching again. The materialized CTE is planned for
    -- all matches (the trigram index, not a scan that hopes to stop early and may read every row when
    -- nothing matches) and still stops reading once the cap is reached.
    execute format(
      'with found as materialized (select i.id from public.app_ideas i where %s)
       select array_agg(f.id) from (select f.id from found f limit %s) f',
      v_where, c_search_cap + 1)
      into v_ids
      using v_pattern, p_category, null, v_uid, null, null, p_status;
    v_total := coalesce(cardinality(v_ids), 0);
    v_exact := v_total <= c_search_cap;
    if v_total = 0 then
      return;
    end if;
    if v_exact then
      v_where := 'i.id = any($8)';
    end if;
  end if;

  -- Past the middle of an exactly counted list, read the page from the other end of the index.
  v_page_order := v_order;
  if v_exact and p_offset > v_total / 2 then
    if p_offset >= v_total then
      return;
    end if;
    v_limit := least(p_limit::bigint, v_total - p_offset)::integer;
    v_offset := greatest(v_total - p_offset - p_limit, 0)::integer;
    v_page_order := replace(v_order, ' desc', ' asc');
  end if;

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
    v_where, v_page_order, v_order)
    using v_pattern, p_category, v_total, v_uid, v_limit, v_offset, p_status, v_ids;
end
$function$;

-- public.get_idea_comments() ------------------------------------------------------------
-- RPC: the comments of one idea, oldest first, with author names.
create function public.get_idea_comments(p_idea_id uuid)
returns table (id uuid, idea_id uuid, user_id uuid, content text, created_at timestamptz, author_full_name text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if not exists (select 1 from public.app_ideas i where i.id = p_idea_id) then
    raise exception using errcode = 'P0002', message = 'ideas.not_found';
  end if;
  return query
    select c.id, c.idea_id, c.user_id, c.content, c.created_at, private.member_display_name(c.user_id)
      from public.idea_comments c
     where c.idea_id = p_idea_id
     order by c.created_at, c.id;
end
$$;

-- public.get_idea_stats() ---------------------------------------------------------------
-- RPC: the board's sidebar in one call, from the counters: counts by status and the five most used
-- categories (ideas of every status; ties by category name; categories without ideas left out).
create function public.get_idea_stats()
returns table (approved_count bigint, pending_count bigint, rejected_count bigint, total_count bigint, top_categories jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select
    coalesce(sum(c.value) filter (where c.kind = 'ideas' and c.key = 'approved'), 0)::bigint,
    coalesce(sum(c.value) filter (where c.kind = 'ideas' and c.key = 'pending'), 0)::bigint,
    coalesce(sum(c.value) filter (where c.kind = 'ideas' and c.key = 'rejected'), 0)::bigint,
    coalesce(sum(c.value) filter (where c.kind = 'ideas'), 0)::bigint,
    (
      select coalesce(jsonb_agg(jsonb_build_object('category', t.key, 'count', t.value) order by t.value desc, t.key), '[]'::jsonb)
        from (
          select k.key, k.value
            from private.dashboard_counters k
           where k.kind = 'idea_categories' and k.value > 0
           order by k.value desc, k.key
           limit 5
        ) t
    )
  from private.dashboard_counters c
  where c.kind in ('ideas', 'idea_categories')
$$;

-- public.has_voted_for_idea() -----------------------------------------------------------
-- RPC: has the caller voted for this idea? Only about oneself.
create function public.has_voted_for_idea(p_idea_id uuid, p_user_id uuid)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  if auth.uid() is null or p_user_id is distinct from auth.uid() then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  return exists (select 1 from public.idea_votes v where v.idea_id = p_idea_id and v.user_id = p_user_id);
end
$$;

-- public.vote_for_idea() ----------------------------------------------------------------
-- RPC: one vote (1-5) per member and idea. Locks the idea row first (FOR NO KEY UPDATE), so
-- concurrent votes on one idea are serialised and the recount in the trigger is exact.
create function public.vote_for_idea(p_idea_id uuid, p_user_id uuid, p_score integer)
returns table (score numeric, votes_count integer, user_vote smallint)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null or p_user_id is distinct from v_uid then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_score is null or p_score not between 1 and 5 then
    raise exception using errcode = '22023', message = 'ideas.invalid_score';
  end if;

  perform 1 from public.app_ideas i where i.id = p_idea_id for no key update;
  if not found then
    raise exception using errcode = 'P0002', message = 'ideas.not_found';
  end if;

  if exists (select 1 from public.idea_votes v where v.idea_id = p_idea_id and v.user_id = v_uid) then
    raise exception using errcode = 'P0001', message = 'ideas.already_voted';
  end if;

  begin
    insert into public.idea_votes (idea_id, user_id, score) values (p_idea_id, v_uid, p_score::smallint);
  exception when unique_violation then
    raise exception using errcode = 'P0001', message = 'ideas.already_voted';
  end;

  return query
    select i.score, i.votes_count, p_score::smallint
      from public.app_ideas i
     where i.id = p_idea_id;
end
$$;

-- public.withdraw_idea() ----------------------------------------------------------------
create function public.withdraw_idea(p_idea_id uuid)
returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_idea public.app_ideas;
  v_paths text[];
begin
  if v_uid is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;

  select * into v_idea from public.app_ideas i where i.id = p_idea_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'ideas.not_found';
  end if;
  -- Only one's own idea (an admin withdraws nobody's: admins delete through admin_delete_idea).
  if v_idea.submitted_by is distinct from v_uid then
    raise exception using errcode = '42501', message = 'ideas.not_own';
  end if;
  -- Only while nobody has decided on it.
  if v_idea.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'ideas.not_pending';
  end if;

  select coalesce(array_agg(x.path order by x.ord), '{}'::text[])
    into v_paths
    from (select private.idea_image_path(split_part(u.url, '?', 1)) as path, u.ord
            from unnest(v_idea.image_urls) with ordinality as u(url, ord)) x
   where x.path is not null;

  delete from public.app_ideas i where i.id = p_idea_id;
  -- The author removes these files next through the Storage API: no idea refers to them any more,
  -- which is what the idea-images delete policy waits for.
  return v_paths;
end
$$;

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- app_ideas_audit_delete on public.app_ideas --------------------------------------------
create trigger app_ideas_audit_delete after delete on public.app_ideas
  for each row when (old.submitted_by is distinct from auth.uid())
  execute function private.audit_admin_write();

-- app_ideas_audit_status on public.app_ideas --------------------------------------------
-- app_ideas: the status (admin_set_idea_status) and deletions of other members' ideas.
create trigger app_ideas_audit_status after update on public.app_ideas
  for each row when (old.status is distinct from new.status)
  execute function private.audit_admin_write();

-- app_ideas_check_images on public.app_ideas --------------------------------------------
create trigger app_ideas_check_images
  before insert or update of image_urls on public.app_ideas
  for each row execute function private.check_idea_images();

-- app_ideas_count_dashboard_ideas on public.app_ideas -----------------------------------
create trigger app_ideas_count_dashboard_ideas
  after insert or update of status, category or delete on public.app_ideas
  for each row execute function private.count_dashboard_ideas();

-- app_ideas_rate_limit on public.app_ideas ----------------------------------------------
create trigger app_ideas_rate_limit
  before insert on public.app_ideas
  for each row execute function private.enforce_member_rate_limit();

-- app_ideas_set_updated_at on public.app_ideas ------------------------------------------
-- updated_at follows edits of the idea itself, not the counters kept by the triggers below.
create trigger app_ideas_set_updated_at
  before update of title, description, category, target_audience, monetization_strategy, image_urls, status, webhook_response
  on public.app_ideas
  for each row execute function private.set_updated_at();

-- idea_comments_rate_limit on public.idea_comments --------------------------------------
create trigger idea_comments_rate_limit
  before insert on public.idea_comments
  for each row execute function private.enforce_member_rate_limit();

-- idea_comments_audit_delete on public.idea_comments ------------------------------------
-- An admin deleting someone else's comment (a member deleting their own is not audited).
create trigger idea_comments_audit_delete after delete on public.idea_comments
  for each row
  when (old.user_id is distinct from auth.uid())
  execute function private.audit_admin_write();

-- idea_comments_refresh_after_delete on public.idea_comments ----------------------------
create trigger idea_comments_refresh_after_delete
  after delete on public.idea_comments
  referencing old table as changed
  for each statement execute function private.refresh_idea_comment_counts();

-- idea_comments_refresh_after_insert on public.idea_comments ----------------------------
create trigger idea_comments_refresh_after_insert
  after insert on public.idea_comments
  referencing new table as changed
  for each statement execute function private.refresh_idea_comment_counts();

-- idea_votes_refresh_after_delete on public.idea_votes ----------------------------------
create trigger idea_votes_refresh_after_delete
  after delete on public.idea_votes
  referencing old table as changed
  for each statement execute function private.refresh_idea_vote_stats();

-- idea_votes_refresh_after_insert on public.idea_votes ----------------------------------
create trigger idea_votes_refresh_after_insert
  after insert on public.idea_votes
  referencing new table as changed
  for each statement execute function private.refresh_idea_vote_stats();

-- idea_votes_refresh_after_update on public.idea_votes ----------------------------------
create trigger idea_votes_refresh_after_update
  after update on public.idea_votes
  referencing new table as changed
  for each statement execute function private.refresh_idea_vote_stats();

-- ========================================================================================
-- Policies
-- ========================================================================================

-- public.app_ideas ----------------------------------------------------------------------

create policy app_ideas_delete_authenticated on public.app_ideas
  for delete to authenticated
  using ((select private.is_admin()));

create policy app_ideas_insert_authenticated on public.app_ideas
  for insert to authenticated
  with check (submitted_by = (select auth.uid()));

create policy app_ideas_select_authenticated on public.app_ideas
  for select to authenticated
  using (true);

-- public.idea_comments ------------------------------------------------------------------

create policy idea_comments_delete_authenticated on public.idea_comments
  for delete to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy idea_comments_insert_authenticated on public.idea_comments
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy idea_comments_select_authenticated on public.idea_comments
  for select to authenticated
  using (true);

-- public.idea_votes ---------------------------------------------------------------------

-- Votes are private: everyone sees only their own. Writes go through vote_for_idea only.
create policy idea_votes_select_authenticated on public.idea_votes
  for select to authenticated
  using (user_id = (select auth.uid()));

-- ========================================================================================
-- Grants
-- ========================================================================================

grant execute on function private.idea_image_in_use(text) to authenticated;
revoke execute on function public.admin_delete_idea(uuid) from service_role;
grant execute on function public.admin_delete_idea(uuid) to authenticated;
grant execute on function public.admin_list_ideas(public.idea_status,integer,integer) to authenticated;
grant execute on function public.admin_set_idea_status(uuid,public.idea_status) to authenticated;
grant execute on function public.get_app_ideas(text,public.app_category,text,integer,integer,public.idea_status,boolean) to authenticated;
grant execute on function public.get_idea_comments(uuid) to authenticated;
revoke execute on function public.get_idea_stats() from service_role;
grant execute on function public.get_idea_stats() to authenticated;
grant execute on function public.has_voted_for_idea(uuid,uuid) to authenticated;
grant execute on function public.vote_for_idea(uuid,uuid,integer) to authenticated;
grant execute on function public.withdraw_idea(uuid) to authenticated;
revoke maintain, references, trigger, truncate on public.app_ideas from service_role;
grant delete, select on public.app_ideas to authenticated;
revoke maintain, references, trigger, truncate on public.idea_comments from service_role;
grant delete, select on public.idea_comments to authenticated;
revoke maintain, references, trigger, truncate on public.idea_votes from service_role;
grant select on public.idea_votes to authenticated;
grant insert (category, description, image_urls, monetization_strategy, target_audience, title) on public.app_ideas to authenticated;
grant insert (content, idea_id, user_id) on public.idea_comments to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function private.check_idea_images() is 'Refuses images that are not existing objects in the author''s folder of idea-images, repeated, or used by another idea (ideas.invalid_image, ideas.image_missing, ideas.image_in_use; SQLSTATE 23514).';
comment on function private.idea_image_in_use(text) is 'True when an idea refers to this idea-images object: its author can no longer replace or remove it.';
comment on function private.idea_image_path(text) is 'The idea-images object path ({uid}/{file}) of a bare path or a public URL of that bucket, or null.';
comment on function public.admin_delete_idea(uuid) is 'Admins: deletes an idea with its votes and comments and returns the paths of its images in idea-images; refused with ideas.images_remaining while any of them is still stored (remove the files through the Storage API first). Errors: ideas.admin_only, ideas.not_found, ideas.images_remaining.';
comment on function public.admin_list_ideas(public.idea_status,integer,integer) is 'Admin only. Ideas pending first, newest first, with the author''s name and e-mail and the total count (up to 1 001); optional status filter; pages of 1..100.';
comment on function public.admin_set_idea_status(uuid,public.idea_status) is 'Admins: moves a pending idea to approved or rejected. Errors: ideas.admin_only, ideas.invalid_status, ideas.not_found, ideas.already_reviewed.';
comment on function public.claim_idea_webhook(uuid) is 'Service role (idea-webhook): true for the one caller that claims a pending idea without feedback; a claim lasts 2 minutes.';
comment on function public.get_app_ideas(text,public.app_category,text,integer,integer,public.idea_status,boolean) is 'Ideas board page: search (title/description, case-insensitive, literal), category and status filters, only the caller''s own ideas (p_mine, ''Moje pomysły''), sort date|score|votes|comments (ties: newest, then id), limit 1-100. Returns author_full_name (never an e-mail), the caller''s vote and total_count: exact without a search, for a search at most 501 (= more than 500 matches). Errors: ideas.invalid_sort, ideas.invalid_page, ideas.invalid_search.';
comment on function public.get_idea_comments(uuid) is 'Comments of an idea, oldest first, with author names. Errors: ideas.not_found.';
comment on function public.get_idea_stats() is 'Sidebar of the ideas board, from the counters: counts per status and top_categories = [{category, count}] (the five most used over all ideas, ties by name).';
comment on function public.has_voted_for_idea(uuid,uuid) is 'Whether the caller (p_user_id must be auth.uid()) has voted for the idea. Errors: auth.forbidden.';
comment on function public.vote_for_idea(uuid,uuid,integer) is 'Votes once (1-5) for an idea as the caller (p_user_id must be auth.uid()); returns the new score, votes_count and the caller''s vote. Errors: auth.forbidden, ideas.invalid_score, ideas.not_found, ideas.already_voted.';
comment on function public.withdraw_idea(uuid) is 'A member withdraws (deletes) their own idea while it is pending, with its votes and comments, and gets the paths of its images in idea-images to remove through the Storage API. Errors: auth.forbidden, ideas.not_found, ideas.not_own (someone else''s idea, admins included), ideas.not_pending.';
comment on table public.app_ideas is 'Ideas submitted by members. Members read all ideas and insert their own; status changes and deletion are admin-only (RPCs / policy).';
comment on table public.idea_comments is 'Comments on ideas: members read all, add their own, delete their own; admins delete any.';
comment on table private.idea_submissions is 'The ideas members submitted (one row each, never removed with the idea; rows older than a day are pruned on the next submission): what the 10-ideas-a-day limit counts, so withdrawing and resubmitting does not reset it. No policies: only private.enforce_member_rate_limit reads and writes it.';
comment on table public.idea_votes is 'One vote (1-5) per member and idea. Members read only their own votes; writes only through vote_for_idea.';
comment on column public.app_ideas.comments_count is 'Number of comments; kept by a trigger on idea_comments.';
comment on column public.app_ideas.image_urls is 'Up to 5 object paths ({uid}/{file}) of idea-images in the author''s folder (a public URL given on insert is reduced to its path by private.check_idea_images). Readers build the URL with their own Storage URL.';
comment on column public.app_ideas.score is 'Average of the votes rounded to 2 decimals (0 when there is no vote); kept by a trigger on idea_votes.';
comment on column public.app_ideas.search_text is 'lower(title || '' '' || description), trigram-indexed for the board''s case-insensitive search.';
comment on column public.app_ideas.submitted_by is 'The author; defaults to auth.uid() and cannot be supplied by clients (no column grant). Null once the author''s account was erased: the idea stays for the others'' votes and comments (shown as Członek usunięty).';
comment on column public.app_ideas.views_count is 'Not maintained yet: the spec shows no view tracking.';
comment on column public.app_ideas.votes_count is 'Number of votes; kept by a trigger on idea_votes.';
comment on column public.app_ideas.webhook_claimed_at is 'When the idea-webhook function claimed the idea for its one call of the automation service (claim_idea_webhook).';
comment on column public.app_ideas.webhook_response is 'Feedback of the external automation service, stored by the idea-webhook edge function (service role) while the idea is pending; members cannot write it.';
comment on type public.app_category is 'Categories shared by apps and app ideas (spec: games, productivity, lifestyle, education, business).';
comment on type public.idea_status is 'pending (W ocenie) -> approved (Zaakceptowany) or rejected (Odrzucony), by admins only.';
