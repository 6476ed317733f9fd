// `npm run bench:replication`: the Realtime emulation's logical-replication client (src/realtime/
// replication.ts + pgoutput.ts, hand-written) against the npm library `pg-logical-replication`
// (issue 23 §2: take a maintained library where it is as fast). Starts a fresh migrated PostgreSQL
// with wal_level=logical, then for each client: a temporary slot on the supabase_realtime
// publication, W warm-up INSERTs, N INSERTs one after another (latency from just before the INSERT
// is sent until the client hands the decoded INSERT to its consumer: the point where the realtime
// server starts its broadcast), then a burst of B INSERTs sent at once (time until the last one
// arrives). CPU is this process's user + system time over the N and B phases (the inserting
// connection's share is the same for every client). Last, all clients side by side on the same N
// INSERTs (each its own slot), for latencies that a load swing on a busy machine skews alike.
//
//   ours            startReplication(): node-postgres "submittable" START_REPLICATION, pgoutput.ts
//   library         LogicalReplicationService + PgoutputPlugin (its own decoder: values parsed
//                   with node-postgres' type parsers, unchanged TOAST values and NULL not told apart)
//   library+ours    the library's stream with pgoutput.ts as its plugin (the only part the realtime
//                   server could take without rewriting changes.ts, which needs text values)
//
// The library is not a dependency: install it where the bench can find it, e.g.
//   npm i --no-save pg-logical-replication   (or --library=/path/to/node_modules)
// Without it only `ours` runs. Options: --changes=500 --burst=1000 --warmup=20 --rounds=2
// --clients=ours,library,library+ours
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startDatabase } from '../src/db/harness.ts';
import { decodePgOutput, type PgOutputMessage } from '../src/realtime/pgoutput.ts';
import { PUBLICATION, startReplication } from '../src/realtime/replication.ts';
import { percentile, printTable } from './table.ts';

/** What a client under test does: deliver each inserted row's `body` to the consumer. */
interface ClientUnderTest {
  name: string;
  start(dbUrl: string, onBody: (body: string) => void): Promise<{ stop(): Promise<void> }>;
}

interface Figures {
  name: string;
  latencies: number[];
  serialCpuMs: number;
  burstMs: number;
  burstCpuMs: number;
}

const BODY_COLUMN = 1; // id, body
/** A one-by-one latency above this is listed with its position (a stall, not noise). */
const SLOW_MS = 1000;

const ours: ClientUnderTest = {
  name: 'ours',
  async start(dbUrl, onBody) {
    return startReplication({
      dbUrl,
      onMessage: async (message: PgOutputMessage) => {
        if (message.tag !== 'insert') return;
        const body = message.newTuple[BODY_COLUMN];
        if (body?.kind === 'text') onBody(body.value);
      },
      onMessageError: (error) => console.error(error),
      onEnd: (error) => console.error('the stream ended', error),
    });
  },
};

// The library's types, as far as this bench uses them (it is loaded at run time, if present).
interface ReplicationService {
  on(event: string, listener: (...args: never[]) => void): void;
  subscribe(plugin: unknown, slot: string): Promise<unknown>;
  destroy(): Promise<unknown>;
}
interface Library {
  LogicalReplicationService: new (
    config: pg.ClientConfig,
    options?: { acknowledge?: { auto: boolean; timeoutSeconds: number } },
  ) => ReplicationService & { client(): Promise<[pg.Client, unknown]> };
  PgoutputPlugin: new (options: { protoVersion: number; publicationNames: string[] }) => unknown;
}

function loadLibrary(from: string | undefined): Library | null {
  const require = createRequire(from ? path.join(path.resolve(from), 'noop.js') : import.meta.url);
  try {
    return require('pg-logical-replication') as Library;
  } catch {
    return null;
  }
}

