-- App ideas: submission, one 1-5 vote per member and idea, comments, the ideas board read and
-- admin moderation. Score, vote and comment counters are kept by the server only.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.

-- Trigram index for the board's search: search_text LIKE '%term%' over lower-cased title and description.
create extension if not exists pg_trgm with schema extensions;

-- -------------------------------------------------------------------------------------
-- Types
-- -------------------------------------------------------------------------------------
create type public.idea_status as enum ('pending', 'approved', 'rejected');

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
create table public.app_ideas (
  id uuid primary key default gen_random_uuid(),
  title text not null check (title ~ '[^[:space:]]' and char_length(title) <= 200),
  description text not null check (description ~ '[^[:space:]]' and char_length(description) <= 5000),
  category public.app_category not null,
  target_audience text not null check (target_audience ~ '[^[:space:]]' and char_length(target_audience) <= 1000),
  monetization_strategy text not null check (monetization_strategy ~ '[^[:space:]]' and char_length(monetization_strategy) <= 1000),
  submitted_by uuid not null default auth.uid() references auth.users (id) on delete cascade,
  submitted_at timestamptz not null default now(),
  status public.idea_status not null default 'pending',
  score numeric(3, 2) not null default 0 check (score = 0 or score between 1 and 5),
  votes_count integer not null default 0 check (votes_count >= 0),
  views_count integer not null default 0 check (views_count >= 0),
  comments_count integer not null default 0 check (comments_count >= 0),
  -- At most 5 http(s) URLs without whitespace. Joined with ' ', the text must be a list of URLs
  -- and split again on ' ' it must give back exactly as many pieces as there are elements.
  image_urls text[] not null default '{}' check (
    cardinality(image_urls) <= 5
    and array_position(image_urls, null) is null
    and char_length(array_to_string(image_urls, ' ')) <= 5 * 2048
    and (
      cardinality(image_urls) = 0
      or ((' ' || array_to_string(image_urls, ' ')) ~ '^( https?://[^[:space:]]+)+$'
          and cardinality(string_to_array(array_to_string(image_urls, ' '), ' ')) = cardinality(image_urls))
    )
  ),
  webhook_response text check (char_length(webhook_response) <= 5000),
  search_text text not null generated always as (lower(title || ' ' || description)) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint app_ideas_score_votes_check check ((votes_count = 0) = (score = 0))
);

