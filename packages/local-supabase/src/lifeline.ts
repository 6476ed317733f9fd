// Children must not outlive the stack, however the stack ends.
//  - guard(pid): a watchdog process (watchdog.mjs, in a session of its own) stops the child when the
//    stack's process is gone, SIGKILL and out-of-memory kills included (its stdin pipe closes).
//  - watchLaunchers(): the stack stops in order when what launched it within its own process group
//    dies (`npm run dev` killed hard leaves `sh -c node …` and the stack running otherwise); what
//    started the group is not watched, so a detached start keeps running; SIGHUP (a closed
//    terminal) is handled by the entry points like Ctrl-C.
// The parent-death signal (prctl PR_SET_PDEATHSIG) would do the first job on Linux only, is not
// reachable from Node, and is cleared when a child changes its user (PostgreSQL, run as root).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WATCHDOG = path.join(path.dirname(fileURLToPath(import.meta.url)), 'watchdog.mjs');

let watchdog: ChildProcess | undefined;

function ensureWatchdog(): ChildProcess | undefined {
  if (watchdog && watchdog.exitCode === null && watchdog.signalCode === null) return watchdog;
  const child = spawn(process.execPath, [WATCHDOG], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  child.on('error', () => undefined);
  child.stdin?.on('error', () => undefined);
  // Neither the process nor its pipe keeps this process alive.
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  watchdog = child;
  return child;
}

/** The watchdog's pid (for tests and `stack:stop`), once a child has been guarded. */
export function watchdogPid(): number | undefined {
  return watchdog?.pid;
}

/** Stop `pid` with `signal` (then SIGKILL) if this process dies before calling release(pid). */
export function guard(pid: number | undefined, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (!pid) return;
  ensureWatchdog()?.stdin?.write(`+${pid} ${signal}\n`);
}

export function release(pid: number | undefined): void {
  if (!pid || !watchdog) return;
  watchdog.stdin?.write(`-${pid}\n`);
}

export interface ProcessRow {
  pid: number;
  ppid: number;
  pgid: number;
}

export function processTable(): Map<number, ProcessRow> {
  const table = new Map<number, ProcessRow>();
  try {
    const out = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,pgid='], { encoding: 'utf8' });
    for (const line of out.split('\n')) {
      const [pid, ppid, pgid] = line.trim().split(/\s+/).map(Number);
      if (pid && ppid !== undefined && pgid !== undefined) table.set(pid, { pid, ppid, pgid });
    }
  } catch {
    // no ps: nothing is watched (the watchdog still stops the children if this process dies)
  }
  return table;
}

/**
 * The processes that launched this one inside its own process group: the parent, and further up
 * while each is in this process's group (`npm run dev` → `sh -c` → node, all of one shell job).
 * Nothing outside the group is watched: not the shell or terminal that started the job, and not
 * what launched a detached start (`setsid npm run stack &`, or `nohup npm run stack &` from a
 * shell that then exits), which therefore keeps running. A closed terminal reaches the stack as
 * SIGHUP instead, and a SIGKILL of the whole group reaches the stack itself (the watchdog then
 * stops its children).
 */
export function launchers(table: Map<number, ProcessRow> = processTable(), self = process.pid): number[] {
  const own = table.get(self);
  if (!own) return [];
  const chain: number[] = [];
  let current = table.get(own.ppid);
  while (current && current.pid > 1 && current.pgid === own.pgid && !chain.includes(current.pid)) {
    chain.push(current.pid);
    current = table.get(current.ppid);
  }
  return chain;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Calls `onGone` once when a launcher in this process's group (launchers()) has died. */
export function watchLaunchers(onGone: (pid: number) => void, intervalMs = 500): () => void {
  const watched = launchers();
  const parent = process.ppid;
  // A parent of this group that dies leaves this process to init (or a subreaper): its ppid changes.
  const parentWatched = watched.includes(parent);
  const timer = setInterval(() => {
    const gone = parentWatched && process.ppid !== parent ? parent : watched.find((pid) => !alive(pid));
    if (gone === undefined) return;
    clearInterval(timer);
    onGone(gone);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
