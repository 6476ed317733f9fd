// What `npm run stack` and the stack-aware `dev` command share: options from the command line and
// environment, the summary, and one orderly shutdown for Ctrl-C, SIGTERM, a crash or an error.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, WORKDIR } from './db/harness.ts';
import { consoleLogger, type Logger } from './log.ts';
import { BusyPortError } from './lib/ports.ts';
import { StackRunningError } from './leftovers.ts';
import { watchLaunchers } from './lifeline.ts';
import { takeOverSignals } from './signals.ts';
import { loadProjectConfig, type ProjectConfig } from './project.ts';
import { resetData, servicePortVariable, startStack, type Stack, type StackOptions } from './stack.ts';

/** Where the stack keeps its database and files; STACK_DATA_DIR gives E2E runs their own. */
export const DATA_DIR = path.resolve(ROOT, process.env.STACK_DATA_DIR ?? '.data/stack');

function envNumber(name: string): number | undefined {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return parsed;
}

function portOverrides(): StackOptions['ports'] {
  const ports = {
    api: envNumber('STACK_API_PORT'),
    db: envNumber('STACK_DB_PORT'),
    inbox: envNumber('STACK_INBOX_PORT'),
    smtp: envNumber('STACK_SMTP_PORT'),
  };
  return Object.fromEntries(Object.entries(ports).filter(([, port]) => port !== undefined));
}

/** STACK_<NAME>_PORT moves a project service (default: the API port + its offset). */
function servicePortOverrides(project: ProjectConfig): Record<string, number> {
  const ports = (project.services ?? []).map((service) => [service.name, envNumber(servicePortVariable(service.name))]);
  return Object.fromEntries(ports.filter(([, port]) => port !== undefined));
}

/**
 * STACK_AUTH_RATE_LIMIT_<KEY> raises a limit of [auth.rate_limit] for a test stack (the E2E runs
 * sign up and sign in many members from one IP within minutes); unset, config.toml's value holds.
 */
function rateLimitOverrides(): StackOptions['rateLimits'] {
  const limits = {
    emailSent: envNumber('STACK_AUTH_RATE_LIMIT_EMAIL_SENT'),
    signInSignUps: envNumber('STACK_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS'),
    tokenRefresh: envNumber('STACK_AUTH_RATE_LIMIT_TOKEN_REFRESH'),
    tokenVerifications: envNumber('STACK_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS'),
  };
  return Object.fromEntries(Object.entries(limits).filter(([, limit]) => limit !== undefined));
}

/** The project's own rows (its seeded accounts, say); a failure is shown, not thrown. */
async function projectRows(project: ProjectConfig, stack: Stack): Promise<[string, string][]> {
  try {
    return (await project.summary?.(stack)) ?? [];
  } catch (error) {
    return [['Project', `its summary failed: ${(error as Error).message}`]];
  }
}

export async function summary(stack: Stack, cold: boolean, project: ProjectConfig = {}): Promise<string> {
  const services = (project.services ?? []).flatMap((service): [string, string][] => {
    const url = stack.services[service.name];
    return url ? [[service.name, `${url}${service.description ? `  (${service.description})` : ''}`]] : [];
  });
  const capitalised = ([label, value]: [string, string]): [string, string] => [
    label.charAt(0).toUpperCase() + label.slice(1),
    value,
  ];
  const rows: [string, string][] = [
    ['API URL', stack.apiUrl],
    ['REST', `${stack.apiUrl}/rest/v1`],
    ['Auth', `${stack.apiUrl}/auth/v1  (emulated; e-mails via the send-email hook)`],
    ['Storage', `${stack.apiUrl}/storage/v1  buckets: ${stack.buckets.join(', ') || 'none'}`],
    ['Functions', `${stack.apiUrl}/functions/v1/<name>  ${stack.functions.join(', ') || '(none yet)'}`],
    ['Realtime', `${stack.realtimeUrl}  (emulated: postgres_changes of the supabase_realtime publication)`],
    ['DB URL', stack.dbUrl],
    [
      'Auth limits',
      `${stack.config.auth.rateLimits.emailSent} e-mails/h; per IP and 5 min: ${stack.config.auth.rateLimits.signInSignUps} sign-ups/links/resets, ` +
        `${stack.config.auth.rateLimits.tokenRefresh} sign-ins/refreshes, ${stack.config.auth.rateLimits.tokenVerifications} verifications; ` +
        `1 e-mail per address per ${stack.config.auth.email.maxFrequency} s`,
    ],
    ['Mail inbox', `${stack.inboxUrl}  (SMTP 127.0.0.1:${stack.smtpPort}, API ${stack.inboxUrl}/api/v1/messages)`],
    ...services.map(capitalised),
    ['anon key', stack.anonKey],
    ['service_role key', stack.serviceRoleKey],
    ...(await projectRows(project, stack)),
  ];
  return [
    '',
    `Local Supabase stack ready in ${(stack.readyInMs / 1000).toFixed(1)} s (${cold ? 'cold start: new database' : 'warm start'}).`,
    '',
    ...rows.map(([label, value]) => `  ${label.padEnd(18)}${value.replaceAll('\n', '\n' + ' '.repeat(20))}`),
    '',
    '  Ctrl-C (or `npm run stack:stop`) stops everything.',
    '',
  ].join('\n');
}

