// Starts the whole local stack (used by `npm run stack` and by the contract tests' global setup):
// PostgreSQL 17 with the platform bootstrap, migrations and seed; PostgREST; the Auth, Storage and
// Realtime emulations; the Deno function workers; the mail catcher; and the gateway in front of them.
import { mkdir, rm } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { ROOT, startDatabase, WORKDIR } from './db/harness.ts';
import { startAuth } from './auth/index.ts';
import {
  loadConfig,
  readEnvFile,
  type ConfigOverrides,
  type FunctionSettings,
  type StackConfig,
} from './config/config.ts';
import { startFunctions, type FunctionsRuntime } from './functions.ts';
import { gateway, type ServiceHandler } from './gateway.ts';
import { closeServer, listen } from './http.ts';
import { ANON_KEY, assertWellKnownKeys, SERVICE_ROLE_KEY } from './keys.ts';
import { consoleLogger, type Logger } from './log.ts';
import { startMail, type MailCatcher } from './mail/index.ts';
import { assertPortsFree, BusyPortError, freePort } from './lib/ports.ts';
import { clearState, reclaimLeftovers, writeState } from './leftovers.ts';
import { startPostgrest } from './postgrest.ts';
import { onChildrenChange, type ExitInfo } from './processes.ts';
import type { LocalService, ProjectConfig, RunningService } from './project.ts';
import { startRealtime, type Realtime } from './realtime/index.ts';
import { loadScheduledJobs, startScheduler, type ScheduledJob, type Scheduler } from './scheduler.ts';
import { startStorage } from './storage/index.ts';

export interface StackOptions {
  /** Folder for PostgreSQL data and stored files; kept between runs. Default: .data/stack */
  dataDir?: string;
  /** Edge functions to serve. Default: supabase/functions */
  functionsDir?: string;
  /** Ports (default: config.toml's [api], [db] and [local_smtp] ports). */
  ports?: Partial<StackConfig['ports']>;
  /** Ports of the project's services by name (default: the API port + the service's offset). */
  servicePorts?: Record<string, number>;
  seed?: boolean;
  /** Access-token lifetime in seconds (config.toml's jwt_expiry otherwise). */
  jwtExpiry?: number;
  /** bcrypt's cost for new password hashes (GoTrue's 10 otherwise; see ConfigOverrides). */
  passwordHashCost?: number;
  refreshTokenReuseInterval?: number;
  /** Raised [auth.rate_limit] values for test stacks (config.toml's otherwise). */
  rateLimits?: ConfigOverrides['rateLimits'];
  /** [auth.email] max_frequency in seconds (config.toml's otherwise). */
  emailMaxFrequency?: number;
  /** Per-function overrides of [functions.<name>] (e.g. verify_jwt for test functions). */
  functionSettings?: Record<string, Partial<FunctionSettings>>;
  /** Extra environment for every function (after [edge_runtime.secrets] and supabase/functions/.env). */
  functionEnv?: Record<string, string>;
  /**
   * The pg_cron stand-in's jobs (scheduler.ts). Default: supabase/scheduled-jobs.json; [] runs none
   * (tests that must not race a timer run a job themselves with `scheduler.runNow`).
   */
  scheduledJobs?: ScheduledJob[];
  /** The project's stand-ins for services outside Supabase (project.ts). */
  services?: ProjectConfig['services'];
  /** The project's hook once the database is migrated and seeded (project.ts). */
  onDatabaseReady?: ProjectConfig['onDatabaseReady'];
  /** Restart a function when its files change (on for `npm run stack`). */
  watchFunctions?: boolean;
  log?: Logger;
  /** A service died: the stack is being stopped; `report` says which and why. */
  onCrash?: (report: string) => void;
}

