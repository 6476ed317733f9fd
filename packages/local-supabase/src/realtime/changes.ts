// From a decoded change to the postgres_changes messages, as Realtime's realtime.apply_rls does it:
// per role of the subscribers, the columns that role may select; the subscribers' filters; the row
// checked against row-level security with each subscriber's role and claims (an `exists` on the
// primary key, as PostgREST would run it, skipped for deletes and tables without RLS); values typed
// as to_jsonb gives them (PostgREST's JSON); one message per channel with the ids of its bindings.
import pg from 'pg';
import type { Logger } from '../log.ts';
import type { RealtimeDb } from './db.ts';
import type { Filter } from './params.ts';
import type { RelationMessage, TupleValue } from './pgoutput.ts';
import { checkKey, type RlsChecker, type RlsCheck } from './rls.ts';
import type { Subscriber, Subscription, SubscriptionRegistry } from './subscriptions.ts';
import type { TransactionGate } from './visibility.ts';

export type ChangeAction = 'INSERT' | 'UPDATE' | 'DELETE';

interface ColumnInfo {
  name: string;
  attnum: number;
  /** pg_type.typname, as Realtime names a column's type ("int8", "_text", "timestamptz"). */
  typname: string;
  /** The type to cast a text value to (format_type with an empty search_path). */
  castType: string;
  isPkey: boolean;
  /** Part of the replica identity key (old values of updates and deletes). */
  isIdentity: boolean;
}

export interface RelationInfo {
  id: number;
  schema: string;
  table: string;
  columns: ColumnInfo[];
}

/** Text values by column name; a missing column was not sent (an unchanged TOASTed value). */
type Values = Map<string, string | null>;

export interface Change {
  relation: RelationInfo;
  action: ChangeAction;
  commitTimestamp: string;
  /** New values (INSERT, UPDATE). */
  columns: Values | null;
  /** Old values: the replica identity (or the whole row with REPLICA IDENTITY FULL). */
  identity: Values | null;
}

/** Realtime's max_record_bytes: a bigger change keeps only values of at most 64 bytes. */
const MAX_RECORD_BYTES = 1024 * 1024;

/** Columns and types of a relation as the catalog has them now (read when pgoutput describes it). */
export async function describeRelation(owner: pg.Pool, message: RelationMessage): Promise<RelationInfo> {
  const { rows } = await owner.query<{
    attname: string;
    attnum: number;
    typname: string;
    cast_type: string;
    is_pkey: boolean;
  }>(
    `select a.attname, a.attnum::int as attnum, t.typname, pg_catalog.format_type(a.atttypid, null) as cast_type,
            coalesce(a.attnum = any(i.indkey::int2[]), false) as is_pkey
       from pg_catalog.pg_attribute a
       join pg_catalog.pg_type t on t.oid = a.atttypid
       left join pg_catalog.pg_index i on i.indrelid = a.attrelid and i.indisprimary
      where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped`,
    [message.relationId],
  );
  const byName = new Map(rows.map((row) => [row.attname, row]));
  return {
    id: message.relationId,
    schema: message.schema,
    table: message.table,
    columns: message.columns.map((column) => {
      const row = byName.get(column.name);
      return {
        name: column.name,
        attnum: row?.attnum ?? 0,
        typname: row?.typname ?? String(column.typeOid),
        castType: row?.cast_type ?? 'text',
        isPkey: row?.is_pkey ?? false,
        isIdentity: column.isKey,
      };
    }),
  };
}

function valuesOf(relation: RelationInfo, tuple: TupleValue[], only?: (column: ColumnInfo) => boolean): Values {
  const values: Values = new Map();
  tuple.forEach((value, index) => {
    const column = relation.columns[index];
    if (!column || value.kind === 'unchanged' || (only && !only(column))) return;
    values.set(column.name, value.kind === 'null' ? null : value.value);
  });
  return values;
}

/** The values wal2json would report: new columns, and the identity (old key, whole old row, or the key of the new row). */
export function changeOf(
  relation: RelationInfo,
  message:
    | { tag: 'insert'; newTuple: TupleValue[] }
    | { tag: 'update'; oldKind: 'K' | 'O' | null; oldTuple: TupleValue[] | null; newTuple: TupleValue[] }
    | { tag: 'delete'; oldKind: 'K' | 'O'; oldTuple: TupleValue[] },
  commitTimestamp: string,
): Change {
  const identityOnly = (column: ColumnInfo) => column.isIdentity;
  if (message.tag === 'insert') {
    return {
      relation,
      action: 'INSERT',
      commitTimestamp,
      columns: valuesOf(relation, message.newTuple),
      identity: null,
    };
  }
  if (message.tag === 'update') {
    const identity = message.oldTuple
      ? valuesOf(relation, message.oldTuple, message.oldKind === 'K' ? identityOnly : undefined)
      : valuesOf(relation, message.newTuple, identityOnly);
    return { relation, action: 'UPDATE', commitTimestamp, columns: valuesOf(relation, message.newTuple), identity };
  }
  return {
    relation,
    action: 'DELETE',
    commitTimestamp,
    columns: null,
    identity: valuesOf(relation, message.oldTuple, message.oldKind === 'K' ? identityOnly : undefined),
  };
}

