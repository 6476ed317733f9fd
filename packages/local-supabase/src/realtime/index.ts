// The Realtime emulation: postgres_changes over the Phoenix channel protocol realtime-js speaks,
// fed by logical decoding of the `supabase_realtime` publication. Broadcast and presence answer
// "not emulated" (docs/decisions.md).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Logger } from '../log.ts';
import { ChangeProcessor, changeOf, commitTimestamp, describeRelation, type RelationInfo } from './changes.ts';
import type { RealtimeContext } from './context.ts';
import { realtimeDb } from './db.ts';
import { HttpRefusal } from './errors.ts';
import type { PgOutputMessage } from './pgoutput.ts';
import { startReplication, type ReplicationStream } from './replication.ts';
import { refuse, routeUpgrade } from './router.ts';
import { RealtimeSocket } from './socket.ts';
import { SubscriptionRegistry } from './subscriptions.ts';
import { RlsChecker } from './rls.ts';
import { TransactionGate } from './visibility.ts';

export interface Realtime {
  /** The gateway's `upgrade` handler. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Open sockets, joined channels and database subscriptions (for tests and the benchmark). */
  stats(): { sockets: number; channels: number; subscriptions: number };
  /** Closes every socket and the change feed. */
  close(): Promise<void>;
}

/** Frames up to 5 MB, as Realtime's endpoint allows. */
const MAX_FRAME_BYTES = 5_000_000;
const RESTART_DELAY_MS = 1_000;

export async function startRealtime({
  dbPort,
  log,
  idleTimeoutMs = 60_000,
}: {
  dbPort: number;
  log: Logger;
  /** Phoenix's transport timeout (shorter in tests). */
  idleTimeoutMs?: number;
}): Promise<Realtime> {
  const db = realtimeDb(dbPort);
  const registry = new SubscriptionRegistry();
  const ctx: RealtimeContext = { db, registry, log, idleTimeoutMs };
  const rls = new RlsChecker(db.callerUrl, log);
  const processor = new ChangeProcessor(db, registry, rls, log);
  const relations = new Map<number, RelationInfo>();
  const sockets = new Set<RealtimeSocket>();
  let closing = false;
  let commitTime = '';
  let gate = new TransactionGate(db.owner, 0);

  const onMessage = async (message: PgOutputMessage): Promise<void> => {
    switch (message.tag) {
      case 'begin':
        commitTime = commitTimestamp(message.commitTimeMicros);
        gate = new TransactionGate(db.owner, message.xid);
        return;
      case 'relation':
        await gate.ensure();
        relations.set(message.relationId, await describeRelation(db.owner, message));
        return;
      case 'insert':
      case 'update':
      case 'delete': {
        const relation = relations.get(message.relationId);
        if (!relation) throw new Error(`a change of relation ${message.relationId} came before its description`);
        await processor.process(changeOf(relation, message, commitTime), gate);
        return;
      }
      default:
        return;
    }
  };

  let stream: ReplicationStream | undefined;
  const connect = async (): Promise<void> => {
    stream = await startReplication({
      dbUrl: db.dbUrl,
      onMessage,
      onMessageError: (error) =>
        log.error('realtime', `a change could not be delivered: ${(error as Error).stack ?? String(error)}`),
      onEnd: (error) => {
        if (closing) return;
        log.error('realtime', `the change feed stopped (${error.message}); reconnecting`);
        setTimeout(() => {
          if (!closing)
            connect().catch((failure: Error) => log.error('realtime', `reconnecting failed: ${failure.message}`));
        }, RESTART_DELAY_MS).unref();
      },
    });
    log.debug('realtime', `streaming changes from the temporary slot ${stream.slot}`);
  };
  try {
    await connect();
  } catch (error) {
    await db.close();
    throw error;
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  return {
    handleUpgrade(req, socket, head) {
      let route;
      try {
        route = routeUpgrade(req);
      } catch (error) {
        if (!(error instanceof HttpRefusal)) throw error;
        log.debug('realtime', `refused ${req.url}: ${error.status}`);
        return refuse(socket, error);
      }
      if (closing) return refuse(socket, new HttpRefusal(503, { message: 'Realtime is stopping' }));
      const { vsn, tenantToken } = route;
      wss.handleUpgrade(req, socket, head, (ws) => {
        sockets.add(new RealtimeSocket(ctx, ws, vsn, tenantToken, (closed) => sockets.delete(closed)));
      });
    },
    stats: () => ({
      sockets: sockets.size,
      channels: [...sockets].reduce((sum, socket) => sum + socket.channelCount, 0),
      subscriptions: registry.size,
    }),
    close: async () => {
      if (closing) return;
      closing = true;
      for (const socket of [...sockets]) socket.close();
      wss.close();
      await stream?.stop();
      await rls.close();
      await db.close();
    },
  };
}