export interface Stack {
  apiUrl: string;
  /** ws://…/realtime/v1/websocket */
  realtimeUrl: string;
  dbUrl: string;
  inboxUrl: string;
  smtpPort: number;
  /** The project's services (StackOptions.services) by name: their URLs. */
  services: Record<string, string>;
  anonKey: string;
  serviceRoleKey: string;
  config: StackConfig;
  functions: string[];
  buckets: string[];
  hookUrl: string | null;
  mail: MailCatcher;
  realtime: Realtime;
  /** The scheduled jobs (pg_cron's stand-in): `runNow(name)` runs one at once. */
  scheduler: Scheduler;
  readyInMs: number;
  stop(): Promise<void>;
}

type Stopper = () => Promise<unknown>;

/** STACK_<NAME>_PORT: the variable that moves a project service (the command line reads it). */
export function servicePortVariable(name: string): string {
  return `STACK_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_PORT`;
}

async function choosePorts(
  config: StackConfig,
  options: Pick<StackOptions, 'ports' | 'services' | 'servicePorts'>,
): Promise<{ ports: StackConfig['ports']; servicePorts: Map<LocalService, number> }> {
  const ports = { ...config.ports, ...options.ports };
  const servicePorts = new Map(
    (options.services ?? []).map((service) => [
      service,
      options.servicePorts?.[service.name] ?? ports.api + service.portOffset,
    ]),
  );
  await assertPortsFree([
    { port: ports.api, service: 'API gateway', env: 'STACK_API_PORT' },
    { port: ports.db, service: 'PostgreSQL', env: 'STACK_DB_PORT' },
    { port: ports.inbox, service: 'mail inbox', env: 'STACK_INBOX_PORT' },
    { port: ports.smtp, service: 'SMTP', env: 'STACK_SMTP_PORT' },
    ...[...servicePorts].map(([service, port]) => ({
      port,
      service: `${service.name} service`,
      env: servicePortVariable(service.name),
    })),
  ]);
  return { ports, servicePorts };
}

function crashReport(name: string, exit: ExitInfo | number | null, output: string[]): string {
  const how =
    typeof exit === 'object' && exit ? `code ${exit.code ?? '–'}, signal ${exit.signal ?? '–'}` : `code ${exit}`;
  const tail = output.length ? `\nIts last output:\n  ${output.slice(-15).join('\n  ')}` : '';
  return `${name} stopped unexpectedly (${how}).${tail}`;
}

/**
 * What a Deno worker inherits from the stack's environment: where Deno keeps its cache, and which
 * certificate authorities, proxies and registry to use (behind a TLS-inspecting proxy Deno cannot
 * reach anything without them). Nothing else: a function sees only what Supabase gives it.
 */
export const WORKER_PASSTHROUGH = [
  'PATH',
  'HOME',
  'TMPDIR',
  'DENO_DIR',
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  'DENO_AUTH_TOKENS',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'NPM_CONFIG_REGISTRY',
  'npm_config_registry',
  'HTTPS_PROXY',
  'https_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'ALL_PROXY',
  'all_proxy',
  'NO_PROXY',
  'no_proxy',
];

export function functionEnv(
  config: Pick<StackConfig, 'functionSecrets'>,
  urls: { api: string; db: string },
  extra: Record<string, string>,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const inherited = Object.fromEntries(
    WORKER_PASSTHROUGH.flatMap((name) => (env[name] ? [[name, env[name] as string]] : [])),
  );
  return {
    ...inherited,
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
    SUPABASE_URL: urls.api,
    SUPABASE_ANON_KEY: ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    SUPABASE_DB_URL: urls.db,
    ...config.functionSecrets,
    ...extra,
  };
}

interface Plan {
  config: StackConfig;
  ports: StackConfig['ports'];
  servicePorts: Map<LocalService, number>;
  dataDir: string;
  functionsDir: string;
  apiUrl: string;
}

/**
 * Settings from config.toml plus the options, with the ports checked before anything starts (after
 * what an earlier run with this data folder left running has been stopped: leftovers.ts).
 */
