-- Community: posts, reactions, comments and their counters.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Types
-- ========================================================================================

-- public.reaction_type ------------------------------------------------------------------
create type public.reaction_type as enum ('like', 'love', 'fire', 'clap');

-- ========================================================================================
-- Tables
-- ========================================================================================

-- public.posts --------------------------------------------------------------------------
create table public.posts (
  id uuid primary key default gen_random_uuid(),
  author_id uuid default auth.uid() references auth.users (id) on delete set null,
  title text not null check (title ~ '[^[:space:]]' and char_length(title) <= 200),
  content text not null check (content ~ '[^[:space:]]' and char_length(content) <= 10000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.posts enable row level security;

-- private.post_counters -----------------------------------------------------------------
create table private.post_counters (
  post_id uuid not null references public.posts (id) on delete cascade,
  -- A reaction type (public.reaction_type as text) or 'comments'.
  kind text not null,
  value bigint not null default 0 check (value >= 0),
  primary key (post_id, kind)
);
alter table private.post_counters enable row level security;

-- public.post_comments ------------------------------------------------------------------
create table public.post_comments (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.posts (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  content text not null check (content ~ '[^[:space:]]' and char_length(content) <= 2000),
  created_at timestamptz not null default now()
);
alter table public.post_comments enable row level security;

-- public.post_reactions -----------------------------------------------------------------
create table public.post_reactions (
  post_id uuid not null references public.posts (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  type public.reaction_type not null,
  created_at timestamptz not null default now(),
  primary key (post_id, user_id, type)
);
alter table public.post_reactions enable row level security;

-- ========================================================================================
-- Indexes
-- ========================================================================================

-- public.post_comments ------------------------------------------------------------------

create index post_comments_post_id_created_at_idx on public.post_comments (post_id, created_at, id);

create index post_comments_user_id_created_at_idx on public.post_comments (user_id, created_at);

-- public.post_reactions -----------------------------------------------------------------

create index post_reactions_user_id_created_at_idx on public.post_reactions (user_id, created_at);

-- public.posts --------------------------------------------------------------------------

create index posts_author_id_idx on public.posts (author_id);

create index posts_created_at_idx on public.posts (created_at desc, id desc);

-- ========================================================================================
-- Functions
-- ========================================================================================

-- private.count_post_comments() ---------------------------------------------------------
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

-- private.count_post_reactions() --------------------------------------------------------
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

-- private.recount_post_counters() -------------------------------------------------------
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

-- public.get_post_comments() ------------------------------------------------------------
-- RPC: the comments of one post, oldest first, with author names.
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

-- public.get_posts() --------------------------------------------------------------------
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

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- post_comments_audit_delete on public.post_comments ------------------------------------
-- Only admins delete post comments (RLS); each deletion is audited.
create trigger post_comments_audit_delete after delete on public.post_comments
  for each row execute function private.audit_admin_write();

-- post_comments_count_after_delete on public.post_comments ------------------------------
create trigger post_comments_count_after_delete
  after delete on public.post_comments
  referencing old table as changed
  for each statement execute function private.count_post_comments();

-- post_comments_count_after_insert on public.post_comments ------------------------------
create trigger post_comments_count_after_insert
  after insert on public.post_comments
  referencing new table as changed
  for each statement execute function private.count_post_comments();

-- post_comments_rate_limit on public.post_comments --------------------------------------
create trigger post_comments_rate_limit
  before insert on public.post_comments
  for each row execute function private.enforce_member_rate_limit();

-- post_reactions_count_after_delete on public.post_reactions ----------------------------
create trigger post_reactions_count_after_delete
  after delete on public.post_reactions
  referencing old table as changed
  for each statement execute function private.count_post_reactions();

-- post_reactions_count_after_insert on public.post_reactions ----------------------------
create trigger post_reactions_count_after_insert
  after insert on public.post_reactions
  referencing new table as changed
  for each statement execute function private.count_post_reactions();

-- post_reactions_rate_limit on public.post_reactions ------------------------------------
create trigger post_reactions_rate_limit
  before insert on public.post_reactions
  for each row execute function private.enforce_member_rate_limit();

-- posts_audit on public.posts -----------------------------------------------------------
create trigger posts_audit after insert or update or delete on public.posts
  for each row execute function private.audit_admin_write();

-- posts_set_updated_at on public.posts --------------------------------------------------
create trigger posts_set_updated_at
  before update on public.posts
  for each row execute function private.set_updated_at();

-- ========================================================================================
-- Policies
-- ========================================================================================

-- public.post_comments ------------------------------------------------------------------

create policy post_comments_delete_authenticated on public.post_comments
  for delete to authenticated
  using ((select private.is_admin()));

create policy post_comments_insert_authenticated on public.post_comments
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy post_comments_select_authenticated on public.post_comments
  for select to authenticated
  using (true);

-- public.post_reactions -----------------------------------------------------------------

create policy post_reactions_delete_authenticated on public.post_reactions
  for delete to authenticated
  using (user_id = (select auth.uid()));

create policy post_reactions_insert_authenticated on public.post_reactions
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy post_reactions_select_authenticated on public.post_reactions
  for select to authenticated
  using (true);

-- public.posts --------------------------------------------------------------------------

create policy posts_delete_authenticated on public.posts
  for delete to authenticated
  using ((select private.is_admin()));

create policy posts_insert_admin on public.posts
  for insert to authenticated
  with check ((select private.is_admin()) and author_id = (select auth.uid()));

create policy posts_select_authenticated on public.posts
  for select to authenticated
  using (true);

create policy posts_update_admin on public.posts
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- ========================================================================================
-- Grants
-- ========================================================================================

revoke execute on function public.get_post_comments(uuid,integer,integer) from service_role;
grant execute on function public.get_post_comments(uuid,integer,integer) to authenticated;
revoke execute on function public.get_posts(integer,integer) from service_role;
grant execute on function public.get_posts(integer,integer) to authenticated;
revoke maintain, references, trigger, truncate on public.post_comments from service_role;
grant delete, select on public.post_comments to authenticated;
revoke maintain, references, trigger, truncate on public.post_reactions from service_role;
grant delete, select on public.post_reactions to authenticated;
revoke maintain, references, trigger, truncate on public.posts from service_role;
grant delete, select on public.posts to authenticated;
grant insert (content, post_id, user_id) on public.post_comments to authenticated;
grant insert (post_id, type, user_id) on public.post_reactions to authenticated;
grant insert (author_id, content, title) on public.posts to authenticated;
grant update (content, title) on public.posts to authenticated;

-- ========================================================================================
-- Comments
-- ========================================================================================

comment on function public.get_post_comments(uuid,integer,integer) is 'A page of a post''s comments: the latest p_limit (1-100, default 20) after p_offset newer ones, oldest first, with author names. Errors: community.invalid_page, community.post_not_found.';
comment on function public.get_posts(integer,integer) is 'Posts page, newest first: author_name, reaction_counts {type: count} for every type, my_reactions, comments_count, total_count. Errors: community.invalid_page.';
comment on policy posts_insert_admin on public.posts is 'Admins (aal2) publish posts as themselves; members have no posting feature.';
comment on policy posts_update_admin on public.posts is 'Admins (aal2) edit any post''s title and content (the update grant covers only those columns).';
comment on table private.post_counters is 'Per post: reactions of each type (kind = the reaction type) and comments (kind = comments), kept by statement triggers on post_reactions and post_comments; read by get_posts. private.recount_post_counters() rebuilds them.';
comment on table public.post_comments is 'Comments on posts: members read all and add their own; admins delete any.';
comment on table public.post_reactions is 'At most one reaction of each type per member and post; members add and remove only their own.';
comment on table public.posts is 'Community posts: members read all and add their own (author_id must be the caller); admins delete any.';
comment on column public.posts.author_id is 'Null once the author''s account was erased: the post stays for the others'' comments and reactions (shown as Członek usunięty).';
comment on trigger posts_audit on public.posts is 'Every admin write on posts in the audit log.';
comment on type public.reaction_type is 'Reactions to community posts (the spec does not list them): like, love, fire, clap.';
