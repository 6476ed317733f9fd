-- Community reads within p95 ≤ 20 ms (npm run bench:db): get_posts counted every post's reactions
-- (four index scans per post) and comments on each call, and both community RPCs looked the
-- authors' names up through a function call per row (functions with `set search_path` are never
-- inlined). Popular posts carry thousands of reactions, so page 1 took ~36 ms at p50.
--   1. private.post_counters keeps, per post, the number of reactions of each type and of comments,
--      changed by statement triggers by the statement's delta (O(1) per reaction, not a recount).
--   2. get_posts reads the counters; get_posts and get_post_comments join the names set-based.
--   3. get_post_comments returns a page (the latest 20 by default, oldest first) instead of every
--      comment of a post: p_limit and p_offset are new, defaulted, so existing calls keep working.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
create table private.post_counters (
  post_id uuid not null references public.posts (id) on delete cascade,
  -- A reaction type (public.reaction_type as text) or 'comments'.
  kind text not null,
  value bigint not null default 0 check (value >= 0),
  primary key (post_id, kind)
);
alter table private.post_counters enable row level security;

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- Adds the statement's rows (p_sign = 1 after insert, -1 after delete) to the counters of their
-- posts. Rows are taken in (post, kind) order so that concurrent statements lock counters in the
-- same order. Counters of a post deleted in the same statement are gone with it (cascade).
create function private.count_post_reactions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.post_counters as c (post_id, kind, value)
    select r.post_id, r.type::text, count(*)
      from changed r
     where exists (select 1 from public.posts p where p.id = r.post_id)
     group by r.post_id, r.type
     order by r.post_id, r.type
    on conflict (post_id, kind) do update set value = c.value + excluded.value;
  else
    update private.post_counters c
       set value = greatest(c.value - d.n, 0)
      from (select r.post_id, r.type::text as kind, count(*) as n
              from changed r
             group by r.post_id, r.type
             order by r.post_id, r.type) d
     where c.post_id = d.post_id and c.kind = d.kind;
  end if;
  return null;
end
$$;
revoke execute on function private.count_post_reactions() from public, anon, authenticated, service_role;

create function private.count_post_comments()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.post_counters as c (post_id, kind, value)
    select m.post_id, 'comments', count(*)
      from changed m
     where exists (select 1 from public.posts p where p.id = m.post_id)
     group by m.post_id
     order by m.post_id
    on conflict (post_id, kind) do update set value = c.value + excluded.value;
  else
    update private.post_counters c
       set value = greatest(c.value - d.n, 0)
      from (select m.post_id, count(*) as n from changed m group by m.post_id order by m.post_id) d
     where c.post_id = d.post_id and c.kind = 'comments';
  end if;
  return null;
end
$$;
revoke execute on function private.count_post_comments() from public, anon, authenticated, service_role;

-- Rebuilds every counter from the rows (after a TRUNCATE, or to check the triggers).
create function private.recount_post_counters()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.post_counters;
  insert into private.post_counters (post_id, kind, value)
  select r.post_id, r.type::text, count(*) from public.post_reactions r group by r.post_id, r.type
  union all
  select m.post_id, 'comments', count(*) from public.post_comments m group by m.post_id;
$$;
revoke execute on function private.recount_post_counters() from public, anon, authenticated, service_role;

-- Same signature and result as before (supabase/migrations/20261122122000_community.sql).
create or replace function public.get_posts(p_limit integer default 20, p_offset integer default 0)
returns table (
  id uuid,
  author_id uuid,
  title text,
  content text,
  created_at timestamptz,
  updated_at timestamptz,
  author_name text,
  reaction_counts jsonb,
  my_reactions public.reaction_type[],
  comments_count bigint,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_limit is null or p_limit not between 1 and 100 or p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'community.invalid_page';
  end if;

  return query
    with page as (
      select p.* from public.posts p order by p.created_at desc, p.id desc limit p_limit offset p_offset
    )
    select p.id, p.author_id, p.title, p.content, p.created_at, p.updated_at,
           coalesce(nullif(trim(s.display_name), ''), pr.full_name),
           (select jsonb_object_agg(t.type, coalesce(c.value, 0))
              from unnest(enum_range(null::public.reaction_type)) as t(type)
              left join private.post_counters c on c.post_id = p.id and c.kind = t.type::text),
           coalesce((select array_agg(r.type order by r.type) from public.post_reactions r
                      where r.post_id = p.id and r.user_id = v_uid),
                    '{}'::public.reaction_type[]),
           coalesce((select c.value from private.post_counters c where c.post_id = p.id and c.kind = 'comments'), 0),
           (select count(*) from public.posts)
      from page p
      left join public.profiles pr on pr.user_id = p.author_id
      left join public.user_settings s on s.user_id = p.author_id
     order by p.created_at desc, p.id desc;
end
$$;
revoke execute on function public.get_posts(integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.get_posts(integer, integer) to authenticated;

-- A post's comments a page at a time: the latest p_limit (after skipping p_offset newer ones),
-- returned oldest first. A popular post's hundreds of comments are not read at once.
drop function public.get_post_comments(uuid);
create function public.get_post_comments(p_post_id uuid, p_limit integer default 20, p_offset integer default 0)
returns table (id uuid, post_id uuid, user_id uuid, content text, created_at timestamptz, author_name text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_limit is null or p_limit not between 1 and 100 or p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'community.invalid_page';
  end if;
  if not exists (select 1 from public.posts p where p.id = p_post_id) then
    raise exception using errcode = 'P0002', message = 'community.post_not_found';
  end if;
  return query
    select c.id, c.post_id, c.user_id, c.content, c.created_at, coalesce(nullif(trim(s.display_name), ''), pr.full_name)
      from (select m.* from public.post_comments m
             where m.post_id = p_post_id
             order by m.created_at desc, m.id desc
             limit p_limit offset p_offset) c
      left join public.profiles pr on pr.user_id = c.user_id
      left join public.user_settings s on s.user_id = c.user_id
     order by c.created_at, c.id;
end
$$;
revoke execute on function public.get_post_comments(uuid, integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.get_post_comments(uuid, integer, integer) to authenticated;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger post_reactions_count_after_insert
  after insert on public.post_reactions
  referencing new table as changed
  for each statement execute function private.count_post_reactions();

create trigger post_reactions_count_after_delete
  after delete on public.post_reactions
  referencing old table as changed
  for each statement execute function private.count_post_reactions();

create trigger post_comments_count_after_insert
  after insert on public.post_comments
  referencing new table as changed
  for each statement execute function private.count_post_comments();

create trigger post_comments_count_after_delete
  after delete on public.post_comments
  referencing old table as changed
  for each statement execute function private.count_post_comments();

-- The rows that exist already.
select private.recount_post_counters();

-- -------------------------------------------------------------------------------------
-- Policies: none (no client role may touch the counters; the RPCs read them as definer).
-- -------------------------------------------------------------------------------------

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
revoke all on private.post_counters from public, anon, authenticated, service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on table private.post_counters is
  'Per post: reactions of each type (kind = the reaction type) and comments (kind = comments), kept by statement triggers on post_reactions and post_comments; read by get_posts. private.recount_post_counters() rebuilds them.';
comment on function public.get_posts(integer, integer) is 'Posts page, newest first: author_name, reaction_counts {type: count} for every type, my_reactions, comments_count, total_count. Errors: community.invalid_page.';
comment on function public.get_post_comments(uuid, integer, integer) is 'A page of a post''s comments: the latest p_limit (1-100, default 20) after p_offset newer ones, oldest first, with author names. Errors: community.invalid_page, community.post_not_found.';