async function plan(options: StackOptions, log: Logger): Promise<Plan> {
  await assertWellKnownKeys();
  const dataDir = options.dataDir ?? path.join(ROOT, '.data/stack');
  await reclaimLeftovers(dataDir, (line) => log.info('stack', line));
  const base = await loadConfig(WORKDIR, { functions: options.functionSettings });
  const { ports, servicePorts } = await choosePorts(base, options);
  const config = await loadConfig(WORKDIR, {
    ports,
    jwtExpiry: options.jwtExpiry,
    passwordHashCost: options.passwordHashCost,
    refreshTokenReuseInterval: options.refreshTokenReuseInterval,
    rateLimits: options.rateLimits,
    emailMaxFrequency: options.emailMaxFrequency,
    functions: options.functionSettings,
  });
  return {
    config,
    ports,
    servicePorts,
    dataDir,
    functionsDir: options.functionsDir ?? path.join(WORKDIR, 'supabase/functions'),
    apiUrl: `http://127.0.0.1:${ports.api}`,
  };
}

/** What has started, stopped in reverse order; crashes reported unless the stack is stopping. */
class Lifecycle {
  private readonly stoppers: Stopper[] = [];
  private stopping = false;

  constructor(
    private readonly log: Logger,
    private readonly onCrash: ((report: string) => void) | undefined,
  ) {}

  started(...stoppers: Stopper[]): void {
    this.stoppers.push(...stoppers);
  }

  crashed = (report: string): void => {
    if (this.stopping) return;
    if (this.onCrash) this.onCrash(report);
    else this.log.error('stack', report);
  };

  stop = async (): Promise<void> => {
    this.stopping = true;
    for (const stopper of this.stoppers.splice(0).reverse()) await stopper().catch(() => undefined);
  };
}

async function startBackends(plan: Plan, options: StackOptions, log: Logger, life: Lifecycle) {
  const [db, mail, services] = await Promise.all([
    startDatabase({
      dataDir: path.join(plan.dataDir, 'postgres'),
      port: plan.ports.db,
      seed: options.seed ?? plan.config.seed,
      log: (line) => log.info('db', line),
      onUnexpectedExit: (code) => life.crashed(crashReport('PostgreSQL', code, [])),
      ignoreDatabaseUrl: true,
      logicalDecoding: true,
    }),
    startMail({ smtpPort: plan.ports.smtp, webPort: plan.ports.inbox, log }),
    startServices(plan, log, life),
  ]);
  life.started(
    () => db.stop(),
    () => mail.stop(),
  );
  log.info('db', `PostgreSQL 17 ready (${(db.readyInMs / 1000).toFixed(1)} s)`);
  await options.onDatabaseReady?.({ dbUrl: db.url, ports: plan.ports });
  return { db, mail, services };
}

/** The project's services, each on its port; one that cannot start stops the start. */
async function startServices(plan: Plan, log: Logger, life: Lifecycle): Promise<Map<string, RunningService>> {
  const running = new Map<string, RunningService>();
  await Promise.all(
    [...plan.servicePorts].map(async ([service, port]) => {
      try {
        const started = await service.start({ port, log });
        running.set(service.name, started);
        life.started(() => started.stop());
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
          throw new BusyPortError(port, `${service.name} service`, servicePortVariable(service.name));
        }
        throw error;
      }
    }),
  );
  return running;
}

