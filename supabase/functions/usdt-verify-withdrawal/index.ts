// Edge function `usdt-verify-withdrawal`: checks a withdrawal's payout on chain before it is
// completed (see handler.ts). [functions.usdt-verify-withdrawal] verify_jwt = false in
// supabase/config.toml: the database checks the admin's token (PostgREST) and right (aal2 included),
// and the browser's CORS preflight (which carries no token) must reach the function.
// Environment: SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY (provided by Supabase) and
// the chain providers of _shared/chain/clients.ts (TRONGRID_URL, TRONGRID_API_KEY, ERC20_RPC_URL,
// BSC_RPC_URL, <NETWORK>_FINALITY_DEPTH, <NETWORK>_USDT_CONTRACT).
import { chainClientsFromEnv } from '../_shared/chain/clients.ts';
import { tracedFetch, withRequestId } from '../_shared/request.ts';
import { createVerifyWithdrawalHandler } from './handler.ts';
import { supabaseWithdrawalChainStore } from './store.ts';

const env = (name: string) => Deno.env.get(name)?.trim() || undefined;
const supabaseUrl = env('SUPABASE_URL') ?? '';
const anonKey = env('SUPABASE_ANON_KEY') ?? '';
const serviceRoleKey = env('SUPABASE_SERVICE_ROLE_KEY') ?? '';
for (const [name, value] of Object.entries({
  SUPABASE_URL: supabaseUrl,
  SUPABASE_ANON_KEY: anonKey,
  SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
})) {
  if (!value) console.error(`[usdt-verify-withdrawal] ${name} is not set`);
}

Deno.serve(
  withRequestId(
    'usdt-verify-withdrawal',
    createVerifyWithdrawalHandler({
      store: supabaseWithdrawalChainStore({
        supabaseUrl: supabaseUrl || 'http://invalid.localhost',
        anonKey: anonKey || '-',
        serviceRoleKey: serviceRoleKey || '-',
        fetch: tracedFetch,
      }),
      verifiers: chainClientsFromEnv(env),
    }),
  ),
);
