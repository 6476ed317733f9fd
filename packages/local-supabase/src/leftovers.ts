// What an earlier run of the stack left behind, recognised and reclaimed; anything else is foreign.
//  - <data folder>/stack.json names the process that runs the stack and the children it started
//    (PostgREST, the Deno workers, Vite), each with its command, while they run.
//  - <data folder>/postgres/postmaster.pid is PostgreSQL's own lock file: its pid, its data folder.
// A leftover is stopped only when its pid still runs the recorded command (a pid can be reused) and
// the stack that started it is gone. A stack still running from the same folder is not a leftover:
// the start is refused, naming `npm run stack:stop`. A busy port held by anything else is refused
// with the program that holds it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChildRecord } from './processes.ts';

export const STATE_FILE = 'stack.json';

export interface StackState {
  pid: number;
  command: string;
  children: ChildRecord[];
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command line of a running process ('' when it is gone or cannot be read). */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    try {
      return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  }
}

export async function waitGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone already
  }
}

/** Sends `first`, then SIGKILL after `graceMs`; resolves when the process is gone. */
export async function stopProcess(pid: number, first: NodeJS.Signals, graceMs: number): Promise<void> {
  signal(pid, first);
  if (await waitGone(pid, graceMs)) return;
  signal(pid, 'SIGKILL');
  await waitGone(pid, 5000);
}

export function readState(dataDir: string): StackState | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, STATE_FILE), 'utf8')) as StackState;
  } catch {
    return undefined;
  }
}

/** Records this process and its running children in the data folder (see the header). */
export function writeState(dataDir: string, children: ChildRecord[]): void {
  if (!existsSync(dataDir)) return;
  const state: StackState = { pid: process.pid, command: commandLine(process.pid), children };
  writeFileSync(path.join(dataDir, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`);
}

export function clearState(dataDir: string): void {
  const state = readState(dataDir);
  if (state?.pid === process.pid) rmSync(path.join(dataDir, STATE_FILE), { force: true });
}

/** The stack process recorded in the data folder, if it still runs (and is not this process). */
export function runningStack(dataDir: string): number | undefined {
  const state = readState(dataDir);
  if (!state || state.pid === process.pid || !isAlive(state.pid)) return undefined;
  return commandLine(state.pid) === state.command ? state.pid : undefined;
}

export class StackRunningError extends Error {
  constructor(
    readonly pid: number,
    dataDir: string,
  ) {
    super(
      `A local stack is already running from ${dataDir} (pid ${pid}). Use it, or stop it with ` +
        '`npm run stack:stop` (with the same STACK_DATA_DIR) and start again.',
    );
    this.name = 'StackRunningError';
  }
}

function isOwn(child: ChildRecord): boolean {
  if (!isAlive(child.pid)) return false;
  const line = commandLine(child.pid);
  return line.includes(child.command) || line.includes(path.basename(child.command));
}

/** PostgreSQL still running from `pgDataDir` (its postmaster.pid), or undefined; a stale lock file goes. */
export function leftoverPostgres(pgDataDir: string): number | undefined {
  const lockFile = path.join(pgDataDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = readFileSync(lockFile, 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const line = Number.isInteger(pid) && pid > 0 && isAlive(pid) ? commandLine(pid) : '';
  if (line.includes('postgres') && line.includes(path.resolve(pgDataDir))) return pid;
  // The server is gone (a crash, a SIGKILL) or its pid now belongs to another program.
  rmSync(lockFile, { force: true });
  return undefined;
}

/** Stops PostgreSQL left running from this data folder (fast shutdown, then harder). */
export async function reclaimPostgres(pgDataDir: string, log: (line: string) => void): Promise<void> {
  const pid = leftoverPostgres(pgDataDir);
  if (!pid) return;
  log(`Stopping PostgreSQL left running from ${pgDataDir} by an earlier run (pid ${pid})`);
  signal(pid, 'SIGINT');
  if (await waitGone(pid, 10_000)) return;
  await stopProcess(pid, 'SIGQUIT', 5000);
}

/**
 * Reclaims what an earlier stack with this data folder left running: its children (PostgREST,
 * Deno workers, Vite) and its PostgreSQL. Throws StackRunningError when that stack still runs.
 */
export async function reclaimLeftovers(dataDir: string, log: (line: string) => void): Promise<void> {
  const owner = runningStack(dataDir);
  if (owner) throw new StackRunningError(owner, dataDir);
  const state = readState(dataDir);
  if (state && state.pid !== process.pid) {
    for (const child of state.children.filter(isOwn)) {
      log(`Stopping ${child.name} left running by an earlier run (pid ${child.pid})`);
      await stopProcess(child.pid, 'SIGTERM', 3000);
    }
    rmSync(path.join(dataDir, STATE_FILE), { force: true });
  }
  await reclaimPostgres(path.join(dataDir, 'postgres'), log);
}
