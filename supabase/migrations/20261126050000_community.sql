-- Community content (issue 24 §5):
--   1. Admins edit community posts (they already publish and delete them): an update policy, the
--      update grant on the editable columns, and every admin write on posts in the audit log.
--   2. 'Moje pomysły': get_app_ideas filters to the caller's own ideas (p_mine).
--   3. A member withdraws their own idea while it is pending (withdraw_idea); its images go with it.

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
drop function public.get_app_ideas(text, public.app_category, text, integer, integer, public.idea_status);

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
comment on function public.get_app_ideas(p_search text, p_category public.app_category, p_sort text, p_limit integer, p_offset integer, p_status public.idea_status, p_mine boolean) is 'Ideas board page: search (title/description, case-insensitive, literal), category and status filters, only the caller''s own ideas (p_mine, ''Moje pomysły''), sort date|score|votes|comments (ties: newest, then id), limit 1-100. Returns author_full_name (never an e-mail), the caller''s vote and total_count: exact without a search, for a search at most 501 (= more than 500 matches). Errors: ideas.invalid_sort, ideas.invalid_page, ideas.invalid_search.';

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

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger posts_audit after insert or update or delete on public.posts
  for each row execute function private.audit_admin_write();

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
create policy posts_update_admin on public.posts
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
grant update (title, content) on public.posts to authenticated;

revoke execute on function public.get_app_ideas(text, public.app_category, text, integer, integer, public.idea_status, boolean) from public, anon;
grant execute on function public.get_app_ideas(text, public.app_category, text, integer, integer, public.idea_status, boolean) to authenticated;

revoke execute on function public.withdraw_idea(uuid) from public, anon;
grant execute on function public.withdraw_idea(uuid) to authenticated;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on function public.withdraw_idea(uuid) is
  'A member withdraws (deletes) their own idea while it is pending, with its votes and comments, and gets the paths of its images in idea-images to remove through the Storage API. Errors: auth.forbidden, ideas.not_found, ideas.not_own (someone else''s idea, admins included), ideas.not_pending.';
comment on policy posts_update_admin on public.posts is
  'Admins (aal2) edit any post''s title and content (the update grant covers only those columns).';
comment on trigger posts_audit on public.posts is 'Every admin write on posts in the audit log.';
