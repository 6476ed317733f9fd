-- The admin member search (bench:db 'admin users: search …', p95 13.7–34.9 ms at 100 000 members in
-- the last stop). EXPLAIN (ANALYZE, BUFFERS) on the bench data (100 000 members, addresses
-- memberNNNNN@bench.test, names 'Członek Klubu NNNNN'):
-- - A whole address went through the e-mail's trigram index, whose trigrams of 'member' and
--   '@bench.test' sit in every address: GIN combined most of 100 000 entries to find one member
--   (p50 56 ms, p95 167 ms at a load of 20). A search that is a whole address
--   (private.is_email_address, as the payments search since 20261127000200) now means that address:
--   one probe of the e-mail's b-tree (p50 1.2 ms, p95 9.4 ms, same load).
-- - Every row the search reads is rechecked with ILIKE, which in a UTF-8 database lowercases the
--   value and the pattern for every row. E-mails are stored lower-case (profiles_email_check) and
--   phones as + and digits (private.validate_profile_contact), so both are now matched with LIKE
--   against the lowered pattern: the same rows, through the same trigram indexes, without the
--   per-row lowercasing. Only the name keeps ILIKE.
-- Tried and not kept: reading the first 1 000 members in the list's order before the trigram
-- indexes (a bounded candidate scan). It helped only a fragment in ~11 % of members (p50 16.3 →
-- 14.1 ms) and doubled a rare one (part of an e-mail 17.6 → 32.1 ms, of a phone 3.8 → 19.8 ms):
-- rechecking 1 000 rows costs more than the trigram lookup.
-- What the search finds is unchanged: a part of the name, e-mail or phone (wildcards taken
-- literally), any case, or a whole address. A search text is at most 200 characters
-- (admin.invalid_search, as the payments search). Same signature and grants; the comment says the above.

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
create or replace function public.admin_list_users(
  p_search text default null,
  p_email_confirmed boolean default null,
  p_membership_level public.membership_level default null,
  p_sort text default 'created',
  p_ascending boolean default false,
  p_limit integer default 20,
  p_offset integer default 0
)
returns table (
  id uuid,
  user_id uuid,
  full_name text,
  email text,
  phone text,
  email_confirmed boolean,
  membership_level public.membership_level,
  membership_valid_until date,
  effective_level public.membership_level,
  created_at timestamptz,
  updated_at timestamptz,
  display_name text,
  avatar_url text,
  two_factor_enabled boolean,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_search text := nullif(btrim(p_search), '');
  v_pattern text;
  -- The filters other than the search, and the search itself.
  v_filters text := 'true';
  v_match text;
  v_where text;
  v_order text;
  v_total bigint;
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if p_sort is null or p_sort not in ('name', 'email', 'created') then
    raise exception using errcode = '22023', message = 'admin.invalid_sort';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception using errcode = '22023', message = 'admin.invalid_limit';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception using errcode = '22023', message = 'admin.invalid_offset';
  end if;
  if char_length(v_search) > 200 then
    raise exception using errcode = '22023', message = 'admin.invalid_search';
  end if;

  if p_email_confirmed is not null then
    v_filters := v_filters || ' and p.email_confirmed = $2';
  end if;
  -- The effective level (private.effective_level written out, so a paid level stays an index range
  -- on (membership_level, created_at)).
  if p_membership_level = 'FREE' then
    v_filters := v_filters || ' and (p.membership_level = $3 or p.membership_valid_until < current_date)';
  elsif p_membership_level is not null then
    v_filters := v_filters
      || ' and p.membership_level = $3 and (p.membership_valid_until is null or p.membership_valid_until >= current_date)';
  end if;
  if v_search is not null then
    -- Search text is literal: escape the LIKE wildcards.
    v_pattern := '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    v_match := case when private.is_email_address(v_search)
                    then 'p.email = lower($6)'
                    else '(p.full_name ilike $1 or p.email like lower($1) or p.phone like lower($1))' end;
  end if;
  v_where := v_filters || coalesce(' and ' || v_match, '');
  v_order := case p_sort when 'name' then 'p.full_name' when 'email' then 'p.email' else 'p.created_at' end
    || case when p_ascending then ' asc, p.id asc' else ' desc, p.id desc' end;

  -- A search (counted up to 101) whose page lies within those 101 rows.
  if v_search is not null and p_offset + p_limit <= 101 then
    -- One scan gives the page and the count: the trigram indexes, or the e-mail's b-tree for an address.
    return query execute
      'with matches as materialized (
         select p.id, row_number() over (order by ' || v_order || ') as n
           from public.profiles p
          where ' || v_where || '
          order by ' || v_order || '
          limit 101
       )
       select p.id, p.user_id, p.full_name, p.email, p.phone, p.email_confirmed, p.membership_level,
              p.membership_valid_until,
              private.effective_level(p.membership_level, p.membership_valid_until, current_date),
              p.created_at, p.updated_at, s.display_name, s.avatar_url,
              coalesce(s.two_factor_enabled, false), (select count(*) from matches)
         from matches m
         join public.profiles p on p.id = m.id
         left join public.user_settings s on s.user_id = p.user_id
        where m.n > $5 and m.n <= $5 + $4
        order by m.n'
      using v_pattern, p_email_confirmed, p_membership_level, p_limit, p_offset, v_search;
    return;
  end if;

  execute 'select count(*) from (select 1 from public.profiles p where ' || v_where || ' limit '
      || case when v_search is null then 1001 else 101 end || ') c'
    into v_total
    using v_pattern, p_email_confirmed, p_membership_level, null::integer, null::integer, v_search;

  return query execute
    'with page as (
       select p.id from public.profiles p
        where ' || v_where || '
        order by ' || v_order || '
        limit $4 offset $5
     )
     select p.id, p.user_id, p.full_name, p.email, p.phone, p.email_confirmed, p.membership_level,
            p.membership_valid_until,
            private.effective_level(p.membership_level, p.membership_valid_until, current_date),
            p.created_at, p.updated_at, s.display_name, s.avatar_url,
            coalesce(s.two_factor_enabled, false), $7
       from page
       join public.profiles p on p.id = page.id
       left join public.user_settings s on s.user_id = p.user_id
      order by ' || v_order
    using v_pattern, p_email_confirmed, p_membership_level, p_limit, p_offset, v_search, v_total;
end
$$;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on function public.admin_list_users(text, boolean, public.membership_level, text, boolean, integer, integer) is
  'Admin only. Search (at most 200 characters): a whole e-mail address finds that member (the e-mail''s b-tree), any other text is a case-insensitive part of full_name / email / phone (trigram indexes); filters (the level filter is the effective level: FREE includes paid levels past membership_valid_until), sort name | email | created, page of 1..100 rows; each row has the stored level, its end date and the effective level; total_count stops at 1 001 (101 with a search): more than 1 000 (100) matches.';
