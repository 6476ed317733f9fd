// The usdt-watch edge function (issue 37 §2): every minute (pg_cron + pg_net on hosted Supabase,
// supabase/scheduled-jobs.json on the local stack) it reads the final USDT transfers to the club's
// address on each network switched on, from where it stopped (a cursor per network), and hands them
// to the database: a transfer of exactly a pending order's amount pays it, one a member reported is
// left to usdt-verify-payment, anything else goes to 'Nierozpoznane wpłaty' and credits nothing.
// Each transfer is recorded once (network, hash, log index), so a run that failed halfway is simply
// run again. Only the service role key may call it.
//
//   POST {}   200 { networks: { <network>: { known, matched, unrecognised } | { retry } } }   401
import { bearerToken, consoleLogger, jsonResponse, type Logger } from '../_shared/http.ts';
import { type ChainClient, transferToJson } from '../_shared/chain/clients.ts';
import type { Network } from '../_shared/chain/networks.ts';
import { type ChainStore, sameSecret } from '../_shared/chain/store.ts';

export interface WatchDeps {
  clients: Partial<Record<Network, ChainClient>>;
  store: ChainStore;
  serviceRoleKey: string;
  logger?: Logger;
  /**
   * Calls of the watcher per network and run (default 1: each call already reads the provider's
   * pages; TRON's cursor is inclusive, so the last transfer comes again and is known).
   */
  maxPages?: number;
}

export function createWatchHandler(deps: WatchDeps): (request: Request) => Promise<Response> {
  const { clients, store } = deps;
  const logger = deps.logger ?? consoleLogger('usdt-watch');

  async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') {
      return jsonResponse(405, { error: 'Use POST' });
    }
    if (!sameSecret(bearerToken(request) ?? '', deps.serviceRoleKey)) {
      return jsonResponse(401, { error: 'Unauthorized' });
    }
    const networks: Record<string, unknown> = {};
    const problems: string[] = [];
    for (const target of await store.watchTargets()) {
      const client = clients[target.network];
      if (!client) {
        networks[target.network] = { retry: 'no provider' };
        problems.push(`${target.network}: no provider`);
        continue;
      }
      let cursor = target.cursor;
      const total = { known: 0, matched: 0, unrecognised: 0 };
      for (let page = 0; page < (deps.maxPages ?? 1); page++) {
        const answer = await client.incoming(target.address, cursor);
        if ('status' in answer) {
          problems.push(`${target.network}: ${answer.reason}`);
          networks[target.network] = { ...total, retry: answer.reason };
          break;
        }
        const result = await store.recordIncoming(
          target.network,
          target.address,
          answer.transfers.map(transferToJson),
          answer.cursor,
        );
        total.known += result.known;
        total.matched += result.matched;
        total.unrecognised += result.unrecognised;
        networks[target.network] = total;
        const moved = answer.cursor !== cursor;
        cursor = answer.cursor;
        if (answer.transfers.length === 0 || !moved) break;
      }
      logger.info(`${target.network}: ${JSON.stringify(networks[target.network])}`);
    }
    await store.recordRun('usdt-watch', problems.length === 0, problems.join('; ').slice(0, 500) || null, { networks });
    return jsonResponse(200, { networks });
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      logger.error(`failed: ${(error as Error).message}`);
      try {
        await store.recordRun('usdt-watch', false, (error as Error).message.slice(0, 500), {});
      } catch {
        // The run could not even be recorded; the health check sees the job as stale.
      }
      return jsonResponse(500, { error: 'The watcher failed' });
    }
  };
}
