// The verifiers and watchers of the three networks, built from the functions' secrets, and the JSON
// form of a verdict (amounts as integer text: bigint does not survive JSON.stringify).
//   TRONGRID_URL        TronGrid or another TRON node (default https://api.trongrid.io)
//   TRONGRID_API_KEY    sent as TRON-PRO-API-KEY (optional, but TronGrid throttles keyless calls)
//   ERC20_RPC_URL       an Ethereum JSON-RPC URL      BSC_RPC_URL   a BNB Smart Chain JSON-RPC URL
//   <NETWORK>_FINALITY_DEPTH   a number of confirmations instead of the default rule (solidified /
//                              finalized), e.g. BSC_FINALITY_DEPTH=15
//   <NETWORK>_USDT_CONTRACT    another USDT contract (a testnet's)
// A network without its provider URL has no client: its checks answer 'unavailable' (retryable).
import { evmClient } from './evm.ts';
import { type FinalityRule, formatUnits, type Network, NETWORK_DEFINITIONS, NETWORKS } from './networks.ts';
import { tronClient } from './tron.ts';
import type { ChainTransfer, ProviderOptions, TransferVerifier, TransferWatcher, VerifyResult } from './verifier.ts';

export type ChainClient = TransferVerifier & TransferWatcher;

export function finalityFrom(value: string | undefined, network: Network): FinalityRule {
  if (value === undefined || value.trim() === '') return NETWORK_DEFINITIONS[network].finality;
  const confirmations = Number(value);
  if (!Number.isInteger(confirmations) || confirmations < 1 || confirmations > 10_000) {
    throw new Error(`${network}_FINALITY_DEPTH must be a whole number of confirmations from 1 to 10000`);
  }
  return { kind: 'depth', confirmations };
}

export function chainClientsFromEnv(
  get: (name: string) => string | undefined,
  options: ProviderOptions = {},
): Partial<Record<Network, ChainClient>> {
  const clients: Partial<Record<Network, ChainClient>> = {};
  for (const network of NETWORKS) {
    const finality = finalityFrom(get(`${network}_FINALITY_DEPTH`), network);
    const contract = get(`${network}_USDT_CONTRACT`) || undefined;
    if (network === 'TRC20') {
      const apiKey = get('TRONGRID_API_KEY') || undefined;
      clients.TRC20 = tronClient(
        { apiUrl: get('TRONGRID_URL') || 'https://api.trongrid.io', apiKey, contract, finality },
        options,
      );
    } else {
      const rpcUrl = get(`${network}_RPC_URL`);
      if (rpcUrl) clients[network] = evmClient({ network, rpcUrl, contract, finality }, options);
    }
  }
  return clients;
}

export interface ChainTransferJson {
  network: Network;
  hash: string;
  logIndex: number;
  contract: string;
  from: string;
  to: string;
  /** The smallest unit, as integer text. */
  units: string;
  /** USDT as decimal text ("49.57"), the form numeric columns take. */
  amount: string;
  blockNumber: number;
  blockTime: string;
}

export function transferToJson(transfer: ChainTransfer): ChainTransferJson {
  const { amount, ...rest } = transfer;
  return {
    ...rest,
    units: amount.toString(),
    amount: formatUnits(amount, NETWORK_DEFINITIONS[transfer.network].decimals),
  };
}

/** A verdict as JSON: transfers as ChainTransferJson, an expected amount as decimal text. */
export function verifyResultToJson(result: VerifyResult, network: Network): Record<string, unknown> {
  const out: Record<string, unknown> = { ...result };
  if ('transfer' in result) out.transfer = transferToJson(result.transfer);
  if ('expected' in result) out.expected = formatUnits(result.expected, NETWORK_DEFINITIONS[network].decimals);
  return out;
}