async function startRuntimes(
  plan: Plan,
  options: StackOptions,
  backends: { dbUrl: string; services: Map<string, RunningService> },
  log: Logger,
  life: Lifecycle,
) {
  const [port, adminPort] = await Promise.all([freePort(), freePort()]);
  const env = functionEnv(
    plan.config,
    { api: plan.apiUrl, db: backends.dbUrl },
    { ...(await readEnvFile(path.join(plan.functionsDir, '.env'))), ...options.functionEnv },
  );
  for (const service of backends.services.values()) Object.assign(env, service.functionEnv?.({ ...env }));
  const [postgrest, functions] = await Promise.all([
    startPostgrest({
      root: ROOT,
      config: plan.config,
      dbPort: plan.ports.db,
      port,
      adminPort,
      log,
      onCrash: (exit, output) => life.crashed(crashReport('PostgREST', exit, output)),
    }),
    startFunctions({
      root: ROOT,
      functionsDir: plan.functionsDir,
      settings: plan.config.functions,
      env,
      log,
      watch: options.watchFunctions ?? false,
    }),
  ]);
  life.started(
    () => postgrest.stop(),
    () => functions.stop(),
  );
  return { postgrestPort: port, functions };
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const started = performance.now();
  const log = options.log ?? consoleLogger();
  const settings = await plan(options, log);
  const { config, ports, apiUrl } = settings;
  const life = new Lifecycle(log, options.onCrash);
  // The data folder records this process and its children, so that a later start recognises them.
  await mkdir(settings.dataDir, { recursive: true });
  writeState(settings.dataDir, []);
  const unsubscribe = onChildrenChange((children) => writeState(settings.dataDir, children));
  life.started(async () => {
    unsubscribe();
    clearState(settings.dataDir);
  });
  try {
    const { db, mail, services } = await startBackends(settings, options, log, life);
    const { postgrestPort, functions } = await startRuntimes(settings, options, { dbUrl: db.url, services }, log, life);
    const storage = await startStorage({ config: config.storage, dbPort: ports.db, dataDir: settings.dataDir, log });
    const auth = startAuth({ config: config.auth, dbPort: ports.db, gatewayUrl: apiUrl, log });
    const realtime = await startRealtime({ dbPort: ports.db, log });
    life.started(
      () => storage.close(),
      () => auth.close(),
      () => realtime.close(),
    );
    const handlers = { auth: auth.handler, storage: storage.handler, functions, realtime };
    const server = await startGateway(ports.api, postgrestPort, handlers, log);
    // WebSockets first: the server's close waits for its connections.
    life.started(async () => {
      await realtime.close();
      await closeServer(server);
    });
    await functions.warmUp();
    // pg_cron's stand-in, once everything its jobs call is up; stopped before the rest.
    const scheduler = startScheduler({
      jobs: options.scheduledJobs ?? (await loadScheduledJobs(path.join(WORKDIR, 'supabase/scheduled-jobs.json'))),
      dbUrl: db.url,
      apiUrl,
      serviceRoleKey: SERVICE_ROLE_KEY,
      log,
    });
    life.started(() => scheduler.stop());
    return {
      apiUrl,
      realtimeUrl: `${apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket`,
      dbUrl: db.url,
      inboxUrl: `http://127.0.0.1:${ports.inbox}`,
      smtpPort: ports.smtp,
      services: Object.fromEntries([...services].map(([name, service]) => [name, service.url])),
      anonKey: ANON_KEY,
      serviceRoleKey: SERVICE_ROLE_KEY,
      config,
      functions: functions.names,
      buckets: storage.buckets,
      hookUrl: auth.hookUrl,
      mail,
      realtime,
      scheduler,
      readyInMs: performance.now() - started,
      stop: life.stop,
    };
  } catch (error) {
    await life.stop();
    throw error;
  }
}

async function startGateway(
  port: number,
  postgrestPort: number,
  services: { auth: ServiceHandler; storage: ServiceHandler; functions: FunctionsRuntime; realtime: Realtime },
  log: Logger,
): Promise<http.Server> {
  const handle = gateway(
    {
      postgrestPort,
      auth: services.auth,
      storage: services.storage,
      functions: (req, res, rest, url) => services.functions.handle(req, res, rest, url),
    },
    log,
  );
  const server = await listen((req, res) => void handle(req, res), port);
  server.on('upgrade', (req, socket, head) => {
    log.debug('gateway', `WebSocket upgrade ${req.url?.replace(/apikey=[^&]+/, 'apikey=…')}`);
    services.realtime.handleUpgrade(req, socket, head);
  });
  return server;
}

export async function resetData(dataDir = path.join(ROOT, '.data/stack')): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}
