// What usdt-verify-withdrawal reads and writes, over PostgREST: three RPCs with the admin's own token
// (the database checks the admin right, aal2 and the claim) and one with the service role (the
// verified transfer, which no browser role may record).
import { createClient, type PostgrestError, type SupabaseClient } from '@supabase/supabase-js';
import { type CompletedWithdrawal, StoreError, type WithdrawalChainStore, type WithdrawalTarget } from './handler.ts';

const serverOptions = (fetchImpl?: typeof fetch, token?: string) => ({
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  global: {
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
  },
});

const KEY = /^[a-z_]+\.[a-z_]+$/;

/** A refusal by key (the RPCs raise stable keys), an invalid token as 'unauthorized', else a failure. */
function refusal(error: PostgrestError, what: string): Error {
  if (KEY.test(error.message)) return new StoreError(error.message);
  if (error.code === '42501') return new StoreError('auth.forbidden');
  if (error.code?.startsWith('PGRST3')) return new StoreError('unauthorized');
  return new Error(`${what} failed: ${error.code} ${error.message}`);
}

export function supabaseWithdrawalChainStore(settings: {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
}): WithdrawalChainStore {
  const service: SupabaseClient = createClient(
    settings.supabaseUrl,
    settings.serviceRoleKey,
    serverOptions(settings.fetch),
  );
  const asCaller = (token: string): SupabaseClient =>
    createClient(settings.supabaseUrl, settings.anonKey, serverOptions(settings.fetch, token));
  return {
    async target(token, withdrawalId) {
      const { data, error } = await asCaller(token)
        .rpc('admin_withdrawal_chain_target', { p_withdrawal_id: withdrawalId })
        .single<{
          withdrawal_id: string;
          network: WithdrawalTarget['network'];
          address: string;
          amount: number | string;
          club_addresses: string[] | null;
          admin_id: string;
        }>();
      if (error) throw refusal(error, 'reading the withdrawal');
      return {
        withdrawalId: data.withdrawal_id,
        network: data.network,
        address: data.address,
        // numeric(18, 2) comes as a JSON number; two decimals are exact in text.
        amount: typeof data.amount === 'number' ? data.amount.toFixed(2) : data.amount,
        clubAddresses: data.club_addresses ?? [],
        adminId: data.admin_id,
      };
    },
    async recordHash(token, withdrawalId, txHash) {
      const { error } = await asCaller(token).rpc('admin_record_withdrawal_tx', {
        p_withdrawal_id: withdrawalId,
        p_tx_hash: txHash,
      });
      if (error) throw refusal(error, 'recording the hash');
    },
    async recordTransfer(withdrawalId, adminId, transfer) {
      const { error } = await service.rpc('record_withdrawal_chain_transfer', {
        p_withdrawal_id: withdrawalId,
        p_admin_id: adminId,
        p_network: transfer.network,
        p_tx_hash: transfer.hash,
        p_log_index: transfer.logIndex,
        p_from: transfer.from,
        p_to: transfer.to,
        p_amount: transfer.amount,
        p_block_number: transfer.blockNumber,
        p_block_time: transfer.blockTime,
      });
      if (error) throw refusal(error, 'recording the transfer');
    },
    async complete(token, withdrawalId, txHash) {
      const { data, error } = await asCaller(token)
        .rpc('admin_complete_withdrawal', { p_withdrawal_id: withdrawalId, p_tx_hash: txHash })
        .single<CompletedWithdrawal>();
      if (error) throw refusal(error, 'completing the withdrawal');
      return { id: data.id, status: data.status, tx_hash: data.tx_hash };
    },
  };
}
