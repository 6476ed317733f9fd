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
import type { FunctionSettings } from './config/config.ts';
import { bearerToken, sendJson } from './http.ts';
import { JWT_KEY } from './keys.ts';
import type { Logger } from './log.ts';
import { freePort } from '../lib/ports.ts';
import { spawnSupervised, type Supervised } from './processes.ts';
import { proxy } from './proxy.ts';

const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
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

/** The worker was stopped (its files changed) while it was starting; a new one is on its way. */
class Restarted extends Error {
  constructor(name: string) {
    super(`${name} was restarted while starting`);
  }
}

function reportBootFailure(log: Logger) {
  return (error: Error) => {
    if (error instanceof Restarted) log.debug('functions', error.message);
    else log.error('functions', error.message);
  };
}

class Worker {
  private process: Supervised | undefined;
  private starting: Promise<number> | undefined;

  constructor(
    readonly definition: Definition,
    private readonly options: FunctionsOptions,
  ) {}

  /** The port of a running worker, booting one when needed. */
  port(): Promise<number> {
    this.starting ??= this.boot().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  private async boot(): Promise<number> {
    const { definition, options } = this;
    const port = await freePort();
    const worker = path.join(options.root, 'scripts/stack/deno/worker.ts');
    const args = [
      'run',
      '--allow-all',
      '--no-prompt',
      ...(definition.config ? ['--config', definition.config] : ['--no-config']),
    ];
    let ready: (() => void) | undefined;
    const listening = new Promise<void>((resolve) => (ready = resolve));
    const child = spawnSupervised({
      name: `function ${definition.name}`,
      command: path.join(options.root, 'node_modules/.bin/deno'),
      args: [...args, worker, pathToFileURL(definition.entry).href, String(port)],
      env: options.env,
      cwd: path.dirname(definition.entry),
      onLine: (line) =>
        line.startsWith(READY) ? ready?.() : options.log.info('functions', `[${definition.name}] ${line}`),
      onUnexpectedExit: (exit) => {
        this.starting = undefined;
        this.process = undefined;
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
    if (outcome !== 'ready') {
      const restarted = child.stopping;
      await child.stop();
      if (restarted) throw new Restarted(definition.name);
      throw new Error(`${definition.name} failed to start (${outcome}):\n${child.recentOutput().join('\n')}`);
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
      await Promise.all([...workers.values()].map((worker) => worker.port().catch(reportBootFailure(options.log))));
    },
    handle: (req, res, rest, url) => handle(workers, req, res, rest, url, options.log),
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
  log: Logger,
): Promise<void> {
  const name = decodeURIComponent(rest.split('/')[1] ?? '');
  const worker = workers.get(name);
  if (!worker) return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
  if (worker.definition.verifyJwt) {
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
    log.error('functions', (error as Error).message);
    return sendJson(res, 503, { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' });
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
        void worker
          .stop()
          .then(() => worker.port().catch((error: Error) => options.log.error('functions', error.message)));
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