create table public.idea_votes (
  idea_id uuid not null references public.app_ideas (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  score smallint not null check (score between 1 and 5),
  created_at timestamptz not null default now(),
  primary key (idea_id, user_id)
);

create table public.idea_comments (
  id uuid primary key default gen_random_uuid(),
  idea_id uuid not null references public.app_ideas (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  content text not null check (content ~ '[^[:space:]]' and char_length(content) <= 2000),
  created_at timestamptz not null default now()
);

-- -------------------------------------------------------------------------------------
-- Indexes (idea_votes (idea_id, user_id) is the primary key)
-- -------------------------------------------------------------------------------------
-- One index per sort order of the board, each ending with the same stable tie-break.
create index app_ideas_submitted_at_idx on public.app_ideas (submitted_at desc, id desc);
create index app_ideas_score_idx on public.app_ideas (score desc, submitted_at desc, id desc);
create index app_ideas_votes_count_idx on public.app_ideas (votes_count desc, submitted_at desc, id desc);
create index app_ideas_comments_count_idx on public.app_ideas (comments_count desc, submitted_at desc, id desc);
create index app_ideas_category_idx on public.app_ideas (category, submitted_at desc, id desc);
create index app_ideas_status_category_idx on public.app_ideas (status, category);
create index app_ideas_submitted_by_idx on public.app_ideas (submitted_by);
create index app_ideas_search_text_trgm_idx on public.app_ideas using gin (search_text extensions.gin_trgm_ops);

create index idea_votes_user_id_idx on public.idea_votes (user_id);

create index idea_comments_idea_id_created_at_idx on public.idea_comments (idea_id, created_at, id);
create index idea_comments_user_id_idx on public.idea_comments (user_id);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- The name shown for a member next to comments and posts (never their e-mail). Called only by
-- security definer RPCs, so no role is granted EXECUTE.
create function private.member_display_name(p_user_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select p.full_name from public.profiles p where p.user_id = p_user_id
$$;

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
revoke execute on function public.vote_for_idea(uuid, uuid, integer) from public, anon, authenticated;
grant execute on function public.vote_for_idea(uuid, uuid, integer) to authenticated;

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
revoke execute on function public.has_voted_for_idea(uuid, uuid) from public, anon, authenticated;
grant execute on function public.has_voted_for_idea(uuid, uuid) to authenticated;

-- RPC: one page of the ideas board with author names, the caller's vote and the total for paging.
-- Dynamic SQL with a whitelisted ORDER BY so every sort uses its own index and gets a custom plan.
-- The inner query finds the page's ids alone (an index scan of the sort's index, or the search's),
-- so only the returned rows are read in full and joined with the author's name and the caller's
-- vote (a deep page does not look up authors and votes for every skipped row). The outer ORDER BY
-- repeats the inner one; every order ends with the unique id, so it is total and both agree.
create function public.get_app_ideas(
  p_search text default null,
  p_category public.app_category default null,
  p_sort text default 'date',
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

  execute format('select count(*) from public.app_ideas i where %s', v_where)
    into v_total
    using v_pattern, p_category;

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
    using v_pattern, p_category, v_total, v_uid, p_limit, p_offset;
end
$$;
revoke execute on function public.get_app_ideas(text, public.app_category, text, integer, integer) from public, anon, authenticated;
grant execute on function public.get_app_ideas(text, public.app_category, text, integer, integer) to authenticated;

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
revoke execute on function public.get_idea_comments(uuid) from public, anon, authenticated;
grant execute on function public.get_idea_comments(uuid) to authenticated;

-- RPC: the board's sidebar in one call: counts by status and the five most used categories.
create function public.get_idea_stats()
returns table (approved_count bigint, pending_count bigint, rejected_count bigint, total_count bigint, top_categories jsonb)
language sql
stable
set search_path = ''
as $$
  -- One pass over app_ideas (an index-only scan of (status, category)), then tiny aggregates.
  with counts as (
    select i.status, i.category, count(*) as ideas
      from public.app_ideas i
     group by i.status, i.category
  )
  select
    coalesce(sum(c.ideas) filter (where c.status = 'approved'), 0)::bigint,
    coalesce(sum(c.ideas) filter (where c.status = 'pending'), 0)::bigint,
    coalesce(sum(c.ideas) filter (where c.status = 'rejected'), 0)::bigint,
    coalesce(sum(c.ideas), 0)::bigint,
    (
      select coalesce(jsonb_agg(jsonb_build_object('category', t.category, 'count', t.ideas) order by t.ideas desc, t.category), '[]'::jsonb)
        from (
          select k.category, sum(k.ideas)::bigint as ideas
            from counts k
           group by k.category
           order by sum(k.ideas) desc, k.category
           limit 5
        ) t
    )
  from counts c
$$;
revoke execute on function public.get_idea_stats() from public, anon, authenticated;
grant execute on function public.get_idea_stats() to authenticated;

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
revoke execute on function public.admin_set_idea_status(uuid, public.idea_status) from public, anon, authenticated;
grant execute on function public.admin_set_idea_status(uuid, public.idea_status) to authenticated;

-- RPC (admins): delete an idea (votes and comments go with it) and return the storage paths of its
-- images inside the idea-images bucket, so the browser can remove the files.
create function public.admin_delete_idea(p_idea_id uuid)
returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_urls text[];
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'ideas.admin_only';
  end if;

  delete from public.app_ideas i where i.id = p_idea_id returning i.image_urls into v_urls;
  if not found then
    raise exception using errcode = 'P0002', message = 'ideas.not_found';
  end if;

  return coalesce(
    (select array_agg(substring(split_part(u.url, '?', 1) from '/idea-images/(.+)$') order by u.ord)
       from unnest(v_urls) with ordinality as u(url, ord)
      where split_part(u.url, '?', 1) ~ '/idea-images/.+$'),
    '{}'::text[]);
end
$$;
revoke execute on function public.admin_delete_idea(uuid) from public, anon, authenticated;
grant execute on function public.admin_delete_idea(uuid) to authenticated;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
-- updated_at follows edits of the idea itself, not the counters kept by the triggers below.
create trigger app_ideas_set_updated_at
  before update of title, description, category, target_audience, monetization_strategy, image_urls, status, webhook_response
  on public.app_ideas
  for each row execute function private.set_updated_at();

create trigger idea_votes_refresh_after_insert
  after insert on public.idea_votes
  referencing new table as changed
  for each statement execute function private.refresh_idea_vote_stats();

create trigger idea_votes_refresh_after_update
  after update on public.idea_votes
  referencing new table as changed
  for each statement execute function private.refresh_idea_vote_stats();

create trigger idea_votes_refresh_after_delete
  after delete on public.idea_votes
  referencing old table as changed
  for each statement execute function private.refresh_idea_vote_stats();

create trigger idea_comments_refresh_after_insert
  after insert on public.idea_comments
  referencing new table as changed
  for each statement execute function private.refresh_idea_comment_counts();

create trigger idea_comments_refresh_after_delete
  after delete on public.idea_comments
  referencing old table as changed
  for each statement execute function private.refresh_idea_comment_counts();

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
alter table public.app_ideas enable row level security;
alter table public.idea_votes enable row level security;
alter table public.idea_comments enable row level security;

create policy app_ideas_select_authenticated on public.app_ideas
  for select to authenticated
  using (true);

create policy app_ideas_insert_authenticated on public.app_ideas
  for insert to authenticated
  with check (submitted_by = (select auth.uid()));

-- Only webhook_response is granted for update: the author records the webhook's feedback while the idea is pending.
create policy app_ideas_update_authenticated on public.app_ideas
  for update to authenticated
  using (submitted_by = (select auth.uid()) and status = 'pending')
  with check (submitted_by = (select auth.uid()) and status = 'pending');

create policy app_ideas_delete_authenticated on public.app_ideas
  for delete to authenticated
  using ((select private.is_admin()));

-- Votes are private: everyone sees only their own. Writes go through vote_for_idea only.
create policy idea_votes_select_authenticated on public.idea_votes
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy idea_comments_select_authenticated on public.idea_comments
  for select to authenticated
  using (true);

create policy idea_comments_insert_authenticated on public.idea_comments
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy idea_comments_delete_authenticated on public.idea_comments
  for delete to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
grant select, delete on public.app_ideas to authenticated;
-- submitted_by defaults to auth.uid(); status, score and the counters keep their defaults.
grant insert (title, description, category, target_audience, monetization_strategy, image_urls) on public.app_ideas to authenticated;
grant update (webhook_response) on public.app_ideas to authenticated;
revoke all on public.app_ideas from service_role;
grant select, insert, update, delete on public.app_ideas to service_role;

grant select on public.idea_votes to authenticated;
revoke all on public.idea_votes from service_role;
grant select, insert, update, delete on public.idea_votes to service_role;

grant select, delete on public.idea_comments to authenticated;
grant insert (idea_id, user_id, content) on public.idea_comments to authenticated;
revoke all on public.idea_comments from service_role;
grant select, insert, update, delete on public.idea_comments to service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on type public.idea_status is 'pending (W ocenie) -> approved (Zaakceptowany) or rejected (Odrzucony), by admins only.';
comment on table public.app_ideas is 'Ideas submitted by members. Members read all ideas and insert their own; status changes and deletion are admin-only (RPCs / policy).';
comment on column public.app_ideas.submitted_by is 'The author; defaults to auth.uid() and cannot be supplied by clients (no column grant).';
comment on column public.app_ideas.score is 'Average of the votes rounded to 2 decimals (0 when there is no vote); kept by a trigger on idea_votes.';
comment on column public.app_ideas.votes_count is 'Number of votes; kept by a trigger on idea_votes.';
comment on column public.app_ideas.comments_count is 'Number of comments; kept by a trigger on idea_comments.';
comment on column public.app_ideas.views_count is 'Not maintained yet: the spec shows no view tracking.';
comment on column public.app_ideas.image_urls is 'Up to 5 public URLs of images in the idea-images bucket, under the author''s folder.';
comment on column public.app_ideas.search_text is 'lower(title || '' '' || description), trigram-indexed for the board''s case-insensitive search.';
comment on column public.app_ideas.webhook_response is 'Feedback text of the external automation webhook; written by the author while the idea is pending.';
comment on table public.idea_votes is 'One vote (1-5) per member and idea. Members read only their own votes; writes only through vote_for_idea.';
comment on table public.idea_comments is 'Comments on ideas: members read all, add their own, delete their own; admins delete any.';
comment on function private.member_display_name(uuid) is 'Name shown for a member in lists (profiles.full_name); never the e-mail.';
comment on function public.vote_for_idea(uuid, uuid, integer) is 'Votes once (1-5) for an idea as the caller (p_user_id must be auth.uid()); returns the new score, votes_count and the caller''s vote. Errors: auth.forbidden, ideas.invalid_score, ideas.not_found, ideas.already_voted.';
comment on function public.has_voted_for_idea(uuid, uuid) is 'Whether the caller (p_user_id must be auth.uid()) has voted for the idea. Errors: auth.forbidden.';
comment on function public.get_app_ideas(text, public.app_category, text, integer, integer) is 'Ideas board page: search (title/description, case-insensitive), category filter, sort date|score|votes|comments (ties: newest, then id), limit 1-100. Returns author_full_name (never an e-mail), the caller''s vote and total_count. Errors: ideas.invalid_sort, ideas.invalid_page, ideas.invalid_search.';
comment on function public.get_idea_comments(uuid) is 'Comments of an idea, oldest first, with author names. Errors: ideas.not_found.';
comment on function public.get_idea_stats() is 'Sidebar of the ideas board: counts per status and top_categories = [{category, count}] (the five most used, over all ideas).';
comment on function public.admin_set_idea_status(uuid, public.idea_status) is 'Admins: moves a pending idea to approved or rejected. Errors: ideas.admin_only, ideas.invalid_status, ideas.not_found, ideas.already_reviewed.';
comment on function public.admin_delete_idea(uuid) is 'Admins: deletes an idea with its votes and comments; returns the paths of its images in the idea-images bucket for removal. Errors: ideas.admin_only, ideas.not_found.';
