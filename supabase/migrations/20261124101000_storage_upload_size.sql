-- Storage on hosted Supabase: the favicon size limit reads what the Storage API really checks.
--
-- Storage checks the upload policies on a trial row, written as the caller and rolled back, whose
-- metadata holds only {"mimetype", "contentLength"}; contentLength is the request's Content-Length
-- (storage-api uploader.ts canUpload / fileUploadFromRequest). The row it keeps is then written
-- without RLS. So metadata->>'size', which the first policies read, is never there when a policy
-- runs: the 100 KB favicon limit (site-images/favicon/...) never fired. It now reads contentLength,
-- and an upload whose length is unknown is refused for the favicon.
--
-- contentLength is the size of the request body: for a raw upload (supabase-js with an ArrayBuffer
-- and contentType) exactly the file; for a multipart form (a File or Blob) the file plus the form's
-- framing, a few hundred bytes. The app sends the favicon as a raw body (docs/decisions.md).
-- Upsert (x-upsert, and PUT) runs INSERT ... ON CONFLICT DO UPDATE ... RETURNING *: it needs the
-- insert, update and select policies, which the first storage migration already has.
-- Order of sections: types, tables, indexes, functions, triggers, policies, grants, comments.

-- -------------------------------------------------------------------------------------
-- Policies
-- -------------------------------------------------------------------------------------
alter policy storage_objects_insert_authenticated on storage.objects
  with check (
    (bucket_id in ('avatars', 'idea-images') and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id = 'app-images' and (select private.is_admin()))
    or (
      bucket_id = 'site-images'
      and (select private.is_admin())
      and (
        (storage.foldername(name))[1] is distinct from 'favicon'
        or coalesce(
          case when metadata ->> 'contentLength' ~ '^[0-9]{1,18}$' then (metadata ->> 'contentLength')::bigint <= 102400 end,
          false
        )
      )
    )
  );

alter policy storage_objects_update_authenticated on storage.objects
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
        or coalesce(
          case when metadata ->> 'contentLength' ~ '^[0-9]{1,18}$' then (metadata ->> 'contentLength')::bigint <= 102400 end,
          false
        )
      )
    )
  );
