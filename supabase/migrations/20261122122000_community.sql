-- Community: discussion posts, reactions and comments, read by every member.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.

-- -------------------------------------------------------------------------------------
-- Types
-- -------------------------------------------------------------------------------------
create type public.reaction_type as enum ('like', 'love', 'fire', 'clap');

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
create table public.posts (
  id uuid primary key default gen_random_uuid(),
  author_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text not null check (title ~ '[^[:space:]]' and char_length(title) <= 200),
  content text not null check (content ~ '[^[:space:]]' and char_length(content) <= 10000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.post_reactions (
  post_id uuid not null references public.posts (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  type public.reaction_type not null,
  created_at timestamptz not null default now(),
  primary key (post_id, user_id, type)
);

create table public.post_comments (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.posts (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  content text not null check (content ~ '[^[:space:]]' and char_length(content) <= 2000),
  created_at timestamptz not null default now()
);

-- -------------------------------------------------------------------------------------
-- Indexes (post_reactions (post_id, user_id, type) is the primary key)
-- -------------------------------------------------------------------------------------
create index posts_created_at_idx on public.posts (created_at desc, id desc);
create index posts_author_id_idx on public.posts (author_id);
create index post_reactions_user_id_idx on public.post_reactions (user_id);
create index post_comments_post_id_created_at_idx on public.post_comments (post_id, created_at, id);
create index post_comments_user_id_idx on public.post_comments (user_id);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- RPC: one page of posts, newest first, with the author's name, reaction counts per type (every
-- type present, 0 when none), the caller's own reactions, the comment count and the total for paging.
create function public.get_posts(p_limit integer default 20, p_offset integer default 0)
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
    select p.id, p.author_id, p.title, p.content, p.created_at, p.updated_at,
           private.member_display_name(p.author_id),
           (select jsonb_object_agg(t.type, (select count(*) from public.post_reactions r where r.post_id = p.id and r.type = t.type))
              from unnest(enum_range(null::public.reaction_type)) as t(type)),
           coalesce((select array_agg(r.type order by r.type) from public.post_reactions r where r.post_id = p.id and r.user_id = v_uid),
                    '{}'::public.reaction_type[]),
           (select count(*) from public.post_comments c where c.post_id = p.id),
           (select count(*) from public.posts)
      from public.posts p
     order by p.created_at desc, p.id desc
     limit p_limit offset p_offset;
end
$$;
revoke execute on function public.get_posts(integer, integer) from public, anon, authenticated;
grant execute on function public.get_posts(integer, integer) to authenticated;

-- RPC: the comments of one post, oldest first, with author names.
create function public.get_post_comments(p_post_id uuid)
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
  if not exists (select 1 from public.posts p where p.id = p_post_id) then
    raise exception using errcode = 'P0002', message = 'community.post_not_found';
  end if;
  return query
    select c.id, c.post_id, c.user_id, c.content, c.created_at, private.member_display_name(c.user_id)
      from public.post_comments c
     where c.post_id = p_post_id
     order by c.created_at, c.id;
end
$$;
revoke execute on function public.get_post_comments(uuid) from public, anon, authenticated;
grant execute on function public.get_post_comments(uuid) to authenticated;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger posts_set_updated_at
  before update on public.posts
  for each row execute function private.set_updated_at();

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
alter table public.posts enable row level security;
alter table public.post_reactions enable row level security;
alter table public.post_comments enable row level security;

create policy posts_select_authenticated on public.posts
  for select to authenticated
  using (true);

create policy posts_insert_authenticated on public.posts
  for insert to authenticated
  with check (author_id = (select auth.uid()));

create policy posts_delete_authenticated on public.posts
  for delete to authenticated
  using ((select private.is_admin()));

create policy post_reactions_select_authenticated on public.post_reactions
  for select to authenticated
  using (true);

create policy post_reactions_insert_authenticated on public.post_reactions
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy post_reactions_delete_authenticated on public.post_reactions
  for delete to authenticated
  using (user_id = (select auth.uid()));

create policy post_comments_select_authenticated on public.post_comments
  for select to authenticated
  using (true);

create policy post_comments_insert_authenticated on public.post_comments
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy post_comments_delete_authenticated on public.post_comments
  for delete to authenticated
  using ((select private.is_admin()));

-- -------------------------------------------------------------------------------------
-- Grants (no update for clients: posts and comments are not edited in the spec)
-- -------------------------------------------------------------------------------------
grant select, delete on public.posts to authenticated;
grant insert (author_id, title, content) on public.posts to authenticated;
revoke all on public.posts from service_role;
grant select, insert, update, delete on public.posts to service_role;

grant select, delete on public.post_reactions to authenticated;
grant insert (post_id, user_id, type) on public.post_reactions to authenticated;
revoke all on public.post_reactions from service_role;
grant select, insert, update, delete on public.post_reactions to service_role;

grant select, delete on public.post_comments to authenticated;
grant insert (post_id, user_id, content) on public.post_comments to authenticated;
revoke all on public.post_comments from service_role;
grant select, insert, update, delete on public.post_comments to service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on type public.reaction_type is 'Reactions to community posts (the spec does not list them): like, love, fire, clap.';
comment on table public.posts is 'Community posts: members read all and add their own (author_id must be the caller); admins delete any.';
comment on table public.post_reactions is 'At most one reaction of each type per member and post; members add and remove only their own.';
comment on table public.post_comments is 'Comments on posts: members read all and add their own; admins delete any.';
comment on function public.get_posts(integer, integer) is 'Posts page, newest first: author_name, reaction_counts {type: count} for every type, my_reactions, comments_count, total_count. Errors: community.invalid_page.';
comment on function public.get_post_comments(uuid) is 'Comments of a post, oldest first, with author names. Errors: community.post_not_found.';