/** "YYYY-MM-DDTHH24:MI:SS.MSZ" in UTC, as realtime.apply_rls formats the commit time. */
export function commitTimestamp(micros: bigint): string {
  return new Date(Number(micros / 1000n)).toISOString();
}

/** jsonb's key order (shorter keys first, then bytewise), so records read as Realtime's jsonb does. */
function jsonbOrder(entries: [string, unknown][]): Record<string, unknown> {
  entries.sort(([a], [b]) => {
    const ab = Buffer.from(a);
    const bb = Buffer.from(b);
    return ab.length - bb.length || Buffer.compare(ab, bb);
  });
  return Object.fromEntries(entries);
}

const filterKey = (filter: Filter) => JSON.stringify([filter.column, filter.op, filter.value, filter.negate]);

const COMPARISONS: Record<string, string> = {
  eq: '=',
  neq: '!=',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
};

/**
 * An eq/neq filter on a type whose text form is canonical (subscriptions.ts decides which), compared
 * as text: the filter value cast to the column type and back, against the value logical decoding
 * sent (the type's output function). NULL and missing values fail, as in SQL.
 */
function passesInJs(filter: Filter, canonical: string, value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  const equal = value === canonical;
  const result = filter.op === 'eq' ? equal : !equal;
  return filter.negate ? !result : result;
}

/** realtime.check_equality_op as one SQL expression over a value parameter. */
function filterSql(filter: Filter, value: string, type: string, param: (text: string) => string): string {
  if (filter.op === 'isdistinct') {
    return `(${value} is ${filter.negate ? 'not ' : ''}distinct from ${param(filter.value)}::text::${type})`;
  }
  if (filter.op === 'is') {
    return `(${value} is ${filter.negate ? 'not ' : ''}${filter.value.toUpperCase()})`;
  }
  const test =
    filter.op === 'in'
      ? `(${value} = any(${param(filter.value)}::text::${type}[]))`
      : `(${value} ${COMPARISONS[filter.op]} (${param(filter.value)}::text::${type}))`;
  return filter.negate ? `(not ${test})` : test;
}

interface Typed {
  newValues: Map<string, unknown>;
  oldValues: Map<string, unknown>;
  filters: Map<string, boolean>;
  privileges: Map<string, boolean[]>;
  rls: boolean;
  /** pg_current_snapshot() of the query (is the change's transaction visible yet?). */
  snapshot: string;
}

/** One query as the owner: typed values, filter results and column privileges per role. */
async function typeChange(db: RealtimeDb, change: Change, roles: string[], filters: Filter[]): Promise<Typed> {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const { relation } = change;
  const columnsByName = new Map(relation.columns.map((column) => [column.name, column]));
  const typedRefs = new Map<string, string>();
  const typed = (values: Values | null, prefix: string) => {
    const names = values ? [...values.keys()] : [];
    const sql = names.map((name) => {
      const column = columnsByName.get(name) as ColumnInfo;
      const ref = `${param(values?.get(name) ?? null)}::text`;
      typedRefs.set(`${prefix}${name}`, `${ref}::${column.castType}`);
      // realtime.cast: bytea stays the text PostgreSQL prints ("\\x…").
      return `to_jsonb(${column.typname === 'bytea' ? ref : `${ref}::${column.castType}`})`;
    });
    return { names, sql: sql.length ? `to_jsonb(array[${sql.join(', ')}]::jsonb[])` : `'[]'::jsonb` };
  };
  const fresh = typed(change.columns, 'new:');
  const old = typed(change.identity, 'old:');
  // Filters see the new values (for deletes: the old ones); a column that was not sent fails them.
  const source = change.action === 'DELETE' ? 'old:' : 'new:';
  const filterSqls = filters.map((filter) => {
    const value = typedRefs.get(`${source}${filter.column}`);
    const column = columnsByName.get(filter.column);
    if (!value || !column) return 'false';
    return `coalesce(${filterSql(filter, value, column.castType, param)}, false)`;
  });
  const relid = param(relation.id);
  const privilegeSqls = roles.map(
    (role) =>
      `to_jsonb(array[${
        relation.columns
          .map(
            (column) =>
              `pg_catalog.has_column_privilege(${param(role)}, ${relid}::oid, ${column.attnum}::int2, 'SELECT')`,
          )
          .join(', ') || 'false'
      }]::boolean[])`,
  );
  const { rows } = await db.owner.query<{
    fresh: unknown[];
    old: unknown[];
    filters: boolean[];
    privileges: boolean[][];
    rls: boolean;
    snapshot: string;
  }>(
    `select ${fresh.sql} as fresh, ${old.sql} as old,
            to_jsonb(array[${filterSqls.join(', ') || 'true'}]::boolean[]) as filters,
            to_jsonb(array[${privilegeSqls.join(', ') || `'[]'::jsonb`}]::jsonb[]) as privileges,
            coalesce((select relrowsecurity from pg_catalog.pg_class where oid = ${relid}::oid), false) as rls,
            pg_catalog.pg_current_snapshot()::text as snapshot`,
    params,
  );
  const row = rows[0] as NonNullable<(typeof rows)[0]>;
  return {
    newValues: new Map(fresh.names.map((name, index) => [name, row.fresh[index] ?? null])),
    oldValues: new Map(old.names.map((name, index) => [name, row.old[index] ?? null])),
    filters: new Map(filters.map((filter, index) => [filterKey(filter), row.filters[index] === true])),
    privileges: new Map(roles.map((role, index) => [role, row.privileges[index] ?? []])),
    rls: row.rls,
    snapshot: row.snapshot,
  };
}

