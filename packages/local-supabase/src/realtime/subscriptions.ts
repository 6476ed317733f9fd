// postgres_changes subscriptions: created when a channel joins (or gets a new token), checked as
// Realtime checks them (Subscriptions.create + the realtime.subscription_check_filters trigger):
// the tables of the publication that match schema and table, the filter columns the subscriber's
// role may select, filter values valid for the column type. All of a channel's subscriptions are
// created, or none (Realtime inserts them in one transaction).
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { postgrexMessage, type RealtimeDb } from './db.ts';
import type { Claims } from './jwt.ts';
import { describeParams, type Filter, type SubscriptionParams } from './params.ts';
import { PUBLICATION } from './replication.ts';

/** Who receives a subscription's changes: a joined channel. */
export interface Subscriber {
  /** Sends one postgres_changes message (ids of this channel's subscriptions + the change). */
  deliver(ids: number[], dataJson: string): void;
}

export interface Subscription {
  /** The id realtime-js matches bindings with (Realtime: :erlang.phash2 of the params). */
  id: number;
  params: SubscriptionParams;
  /** The subscriber's JWT claims when it subscribed: its role and the claims rows are checked with. */
  claims: Claims;
  role: string;
  /** The tables (oids) it covers, fixed when it was created. */
  entities: number[];
  /**
   * Per table, per filter: the filter value in the column type's canonical text, for eq/neq filters
   * on types whose text form is canonical (compared without a query); undefined otherwise.
   */
  canonical: Map<number, (string | undefined)[]>;
  subscriber: Subscriber;
}

/**
 * Types whose values are equal exactly when the text their output function writes is, and whose
 * cast to text is that output (name, int2/4/8, text, oid, varchar, uuid, and enums). Not numeric,
 * floats, dates and timestamps (DateStyle, TimeZone), citext, or bool (its cast says 'true', its
 * output 't').
 */
const CANONICAL_TEXT_TYPES = new Set([19, 20, 21, 23, 25, 26, 1043, 2950]);

export class SubscriptionError extends Error {}

/** A stable 27-bit id of the params as the client sent them (the range of :erlang.phash2/1). */
export function subscriptionId(raw: Record<string, unknown>): number {
  const canonical = JSON.stringify(
    Object.keys(raw)
      .sort()
      .map((key) => [key, raw[key]]),
  );
  return createHash('sha1').update(canonical).digest().readUInt32BE(0) & 0x7ffffff;
}

interface ColumnRow {
  attname: string;
  type: string;
  typeoid: number;
  typtype: string;
}

const raise = (message: string) => new SubscriptionError(`ERROR P0001 (raise_exception) ${message}`);

async function entitiesOf(client: pg.PoolClient, params: SubscriptionParams): Promise<number[]> {
  const { rows } = await client.query<{ entity: number }>(
    `select format('%I.%I', pub.schemaname, pub.tablename)::regclass::oid as entity
       from pg_catalog.pg_publication_tables pub
      where pub.pubname = $1
        and pub.schemaname like (case $2 when '*' then '%' else $2 end) escape ''
        and pub.tablename like (case $3 when '*' then '%' else $3 end) escape ''`,
    [PUBLICATION, params.schema, params.table],
  );
  return rows.map((row) => Number(row.entity));
}

async function failsWith(client: pg.PoolClient, sql: string, values: unknown[]): Promise<string | undefined> {
  await client.query('savepoint realtime_check');
  try {
    await client.query(sql, values);
    await client.query('release savepoint realtime_check');
    return undefined;
  } catch (error) {
    await client.query('rollback to savepoint realtime_check');
    return (error as Error).message;
  }
}

async function checkFilter(client: pg.PoolClient, filter: Filter, column: ColumnRow): Promise<void> {
  const type = column.type;
  const regtype = (await client.query<{ name: string }>('select $1::oid::regtype::text as name', [column.typeoid]))
    .rows[0]?.name;
  if (filter.op === 'in') {
    const { rows } = await client.query<{ n: number }>(
      `select coalesce(jsonb_array_length(to_jsonb($1::text::${type}[])), 0) as n`,
      [filter.value],
    );
    if ((rows[0]?.n ?? 0) > 100) throw raise('too many values for `in` filter. Maximum 100');
  } else if (filter.op === 'is') {
    if (!['null', 'true', 'false', 'unknown'].includes(filter.value)) {
      throw raise('invalid value for is filter: must be null, true, false, or unknown');
    }
    if (filter.value !== 'null' && column.typeoid !== 16) {
      throw raise(`is ${filter.value} filter requires a boolean column, got ${regtype}`);
    }
  } else if (filter.op === 'like' || filter.op === 'ilike' || filter.op === 'match' || filter.op === 'imatch') {
    const operator = { like: '~~', ilike: '~~', match: '~', imatch: '~*' }[filter.op];
    const regex = filter.op === 'match' || filter.op === 'imatch';
    const { rows } = await client.query(
      `select 1 from pg_catalog.pg_operator
        where oprname = $1 and oprleft = $2 and ($3 = false or (oprright = $2 and oprresult = 'boolean'::regtype))`,
      [operator, column.typeoid, regex],
    );
    if (!rows.length) throw raise(`operator ${filter.op} requires a text-compatible column type, got ${regtype}`);
    if (regex) {
      const invalid = await failsWith(client, `select '' ~ $1`, [filter.value]);
      if (invalid) throw raise(`invalid regular expression for ${filter.op} filter: ${invalid}`);
    }
  } else {
    await client.query(`select $1::text::${type}`, [filter.value]);
  }
}

