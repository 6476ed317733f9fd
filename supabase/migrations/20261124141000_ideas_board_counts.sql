-- The ideas board's counts without counting rows (scripts/bench-db.ts, 20 000 ideas): the sidebar
-- and the board's total came from a count over every matching idea on each call.
--   1. private.dashboard_counters also keeps ideas per category (kind idea_categories), next to the
--      ideas per status it already keeps; get_idea_stats reads them instead of grouping 20 000 rows.
--   2. get_app_ideas takes its total from those counters when there is no search (all ideas, one
--      status, one category); a search collects its matches up to 500 only (total_count 501
--      means "more than 500": the board shows the first 25 pages, as search engines do) and, when
--      it has them all, picks the page among them instead of searching twice; category and status
--      together are still counted (a small index-only scan).
--   3. A page past the middle of an exactly counted list is read from the other end of the sort's
--      index (the last page of 20 000 ideas reads 20 index entries, not 20 000).
--   4. Each sort has an index per category, so a category page walks only that category.
-- Same signatures and result columns: database.types.ts does not change.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
alter table private.dashboard_counters drop constraint dashboard_counters_kind_check;
alter table private.dashboard_counters
  add constraint dashboard_counters_kind_check check (kind in ('confirmed_members', 'ideas', 'idea_categories'));

-- -------------------------------------------------------------------------------------
-- Indexes
-- -------------------------------------------------------------------------------------
-- (category, submitted_at desc, id desc) exists already (app_ideas_category_idx).
create index app_ideas_category_score_idx on public.app_ideas (category, score desc, submitted_at desc, id desc);
create index app_ideas_category_votes_count_idx on public.app_ideas (category, votes_count desc, submitted_at desc, id desc);
create index app_ideas_category_comments_count_idx on public.app_ideas (category, comments_count desc, submitted_at desc, id desc);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- Row trigger on public.app_ideas: ideas per status and per category.
create or replace function private.count_dashboard_ideas()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_from_status text;
  v_to_status text;
  v_from_category text;
  v_to_category text;
begin
  if tg_op <> 'INSERT' then
    v_from_status := old.status::text;
    v_from_category := old.category::text;
  end if;
  if tg_op <> 'DELETE' then
    v_to_status := new.status::text;
    v_to_category := new.category::text;
  end if;
  perform private.queue_dashboard_change('ideas', v_from_status, v_to_status);
  perform private.queue_dashboard_change('idea_categories', v_from_category, v_to_category);
  return null;
end
$$;
revoke execute on function private.count_dashboard_ideas() from public, anon, authenticated, service_role;

-- Recounts every counter from the tables (also a repair tool); now with ideas per category.
create or replace function private.recount_dashboard_counters()
returns void
language plpgsql
set search_path = ''
as $$
begin
  lock table public.profiles, public.app_ideas in share mode;
  delete from private.dashboard_counter_changes c where c.txid = pg_current_xact_id();
  delete from private.dashboard_counters;
  insert into private.dashboard_counters (kind, key, value)
  select 'confirmed_members', l.level::text, count(p.id)
    from unnest(enum_range(null::public.membership_level)) as l (level)
    left join public.profiles p on p.membership_level = l.level and p.email_confirmed
   group by l.level
  union all
  select 'ideas', s.status::text, count(i.id)
    from unnest(enum_range(null::public.idea_status)) as s (status)
    left join public.app_ideas i on i.status = s.status
   group by s.status
  union all
  select 'idea_categories', c.category::text, count(i.id)
    from unnest(enum_range(null::public.app_category)) as c (category)
    left join public.app_ideas i on i.category = c.category
   group by c.category;
end
$$;
revoke execute on function private.recount_dashboard_counters() from public, anon, authenticated, service_role;

-- RPC: the board's sidebar in one call, from the counters: counts by status and the five most used
-- categories (ideas of every status; ties by category name; categories without ideas left out).
create or replace function public.get_idea_stats()
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

-- RPC: one page of the ideas board (same parameters, rows, order and columns as before).
create or replace function public.get_app_ideas(
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

  -- The total: kept counters where they answer the filter, else a count (capped for a search).
  if v_pattern is null and p_category is null then
    select coalesce(sum(c.value), 0) into v_total
      from private.dashboard_counters c
     where c.kind = 'ideas' and (p_status is null or c.key = p_status::text);
  elsif v_pattern is null and p_status is null then
    select coalesce(sum(c.value), 0) into v_total
      from private.dashboard_counters c
     where c.kind = 'idea_categories' and c.key = p_category::text;
  elsif v_pattern is null then
    execute format('select count(*) from public.app_ideas i where %s', v_where)
      into v_total
      using v_pattern, p_category, null, null, null, null, p_status;
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
      using v_pattern, p_category, null, null, null, null, p_status;
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
$$;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
drop trigger app_ideas_count_dashboard_ideas on public.app_ideas;
create trigger app_ideas_count_dashboard_ideas
  after insert or update of status, category or delete on public.app_ideas
  for each row execute function private.count_dashboard_ideas();

-- The counters start from the current data (see the performance migration: CREATE TRIGGER above
-- holds a lock that keeps writers out until this migration commits).
select private.recount_dashboard_counters();

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
revoke execute on function public.get_idea_stats() from public, anon, authenticated, service_role;
grant execute on function public.get_idea_stats() to authenticated;

revoke execute on function public.get_app_ideas(text, public.app_category, text, integer, integer, public.idea_status) from public, anon, authenticated, service_role;
grant execute on function public.get_app_ideas(text, public.app_category, text, integer, integer, public.idea_status) to authenticated;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on table private.dashboard_counters is
  'Counters of the main panel and the ideas board: kind confirmed_members (key = membership level; confirmed e-mail only), ideas (key = status) and idea_categories (key = category). Kept by triggers on profiles and app_ideas, applied when each transaction commits. Repair: select private.recount_dashboard_counters().';
comment on function public.get_idea_stats() is
  'Sidebar of the ideas board, from the counters: counts per status and top_categories = [{category, count}] (the five most used over all ideas, ties by name).';
comment on function public.get_app_ideas(text, public.app_category, text, integer, integer, public.idea_status) is
  'Ideas board page: search (title/description, case-insensitive, literal), category and status filters, sort date|score|votes|comments (ties: newest, then id), limit 1-100. Returns author_full_name (never an e-mail), the caller''s vote and total_count: exact without a search (counters), for a search at most 501 (= more than 500 matches). Errors: ideas.invalid_sort, ideas.invalid_page, ideas.invalid_search.';
