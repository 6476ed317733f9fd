// Row-level security for the subscribers of one change, in one round trip, the way Realtime's
// realtime.apply_rls does it: the row's `exists(select 1 from <table> where <primary key> = …)` is
// prepared once, then executed for each subscriber after switching to its role and JWT claims
// (PostgREST's `role` and `request.jwt.claims`), in a read-only transaction. The loop is a function
// in `pg_temp` of dedicated `authenticator` connections (two, sharing out a large batch, one per
// core of a small machine): nothing is left in the database.
import pg from 'pg';
import type { Logger } from '../log.ts';

export interface RlsCheck {
  role: string;
  /** The JWT claims as JSON. */
  claims: string;
}

export const checkKey = (check: RlsCheck) => `${check.role}\u0000${check.claims}`;

// `safe` catches each check's error (a subtransaction per check); the fast path runs without, and
// the checker repeats a failed batch safely.
const FUNCTION = `
create function pg_temp.realtime_visible(stmt text, roles text[], claims text[], safe boolean)
returns text[]
language plpgsql
as $$
declare
  results text[] := '{}';
  found boolean;
begin
  perform pg_catalog.set_config('transaction_read_only', 'on', true);
  if exists (select 1 from pg_catalog.pg_prepared_statements where name = 'realtime_exists') then
    deallocate realtime_exists;
  end if;
  execute 'prepare realtime_exists as ' || stmt;
  for i in 1 .. coalesce(pg_catalog.array_length(roles, 1), 0) loop
    if safe then
      begin
        perform pg_catalog.set_config('role', roles[i], true),
                pg_catalog.set_config('request.jwt.claims', claims[i], true);
        execute 'execute realtime_exists' into found;
        results := results || coalesce(found, false)::text;
      exception when others then
        results := results || ('error: ' || sqlerrm);
      end;
    else
      perform pg_catalog.set_config('role', roles[i], true),
              pg_catalog.set_config('request.jwt.claims', claims[i], true);
      execute 'execute realtime_exists' into found;
      results := results || coalesce(found, false)::text;
    end if;
  end loop;
  deallocate realtime_exists;
  return results;
end
$$`;

/** One dedicated `authenticator` connection with the function. */
class Lane {
  private client: Promise<pg.Client> | undefined;

  constructor(private readonly connectionString: string) {}

  private connection(): Promise<pg.Client> {
    this.client ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString, application_name: 'stack realtime rls' });
      client.on('error', () => {
        this.client = undefined;
      });
      await client.connect();
      await client.query(FUNCTION);
      return client;
    })().catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
    return this.client;
  }

  async run(exists: string, checks: RlsCheck[]): Promise<string[]> {
    const client = await this.connection();
    const run = (safe: boolean) =>
      client.query<{ results: string[] }>('select pg_temp.realtime_visible($1, $2, $3, $4) as results', [
        exists,
        checks.map((check) => check.role),
        checks.map((check) => check.claims),
        safe,
      ]);
    try {
      return (await run(false).catch(() => run(true))).rows[0]?.results ?? [];
    } catch (error) {
      // The connection may be gone (the database restarted): the next change opens a new one.
      this.client = undefined;
      void client.end().catch(() => undefined);
      throw error;
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) await (await client.catch(() => undefined))?.end().catch(() => undefined);
  }
}

/** Below this many checks one connection does them all; above, they are shared out. */
const CHECKS_PER_LANE = 32;

export class RlsChecker {
  private readonly lanes: Lane[];

  constructor(
    connectionString: string,
    private readonly log: Logger,
    lanes = 2,
  ) {
    this.lanes = Array.from({ length: lanes }, () => new Lane(connectionString));
  }

  /** The keys of the checks that see the row. A check that fails (a policy raising) does not. */
  async visible(exists: string, checks: RlsCheck[]): Promise<Set<string>> {
    const seen = new Set<string>();
    if (!checks.length) return seen;
    const count = Math.min(this.lanes.length, Math.ceil(checks.length / CHECKS_PER_LANE));
    const size = Math.ceil(checks.length / count);
    const chunks = Array.from({ length: count }, (_, index) => checks.slice(index * size, (index + 1) * size));
    const results = (
      await Promise.all(chunks.map((chunk, index) => (this.lanes[index] as Lane).run(exists, chunk)))
    ).flat();
    checks.forEach((check, index) => {
      const result = results[index];
      if (result === 'true') seen.add(checkKey(check));
      else if (result?.startsWith('error: ')) {
        this.log.warn('realtime', `row-level security check as ${check.role} failed: ${result.slice(7)}`);
      }
    });
    return seen;
  }

  async close(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.close()));
  }
}