interface Output {
  data: Record<string, unknown>;
  subscriptions: Subscription[];
}

function selectionKey(subscription: Subscription): string {
  return JSON.stringify(subscription.params.selectedColumns ? [...subscription.params.selectedColumns].sort() : null);
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return groups;
}

const roleOf = (subscription: Subscription) => subscription.role;
const claimsJson = (subscription: Subscription) => JSON.stringify(subscription.claims);

export class ChangeProcessor {
  constructor(
    private readonly db: RealtimeDb,
    private readonly registry: SubscriptionRegistry,
    private readonly rls: RlsChecker,
    private readonly log: Logger,
  ) {}

  /** `gate` says when the change's transaction is visible to other sessions (for the RLS check). */
  async process(change: Change, gate: TransactionGate): Promise<void> {
    const subscriptions = this.registry.matching(change.relation.id, change.action);
    if (!subscriptions.length) return;
    const outputs = await this.outputs(change, subscriptions, gate);
    for (const output of outputs) this.send(output);
    const sent = outputs.reduce((sum, output) => sum + output.subscriptions.length, 0);
    this.log.debug(
      'realtime',
      `${change.action} ${change.relation.schema}.${change.relation.table}: ${sent} of ${subscriptions.length} subscriptions`,
    );
  }

  private async outputs(change: Change, subscriptions: Subscription[], gate: TransactionGate): Promise<Output[]> {
    const { relation, action } = change;
    const roles = [...new Set(subscriptions.map(roleOf))].sort();
    const source = action === 'DELETE' ? change.identity : change.columns;
    const inSql = subscriptions.flatMap((subscription) =>
      subscription.params.filters.filter((_, index) => !subscription.canonical.get(relation.id)?.[index]),
    );
    const filters = [...new Map(inSql.map((f) => [filterKey(f), f])).values()];
    const typed = await typeChange(this.db, change, roles, filters);
    const passes = (subscription: Subscription) =>
      subscription.params.filters.every((filter, index) => {
        const canonical = subscription.canonical.get(relation.id)?.[index];
        if (!canonical) return typed.filters.get(filterKey(filter)) === true;
        return passesInJs(filter, canonical, source?.get(filter.column));
      });
    const pkColumns = relation.columns.filter((column) => column.isPkey);
    const outputs: Output[] = [];
    const pending: { role: string; candidates: Subscription[]; selectable: (column: ColumnInfo) => boolean }[] = [];

    for (const role of roles) {
      const ofRole = subscriptions.filter((subscription) => roleOf(subscription) === role);
      const privileges = typed.privileges.get(role) ?? [];
      const selectable = (column: ColumnInfo) => privileges[relation.columns.indexOf(column)] === true;
      const error = (message: string) => {
        for (const group of groupBy(ofRole, selectionKey).values()) {
          outputs.push({ data: this.errorData(change, message), subscriptions: group });
        }
      };
      if (action !== 'DELETE' && !pkColumns.length) error('Error 400: Bad Request, no primary key');
      else if (action !== 'DELETE' && !pkColumns.every(selectable)) error('Error 401: Unauthorized');
      else {
        const candidates = ofRole.filter(passes);
        pending.push({ role, candidates, selectable });
      }
    }

    const needsRls = typed.rls && action !== 'DELETE';
    const checks = new Map<string, RlsCheck>();
    if (needsRls) {
      for (const { candidates } of pending) {
        for (const subscription of candidates) {
          const check = { role: roleOf(subscription), claims: claimsJson(subscription) };
          checks.set(checkKey(check), check);
        }
      }
    }
    if (needsRls && checks.size) await gate.ensure(typed.snapshot);
    const visible = needsRls ? await this.rls.visible(this.existsSql(change), [...checks.values()]) : null;

    for (const { role, candidates, selectable } of pending) {
      const ofRole = subscriptions.filter((subscription) => roleOf(subscription) === role);
      const shown = candidates.filter(
        (subscription) => !visible || visible.has(checkKey({ role, claims: claimsJson(subscription) })),
      );
      for (const [key, group] of groupBy(ofRole, selectionKey)) {
        const receivers = shown.filter((subscription) => selectionKey(subscription) === key);
        if (!receivers.length) continue;
        const selected = group[0]?.params.selectedColumns ?? null;
        outputs.push({ data: this.data(change, typed, selectable, selected), subscriptions: receivers });
      }
    }
    return outputs;
  }

