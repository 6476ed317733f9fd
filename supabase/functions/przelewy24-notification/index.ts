// Edge function `przelewy24-notification`: Przelewy24's urlStatus (see handler.ts).
// [functions.przelewy24-notification] verify_jwt = false in supabase/config.toml: the gateway sends
// no JWT; the sign and the verify call authenticate it. Environment: _shared/przelewy24-gateway.ts.
import { gatewayClientFor, przelewy24SettingsFromEnv, supabaseGatewayStore } from '../_shared/przelewy24-gateway.ts';
import { createNotificationHandler } from './handler.ts';

const settings = przelewy24SettingsFromEnv((name) => Deno.env.get(name));
for (const problem of settings.problems) console.error(`[przelewy24-notification] ${problem}`);

Deno.serve(
  createNotificationHandler({
    settings,
    store: supabaseGatewayStore(settings.supabaseUrl || 'http://invalid.localhost', settings.serviceRoleKey || '-'),
    gateway: gatewayClientFor(settings),
  }),
);
