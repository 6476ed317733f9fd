// An in-memory ChainStore for the USDT functions' tests: it keeps the checks and the verdicts it was
// given, and answers as chain_finish_payment_check does in outline (the SQL itself is tested in
// tests/db/chain.test.ts). Refusals are set per test (refuse).
import type { ChainTransferJson } from '../chain/clients.ts';
import { type Network, NETWORK_DEFINITIONS, parseUnits } from '../chain/networks.ts';
import { type ChainStore, type CheckState, type CheckTarget, StoreError, type WatchTarget } from '../chain/store.ts';

export interface MemoryCheck extends CheckTarget {
  userId: string;
  orderId: string;
  state: CheckState;
  verdicts: Record<string, unknown>[];
}

export function memoryChainStore(options: {
  orders: Record<string, { userId: string; network: Network; amount: string; toAddress: string }>;
  watch?: WatchTarget[];
}) {
  const checks: MemoryCheck[] = [];
  const runs: {
    job: string;
    ok: boolean;
    error: string | null;
    details: Record<string, unknown>;
  }[] = [];
  const incoming: {
    network: Network;
    address: string;
    transfers: ChainTransferJson[];
    cursor: string | null;
  }[] = [];
  let refusal: string | null = null;
  const watch = [...(options.watch ?? [])];

  const store: ChainStore = {
    beginCheck(userId, orderId, txHash) {
      if (refusal) return Promise.reject(new StoreError(refusal));
      const order = options.orders[orderId];
      if (!order || order.userId !== userId) {
        return Promise.reject(new StoreError('payments.order_not_found'));
      }
      let check = checks.find((c) => c.orderId === orderId && c.txHash === txHash.toLowerCase());
      if (check?.state.status === 'confirmed') {
        return Promise.resolve({ target: null, state: check.state });
      }
      if (!check) {
        check = {
          checkId: checks.length + 1,
          network: order.network,
          txHash: txHash.toLowerCase(),
          amount: order.amount,
          toAddress: order.toAddress,
          userId,
          orderId,
          state: {
            status: 'waiting',
            outcome: null,
            confirmations: null,
            required: null,
            orderStatus: 'pending',
          },
          verdicts: [],
        };
        checks.push(check);
      }
      const { userId: _u, orderId: _o, state: _s, verdicts: _v, ...target } = check;
      return Promise.resolve({ target, state: null });
    },
    dueChecks(limit) {
      return Promise.resolve(
        checks
          .filter((c) => c.state.status === 'waiting')
          .slice(0, limit)
          .map(({ userId: _u, orderId: _o, state: _s, verdicts: _v, ...target }) => target),
      );
    },
    finishCheck(checkId, verdict) {
      const check = checks.find((c) => c.checkId === checkId)!;
      check.verdicts.push(verdict);
      const status = verdict.status as string;
      const transfer = verdict.transfer as ChainTransferJson | undefined;
      if (status === 'ok') {
        const decimals = NETWORK_DEFINITIONS[check.network].decimals;
        const paid = BigInt(transfer!.units) >= parseUnits(check.amount, decimals);
        check.state = {
          status: 'confirmed',
          outcome: 'ok',
          confirmations: null,
          required: null,
          orderStatus: paid ? 'paid' : 'underpaid',
        };
      } else if (['not_final', 'retryable', 'not_found'].includes(status)) {
        check.state = {
          status: 'waiting',
          outcome: status,
          confirmations: (verdict.confirmations as number | undefined) ?? null,
          required: (verdict.required as number | undefined) ?? null,
          orderStatus: 'pending',
        };
      } else {
        check.state = {
          status: 'rejected',
          outcome: status,
          confirmations: null,
          required: null,
          orderStatus: 'pending',
        };
      }
      return Promise.resolve(check.state);
    },
    watchTargets: () => Promise.resolve(watch.map((w) => ({ ...w }))),
    recordIncoming(network, address, transfers, cursor) {
      incoming.push({ network, address, transfers, cursor });
      const target = watch.find((w) => w.network === network);
      if (target) target.cursor = cursor;
      return Promise.resolve({
        known: 0,
        matched: 0,
        unrecognised: transfers.length,
      });
    },
    recordRun(job, ok, error, details) {
      runs.push({ job, ok, error, details });
      return Promise.resolve();
    },
  };
  return {
    store,
    checks,
    runs,
    incoming,
    refuse: (key: string | null) => {
      refusal = key;
    },
  };
}
