-- Storage: the app's buckets with their size and MIME limits, and the policies on storage.objects.
-- Public buckets serve files by public URL without any select policy; the select policy below is
-- what the Storage API needs for upsert, list and remove.
-- Paths: avatars/{uid}/..., idea-images/{uid}/..., app-images/..., site-images/... (favicon under site-images/favicon/).
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.
-- (No types, tables, indexes, functions or triggers of our own: only bucket rows and policies.)

-- -------------------------------------------------------------------------------------
-- Buckets (rows of the platform's storage.buckets; keep in step with supabase/config.toml)
-- -------------------------------------------------------------------------------------
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

-- -------------------------------------------------------------------------------------
-- Policies on storage.objects (one per command for authenticated; anon has none)
-- -------------------------------------------------------------------------------------
-- Read through the API (needed by upsert, list and remove): own folder in avatars/idea-images; admins everything in the app's buckets.
create policy storage_objects_select_authenticated on storage.objects
  for select to authenticated
  using (
    (bucket_id in ('avatars', 'idea-images') and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id in ('avatars', 'idea-images', 'app-images', 'site-images') and (select private.is_admin()))
  );

-- Upload: members only into their own folder of avatars and idea-images; admins into app-images and
-- site-images. A favicon (site-images/favicon/...) whose recorded size exceeds 100 KB is refused.
create policy storage_objects_insert_authenticated on storage.objects
  for insert to authenticated
  with check (
    (bucket_id in ('avatars', 'idea-images') and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id = 'app-images' and (select private.is_admin()))
    or (
      bucket_id = 'site-images'
      and (select private.is_admin())
      and (
        (storage.foldername(name))[1] is distinct from 'favicon'
        or coalesce(case when metadata ->> 'size' ~ '^[0-9]{1,18}$' then (metadata ->> 'size')::bigint end, 0) <= 102400
      )
    )
  );

-- Overwrite (upsert): same rule as upload, for the old and the new row.
create policy storage_objects_update_authenticated on storage.objects
  for update to authenticated
  using (
    (bucket_id in ('avatars', 'idea-images') and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id in ('app-images', 'site-images') and (select private.is_admin()))
  )
  with check (
    (bucket_id in ('avatars', 'idea-images') and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id = 'app-images' and (select private.is_admin()))
    or (
      bucket_id = 'site-images'
      and (select private.is_admin())
      and (
        (storage.foldername(name))[1] is distinct from 'favicon'
        or coalesce(case when metadata ->> 'size' ~ '^[0-9]{1,18}$' then (metadata ->> 'size')::bigint end, 0) <= 102400
      )
    )
  );

-- Remove: members their own files in avatars/idea-images; admins any file of the app's buckets
-- (e.g. the images of an idea they deleted with admin_delete_idea).
create policy storage_objects_delete_authenticated on storage.objects
  for delete to authenticated
  using (
    (bucket_id in ('avatars', 'idea-images') and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id in ('avatars', 'idea-images', 'app-images', 'site-images') and (select private.is_admin()))
  );
