-- Referral programme: codes with statistics, relationships recorded at sign-up, conversions with a
-- commission, per-referrer counters for the ranking, and the referral RPCs.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.
--
-- Error contract of this file (SQLSTATE / message key):
--   42501 auth.forbidden                    p_user_id is not the caller
--   22023 referral.description_too_long     description over 200 characters
--   P0001 referral.code_limit_reached       the member already has 5 codes
--   P0001 referral.code_generation_failed   no free code after 10 attempts (practically never)
--   22023 referral.invalid_limit            ranking limit outside 1..100
--   P0002 membership.plan_not_found         (trigger) paid level missing from membership_plans

-- -------------------------------------------------------------------------------------
-- Types
-- -------------------------------------------------------------------------------------
-- None: levels reuse public.membership_level.

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
create table public.referral_codes (
  id uuid primary key default gen_random_uuid(),
  code text not null unique constraint referral_codes_code_uppercase_check check (code ~ '^[A-Z0-9]{4,32}$'),
  active boolean not null default true,
  description text check (description is null or char_length(description) <= 200),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  visits_count integer not null default 0 check (visits_count >= 0),
  registrations_count integer not null default 0 check (registrations_count >= 0),
  conversions_count integer not null default 0 check (conversions_count >= 0),
  last_visit_at timestamptz,
  last_registration_at timestamptz,
  last_conversion_at timestamptz
);
alter table public.referral_codes enable row level security;

