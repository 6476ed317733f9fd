-- Storage: the buckets and the policies on storage.objects.
-- Until the first deploy this file is edited in place: each object is defined once, in its final
-- form. Sections: types, tables, indexes, functions, triggers, policies, grants, comments, data.

-- ========================================================================================
-- Triggers
-- ========================================================================================

-- objects_audit_delete on storage.objects -----------------------------------------------
-- An admin removing a file: any in app-images and site-images, someone else's in avatars and
-- idea-images (their own avatar is a member's act). Recorded: bucket, path, owner and upload time;
-- the Storage API's own columns (metadata, version, path tokens) are left out.
create trigger objects_audit_delete after delete on storage.objects
  for each row
  when (
    old.bucket_id in ('app-images', 'site-images')
    or (old.bucket_id in ('avatars', 'idea-images') and old.owner_id is distinct from (auth.uid())::text)
  )
  execute function private.audit_admin_write('metadata', 'user_metadata', 'path_tokens', 'version', 'owner', 'last_accessed_at');

-- ========================================================================================
-- Policies
-- ========================================================================================

-- storage.objects -----------------------------------------------------------------------

-- Remove: members their own files in avatars/idea-images; admins any file of the app's buckets
-- (e.g. the images of an idea they deleted with admin_delete_idea).
create policy storage_objects_delete_authenticated on storage.objects for delete to authenticated
  using ((((bucket_id = 'avatars'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)) OR ((bucket_id = 'idea-images'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text) AND (NOT private.idea_image_in_use(name))) OR ((bucket_id = ANY (ARRAY['avatars'::text, 'idea-images'::text, 'app-images'::text, 'site-images'::text])) AND ( SELECT private.is_admin() AS is_admin))));

-- Upload: members only into their own folder of avatars and idea-images; admins into app-images and
-- site-images. A favicon (site-images/favicon/...) whose recorded size exceeds 100 KB is refused.
create policy storage_objects_insert_authenticated on storage.objects for insert to authenticated
  with check ((((bucket_id = ANY (ARRAY['avatars'::text, 'idea-images'::text])) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)) OR ((bucket_id = 'app-images'::text) AND ( SELECT private.is_admin() AS is_admin)) OR ((bucket_id = 'site-images'::text) AND ( SELECT private.is_admin() AS is_admin) AND (((storage.foldername(name))[1] IS DISTINCT FROM 'favicon'::text) OR COALESCE(
CASE
    WHEN ((metadata ->> 'contentLength'::text) ~ '^[0-9]{1,18}$'::text) THEN (((metadata ->> 'contentLength'::text))::bigint <= 102400)
    ELSE NULL::boolean
END, false)))));

-- Read through the API (needed by upsert, list and remove): own folder in avatars/idea-images; admins everything in the app's buckets.
create policy storage_objects_select_authenticated on storage.objects
  for select to authenticated
  using (
    (bucket_id in ('avatars', 'idea-images') and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id in ('avatars', 'idea-images', 'app-images', 'site-images') and (select private.is_admin()))
  );

-- Overwrite (upsert): same rule as upload, for the old and the new row.
create policy storage_objects_update_authenticated on storage.objects for update to authenticated
  using ((((bucket_id = 'avatars'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)) OR ((bucket_id = 'idea-images'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text) AND (NOT private.idea_image_in_use(name))) OR ((bucket_id = ANY (ARRAY['app-images'::text, 'site-images'::text])) AND ( SELECT private.is_admin() AS is_admin))))
  with check ((((bucket_id = ANY (ARRAY['avatars'::text, 'idea-images'::text])) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)) OR ((bucket_id = 'app-images'::text) AND ( SELECT private.is_admin() AS is_admin)) OR ((bucket_id = 'site-images'::text) AND ( SELECT private.is_admin() AS is_admin) AND (((storage.foldername(name))[1] IS DISTINCT FROM 'favicon'::text) OR COALESCE(
CASE
    WHEN ((metadata ->> 'contentLength'::text) ~ '^[0-9]{1,18}$'::text) THEN (((metadata ->> 'contentLength'::text))::bigint <= 102400)
    ELSE NULL::boolean
END, false)))));

-- ========================================================================================
-- Data
-- ========================================================================================

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('avatars', 'avatars', true, 2097152, array['image/jpeg', 'image/png', 'image/webp']),
  ('idea-images', 'idea-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp']),
  ('app-images', 'app-images', true, 2097152, array['image/jpeg', 'image/png', 'image/webp']),
  ('site-images', 'site-images', true, 2097152,
    array['image/jpeg', 'image/png', 'image/webp', 'image/x-icon', 'image/vnd.microsoft.icon'])
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;
