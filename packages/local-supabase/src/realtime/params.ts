// The postgres_changes parameters of a join, read as Realtime reads them
// (Extensions.PostgresCdcRls.Subscriptions.parse_subscription_params/1): event, schema, table, the
// PostgREST-style filter string ("col=op.value", AND-ed with commas, `not.` negates) and `select`.

export type Action = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

export const FILTER_OPERATORS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'match',
  'imatch',
  'isdistinct',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface Filter {
  column: string;
  op: FilterOperator;
  /** For `in`, a PostgreSQL array literal: "(a,b)" becomes "{a,b}". */
  value: string;
  negate: boolean;
}

export interface SubscriptionParams {
  action: Action;
  schema: string;
  table: string;
  filters: Filter[];
  selectedColumns: string[] | null;
}

export type ParseResult = { ok: true; params: SubscriptionParams } | { ok: false; error: string };

function actionOf(event: unknown): Action {
  if (event === '*' || typeof event !== 'string') return '*';
  const upper = event.toUpperCase();
  return upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*';
}

/** Splits on commas outside double quotes and parentheses. */
function splitTopLevel(filter: string): string[] {
  const segments: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  let previous = '';
  for (let index = 0; index < filter.length; index += 1) {
    const char = filter[index] as string;
    if (quoted) {
      if (char === '\\' && index + 1 < filter.length) {
        current += char + filter[index + 1];
        previous = filter[index + 1] as string;
        index += 1;
        continue;
      }
      if (char === '"') quoted = false;
      current += char;
      previous = char;
      continue;
    }
    if (char === '"' && ['.', '(', ','].includes(previous)) quoted = true;
    else if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ',' && depth === 0) {
      segments.push(current);
      current = '';
      previous = '';
      continue;
    }
    current += char;
    previous = char;
  }
  segments.push(current);
  return segments;
}

function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  let result = '';
  for (let index = 1; index < value.length; index += 1) {
    const char = value[index] as string;
    if (char === '\\') {
      if (index + 1 >= value.length) return value;
      result += value[index + 1];
      index += 1;
    } else if (char === '"') {
      return index === value.length - 1 ? result : value;
    } else result += char;
  }
  return value;
}

/** Elixir's inspect/1 of a list of strings (how Realtime reports a segment it cannot read). */
function inspectStrings(parts: string[]): string {
  return `[${parts.map((part) => JSON.stringify(part)).join(', ')}]`;
}

function parseSegment(segment: string): Filter | string {
  const trimmed = segment.trim();
  if (!trimmed) return 'filter must not contain empty segments (check for extra commas)';
  const equals = trimmed.indexOf('=');
  if (equals < 0) return inspectStrings([trimmed]);
  const column = trimmed.slice(0, equals);
  let rest = trimmed.slice(equals + 1);
  const negate = rest.startsWith('not.');
  if (negate) rest = rest.slice(4);
  const dot = rest.indexOf('.');
  if (dot < 0) return inspectStrings([rest]);
  const op = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  if (!(FILTER_OPERATORS as readonly string[]).includes(op)) return inspectStrings([op, value]);
  if (op === 'in') {
    if (value.length < 2 || !value.startsWith('(') || !value.endsWith(')')) {
      return '`in` filter value must be wrapped by parentheses';
    }
    return { column, op, value: `{${value.slice(1, -1)}}`, negate };
  }
  return { column, op: op as FilterOperator, value: unquote(value), negate };
}

export function parseFilters(filter: string): { ok: true; filters: Filter[] } | { ok: false; error: string } {
  const trimmed = filter.trim();
  if (!trimmed) return { ok: true, filters: [] };
  const filters: Filter[] = [];
  for (const segment of splitTopLevel(trimmed)) {
    const parsed = parseSegment(segment);
    if (typeof parsed === 'string') return { ok: false, error: parsed };
    filters.push(parsed);
  }
  return { ok: true, filters };
}

/** Elixir's inspect of the params map, for "No subscription params provided" (keys sorted as maps print). */
function inspectParams(params: Record<string, unknown>): string {
  const entries = Object.keys(params)
    .sort()
    .map((key) => `${JSON.stringify(key)} => ${JSON.stringify(params[key]) ?? 'nil'}`);
  return `%{${entries.join(', ')}}`;
}

const has = (params: Record<string, unknown>, key: string) => Object.prototype.hasOwnProperty.call(params, key);

export function parseSubscriptionParams(params: Record<string, unknown>): ParseResult {
  const action = actionOf(params.event);
  let selectedColumns: string[] | null = null;
  if (Array.isArray(params.select)) {
    const valid = params.select.filter((column): column is string => typeof column === 'string');
    selectedColumns = valid.length ? valid : null;
  } else if (typeof params.select === 'string') {
    return {
      ok: false,
      error: 'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]',
    };
  }
  const done = (schema: string, table: string, filters: Filter[]): ParseResult => {
    if (selectedColumns && (schema === '*' || table === '*')) {
      return {
        ok: false,
        error:
          'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.',
      };
    }
    return { ok: true, params: { action, schema, table, filters, selectedColumns } };
  };
  const { schema, table, filter } = params;
  if (typeof schema === 'string' && typeof table === 'string' && typeof filter === 'string') {
    const parsed = parseFilters(filter);
    if (!parsed.ok) return { ok: false, error: `Error parsing \`filter\` params: ${parsed.error}` };
    return done(schema, table, parsed.filters);
  }
  if (typeof schema === 'string' && typeof table === 'string' && !has(params, 'filter')) return done(schema, table, []);
  if (typeof schema === 'string' && !has(params, 'table') && !has(params, 'filter')) return done(schema, '*', []);
  if (typeof table === 'string' && !has(params, 'schema') && !has(params, 'filter')) return done('public', table, []);
  const shown = has(params, 'user_token') || has(params, 'auth_token') ? '<redacted>' : inspectParams(params);
  return {
    ok: false,
    error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${shown}`,
  };
}

/** Realtime's log form of the params, inside its "Unable to subscribe" messages. */
export function describeParams(params: SubscriptionParams): string {
  const filters = `[${params.filters
    .map((f) => `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(f.value)}, ${f.negate}}`)
    .join(', ')}]`;
  const select = params.selectedColumns
    ? `[${params.selectedColumns.map((column) => JSON.stringify(column)).join(', ')}]`
    : 'nil';
  return `event: ${params.action}, schema: ${params.schema}, table: ${params.table}, filters: ${filters}, select: ${select}`;
}
