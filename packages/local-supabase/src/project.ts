// What a project adds to the stack: the pieces that are about the app, not about Supabase. The
// command line reads them from `local-supabase.config.ts` in the project's folder (the one holding
// supabase/); a library caller passes the same fields to startStack().
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from './log.ts';

/** The file the command line looks for in the project's folder. */
export const PROJECT_CONFIG_FILE = 'local-supabase.config.ts';

/**
 * A local stand-in for a service outside Supabase that the project's functions call (e.g. a
 * webhook receiver). It starts with the stack, after PostgreSQL, and stops with it.
 */
export interface LocalService {
  /** Names it in the log and the summary, and its port variable: STACK_<NAME>_PORT. */
  name: string;
  /** Its default port is the API port plus this offset (the ports of `supabase start` end at +4). */
  portOffset: number;
  /** A few words for the start-up summary. */
  description?: string;
  start(context: { port: number; log: Logger }): Promise<RunningService>;
}

export interface RunningService {
  url: string;
  /**
   * The edge functions' environment, given what config.toml's [edge_runtime.secrets],
   * supabase/functions/.env and the caller set (e.g. a webhook URL pointed at this service).
   */
  functionEnv?: (configured: Readonly<Record<string, string>>) => Record<string, string>;
  stop(): Promise<void>;
}

/** What the stack tells a project hook about the running database. */
export interface DatabaseReady {
  /** `postgres`'s connection string (hosted privileges, not a superuser). */
  dbUrl: string;
  ports: { api: number; db: number; inbox: number; smtp: number };
}

/** The running stack as the summary hook sees it. */
export interface SummaryContext {
  dbUrl: string;
  apiUrl: string;
  inboxUrl: string;
  smtpPort: number;
}

export interface ProjectConfig {
  services?: LocalService[];
  /**
   * Runs on every start once the database is migrated (and seeded), before anything that reads it
   * starts: e.g. pointing a seeded row at the ports of this run.
   */
  onDatabaseReady?: (database: DatabaseReady) => Promise<void>;
  /** Extra rows of the start-up summary, [label, value] (e.g. the seeded accounts). */
  summary?: (stack: SummaryContext) => Promise<[string, string][]>;
}

/** The project's `local-supabase.config.ts` (its default export), or nothing when there is none. */
export async function loadProjectConfig(projectDir: string): Promise<ProjectConfig> {
  const file = path.join(projectDir, PROJECT_CONFIG_FILE);
  if (!existsSync(file)) return {};
  const module = (await import(pathToFileURL(file).href)) as { default?: ProjectConfig };
  if (!module.default || typeof module.default !== 'object') {
    throw new Error(`${file} must export its settings as the default export`);
  }
  return module.default;
}
