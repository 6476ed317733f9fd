// Edge function `przelewy24-reconcile`: asks Przelewy24 about pending gateway orders whose
// notification did not arrive (see handler.ts). [functions.przelewy24-reconcile] keeps verify_jwt
// on; the handler accepts only the service role key. Environment: _shared/przelewy24-gateway.ts.
import { gatewayClientFor, przelewy24SettingsFromEnv, supabaseGatewayStore } from '../_shared/przelewy24-gateway.ts';
import { createReconcileHandler } from './handler.ts';

const settings = przelewy24SettingsFromEnv((name) => Deno.env.get(name));
for (const problem of settings.problems) console.error(`[przelewy24-reconcile] ${problem}`);

Deno.serve(
  createReconcileHandler({
    settings,
    store: supabaseGatewayStore(settings.supabaseUrl || 'http://invalid.localhost', settings.serviceRoleKey || '-'),
    gateway: gatewayClientFor(settings),
  }),
);
