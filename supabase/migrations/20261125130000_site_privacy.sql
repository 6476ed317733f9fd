-- Site settings: the address of the club's privacy notice, linked under the registration form and
-- edited in the admin's SEO tab (issue 24). Optional: without it the form shows no link.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.

-- -------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------
alter table public.site_settings
  add column privacy_url text check (char_length(privacy_url) <= 2048 and privacy_url ~* '^(https?://|/)[^[:space:]]*$');

-- -------------------------------------------------------------------------------------
-- Grants (the update policy already limits the row to admins)
-- -------------------------------------------------------------------------------------
grant update (privacy_url) on public.site_settings to authenticated;

-- -------------------------------------------------------------------------------------
-- Comments
-- -------------------------------------------------------------------------------------
comment on column public.site_settings.privacy_url is
  'Address of the club''s privacy notice (http(s) or a path of the app), linked under the registration form; null: no link.';
