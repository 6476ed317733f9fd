import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { walletKeys } from './keys';

/** What the chain check answered: completed, or the transfer matches but is not final yet. */
export type WithdrawalVerification =
  | {
      status: 'completed';
      withdrawal: { id: string; tx_hash: string | null; block_number: number | null; block_time: string | null };
    }
  | { status: 'not_final'; confirmations: number; required: number };

/**
 * The chain said otherwise (chain.wrong_recipient, chain.wrong_amount, chain.wrong_sender,
 * chain.not_found, chain.failed, chain.not_usdt_transfer, chain.transfer_used, chain.unavailable,
 * chain.invalid_hash), with what differs: the facts the function sent (recipients, expected, from,
 * amount, network).
 */
export class WithdrawalChainError extends AppError {
  readonly facts: Readonly<Record<string, string>>;
  constructor(code: string, facts: Record<string, string>, options: { status?: number; cause?: unknown }) {
    super(code, { ...options, code });
    this.facts = facts;
  }
}

function factsOf(body: Record<string, unknown>): Record<string, string> {
  const facts: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (name === 'code' || name === 'message') continue;
    if (typeof value === 'string' || typeof value === 'number') facts[name] = String(value);
    else if (Array.isArray(value)) facts[name] = value.map(String).join(', ');
  }
  return facts;
}

/**
 * 'Zrealizowana' of a claimed withdrawal: the usdt-verify-withdrawal function (the admin's token)
 * checks the transaction on the withdrawal's network — from the club's address, to the member's, of
 * the exact amount, final, never used — records it and completes the withdrawal. The database
 * completes nothing without that verified transfer. A refusal of the database throws its key
 * (wallet.*, auth.forbidden); one of the chain a WithdrawalChainError with what differs.
 */
export async function verifyWithdrawal(
  client: AppSupabaseClient,
  input: { id: string; txHash: string },
): Promise<WithdrawalVerification> {
  const { data, error } = await client.functions.invoke<WithdrawalVerification>('usdt-verify-withdrawal', {
    body: { withdrawalId: input.id, txHash: input.txHash.trim() },
  });
  if (error) {
    const response = (error as { context?: unknown }).context;
    const status = response instanceof Response ? response.status : undefined;
    let body: Record<string, unknown> = {};
    if (response instanceof Response) {
      try {
        const answer = (await response.clone().json()) as { error?: Record<string, unknown> };
        body = answer.error ?? {};
      } catch {
        // not JSON: the generic failure
      }
    }
    const code = typeof body.code === 'string' ? body.code : 'http.unexpected';
    if (code.startsWith('chain.')) throw new WithdrawalChainError(code, factsOf(body), { status, cause: error });
    throw new AppError(code, { status, cause: error });
  }
  if (data?.status !== 'completed' && data?.status !== 'not_final') throw new AppError('http.unexpected');
  return data;
}

export const verifyWithdrawalMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: walletKeys.completeWithdrawal(),
    mutationFn: async (input: { id: string; txHash: string }) => verifyWithdrawal(await getClient(), input),
  });

/** Money is never optimistic: the lists are read again (a hash recorded while not final shows too). */
export function useVerifyWithdrawal() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...verifyWithdrawalMutationOptions(getClient),
    // The whole wallet root: the admin's queue and the member's withdrawals, balance and ledger.
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