  private existsSql(change: Change): string {
    const { relation } = change;
    const conditions = relation.columns
      .filter((column) => column.isPkey)
      .map((column) => {
        const value = change.columns?.get(column.name);
        return `${pg.escapeIdentifier(column.name)} = ${value === undefined || value === null ? 'NULL' : pg.escapeLiteral(value)}`;
      });
    return `select exists(select 1 from ${pg.escapeIdentifier(relation.schema)}.${pg.escapeIdentifier(relation.table)} where ${conditions.join(' and ')})`;
  }

  private errorData(change: Change, message: string): Record<string, unknown> {
    const base = { columns: [], commit_timestamp: null, errors: [message] };
    const tail = { schema: change.relation.schema, table: change.relation.table, type: change.action };
    return change.action === 'UPDATE'
      ? { ...base, old_record: {}, record: {}, ...tail }
      : { ...base, record: {}, ...tail };
  }

  private data(
    change: Change,
    typed: Typed,
    selectable: (column: ColumnInfo) => boolean,
    selected: string[] | null,
  ): Record<string, unknown> {
    const { relation, action } = change;
    const wanted = (column: ColumnInfo) =>
      selectable(column) && (!selected || selected.includes(column.name) || column.isPkey);
    const tooBig = Buffer.byteLength(JSON.stringify([...typed.newValues, ...typed.oldValues])) > MAX_RECORD_BYTES;
    const fits = (value: unknown) => !tooBig || Buffer.byteLength(JSON.stringify(value)) <= 64;
    const pick = (values: Map<string, unknown>, extra: (column: ColumnInfo) => boolean = () => true) =>
      jsonbOrder(
        relation.columns
          .filter((column) => values.has(column.name) && wanted(column) && extra(column))
          .map((column) => [column.name, values.get(column.name)] as [string, unknown])
          .filter(([, value]) => fits(value)),
      );
    const data: Record<string, unknown> = {
      columns: relation.columns.filter(wanted).map((column) => ({ name: column.name, type: column.typname })),
      commit_timestamp: change.commitTimestamp,
      errors: tooBig ? ['Error 413: Payload Too Large'] : null,
    };
    if (action === 'UPDATE') data.old_record = pick(typed.oldValues);
    if (action === 'DELETE') data.old_record = pick(typed.oldValues, (column) => !typed.rls || column.isPkey);
    if (action !== 'DELETE') {
      // An unchanged TOASTed column is not in the new values: the old row's value stands in when known.
      data.record = pick(new Map([...typed.oldValues, ...typed.newValues]));
    }
    return { ...data, schema: relation.schema, table: relation.table, type: action };
  }

  private send(output: Output): void {
    const dataJson = JSON.stringify(output.data);
    for (const [subscriber, subscriptions] of groupSubscribers(output.subscriptions)) {
      subscriber.deliver(
        subscriptions.map((subscription) => subscription.id),
        dataJson,
      );
    }
  }
}

function groupSubscribers(subscriptions: Subscription[]): Map<Subscriber, Subscription[]> {
  const groups = new Map<Subscriber, Subscription[]>();
  for (const subscription of subscriptions) {
    const group = groups.get(subscription.subscriber);
    if (group) group.push(subscription);
    else groups.set(subscription.subscriber, [subscription]);
  }
  return groups;
}
