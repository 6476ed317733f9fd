// The package's one public entry. Importing it starts nothing: `startStack()` starts the stack
// (the command line, bin/local-supabase.mjs, calls it through src/start.ts and src/dev.ts), and
// `startDatabase()` a PostgreSQL with the project's migrations for tests and scripts.
export {
  resetData,
  servicePortVariable,
  startStack,
  functionEnv,
  WORKER_PASSTHROUGH,
  type Stack,
  type StackOptions,
} from './stack.ts';
export {
  loadProjectConfig,
  PROJECT_CONFIG_FILE,
  type DatabaseReady,
  type LocalService,
  type ProjectConfig,
  type RunningService,
  type SummaryContext,
} from './project.ts';
export { ANON_KEY, JWT_SECRET, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from './keys.ts';
export { localUrl, migrate, runSql, startDatabase, type Database, type StartOptions } from './db/harness.ts';
export { BusyPortError, freePort, isPortFree } from './lib/ports.ts';
export { consoleLogger, memoryLogger, type Logger } from './log.ts';
export { isTable, parseToml, type TomlTable, type TomlValue } from './config/toml.ts';
