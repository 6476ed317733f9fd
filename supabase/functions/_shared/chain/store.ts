// What the USDT functions (usdt-verify-payment, usdt-watch) read and write in the database, behind
// an interface so the handlers are tested without one. Every decision is SQL's
// (20261122000950_chain.sql): these are the service role's calls to it.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Network } from './networks.ts';
import type { ChainTransferJson } from './clients.ts';

/** A database refusal with a stable message key (payments.tx_hash_used, payments.too_many_checks, …). */
export class StoreError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/** A check to run: the member's transaction and what it must be (the amount due, the club's address). */
export interface CheckTarget {
  checkId: number;
  network: Network;
  txHash: string;
  /** Decimal text (numeric), the amount due in USDT. */
  amount: string;
  toAddress: string;
}

export interface CheckState {
  status: 'waiting' | 'confirmed' | 'rejected';
  outcome: string | null;
  confirmations: number | null;
  required: number | null;
  orderStatus: string;
}

export interface WatchTarget {
  network: Network;
  address: string;
  cursor: string | null;
}

export interface IncomingResult {
  known: number;
  matched: number;
  unrecognised: number;
}

export interface ChainStore {
  /** The member's hash for their order: the check to run, or null when it is already confirmed. */
  beginCheck(
    userId: string,
    orderId: string,
    txHash: string,
  ): Promise<{ target: CheckTarget | null; state: CheckState | null }>;
  dueChecks(limit: number): Promise<CheckTarget[]>;
  finishCheck(checkId: number, verdict: Record<string, unknown>): Promise<CheckState>;
  watchTargets(): Promise<WatchTarget[]>;
  recordIncoming(
    network: Network,
    address: string,
    transfers: ChainTransferJson[],
    cursor: string | null,
  ): Promise<IncomingResult>;
  recordRun(job: string, ok: boolean, error: string | null, details: Record<string, unknown>): Promise<void>;
}

const SERVER_OPTIONS = {
  auth: {
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  },
};

function storeError(error: { message: string }): Error {
  return /^[a-z_]+\.[a-z_]+$/.test(error.message) ? new StoreError(error.message) : new Error(error.message);
}

type Row = Record<string, unknown>;

function stateOf(row: Row): CheckState {
  return {
    status: row.status as CheckState['status'],
    outcome: (row.outcome as string | null) ?? null,
    confirmations: (row.confirmations as number | null) ?? null,
    required: (row.required as number | null) ?? null,
    orderStatus: row.order_status as string,
  };
}

function targetOf(row: Row): CheckTarget {
  return {
    checkId: Number(row.check_id),
    network: row.network as Network,
    txHash: row.tx_hash as string,
    amount: String(row.amount),
    toAddress: row.to_address as string,
  };
}

export function supabaseChainStore(supabaseUrl: string, serviceRoleKey: string): ChainStore {
  const client: SupabaseClient = createClient(supabaseUrl, serviceRoleKey, SERVER_OPTIONS);
  return {
    async beginCheck(userId, orderId, txHash) {
      const { data, error } = await client
        .rpc('chain_begin_payment_check', {
          p_user_id: userId,
          p_order_id: orderId,
          p_tx_hash: txHash,
        })
        .single<Row>();
      if (error) throw storeError(error);
      if (data.status === 'confirmed') {
        return {
          target: null,
          state: {
            status: 'confirmed',
            outcome: 'ok',
            confirmations: null,
            required: null,
            orderStatus: String(data.order_status),
          },
        };
      }
      return { target: targetOf(data), state: null };
    },
    async dueChecks(limit) {
      const { data, error } = await client.rpc('chain_due_payment_checks', {
        p_limit: limit,
      });
      if (error) throw storeError(error);
      return ((data ?? []) as Row[]).map(targetOf);
    },
    async finishCheck(checkId, verdict) {
      const { data, error } = await client
        .rpc('chain_finish_payment_check', {
          p_check_id: checkId,
          p_verdict: verdict,
        })
        .single<Row>();
      if (error) throw storeError(error);
      return stateOf(data);
    },
    async watchTargets() {
      const { data, error } = await client.rpc('chain_watch_targets');
      if (error) throw storeError(error);
      return ((data ?? []) as Row[]).map((row) => ({
        network: row.network as Network,
        address: row.address as string,
        cursor: (row.cursor as string | null) ?? null,
      }));
    },
    async recordIncoming(network, address, transfers, cursor) {
      const { data, error } = await client.rpc('chain_record_incoming', {
        p_network: network,
        p_address: address,
        p_transfers: transfers,
        p_cursor: cursor,
      });
      if (error) throw storeError(error);
      return data as IncomingResult;
    },
    async recordRun(job, ok, error, details) {
      const { error: failure } = await client.rpc('record_job_run', {
        p_job: job,
        p_ok: ok,
        p_error: error,
        p_details: details,
      });
      if (failure) throw storeError(failure);
    },
  };
}

/** The same secret, compared in constant time (the service role key of a scheduled call). */
export function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let index = 0; index < b.length; index++) {
    difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  }
  return difference === 0 && b.length > 0;
}
