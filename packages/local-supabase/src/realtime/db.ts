// Realtime's ways into PostgreSQL: the owner (`postgres`, which has REPLICATION as on a hosted
// project; hosted Realtime connects as supabase_admin) for the change feed, the catalog, the
// publication and casting values, and the caller (`authenticator`, switching to each subscriber's
// role with its claims, as PostgREST does, for the row-level security check: rls.ts).
import pg from 'pg';

export interface RealtimeDb {
  dbUrl: string;
  /** `authenticator`, PostgREST's login role. */
  callerUrl: string;
  owner: pg.Pool;
  close(): Promise<void>;
}

export function realtimeDb(dbPort: number): RealtimeDb {
  const pool = (user: string, options?: string) => {
    const created = new pg.Pool({
      connectionString: `postgresql://${user}:postgres@127.0.0.1:${dbPort}/postgres`,
      max: 4,
      // An empty search_path makes format_type() qualify every type that is not built in.
      options,
      application_name: 'stack realtime',
    });
    created.on('error', () => undefined);
    return created;
  };
  const owner = pool('postgres', '-c search_path=');
  return {
    dbUrl: `postgresql://postgres:postgres@127.0.0.1:${dbPort}/postgres`,
    callerUrl: `postgresql://authenticator:postgres@127.0.0.1:${dbPort}/postgres`,
    owner,
    close: () => owner.end(),
  };
}

/** PostgreSQL's error text as Postgrex prints it: "ERROR 22P02 (invalid_text_representation) …". */
export function postgrexMessage(error: unknown): string {
  const { code, message, severity } = error as { code?: string; message?: string; severity?: string };
  const name = code ? (CONDITION_NAMES[code] ?? code) : undefined;
  return code ? `${severity ?? 'ERROR'} ${code} (${name}) ${message ?? ''}` : String(message ?? error);
}

/** The condition names of the SQLSTATEs a subscription check can raise. */
const CONDITION_NAMES: Record<string, string> = {
  P0001: 'raise_exception',
  '22P02': 'invalid_text_representation',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22003': 'numeric_value_out_of_range',
  '22023': 'invalid_parameter_value',
  '2201B': 'invalid_regular_expression',
  '22001': 'string_data_right_truncation',
  '23514': 'check_violation',
  '42704': 'undefined_object',
  '42883': 'undefined_function',
  '42501': 'insufficient_privilege',
  '42P01': 'undefined_table',
  '42703': 'undefined_column',
};
