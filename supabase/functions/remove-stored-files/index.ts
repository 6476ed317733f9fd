// Edge function `remove-stored-files`: removes the stored files of erased accounts through the
// Storage API (see handler.ts). [functions.remove-stored-files] keeps verify_jwt on; the handler
// then accepts only the service role key. Environment: SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY.
import { createServiceRoleClient } from '../_shared/email-templates.ts';
import { tracedFetch, withRequestId } from '../_shared/request.ts';
import { createRemoveStoredFilesHandler, settingsFromEnv } from './handler.ts';
import { supabaseFileRemover, supabaseRemovalQueue } from './store.ts';

const settings = settingsFromEnv((name) => Deno.env.get(name));
// Without the URL or key the handler answers 500 naming them before any call.
const client = createServiceRoleClient(
  settings.supabaseUrl || 'http://invalid.localhost',
  settings.serviceRoleKey || '-',
  tracedFetch,
);

Deno.serve(
  withRequestId(
    'remove-stored-files',
    createRemoveStoredFilesHandler({
      settings,
      queue: supabaseRemovalQueue(client),
      storage: supabaseFileRemover(client),
    }),
  ),
);
