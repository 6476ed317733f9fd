// The change feed: a temporary logical replication slot with the built-in `pgoutput` plugin on the
// `supabase_realtime` publication, streamed over a replication connection (START_REPLICATION). The
// server sends each committed transaction once, after its commit, in commit order; rolled-back
// transactions are never sent. The slot is temporary, as Realtime's own: it disappears with the
// connection, so a stopped stack leaves no WAL behind.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { decodePgOutput, decodeReplicationFrame, standbyStatusUpdate, type PgOutputMessage } from './pgoutput.ts';

export const PUBLICATION = 'supabase_realtime';

interface Connection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
}

/**
 * START_REPLICATION as a node-postgres "submittable" (the extension point pg-cursor and
 * pg-copy-streams use): the command never completes while streaming; every CopyData frame comes
 * to handleCopyData.
 */
class StartReplication {
  private connection: Connection | undefined;

  constructor(
    private readonly text: string,
    private readonly onFrame: (frame: Buffer) => void,
    private readonly onEnd: (error?: Error) => void,
  ) {}

  submit(connection: Connection): void {
    this.connection = connection;
    connection.query(this.text);
  }

  send(chunk: Buffer): void {
    this.connection?.sendCopyFromChunk(chunk);
  }

  handleCopyData(message: { chunk: Buffer }): void {
    this.onFrame(message.chunk);
  }

  handleError(error: Error): void {
    this.onEnd(error);
  }

  handleReadyForQuery(): void {
    this.onEnd();
  }

  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(): void {}
}

export interface ReplicationStream {
  slot: string;
  stop(): Promise<void>;
}

export interface ReplicationOptions {
  dbUrl: string;
  /** Called in stream order, for every message (the next one only after the returned promise). */
  onMessage(message: PgOutputMessage): Promise<void>;
  /** onMessage failed: the stream goes on with the next message. */
  onMessageError(error: unknown): void;
  /** The stream ended without stop(): the database went away or refused. */
  onEnd(error: Error): void;
}

/** How often the position is confirmed to the server when nothing else asks for it. */
const FEEDBACK_INTERVAL_MS = 10_000;

export async function startReplication(options: ReplicationOptions): Promise<ReplicationStream> {
  // `replication` is a connection parameter node-postgres passes on (its types do not list it).
  const client = new pg.Client({ connectionString: options.dbUrl, replication: 'database' } as pg.ClientConfig);
  let stopping = false;
  client.on('error', (error) => {
    if (!stopping) options.onEnd(error);
  });
  await client.connect();
  const slot = `stack_realtime_${process.pid}_${randomBytes(4).toString('hex')}`;
  try {
    await client.query(`CREATE_REPLICATION_SLOT ${slot} TEMPORARY LOGICAL pgoutput (SNAPSHOT 'nothing')`);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }

  // Messages are handled one after another, in the order the server sent them.
  let queue = Promise.resolve();
  let confirmed = 0n;
  let processed = 0n;
  const confirm = (lsn: bigint) => {
    confirmed = lsn;
    command.send(standbyStatusUpdate(lsn));
  };
  const onFrame = (frame: Buffer) => {
    const decoded = decodeReplicationFrame(frame);
    if (!decoded) return;
    if (decoded.kind === 'keepalive') {
      // Nothing pending: everything the server has sent so far is handled (or skipped).
      if (decoded.replyRequested) queue = queue.then(() => confirm(processed > 0n ? processed : decoded.walEnd));
      return;
    }
    const message = decodePgOutput(decoded.data);
    queue = queue
      .then(() => options.onMessage(message))
      .catch(options.onMessageError)
      .then(() => {
        if (message.tag === 'commit') processed = message.endLsn;
      });
  };
  const command = new StartReplication(
    `START_REPLICATION SLOT ${slot} LOGICAL 0/0 (proto_version '1', publication_names '${PUBLICATION}')`,
    onFrame,
    (error) => {
      if (!stopping) options.onEnd(error ?? new Error('the replication stream ended'));
    },
  );
  // The stream's end and errors reach onEnd through the command's callback, not this promise.
  void client.query(command as unknown as pg.QueryConfig);
  const feedback = setInterval(() => {
    if (processed > confirmed) queue = queue.then(() => confirm(processed));
  }, FEEDBACK_INTERVAL_MS);
  feedback.unref();

  return {
    slot,
    stop: async () => {
      stopping = true;
      clearInterval(feedback);
      await client.end().catch(() => undefined);
    },
  };
}
