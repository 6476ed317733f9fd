// Edge function `usdt-verify-payment`: checks a member's USDT transaction on chain (see handler.ts).
// [functions.usdt-verify-payment] verify_jwt = false in supabase/config.toml: the function checks the
// member's token with Auth itself (and the scheduled re-check's service role key), and the browser's
// CORS preflight (which carries no token) must reach it. Environment: SUPABASE_URL,
// SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and the node providers of _shared/chain/clients.ts
// (TRONGRID_URL, TRONGRID_API_KEY, ERC20_RPC_URL, BSC_RPC_URL, <NETWORK>_FINALITY_DEPTH).
import { createClient } from '@supabase/supabase-js';
import { chainClientsFromEnv } from '../_shared/chain/clients.ts';
import { supabaseChainStore } from '../_shared/chain/store.ts';
import { createVerifyHandler } from './handler.ts';

const env = (name: string) => Deno.env.get(name);
const supabaseUrl = env('SUPABASE_URL') ?? 'http://invalid.localhost';
const serviceRoleKey = env('SUPABASE_SERVICE_ROLE_KEY') ?? '';
if (!serviceRoleKey) {
  console.error('[usdt-verify-payment] SUPABASE_SERVICE_ROLE_KEY is not set');
}

const auth = createClient(supabaseUrl, env('SUPABASE_ANON_KEY') || '-', {
  auth: {
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  },
});

Deno.serve(
  createVerifyHandler({
    clients: chainClientsFromEnv(env),
    store: supabaseChainStore(supabaseUrl, serviceRoleKey || '-'),
    serviceRoleKey,
    users: {
      async userIdFromToken(token) {
        const { data, error } = await auth.auth.getUser(token);
        return error || !data.user ? null : data.user.id;
      },
    },
  }),
);
