// Edge function `przelewy24-register`: registers a member's order with Przelewy24 (see handler.ts).
// [functions.przelewy24-register] verify_jwt = false in supabase/config.toml: the function checks the
// member's token with Auth itself, and the browser's CORS preflight (which carries no token) must
// reach it. Environment: _shared/przelewy24-gateway.ts, SITE_URL and ALLOWED_REDIRECT_ORIGINS.
import { createClient } from '@supabase/supabase-js';
import { gatewayClientFor, przelewy24SettingsFromEnv, supabaseGatewayStore } from '../_shared/przelewy24-gateway.ts';
import { appOriginsFromEnv, createRegisterHandler } from './handler.ts';

const env = (name: string) => Deno.env.get(name);
const settings = przelewy24SettingsFromEnv(env);
for (const problem of settings.problems) console.error(`[przelewy24-register] ${problem}`);
const appOrigins = appOriginsFromEnv(env);
if (!appOrigins.site) console.error('[przelewy24-register] SITE_URL is not set');

const auth = createClient(settings.supabaseUrl || 'http://invalid.localhost', settings.anonKey || '-', {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(
  createRegisterHandler({
    settings,
    appOrigins,
    users: {
      async userIdFromToken(token) {
        const { data, error } = await auth.auth.getUser(token);
        return error || !data.user ? null : data.user.id;
      },
    },
    store: supabaseGatewayStore(settings.supabaseUrl || 'http://invalid.localhost', settings.serviceRoleKey || '-'),
    gateway: gatewayClientFor(settings),
  }),
);