/** realtime.subscription_check_filters for one table; resolves with the filters' canonical values. */
async function checkEntity(
  client: pg.PoolClient,
  entity: number,
  params: SubscriptionParams,
  role: string,
): Promise<(string | undefined)[]> {
  const { rows } = await client.query<ColumnRow>(
    `select a.attname, pg_catalog.format_type(a.atttypid, null) as type, a.atttypid::int as typeoid, t.typtype::text
       from pg_catalog.pg_attribute a
       join pg_catalog.pg_type t on t.oid = a.atttypid
      where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
        and pg_catalog.has_column_privilege($2, a.attrelid, a.attnum, 'SELECT')
      order by a.attnum`,
    [entity, role],
  );
  const columns = new Map(rows.map((row) => [row.attname, row]));
  for (const filter of params.filters) {
    const column = columns.get(filter.column);
    if (!column) throw raise(`invalid column for filter ${filter.column}`);
    await checkFilter(client, filter, column);
  }
  for (const selected of params.selectedColumns ?? []) {
    if (!columns.has(selected)) throw raise(`invalid column for select ${selected}`);
  }
  const canonical: (string | undefined)[] = [];
  for (const filter of params.filters) {
    const column = columns.get(filter.column) as ColumnRow;
    const textual = CANONICAL_TEXT_TYPES.has(column.typeoid) || column.typtype === 'e';
    if ((filter.op === 'eq' || filter.op === 'neq') && textual) {
      const { rows: cast } = await client.query<{ value: string }>(`select $1::text::${column.type}::text as value`, [
        filter.value,
      ]);
      canonical.push(cast[0]?.value);
    } else canonical.push(undefined);
  }
  return canonical;
}

/**
 * Checks and creates the subscriptions of one channel. Resolves with them, or rejects with a
 * SubscriptionError carrying Realtime's message for the channel's system event.
 */
export async function createSubscriptions(
  db: RealtimeDb,
  claims: Claims,
  subscriber: Subscriber,
  list: { raw: Record<string, unknown>; params: SubscriptionParams }[],
): Promise<Subscription[]> {
  const role = typeof claims.role === 'string' ? claims.role : JSON.stringify(claims.role);
  const client = await db.owner.connect();
  try {
    await client.query('begin read only');
    const created: Subscription[] = [];
    for (const { raw, params } of list) {
      const described = describeParams(params);
      let entities: number[];
      const canonical = new Map<number, (string | undefined)[]>();
      try {
        entities = await entitiesOf(client, params);
        for (const entity of entities) canonical.set(entity, await checkEntity(client, entity, params, role));
        if (entities.length) await assertAssumable(client, role);
      } catch (error) {
        const cause = error instanceof SubscriptionError ? error.message : postgrexMessage(error);
        throw new SubscriptionError(
          `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${described}]. Exception: ${cause}`,
        );
      }
      if (!entities.length) {
        throw new SubscriptionError(
          `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${described}]`,
        );
      }
      created.push({ id: subscriptionId(raw), params, claims, role, entities, canonical, subscriber });
    }
    return created;
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

/** The emulation checks rows as `authenticator` (PostgREST's login role), which must be able to become the role. */
async function assertAssumable(client: pg.PoolClient, role: string): Promise<void> {
  const { rows } = await client.query<{ ok: boolean }>(
    `select pg_catalog.pg_has_role('authenticator', $1, 'MEMBER') as ok`,
    [role],
  );
  if (!rows[0]?.ok) {
    throw new SubscriptionError(
      `the local stack checks row-level security as "authenticator" (as PostgREST does), which cannot switch to role "${role}"`,
    );
  }
}

/** The subscriptions of all joined channels, by table. */
export class SubscriptionRegistry {
  private readonly byEntity = new Map<number, Set<Subscription>>();

  add(subscriptions: Subscription[]): void {
    for (const subscription of subscriptions) {
      for (const entity of subscription.entities) {
        let set = this.byEntity.get(entity);
        if (!set) this.byEntity.set(entity, (set = new Set()));
        set.add(subscription);
      }
    }
  }

  remove(subscriptions: Subscription[]): void {
    for (const subscription of subscriptions) {
      for (const entity of subscription.entities) {
        const set = this.byEntity.get(entity);
        set?.delete(subscription);
        if (set?.size === 0) this.byEntity.delete(entity);
      }
    }
  }

  /** Subscriptions of a table interested in this kind of change. */
  matching(entity: number, action: 'INSERT' | 'UPDATE' | 'DELETE'): Subscription[] {
    const set = this.byEntity.get(entity);
    if (!set) return [];
    return [...set].filter(
      (subscription) => subscription.params.action === '*' || subscription.params.action === action,
    );
  }

  get size(): number {
    const all = new Set<Subscription>();
    for (const set of this.byEntity.values()) for (const subscription of set) all.add(subscription);
    return all.size;
  }
}
