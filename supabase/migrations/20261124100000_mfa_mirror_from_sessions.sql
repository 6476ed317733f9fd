-- Hosted Supabase: user_settings.two_factor_enabled follows Supabase MFA without a trigger on
-- auth.mfa_factors, which hosted projects may not create (postgres may put triggers only on
-- auth.audit_log_entries, identities, refresh_tokens, sessions and users; supabase/postgres'
-- supautils grants and the April 2025 restriction of the auth schema).
--
-- Every change of a verified factor goes through the session it concerns, in the same transaction:
-- verifying a factor raises the session to aal2 with factor_id set (GoTrue's
-- updateMFASessionAndClaims) and signs out the weaker sessions; unenrolling one (by the member or
-- the admin API) downgrades the sessions it raised (DowngradeSessionsToAAL1). A deferred constraint
-- trigger on auth.sessions recomputes the mirror when the transaction commits, after the factor
-- row has changed, whatever the order of the statements.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.
-- (Only a trigger and a comment: the function is private.sync_two_factor_enabled of the accounts
-- migration, which reads only user_id of the row. No comment on the trigger: that needs the
-- owner of auth.sessions.)

-- -------------------------------------------------------------------------------------
-- Triggers
-- -------------------------------------------------------------------------------------
create constraint trigger on_auth_session_mfa_changed
  after update of aal, factor_id or delete on auth.sessions
  deferrable initially deferred
  for each row execute function private.sync_two_factor_enabled();

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on column public.user_settings.two_factor_enabled is
  'Mirror of auth.mfa_factors (a verified TOTP factor exists), recomputed when a session is raised to or dropped from aal2; not writable by members. The TOTP secret lives only in auth.mfa_factors.';