/** The library's service with a TEMPORARY slot (made on its replication connection, as ours does). */
function libraryClient(library: Library, name: string, ownDecoder: boolean): ClientUnderTest {
  class TemporarySlotService extends library.LogicalReplicationService {
    slot = `bench_lib_${randomBytes(4).toString('hex')}`;
    override async client(): Promise<[pg.Client, unknown]> {
      const [client, connection] = await super.client();
      await client.query(`CREATE_REPLICATION_SLOT ${this.slot} TEMPORARY LOGICAL pgoutput (SNAPSHOT 'nothing')`);
      return [client, connection];
    }
  }
  const plugin = ownDecoder
    ? {
        name: 'pgoutput',
        parse: (buffer: Buffer) => decodePgOutput(buffer),
        start: (client: pg.Client, slot: string, lsn: string) =>
          client.query(
            `START_REPLICATION SLOT ${slot} LOGICAL ${lsn} (proto_version '1', publication_names '${PUBLICATION}')`,
          ),
      }
    : new library.PgoutputPlugin({ protoVersion: 1, publicationNames: [PUBLICATION] });
  return {
    name,
    async start(dbUrl, onBody) {
      const service = new TemporarySlotService({ connectionString: dbUrl });
      service.on('data', (_lsn: string, message: PgOutputMessage | { tag: string; new?: Record<string, unknown> }) => {
        if (message.tag !== 'insert') return;
        if ('newTuple' in message) {
          const body = message.newTuple[BODY_COLUMN];
          if (body?.kind === 'text') onBody(body.value);
        } else if ('new' in message && typeof message.new?.body === 'string') onBody(message.new.body);
      });
      service.on('error', (error: Error) => console.error(error));
      const started = new Promise<void>((resolve) => service.on('start', () => resolve()));
      service.subscribe(plugin, service.slot).catch((error: unknown) => console.error(error));
      await started;
      return { stop: async () => void (await service.destroy()) };
    },
  };
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function measure(
  client: ClientUnderTest,
  dbUrl: string,
  sql: pg.Client,
  counts: { warmup: number; changes: number; burst: number },
): Promise<Figures> {
  const waiting = new Map<string, () => void>();
  const stream = await client.start(dbUrl, (body) => waiting.get(body)?.());
  const arrival = (body: string) => new Promise<void>((resolve) => waiting.set(body, resolve));
  const run = randomBytes(3).toString('hex');
  try {
    const one = async (body: string) => {
      const arrived = arrival(body);
      const started = performance.now();
      await sql.query('insert into public.bench_replication (body) values ($1)', [body]);
      await arrived;
      return performance.now() - started;
    };
    for (let index = 0; index < counts.warmup; index += 1) await one(`${run}-warmup-${index}`);

    const latencies: number[] = [];
    let cpu = process.cpuUsage();
    for (let index = 0; index < counts.changes; index += 1) latencies.push(await one(`${run}-serial-${index}`));
    const serialCpuMs = cpuMs(cpu);

    const bodies = Array.from({ length: counts.burst }, (_, index) => `${run}-burst-${index}`);
    const arrived = Promise.all(bodies.map(arrival));
    cpu = process.cpuUsage();
    const started = performance.now();
    // Queued on one connection: B single-row transactions back to back.
    await Promise.all(
      bodies.map((body) => sql.query('insert into public.bench_replication (body) values ($1)', [body])),
    );
    await arrived;
    return { name: client.name, latencies, serialCpuMs, burstMs: performance.now() - started, burstCpuMs: cpuMs(cpu) };
  } finally {
    await stream.stop();
  }
}

/**
 * All clients on the same INSERTs at once (each its own slot): the latency of each, from one set of
 * changes, so a load swing on a busy machine hits every client alike.
 */
async function sideBySide(
  clients: ClientUnderTest[],
  dbUrl: string,
  sql: pg.Client,
  counts: { warmup: number; changes: number },
): Promise<Map<string, number[]>> {
  const waiting = clients.map(() => new Map<string, () => void>());
  const streams = await Promise.all(
    clients.map((client, index) => client.start(dbUrl, (body) => waiting[index]?.get(body)?.())),
  );
  const latencies = new Map(clients.map((client) => [client.name, [] as number[]]));
  const run = randomBytes(3).toString('hex');
  try {
    for (let index = 0; index < counts.warmup + counts.changes; index += 1) {
      const body = `${run}-together-${index}`;
      const started = performance.now();
      const arrivals = clients.map(
        (client, at) =>
          new Promise<void>((resolve) =>
            waiting[at]?.set(body, () => {
              if (index >= counts.warmup) latencies.get(client.name)?.push(performance.now() - started);
              resolve();
            }),
          ),
      );
      await sql.query('insert into public.bench_replication (body) values ($1)', [body]);
      await Promise.all(arrivals);
    }
    return latencies;
  } finally {
    await Promise.all(streams.map((stream) => stream.stop()));
  }
}

function print(figures: Figures[], counts: { changes: number; burst: number }): void {
  const header = [
    'client',
    'p50 ms',
    'p95 ms',
    'max ms',
    `CPU ms / ${counts.changes}`,
    `burst ${counts.burst} ms`,
    'burst CPU ms',
  ];
  const lines = figures.map((figure) => {
    const sorted = [...figure.latencies].sort((a, b) => a - b);
    return [
      figure.name,
      percentile(sorted, 50).toFixed(2),
      percentile(sorted, 95).toFixed(2),
      (sorted.at(-1) ?? NaN).toFixed(2),
      figure.serialCpuMs.toFixed(0),
      figure.burstMs.toFixed(0),
      figure.burstCpuMs.toFixed(0),
    ];
  });
  printTable(header, lines);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      changes: { type: 'string', default: '500' },
      burst: { type: 'string', default: '1000' },
      warmup: { type: 'string', default: '20' },
      rounds: { type: 'string', default: '2' },
      library: { type: 'string' },
      clients: { type: 'string', default: 'ours,library,library+ours' },
    },
  });
  const counts = { changes: Number(values.changes), burst: Number(values.burst), warmup: Number(values.warmup) };
  const library = loadLibrary(values.library);
  const all = [ours];
  if (library) all.push(libraryClient(library, 'library', false), libraryClient(library, 'library+ours', true));
  else console.log('pg-logical-replication is not installed: only ours runs (see the header of this file)\n');
  const chosen = new Set(values.clients.split(','));
  const clients = all.filter((client) => chosen.has(client.name));

  const db = await startDatabase({ logicalDecoding: true, ignoreDatabaseUrl: true });
  const sql = new pg.Client({ connectionString: db.url });
  try {
    await sql.connect();
    await sql.query(`
      create table public.bench_replication (id bigint generated always as identity primary key, body text not null);
      alter publication ${PUBLICATION} add table public.bench_replication;`);
    console.log(
      `PostgreSQL ready in ${(db.readyInMs / 1000).toFixed(1)} s; ${os.cpus().length} CPUs, load average ` +
        `${os.loadavg()[0]?.toFixed(1)}; ${counts.changes} INSERTs one by one, then ${counts.burst} at once\n`,
    );
    const figures: Figures[] = [];
    // Rounds alternate the clients, so a load swing on the machine hits each of them.
    for (let round = 0; round < Number(values.rounds); round += 1)
      for (const client of clients)
        figures.push({ ...(await measure(client, db.url, sql, counts)), name: `${client.name} (round ${round + 1})` });
    print(figures, counts);
    for (const figure of figures) {
      const slow = figure.latencies.flatMap((ms, index) => (ms > SLOW_MS ? [`#${index}: ${ms.toFixed(0)} ms`] : []));
      if (slow.length) console.log(`${figure.name}: ${slow.length} over ${SLOW_MS} ms (${slow.join(', ')})`);
    }
    if (clients.length > 1) {
      console.log(`\nSide by side: every client on the same ${counts.changes} INSERTs, one by one\n`);
      const together = await sideBySide(clients, db.url, sql, counts);
      printTable(
        ['client', 'p50 ms', 'p95 ms', 'max ms'],
        [...together].map(([name, samples]) => {
          const sorted = samples.sort((a, b) => a - b);
          const ms = (value: number) => value.toFixed(2);
          return [name, ms(percentile(sorted, 50)), ms(percentile(sorted, 95)), ms(sorted.at(-1) ?? NaN)];
        }),
      );
    }
  } finally {
    await sql.end().catch(() => undefined);
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