/** Writes the last line, then exits once stdout has taken it (a pipe would otherwise lose it). */
function exitAfter(line: string, code: number): void {
  process.stdout.write(`${line}\n`, () => process.exit(code));
  // A terminal or pipe that is gone never takes it.
  setTimeout(() => process.exit(code), 1000).unref();
}

/** How long an orderly stop may take before the process exits anyway (the watchdog then stops the rest). */
const SHUTDOWN_TIMEOUT_MS = 20_000;

export interface Running {
  stack: Stack;
  log: Logger;
  /** Stops the stack (and anything registered with onStop) and exits with `code`. */
  shutdown(code: number, reason: string): Promise<void>;
  /** Runs before the stack stops (e.g. stopping Vite). */
  onStop(stopper: () => Promise<void>): void;
}

/** Starts the stack for a command-line entry point; never returns when it cannot start. */
export async function runStack(): Promise<Running> {
  takeOverSignals();
  const log = consoleLogger({ verbose: process.argv.includes('--verbose') || process.env.STACK_VERBOSE === '1' });
  if (process.argv.includes('--reset')) {
    const inside = path.relative(ROOT, DATA_DIR);
    if (!inside || inside.startsWith('..') || path.isAbsolute(inside)) {
      throw new Error(`--reset removes only a data folder inside the repository, not ${DATA_DIR}`);
    }
    await resetData(DATA_DIR);
    log.info('stack', `Removed ${path.relative(ROOT, DATA_DIR)}: starting from an empty database`);
  }
  const cold = !existsSync(path.join(DATA_DIR, 'postgres/PG_VERSION'));
  let stack: Stack | undefined;
  let stopping = false;
  const stoppers: (() => Promise<void>)[] = [];
  const shutdown = async (code: number, reason: string) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(code), SHUTDOWN_TIMEOUT_MS).unref();
    log.info('stack', reason);
    for (const stopper of stoppers) await stopper().catch(() => undefined);
    await stack?.stop();
    exitAfter('stack     Stopped.', code);
  };
  process.on('SIGINT', () => void shutdown(0, 'Stopping…'));
  process.on('SIGTERM', () => void shutdown(0, 'Stopping…'));
  // A closed terminal: without a listener Node would die at once and leave the services running.
  process.on('SIGHUP', () => void shutdown(0, 'The terminal closed: stopping…'));
  // Writing to a terminal or pipe that has gone must not stop the orderly shutdown.
  process.stdout.on('error', () => undefined);
  process.stderr.on('error', () => undefined);
  // `npm run dev` killed hard leaves this process running under `sh -c`: stop with it.
  watchLaunchers((pid) => void shutdown(1, `The process that started the stack (pid ${pid}) is gone: stopping…`));
  process.on('uncaughtException', (error) => void shutdown(1, `Unexpected error: ${error.stack ?? error.message}`));
  let project: ProjectConfig = {};
  try {
    project = await loadProjectConfig(WORKDIR);
    stack = await startStack({
      services: project.services,
      onDatabaseReady: project.onDatabaseReady,
      dataDir: DATA_DIR,
      ports: portOverrides(),
      servicePorts: servicePortOverrides(project),
      jwtExpiry: envNumber('STACK_JWT_EXPIRY'),
      passwordHashCost: envNumber('STACK_AUTH_PASSWORD_HASH_COST'),
      refreshTokenReuseInterval: envNumber('STACK_REFRESH_TOKEN_REUSE_INTERVAL'),
      rateLimits: rateLimitOverrides(),
      emailMaxFrequency: envNumber('STACK_AUTH_EMAIL_MAX_FREQUENCY'),
      watchFunctions: true,
      log,
      onCrash: (report) => void shutdown(1, `Stopping the stack because a service crashed:\n${report}`),
    });
  } catch (error) {
    const message =
      error instanceof BusyPortError || error instanceof StackRunningError
        ? error.message
        : `Could not start: ${(error as Error).stack ?? String(error)}`;
    log.error('stack', message);
    exitAfter('', 1);
    return new Promise<never>(() => undefined);
  }
  console.log(await summary(stack, cold, project));
  return { stack, log, shutdown, onStop: (stopper) => void stoppers.push(stopper) };
}
