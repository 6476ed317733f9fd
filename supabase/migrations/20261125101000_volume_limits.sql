-- Volume abuse and webhook replays (issue 21, items 9 and 10):
--   - the idea-webhook function claims an idea atomically (claim_idea_webhook) before it calls the
--     automation service, so parallel calls post an idea once;
--   - per-member rate limits, enforced in SQL whatever the client sends (a PostgREST array insert
--     counts row by row): 10 new ideas a day, 20 idea comments and 20 post comments an hour,
--     60 post reactions an hour;
--   - notification_preferences holds only known keys (the notification types) with boolean values.
-- The limits apply to requests of signed-in members (a JWT with a subject); server code, seeds and
-- benchmarks that write without one are not limited.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
alter table public.app_ideas add column webhook_claimed_at timestamptz;

-- -------------------------------------------------------------------------------------
-- Indexes (the limits count a member's recent rows; each replaces the member-only index)
-- -------------------------------------------------------------------------------------
create index app_ideas_submitted_by_submitted_at_idx on public.app_ideas (submitted_by, submitted_at);
drop index if exists public.app_ideas_submitted_by_idx;
create index idea_comments_user_id_created_at_idx on public.idea_comments (user_id, created_at);
drop index if exists public.idea_comments_user_id_idx;
create index post_comments_user_id_created_at_idx on public.post_comments (user_id, created_at);
drop index if exists public.post_comments_user_id_idx;
create index post_reactions_user_id_created_at_idx on public.post_reactions (user_id, created_at);
drop index if exists public.post_reactions_user_id_idx;

-- -------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------

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

-- Trigger before insert on the member-written tables: the caller's rows of the last window, counted
-- under a per-member lock (rows inserted earlier by the same statement are counted too).
create function private.enforce_member_rate_limit()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_count integer;
begin
  if v_uid is null then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtext('member_rate_limit:' || tg_table_name || ':' || v_uid::text));
  case tg_table_name
    when 'app_ideas' then
      select count(*) into v_count from public.app_ideas i
       where i.submitted_by = v_uid and i.submitted_at > now() - interval '1 day';
      if v_count >= 10 then
        raise exception using errcode = 'P0001', message = 'ideas.daily_limit';
      end if;
    when 'idea_comments' then
      select count(*) into v_count from public.idea_comments c
       where c.user_id = v_uid and c.created_at > now() - interval '1 hour';
      if v_count >= 20 then
        raise exception using errcode = 'P0001', message = 'ideas.comment_rate_limited';
      end if;
    when 'post_comments' then
      select count(*) into v_count from public.post_comments c
       where c.user_id = v_uid and c.created_at > now() - interval '1 hour';
      if v_count >= 20 then
        raise exception using errcode = 'P0001', message = 'community.comment_rate_limited';
      end if;
    when 'post_reactions' then
      select count(*) into v_count from public.post_reactions r
       where r.user_id = v_uid and r.created_at > now() - interval '1 hour';
      if v_count >= 60 then
        raise exception using errcode = 'P0001', message = 'community.reaction_rate_limited';
      end if;
  end case;
  return new;
end
$$;

-- notification_preferences: an object whose keys are notification types and whose values are booleans.
create function private.valid_notification_preferences(p_preferences jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p_preferences) = 'object'
     and not exists (
       select 1
         from jsonb_each(p_preferences) e
        where e.key not in ('profit', 'message', 'system')
           or jsonb_typeof(e.value) <> 'boolean'
     )
$$;

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create trigger app_ideas_rate_limit
  before insert on public.app_ideas
  for each row execute function private.enforce_member_rate_limit();
create trigger idea_comments_rate_limit
  before insert on public.idea_comments
  for each row execute function private.enforce_member_rate_limit();
create trigger post_comments_rate_limit
  before insert on public.post_comments
  for each row execute function private.enforce_member_rate_limit();
create trigger post_reactions_rate_limit
  before insert on public.post_reactions
  for each row execute function private.enforce_member_rate_limit();

-- -------------------------------------------------------------------------------------
-- Constraints
-- -------------------------------------------------------------------------------------
update public.user_settings s set notification_preferences = '{}'::jsonb
 where not private.valid_notification_preferences(s.notification_preferences);
alter table public.user_settings
  add constraint user_settings_notification_preferences_known_check
  check (private.valid_notification_preferences(notification_preferences));

-- -------------------------------------------------------------------------------------
-- Grants
-- -------------------------------------------------------------------------------------
revoke execute on function public.claim_idea_webhook(uuid) from public, anon, authenticated, service_role;
grant execute on function public.claim_idea_webhook(uuid) to service_role;
revoke execute on function private.enforce_member_rate_limit() from public, anon, authenticated, service_role;
revoke execute on function private.valid_notification_preferences(jsonb) from public, anon, authenticated, service_role;
grant execute on function private.valid_notification_preferences(jsonb) to authenticated, service_role;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on column public.app_ideas.webhook_claimed_at is
  'When the idea-webhook function claimed the idea for its one call of the automation service (claim_idea_webhook).';
comment on function public.claim_idea_webhook(uuid) is
  'Service role (idea-webhook): true for the one caller that claims a pending idea without feedback; a claim lasts 2 minutes.';
comment on function private.enforce_member_rate_limit() is
  'Per-member limits of signed-in callers: 10 ideas a day (ideas.daily_limit), 20 idea or post comments an hour (ideas.comment_rate_limited, community.comment_rate_limited), 60 reactions an hour (community.reaction_rate_limited).';
comment on function private.valid_notification_preferences(jsonb) is
  'True for an object whose keys are notification types (profit, message, system) and whose values are booleans.';