create table public.referral_relationships (
  id uuid primary key default gen_random_uuid(),
  referrer_id uuid not null references auth.users (id) on delete cascade,
  referred_id uuid not null unique references auth.users (id) on delete cascade,
  code_id uuid references public.referral_codes (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint referral_relationships_not_self_check check (referrer_id <> referred_id)
);
alter table public.referral_relationships enable row level security;

create table public.referral_commissions (
  id uuid primary key default gen_random_uuid(),
  referrer_id uuid not null references auth.users (id) on delete cascade,
  -- Unique: only the first conversion of a referred member earns a commission. Kept (as null) when
  -- the referred member is deleted, so earned commissions stay earned.
  referred_id uuid unique references auth.users (id) on delete set null,
  level public.membership_level not null check (level <> 'FREE'),
  amount_pln numeric(12, 2) not null check (amount_pln >= 0),
  created_at timestamptz not null default now()
);
alter table public.referral_commissions enable row level security;

-- Per-referrer counters so the ranking reads a few index entries instead of aggregating everything.
create table private.referrer_stats (
  user_id uuid primary key references auth.users (id) on delete cascade,
  referral_count integer not null default 0 check (referral_count >= 0),
  total_earnings numeric(14, 2) not null default 0 check (total_earnings >= 0),
  updated_at timestamptz not null default now()
);
alter table private.referrer_stats enable row level security;

-- -------------------------------------------------------------------------------------
-- Indexes (code, referred_id and user_id keys are indexed by their unique constraints)
-- -------------------------------------------------------------------------------------
create index referral_codes_user_id_created_at_idx on public.referral_codes (user_id, created_at desc);
create index referral_relationships_referrer_id_created_at_idx on public.referral_relationships (referrer_id, created_at desc);
create index referral_relationships_code_id_idx on public.referral_relationships (code_id);
create index referral_commissions_referrer_id_created_at_idx on public.referral_commissions (referrer_id, created_at desc);
create index referrer_stats_ranking_idx on private.referrer_stats (referral_count desc, total_earnings desc, user_id);

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------

-- 'anna.kowalska@example.com' -> 'ann***@example.com' (first 3 characters of the local part).
create function private.mask_email(p_email text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_email is null then null
    when position('@' in p_email) = 0 then left(p_email, 3) || '***'
    else left(split_part(p_email, '@', 1), 3) || '***@' || substring(p_email from position('@' in p_email) + 1)
  end
$$;
revoke execute on function private.mask_email(text) from public, anon, authenticated;

-- Registration form: the code exists and is active (input is case-insensitive).
create function public.validate_referral_code(p_code text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.referral_codes c
     where c.code = upper(btrim(p_code)) and c.active
  )
$$;
revoke execute on function public.validate_referral_code(text) from public, anon, authenticated;
grant execute on function public.validate_referral_code(text) to anon, authenticated;

-- Landing page with ?ref=CODE: counts a visit of an active code; unknown or inactive codes: false.
create function public.track_referral_visit(p_code text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.referral_codes c
     set visits_count = c.visits_count + 1, last_visit_at = now()
   where c.code = upper(btrim(p_code)) and c.active;
  return found;
end
$$;
revoke execute on function public.track_referral_visit(text) from public, anon, authenticated;
grant execute on function public.track_referral_visit(text) to anon, authenticated;

-- Partner page: creates a code for the caller (8 characters from an alphabet without 0/O/1/I),
-- at most 5 codes per member; returns the new row.
create function public.generate_unique_referral_code(p_user_id uuid, p_description text default null)
returns public.referral_codes
language plpgsql
security definer
set search_path = ''
as $$
declare
  c_alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  v_description text := nullif(btrim(p_description), '');
  v_bytes bytea;
  v_code text;
  v_row public.referral_codes;
begin
  if p_user_id is null or p_user_id is distinct from (select auth.uid()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  if char_length(v_description) > 200 then
    raise exception using errcode = '22023', message = 'referral.description_too_long';
  end if;
  -- One generation per member at a time, so parallel calls cannot exceed the limit.
  perform pg_advisory_xact_lock(hashtextextended('referral_codes:' || p_user_id::text, 0));
  if (select count(*) from public.referral_codes c where c.user_id = p_user_id) >= 5 then
    raise exception using errcode = 'P0001', message = 'referral.code_limit_reached';
  end if;
  for attempt in 1..10 loop
    v_bytes := extensions.gen_random_bytes(8);
    v_code := '';
    for i in 0..7 loop
      -- 256 is a multiple of the 32-letter alphabet, so every letter is equally likely.
      v_code := v_code || substr(c_alphabet, get_byte(v_bytes, i) % 32 + 1, 1);
    end loop;
    insert into public.referral_codes (code, user_id, description)
    values (v_code, p_user_id, v_description)
    on conflict (code) do nothing
    returning * into v_row;
    if found then
      return v_row;
    end if;
  end loop;
  raise exception using errcode = 'P0001', message = 'referral.code_generation_failed';
end
$$;
revoke execute on function public.generate_unique_referral_code(uuid, text) from public, anon, authenticated;
grant execute on function public.generate_unique_referral_code(uuid, text) to authenticated;

-- Partner page: the caller's codes with their statistics, newest first.
create function public.get_my_referral_codes()
returns setof public.referral_codes
language sql
stable
set search_path = ''
as $$
  select c.*
    from public.referral_codes c
   where c.user_id = (select auth.uid())
   order by c.created_at desc, c.id
$$;
revoke execute on function public.get_my_referral_codes() from public, anon, authenticated;
grant execute on function public.get_my_referral_codes() to authenticated;

-- Partner page structure: the members the caller referred, e-mail masked on the server, newest first.
create function public.get_my_referred_users()
returns table (id uuid, full_name text, email text, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select r.referred_id, p.full_name, private.mask_email(p.email), r.created_at
    from public.referral_relationships r
    join public.profiles p on p.user_id = r.referred_id
   where r.referrer_id = (select auth.uid())
   order by r.created_at desc, r.referred_id
$$;
revoke execute on function public.get_my_referred_users() from public, anon, authenticated;
grant execute on function public.get_my_referred_users() to authenticated;

-- Main panel 'Top Partners': by referral count, then earnings. Reads the ranking index only.
create function public.get_referral_rankings(p_limit integer default 10)
returns table (id uuid, full_name text, referral_count integer, total_earnings numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception using errcode = '22023', message = 'referral.invalid_limit';
  end if;
  return query
    select s.user_id, p.full_name, s.referral_count, s.total_earnings
      from private.referrer_stats s
      left join public.profiles p on p.user_id = s.user_id
     where s.referral_count > 0 or s.total_earnings > 0
     order by s.referral_count desc, s.total_earnings desc, s.user_id
     limit p_limit;
end
$$;
revoke execute on function public.get_referral_rankings(integer) from public, anon, authenticated;
grant execute on function public.get_referral_rankings(integer) to authenticated;

-- Trigger on public.profiles insert (sign-up transaction): raw_user_meta_data.referral_code of an
-- active code of someone else records the relationship and bumps the code's registrations.
-- Unknown or inactive codes are ignored (the form validated the code already).
create function private.record_referral_at_signup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_code text;
  v_code_id uuid;
  v_referrer_id uuid;
begin
  select upper(btrim(u.raw_user_meta_data ->> 'referral_code')) into v_code
    from auth.users u where u.id = new.user_id;
  if v_code is null or v_code = '' then
    return null;
  end if;
  select c.id, c.user_id into v_code_id, v_referrer_id
    from public.referral_codes c
   where c.code = v_code and c.active and c.user_id <> new.user_id
     for update;
  if not found then
    return null;
  end if;
  insert into public.referral_relationships (referrer_id, referred_id, code_id)
  values (v_referrer_id, new.user_id, v_code_id)
  on conflict (referred_id) do nothing;
  if found then
    update public.referral_codes c
       set registrations_count = c.registrations_count + 1, last_registration_at = now()
     where c.id = v_code_id;
  end if;
  return null;
end
$$;
revoke execute on function private.record_referral_at_signup() from public, anon, authenticated;

-- Trigger on public.profiles membership_level FREE -> paid: the first such move of a referred member
-- is the conversion: one commission (10 % of the plan's yearly PLN price) and the code's counters.
create function private.record_referral_conversion()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_referrer_id uuid;
  v_code_id uuid;
  v_price numeric(12, 2);
  v_commission_id uuid;
begin
  select r.referrer_id, r.code_id into v_referrer_id, v_code_id
    from public.referral_relationships r where r.referred_id = new.user_id;
  if not found then
    return null;
  end if;
  select m.yearly_price_pln into v_price from public.membership_plans m where m.tier = new.membership_level;
  if not found then
    raise exception using errcode = 'P0002', message = 'membership.plan_not_found';
  end if;
  insert into public.referral_commissions (referrer_id, referred_id, level, amount_pln)
  values (v_referrer_id, new.user_id, new.membership_level, round(v_price * 0.10, 2))
  on conflict (referred_id) do nothing
  returning id into v_commission_id;
  if v_commission_id is not null and v_code_id is not null then
    update public.referral_codes c
       set conversions_count = c.conversions_count + 1, last_conversion_at = now()
     where c.id = v_code_id;
  end if;
  return null;
end
$$;
revoke execute on function private.record_referral_conversion() from public, anon, authenticated;

-- Triggers on referral_relationships / referral_commissions: keep private.referrer_stats in step
-- (also when rows go away through cascades).
create function private.count_referrer_referrals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.referrer_stats as s (user_id, referral_count)
    values (new.referrer_id, 1)
    on conflict (user_id) do update set referral_count = s.referral_count + 1, updated_at = now();
  else
    -- Update only: the referrer may be the user being deleted.
    update private.referrer_stats s
       set referral_count = greatest(s.referral_count - 1, 0), updated_at = now()
     where s.user_id = old.referrer_id;
  end if;
  return null;
end
$$;
revoke execute on function private.count_referrer_referrals() from public, anon, authenticated;

create function private.sum_referrer_earnings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.referrer_stats as s (user_id, total_earnings)
    values (new.referrer_id, new.amount_pln)
    on conflict (user_id) do update set total_earnings = s.total_earnings + excluded.total_earnings, updated_at = now();
  else
    update private.referrer_stats s
       set total_earnings = greatest(s.total_earnings - old.amount_pln, 0), updated_at = now()
     where s.user_id = old.referrer_id;
  end if;
  return null;
end
$$;
revoke execute on function private.sum_referrer_earnings() from public, anon, authenticated;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger profiles_record_referral
  after insert on public.profiles
  for each row execute function private.record_referral_at_signup();

create trigger profiles_record_referral_conversion
  after update of membership_level on public.profiles
  for each row
  when (old.membership_level = 'FREE' and new.membership_level <> 'FREE')
  execute function private.record_referral_conversion();

create trigger referral_relationships_count_referrals
  after insert or delete on public.referral_relationships
  for each row execute function private.count_referrer_referrals();

create trigger referral_commissions_sum_earnings
  after insert or delete on public.referral_commissions
  for each row execute function private.sum_referrer_earnings();

-- -------------------------------------------------------------------------------------
-- Policies (private.referrer_stats has none: read only through get_referral_rankings)
-- -------------------------------------------------------------------------------------
create policy referral_codes_select_authenticated on public.referral_codes
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy referral_codes_update_authenticated on public.referral_codes
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy referral_relationships_select_authenticated on public.referral_relationships
  for select to authenticated
  using (referrer_id = (select auth.uid()) or (select private.is_admin()));

create policy referral_commissions_select_authenticated on public.referral_commissions
  for select to authenticated
  using (referrer_id = (select auth.uid()) or (select private.is_admin()));

-- -------------------------------------------------------------------------------------
-- Grants (function grants sit beside each function above)
-- -------------------------------------------------------------------------------------
grant select on public.referral_codes to authenticated;
-- Members may only rename (describe) or (de)activate their own code; code, owner and counters are not theirs.
grant update (description, active) on public.referral_codes to authenticated;
grant select, insert, update, delete on public.referral_codes to service_role;

-- Relationships and commissions are written only by the triggers above.
grant select on public.referral_relationships to authenticated, service_role;
grant select on public.referral_commissions to authenticated, service_role;

revoke all on private.referrer_stats from public, anon, authenticated, service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on table public.referral_codes is 'Referral codes (uppercase) with their statistics; counters are kept by server functions only.';
comment on column public.referral_codes.registrations_count is 'Sign-ups recorded with this code (historical; not decreased when a member is deleted).';
comment on column public.referral_codes.conversions_count is 'Referred members whose level first moved from FREE to a paid level.';
comment on table public.referral_relationships is 'Who referred whom; recorded at sign-up by the profiles_record_referral trigger; one referrer per member.';
comment on table public.referral_commissions is 'Commission of the referrer on a referred member''s first paid level: 10 % of membership_plans.yearly_price_pln.';
comment on table private.referrer_stats is 'Per-referrer referral_count and total_earnings (PLN) for get_referral_rankings; kept by triggers.';
comment on function public.generate_unique_referral_code(uuid, text) is 'Creates a code for the caller (p_user_id must be auth.uid()); at most 5 per member.';
comment on function public.track_referral_visit(text) is 'Counts a ?ref visit of an active code; false for unknown or inactive codes.';
comment on function public.get_my_referred_users() is 'Referred members of the caller; e-mail masked as first 3 characters of the local part + ***@domain.';
comment on function public.get_referral_rankings(integer) is 'Top referrers (id = auth user id, full_name may be null -> UI shows Anonim), limit 1..100.';
