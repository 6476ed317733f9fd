-- The admin payments search by a whole e-mail address (issue 19 §2, bench:db 'admin payments, search
-- by e-mail'): `email ilike '%member123@bench.test%'` went to the trigram index, whose trigrams of
-- '@bench.test' and 'member' sit in nearly every address, so PostgreSQL read and rechecked most of the
-- members for one (p95 133 ms at 100 000 members). A search that is a whole address (something@domain.tld,
-- no spaces) now means that address: the e-mail's b-tree index (profiles_email_idx; e-mails are stored
-- lower-case) finds the member in one probe. Any other text still matches a part of the name, e-mail
-- or phone, and a reference still matches exactly. Same signature, grants and comment.

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------
-- Whether a search text is a whole e-mail address (then it is looked up, not searched for).
create function private.is_email_address(p_text text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(p_text ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$', false)
$$;
revoke execute on function private.is_email_address(text) from public, anon, authenticated, service_role;

create or replace function public.admin_list_payment_orders(
  p_status public.payment_order_status default null,
  p_method public.payment_method default null,
  p_search text default null,
  p_limit integer default 20,
  p_offset integer default 0
)
returns table (
  id uuid,
  reference text,
  user_id uuid,
  kind public.payment_item_kind,
  plan_tier public.membership_level,
  ccc_tier public.ccc_tier,
  quantity smallint,
  item_label text,
  method public.payment_method,
  amount numeric,
  currency text,
  status public.payment_order_status,
  created_at timestamptz,
  decided_at timestamptz,
  decided_by uuid,
  amount_received numeric,
  tx_hash text,
  rejection_reason text,
  member_full_name text,
  member_email text,
  member_phone text,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_search text := nullif(btrim(coalesce(p_search, '')), '');
  v_pattern text;
  v_where text := 'true';
  v_from text := 'public.payment_orders o';
  v_members text;
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
  if char_length(v_search) > 200 then
    raise exception using errcode = '22023', message = 'admin.invalid_search';
  end if;
  v_pattern := '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  if p_status is not null then
    v_where := v_where || ' and o.status = $1';
  end if;
  if p_method is not null then
    v_where := v_where || ' and o.method = $2';
  end if;
  if v_search is not null then
    -- Two indexed lookups instead of one `or` (which scanned every order): the order with that
    -- reference (its unique index), and the orders of the matching members (the orders' user
    -- index): the member with that address (the e-mail's b-tree), or the members whose name, e-mail
    -- or phone contains the text (the trigram indexes of admin_list_users).
    v_members := case when private.is_email_address(v_search)
                      then 'p.email = lower($3)'
                      else 'p.full_name ilike $4 or p.email ilike $4 or p.phone ilike $4' end;
    v_from := '(select r.* from public.payment_orders r where r.reference = upper($3)
                union all
                select m.* from public.payment_orders m
                 where m.user_id in (select p.user_id from public.profiles p where ' || v_members || ')
                   and m.reference <> upper($3)) o';
  end if;

  return query execute
    'with page as (
       select o.id from ' || v_from || '
        where ' || v_where || '
        order by o.created_at desc, o.id desc
        limit $5 offset $6
     )
     select o.id, o.reference, o.user_id, o.kind, o.plan_tier, o.ccc_tier, o.quantity,
            private.order_item_label(o), o.method, o.amount, o.currency, o.status, o.created_at,
            o.decided_at, o.decided_by, o.amount_received, o.tx_hash, o.rejection_reason,
            p.full_name, p.email, p.phone,
            (select count(*) from (select 1 from ' || v_from || ' where ' || v_where || ' limit 1001) c)
       from page
       join public.payment_orders o on o.id = page.id
       left join public.profiles p on p.user_id = o.user_id
      order by o.created_at desc, o.id desc'
    using p_status, p_method, v_search, v_pattern, p_limit, p_offset;
end
$$;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on function private.is_email_address(text) is
  'True when a search text is a whole e-mail address (local part, @, a domain with a dot, no spaces): the admin searches look it up by profiles.email instead of searching for a part.';
comment on function public.admin_list_payment_orders(public.payment_order_status, public.payment_method, text, integer, integer) is
  'Admin: the payments tab. Filters by status and method; a search is a reference (exact, any case), a whole e-mail address (that member, by the e-mail index) or a part of the member''s name, e-mail or phone; newest first; total_count stops at 1 001.';
