-- 'Dziennik zmian' filters (issue 20, session 2): the admin filter offers the admins who appear in the
-- trail (a select, not a typed e-mail); the member filter resolves a name or e-mail through
-- admin_list_users (no new function) and filters by the member's id.

-- Functions

create or replace function public.admin_list_audit_actors()
returns table (actor_email text)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception using errcode = '42501', message = 'auth.forbidden';
  end if;
  -- A skip scan over admin_audit_log_actor_email_idx: one index probe per distinct admin, so a
  -- million rows by five admins cost five probes, not a scan.
  return query
    with recursive actors as (
      (select l.actor_email
         from public.admin_audit_log l
        where l.actor_email is not null
        order by l.actor_email
        limit 1)
      union all
      select (select l.actor_email
                from public.admin_audit_log l
               where l.actor_email > a.actor_email
               order by l.actor_email
               limit 1)
        from actors a
       where a.actor_email is not null
    )
    select a.actor_email from actors a where a.actor_email is not null;
end
$$;

-- Grants

revoke execute on function public.admin_list_audit_actors() from public, anon, authenticated;
grant execute on function public.admin_list_audit_actors() to authenticated;

-- Comments

comment on function public.admin_list_audit_actors() is
  'Admin only (auth.forbidden otherwise). The distinct e-mails of the admins in the audit trail, in order: the options of the tab''s admin filter. Security invoker: the trail''s RLS applies too.';
