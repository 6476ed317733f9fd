// Child processes of the stack: spawned with their output kept for crash reports, stopped with
// SIGTERM (then SIGKILL), and killed when this process exits for any reason, so none is orphaned:
// on an ordinary exit by the exit hook below, on SIGKILL by the watchdog (lifeline.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { guard, release } from './lifeline.ts';

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Supervised {
  readonly name: string;
  readonly child: ChildProcess;
  /** Resolves when the process has exited (expectedly or not). */
  readonly exited: Promise<ExitInfo>;
  /** The last lines it printed, for a crash report. */
  recentOutput(): string[];
  /** True after stop() was called. */
  readonly stopping: boolean;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Called for every line of stdout/stderr. */
  onLine?: (line: string) => void;
  /** Called when the process exits without stop() having been called. */
  onUnexpectedExit?: (exit: ExitInfo, output: string[]) => void;
  /** Share this terminal (Vite's colours and keyboard shortcuts); its output is then not kept. */
  inheritStdio?: boolean;
  /** What the watchdog sends if this process dies first (default SIGTERM). */
  signal?: NodeJS.Signals;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** A running child as the state file records it (leftovers.ts). */
export interface ChildRecord {
  name: string;
  pid: number;
  command: string;
}

const records = new Map<ChildProcess, ChildRecord>();
const listeners = new Set<(children: ChildRecord[]) => void>();

/** Called with the running children whenever one starts or exits. */
export function onChildrenChange(listener: (children: ChildRecord[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  const children = [...records.values()];
  for (const listener of listeners) listener(children);
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Synchronous last resort: whatever is still running when Node exits is killed with it.
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

export function spawnSupervised(options: SpawnOptions): Supervised {
  installExitHook();
  const output: string[] = [];
  // stdin stays an open pipe: children that watch it (the Deno workers) exit when this process dies.
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: options.inheritStdio ? 'inherit' : ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  guard(child.pid, options.signal ?? 'SIGTERM');
  if (child.pid) {
    records.set(child, { name: options.name, pid: child.pid, command: options.command });
    changed();
  }
  const forget = () => {
    running.delete(child);
    release(child.pid);
    if (records.delete(child)) changed();
  };
  let stopping = false;
  const remember = (line: string) => {
    output.push(line);
    if (output.length > 40) output.shift();
    options.onLine?.(line);
  };
  forwardLines(child.stdout, remember);
  forwardLines(child.stderr, remember);
  const exited = new Promise<ExitInfo>((resolve) => {
    child.once('error', (error) => {
      remember(`failed to start: ${error.message}`);
      forget();
      resolve({ code: null, signal: null });
    });
    child.once('exit', (code, signal) => {
      forget();
      resolve({ code, signal });
    });
  });
  void exited.then((exit) => {
    if (!stopping) options.onUnexpectedExit?.(exit, [...output]);
  });
  return {
    name: options.name,
    child,
    exited,
    recentOutput: () => [...output],
    get stopping() {
      return stopping;
    },
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null || !running.has(child)) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function forwardLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (!stream) return;
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      if (line.trim()) onLine(line);
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
    }
  });
  stream.on('end', () => {
    if (buffer.trim()) onLine(buffer);
  });
}

/** Polls until `check` returns true or the deadline passes; rejects with `what` in the message. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}
