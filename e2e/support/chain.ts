// The local stack's chain (scripts/stack/chain.ts): its control API, as a developer drives it with
// curl. It listens on the API port + 7 unless STACK_CHAIN_PORT moves it.
import { expect } from '@playwright/test';
import { API_URL } from './env';
import { query } from './database';

export const CHAIN_URL = process.env.STACK_CHAIN_PORT
  ? `http://127.0.0.1:${process.env.STACK_CHAIN_PORT}`
  : `http://127.0.0.1:${Number(new URL(API_URL).port) + 7}`;

export type ChainNetwork = 'TRC20' | 'ERC20' | 'BSC';

async function control<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${CHAIN_URL}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  expect(response.ok, `${path}: ${JSON.stringify(answer)}`).toBe(true);
  return answer;
}

/** A USDT transfer mined into a new block: its hash (TRON without 0x) and block. */
export function sendUsdt(
  network: ChainNetwork,
  transfer: { from: string; to: string; amount: string },
): Promise<{ hash: string; blockNumber: number; logIndex: number }> {
  return control('/api/transfer', { network, ...transfer });
}

/** New empty blocks on the network (confirmations for what is already mined). */
export async function mineBlocks(network: ChainNetwork, blocks: number): Promise<void> {
  await control('/api/mine', { network, blocks });
}

/** The club's address on a network (usdt_networks.receiving_address, set by the seed). */
export async function clubAddress(network: ChainNetwork): Promise<string> {
  const rows = await query<{ receiving_address: string | null }>(
    'select receiving_address from public.usdt_networks where network = $1',
    [network],
  );
  const address = rows[0]?.receiving_address;
  if (!address) throw new Error(`the seed gives ${network} no club address`);
  return address;
}
