// Edge function `usdt-watch`: the watcher of the club's USDT addresses (see handler.ts).
// [functions.usdt-watch] keeps verify_jwt on; the handler accepts only the service role key.
// Environment: SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY and the node providers of
// _shared/chain/clients.ts (TRONGRID_URL, TRONGRID_API_KEY, ERC20_RPC_URL, BSC_RPC_URL).
import { chainClientsFromEnv } from '../_shared/chain/clients.ts';
import { supabaseChainStore } from '../_shared/chain/store.ts';
import { createWatchHandler } from './handler.ts';

const env = (name: string) => Deno.env.get(name);
const serviceRoleKey = env('SUPABASE_SERVICE_ROLE_KEY') ?? '';
if (!serviceRoleKey) {
  console.error('[usdt-watch] SUPABASE_SERVICE_ROLE_KEY is not set');
}

Deno.serve(
  createWatchHandler({
    clients: chainClientsFromEnv(env),
    store: supabaseChainStore(env('SUPABASE_URL') ?? 'http://invalid.localhost', serviceRoleKey || '-'),
    serviceRoleKey,
  }),
);
