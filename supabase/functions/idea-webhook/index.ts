// Edge function `idea-webhook`: passes a member's new idea to the automation service and stores its
// feedback (see handler.ts). [functions.idea-webhook] verify_jwt = false in supabase/config.toml:
// the function checks the member's token with Auth itself, and the browser's CORS preflight (which
// carries no token) must reach it. Environment: see settings.ts.
import { tracedFetch, withRequestId } from '../_shared/request.ts';
import { createIdeaWebhookHandler } from './handler.ts';
import { settingsFromEnv } from './settings.ts';
import { supabaseIdeaStore, supabaseUserResolver } from './store.ts';

const settings = settingsFromEnv((name) => Deno.env.get(name));
for (const problem of settings.problems) console.error(`[idea-webhook] ${problem}`);

const missing = (what: string) => () => Promise.reject(new Error(`${what} is not set (see the start-up log)`));
const ready = settings.supabaseUrl && settings.anonKey && settings.serviceRoleKey;

Deno.serve(
  withRequestId(
    'idea-webhook',
    createIdeaWebhookHandler({
      settings,
      users: ready
        ? supabaseUserResolver(settings.supabaseUrl, settings.anonKey, tracedFetch)
        : { userIdFromToken: missing('SUPABASE_URL or SUPABASE_ANON_KEY') },
      ideas: ready
        ? supabaseIdeaStore(settings.supabaseUrl, settings.serviceRoleKey, tracedFetch, settings.anonKey)
        : {
            find: missing('SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY'),
            claim: missing('SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY'),
            storeFeedback: missing('SUPABASE_URL'),
            reopen: missing('SUPABASE_URL or SUPABASE_ANON_KEY'),
          },
    }),
  ),
);
