// Edge functions behind /functions/v1/<name>: every folder of the functions directory with an
// index.ts, each in its own Deno process (npm `deno`) with the env Supabase provides, JWT checks as
// [functions.<name>] verify_jwt says, restarted when its files change and, after a crash, on the
// next request (the edge runtime also boots a fresh worker per request when one dies).
import { watch, type FSWatcher } from 'node:fs';
import { access, readdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { jwtVerify } from 'jose';
import { PACKAGE_DIR } from './db/harness.ts';
import type { FunctionSettings } from './config/config.ts';
import { bearerToken, sendJson } from './http.ts';
import { JWT_KEY } from './keys.ts';
import type { Logger } from './log.ts';
import { freePort } from './lib/ports.ts';
import { spawnSupervised, type Supervised } from './processes.ts';
import { proxy } from './proxy.ts';

const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
// eslint-disable-next-line no-control-regex -- the escape that starts a colour code
const ANSI = /\u001b\[[0-9;]*m/g;
const READY = '__STACK_FUNCTION_READY__';
const BOOT_TIMEOUT_MS = 60_000;

export interface FunctionsOptions {
  root: string;
  functionsDir: string;
  settings: Record<string, FunctionSettings>;
  env: Record<string, string>;
  log: Logger;
  watch: boolean;
}

interface Definition {
  name: string;
  entry: string;
  config: string | undefined;
  verifyJwt: boolean;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function firstExisting(files: string[]): Promise<string | undefined> {
  for (const file of files) if (await exists(file)) return file;
  return undefined;
}

/** The functions to serve: folders with a valid name and an entry file, not disabled in config.toml. */
export async function discoverFunctions(
  dir: string,
  settings: Record<string, FunctionSettings>,
): Promise<Definition[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const found: Definition[] = [];
  for (const entry of entries) {
    const own = settings[entry.name];
    if (!entry.isDirectory() || !NAME.test(entry.name) || own?.enabled === false) continue;
    const folder = path.join(dir, entry.name);
    const file = own?.entrypoint ? path.resolve(dir, '..', own.entrypoint) : path.join(folder, 'index.ts');
    if (!(await exists(file))) continue;
    const config = await firstExisting([
      path.join(folder, 'deno.json'),
      path.join(folder, 'deno.jsonc'),
      path.join(dir, 'deno.json'),
      path.join(dir, 'deno.jsonc'),
    ]);
    found.push({ name: entry.name, entry: file, config, verifyJwt: own?.verifyJwt ?? true });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Why a worker could not start, in plain words, from what Deno printed. The workers run with
 * --cached-only: their dependencies are cached by `npm install` (scripts/deno-install.mjs), so a
 * missing one means the install step did not run or an import changed since.
 */
export function explainBootFailure(name: string, output: string[], outcome: 'exited' | 'timeout'): string {
  const text = output.map((line) => line.replace(ANSI, '')).join('\n');
  const npm = /npm package '([^']+)'/.exec(text) ?? /npm package not found in cache: "([^"]+)"/.exec(text);
  const specifier = /Specifier not found in cache: "([^"]+)"/.exec(text);
  const missing = npm ? `npm:${npm[1]}` : specifier?.[1];
  if (missing && /--cached-only/.test(text)) {
    return (
      `${name} could not start: its dependency ${missing} is not installed. ` +
      'Run `npm install` (or `npm run functions:install`; after changing an npm: import, ' +
      '`npm run functions:install -- --update-lock`).'
    );
  }
  if (/certificate|UnknownIssuer/i.test(text)) {
    return (
      `${name} could not start: Deno does not trust the registry's TLS certificate` +
      (missing ? ` while fetching ${missing}` : '') +
      ". Behind a TLS-inspecting proxy, set NODE_EXTRA_CA_CERTS (or DENO_CERT) to the proxy's CA file."
    );
  }
  if (outcome === 'timeout') return `${name} could not start: it did not listen within ${BOOT_TIMEOUT_MS / 1000} s.`;
  const error = output.map((line) => line.replace(ANSI, '').trim()).find((line) => /^(error|Uncaught)/i.test(line));
  return `${name} could not start: ${error ?? output.at(-1) ?? 'Deno exited without output'}`;
}

/** A worker that could not start: the plain-words cause travels to the caller of the function. */
export class BootFailure extends Error {}

/** The worker was stopped (its files changed) while it was starting; a new one is on its way. */
class Restarted extends Error {
  constructor(name: string) {
    super(`${name} was restarted while starting`);
  }
}

class Worker {
  private process: Supervised | undefined;
  private starting: Promise<number> | undefined;
  /** The last boot failure reported, so a worker that keeps failing is reported once. */
  private reported: string | undefined;

  constructor(
    readonly definition: Definition,
    private readonly options: FunctionsOptions,
  ) {}

  /** The port of a running worker, booting one when needed. */
  port(): Promise<number> {
    this.starting ??= this.boot().then(
      (port) => {
        this.reported = undefined;
        return port;
      },
      (error: unknown) => {
        this.starting = undefined;
        this.report(error as Error);
        throw error;
      },
    );
    return this.starting;
  }

  /** Logs a boot failure once: the same cause again (every request retries the boot) stays quiet. */
  private report(error: Error): void {
    const { log } = this.options;
    if (error instanceof Restarted) return log.debug('functions', error.message);
    if (error.message === this.reported) return;
    this.reported = error.message;
    log.error('functions', error.message);
  }

  private async boot(): Promise<number> {
    const { definition, options } = this;
    const port = await freePort();
    const worker = path.join(PACKAGE_DIR, 'src/deno/worker.ts');
    const args = [
      'run',
      '--allow-all',
      '--no-prompt',
      '--cached-only',
      ...(definition.config ? ['--config', definition.config] : ['--no-config']),
    ];
    let ready: (() => void) | undefined;
    const listening = new Promise<void>((resolve) => (ready = resolve));
    // What it prints while starting is held back: on success it is logged, on failure the cause is
    // reported once in plain words (see report) instead of Deno's raw error on every attempt.
    let booting: string[] | undefined = [];
    const say = (line: string) => options.log.info('functions', `[${definition.name}] ${line}`);
    const child = spawnSupervised({
      name: `function ${definition.name}`,
      command: path.join(options.root, 'node_modules/.bin/deno'),
      args: [...args, worker, pathToFileURL(definition.entry).href, String(port)],
      env: options.env,
      cwd: path.dirname(definition.entry),
      onLine: (line) => {
        if (line.startsWith(READY)) ready?.();
        else if (booting) booting.push(line);
        else say(line);
      },
      onUnexpectedExit: (exit) => {
        this.starting = undefined;
        this.process = undefined;
        if (booting) return; // a failed start: reported by report()
        const message = `${definition.name} exited (${exit.signal ?? `code ${exit.code}`}); it restarts on its next request`;
        // Ctrl-C in a terminal reaches the workers too, before the stack stops them.
        if (exit.signal === 'SIGINT' || exit.signal === 'SIGTERM') options.log.debug('functions', message);
        else options.log.warn('functions', message);
      },
    });
    this.process = child;
    const outcome = await Promise.race([
      listening.then(() => 'ready' as const),
      child.exited.then(() => 'exited' as const),
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), BOOT_TIMEOUT_MS).unref()),
    ]);
    const held = booting;
    booting = undefined;
    if (outcome === 'ready') held.forEach(say);
    else held.forEach((line) => options.log.debug('functions', `[${definition.name}] ${line}`));
    if (outcome !== 'ready') {
      const restarted = child.stopping;
      await child.stop();
      if (restarted) throw new Restarted(definition.name);
      throw new BootFailure(explainBootFailure(definition.name, child.recentOutput(), outcome));
    }
    return port;
  }

  async stop(): Promise<void> {
    const running = this.process;
    this.process = undefined;
    this.starting = undefined;
    await running?.stop();
  }
}

export interface FunctionsRuntime {
  names: string[];
  /** Boots every worker now (start-up), reporting failures without throwing. */
  warmUp(): Promise<void>;
  handle(req: IncomingMessage, res: ServerResponse, rest: string, url: URL): Promise<void>;
  stop(): Promise<void>;
}

export async function startFunctions(options: FunctionsOptions): Promise<FunctionsRuntime> {
  const definitions = await discoverFunctions(options.functionsDir, options.settings);
  const workers = new Map(definitions.map((definition) => [definition.name, new Worker(definition, options)]));
  const watchers = options.watch ? watchForChanges(options, workers) : [];
  return {
    names: [...workers.keys()],
    async warmUp() {
      // Failures are reported by the worker; the stack starts anyway and answers 503 with the cause.
      await Promise.all([...workers.values()].map((worker) => worker.port().catch(() => undefined)));
    },
    handle: (req, res, rest, url) => handle(workers, req, res, rest, url),
    async stop() {
      for (const watcher of watchers) watcher.close();
      await Promise.all([...workers.values()].map((worker) => worker.stop()));
    },
  };
}

async function handle(
  workers: Map<string, Worker>,
  req: IncomingMessage,
  res: ServerResponse,
  rest: string,
  url: URL,
): Promise<void> {
  const name = decodeURIComponent(rest.split('/')[1] ?? '');
  const worker = workers.get(name);
  if (!worker) return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
  // As Supabase's edge runtime (supabase start's main service, and hosted): a CORS preflight never
  // carries the JWT, so OPTIONS reaches the function, which answers it.
  if (worker.definition.verifyJwt && req.method !== 'OPTIONS') {
    const token = bearerToken(req);
    if (!token)
      return sendJson(res, 401, { code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Missing authorization header' });
    const valid = await jwtVerify(token, JWT_KEY, { algorithms: ['HS256'] }).then(
      () => true,
      () => false,
    );
    if (!valid) return sendJson(res, 401, { code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT' });
  }
  let port: number;
  try {
    port = await worker.port().catch((error: unknown) => {
      if (error instanceof Restarted) return worker.port();
      throw error;
    });
  } catch (error) {
    // Hosted answers 'Function failed to start (please check logs)'; locally the cause is known, so
    // it is said here too (the Send Email Hook passes it on in the failure the sign-up returns).
    const cause = error instanceof BootFailure ? ` ${error.message}` : '';
    return sendJson(res, 503, { code: 'BOOT_ERROR', message: `Function failed to start (please check logs).${cause}` });
  }
  await proxy(req, res, { port, path: `${rest}${url.search}` }).catch(() =>
    sendJson(res, 500, { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }),
  );
}

/** Restarts a function's worker when its folder (or the shared _shared folder) changes. */
function watchForChanges(options: FunctionsOptions, workers: Map<string, Worker>): FSWatcher[] {
  const timers = new Map<string, NodeJS.Timeout>();
  const restart = (name: string) => {
    clearTimeout(timers.get(name));
    timers.set(
      name,
      setTimeout(() => {
        const worker = workers.get(name);
        if (!worker) return;
        options.log.info('functions', `${name} changed: restarting`);
        void worker.stop().then(() => worker.port().catch(() => undefined));
      }, 200),
    );
  };
  const watchers: FSWatcher[] = [];
  for (const name of workers.keys()) {
    watchers.push(watch(path.join(options.functionsDir, name), { recursive: true }, () => restart(name)));
  }
  const shared = path.join(options.functionsDir, '_shared');
  try {
    watchers.push(watch(shared, { recursive: true }, () => workers.forEach((_worker, name) => restart(name))));
  } catch {
    // no _shared folder
  }
  return watchers;
}
