// Faults of the stack's own processes, through the real command line (`npm run stack`, `npm run
// dev`, `local-supabase start`, `npm run stack:stop`), each in its own session like a command typed
// in a terminal: a launcher, the stack or its whole process group killed hard leaves nothing
// running within seconds, while a detached start (setsid, or nohup from a shell that exits) keeps
// running after what started it is gone; leftovers of an earlier run are
// reclaimed on the next start; a crashed PostgreSQL stops the stack and the next start works; a
// port held by a foreign program is refused with that program named, and it is left alone.
// One data folder (and one set of free ports) serves the cases in order, as a developer's would.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_DIR, ROOT } from '../src/db/harness.ts';
import { freePort, isPortFree } from '../src/lib/ports.ts';
import { commandLine, isAlive, readState, type StackState } from '../src/leftovers.ts';

const BIN = path.join(PACKAGE_DIR, 'bin/local-supabase.mjs');
let dataDir: string;
let env: NodeJS.ProcessEnv;
let ports: number[];
const started: ChildProcess[] = [];

interface Run {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  waitForOutput: (text: string, timeoutMs?: number) => Promise<void>;
}

function run(command: string, args: string[]): Run {
  // detached: a session and process group of its own, like a shell's job.
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitForOutput = async (wanted: string, timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!text.includes(wanted)) {
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`"${wanted}" did not appear; the output was:\n${text}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { child, output: () => text, exited, waitForOutput };
}

const startStack = () => run('node', [BIN, 'start']);
const READY = 'Local Supabase stack ready';

async function postmasterPid(): Promise<number> {
  const lock = await readFile(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8');
  return Number(lock.split('\n')[0]);
}

/** Every process of the running stack: itself, its children, PostgreSQL and the watchdog. */
async function processesOf(state: StackState): Promise<{ owner: number; children: number[]; postgres: number }> {
  return { owner: state.pid, children: state.children.map((child) => child.pid), postgres: await postmasterPid() };
}

async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Seconds from `since` (performance.now()), for the log: how long a stop took. */
const secondsSince = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Reads a file that may not exist yet as text ('' until it does). */
const textOf = (file: string) => readFile(file, 'utf8').catch(() => '');

async function allPortsFree(): Promise<boolean> {
  return (await Promise.all(ports.map((port) => isPortFree(port)))).every(Boolean);
}

function watchdogOf(owner: number): number | undefined {
  const children = readDirectChildren(owner);
  return children.find((pid) => commandLine(pid).includes('watchdog.mjs'));
}

function readDirectChildren(pid: number): number[] {
  // /proc/<pid>/task/<pid>/children lists the direct children (Linux).
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'klub-stack-faults-'));
  // PostgreSQL runs as the `postgres` user when the tests run as root: it must reach its folder.
  await chmod(dataDir, 0o755);
  const [api, db, inbox, smtp, automation, chain, przelewy24] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  ports = [api, db, inbox, smtp, automation, chain, przelewy24];
  env = {
    ...process.env,
    STACK_DATA_DIR: dataDir,
    STACK_API_PORT: String(api),
    STACK_DB_PORT: String(db),
    STACK_INBOX_PORT: String(inbox),
    STACK_SMTP_PORT: String(smtp),
    STACK_AUTOMATION_PORT: String(automation),
    STACK_CHAIN_PORT: String(chain),
    STACK_PRZELEWY24_PORT: String(przelewy24),
    NO_COLOR: '1',
  };
  delete env.DATABASE_URL;
});

afterAll(async () => {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // gone
      }
    }
  }
  await run('node', [BIN, 'stop']).exited;
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('the local stack’s processes', () => {
  it(
    'stop within seconds when `npm run dev` is killed hard (SIGKILL of the launcher), Vite included',
    { timeout: 180_000 },
    async () => {
      const vitePort = await freePort();
      const npm = run('npm', ['run', 'dev', '--', '--port', String(vitePort), '--strictPort']);
      await npm.waitForOutput(READY, 150_000);
      await waitUntil('Vite listens', async () => !(await isPortFree(vitePort)), 60_000);
      const state = readState(dataDir) as StackState;
      const { owner, children, postgres } = await processesOf(state);
      expect(state.children.map((child) => child.name)).toContain('Vite');
      expect(owner).not.toBe(npm.child.pid);

      const killed = performance.now();
      process.kill(npm.child.pid as number, 'SIGKILL');

      await waitUntil('the stack stopped', () => ![owner, ...children, postgres].some(isAlive), 15_000);
      await waitUntil('the ports are free', async () => (await allPortsFree()) && (await isPortFree(vitePort)), 15_000);
      console.log(`[faults] npm run dev killed with SIGKILL: everything stopped in ${secondsSince(killed)} s`);
      expect(npm.output()).toContain(`The process that started the stack (pid ${npm.child.pid}) is gone: stopping…`);
      expect(readState(dataDir)).toBeUndefined();
    },
  );

  it(
    'stop within seconds when the whole process group of `npm run stack` is killed hard',
    { timeout: 180_000 },
    async () => {
      const npm = run('npm', ['run', 'stack']);
      await npm.waitForOutput(READY, 150_000);
      const { owner, children, postgres } = await processesOf(readState(dataDir) as StackState);

      const killed = performance.now();
      // The group that a terminal's job (or Ctrl-\ of a supervisor) would take down at once.
      process.kill(-(npm.child.pid as number), 'SIGKILL');

      await waitUntil('the stack stopped', () => ![owner, ...children, postgres].some(isAlive), 15_000);
      await waitUntil('the ports are free', allPortsFree, 15_000);
      console.log(
        `[faults] the group of npm run stack killed with SIGKILL: everything stopped in ${secondsSince(killed)} s`,
      );
    },
  );

  for (const [how, script] of [
    ['setsid npm run stack &', 'setsid npm run stack > "$1" 2>&1 < /dev/null &'],
    // A job-control shell (as in a terminal) gives the background job a process group of its own.
    ['nohup npm run stack & (a shell with job control)', 'set -m; nohup npm run stack > "$1" 2>&1 < /dev/null &'],
  ] as const) {
    it(
      `keep running when started detached (${how}) and the shell that started it exits later`,
      { timeout: 180_000 },
      async () => {
        const log = path.join(dataDir, 'detached.log');
        const leave = path.join(dataDir, 'leave-the-shell');
        await writeFile(log, '');
        await rm(leave, { force: true });
        // The shell outlives the stack's start (as a terminal's shell does), then exits.
        const shell = run('bash', [
          '-c',
          `${script} while [ ! -e "$2" ]; do sleep 0.1; done; exit 0`,
          'bash',
          log,
          leave,
        ]);
        await waitUntil('the detached stack is ready', async () => (await textOf(log)).includes(READY), 150_000);
        await writeFile(leave, '');
        expect(await shell.exited).toBe(0);
        const { owner, children, postgres } = await processesOf(readState(dataDir) as StackState);
        // The shell is gone: two seconds are four looks of the launcher watch.
        await new Promise((resolve) => setTimeout(resolve, 2000));
        expect([owner, ...children, postgres].every(isAlive)).toBe(true);
        expect(await textOf(log)).not.toContain('is gone: stopping');
        expect((await fetch(`http://127.0.0.1:${env.STACK_API_PORT}/rest/v1/`)).status).toBeLessThan(500);

        const stopping = performance.now();
        const stop = run('npm', ['run', 'stack:stop']);
        expect(await stop.exited).toBe(0);
        expect(stop.output()).toContain(`Stopped the stack (pid ${owner}).`);
        await waitUntil('every child stopped', () => ![owner, ...children, postgres].some(isAlive), 15_000);
        await waitUntil('the ports are free', allPortsFree, 15_000);
        console.log(
          `[faults] detached (${how}): kept running; npm run stack:stop stopped it in ${secondsSince(stopping)} s`,
        );
      },
    );
  }

  it('stop when the stack process itself is killed hard (the watchdog)', { timeout: 120_000 }, async () => {
    const stack = startStack();
    await stack.waitForOutput(READY);
    const { owner, children, postgres } = await processesOf(readState(dataDir) as StackState);
    expect(owner).toBe(stack.child.pid);

    process.kill(owner, 'SIGKILL');

    await waitUntil('every child stopped', () => ![...children, postgres].some(isAlive));
    await waitUntil('the ports are free', allPortsFree);
  });

  it('left running by a dead stack are recognised and reclaimed by the next start', { timeout: 120_000 }, async () => {
    const first = startStack();
    await first.waitForOutput(READY);
    const state = readState(dataDir) as StackState;
    const postgrest = state.children.find((child) => child.name === 'PostgREST')?.pid as number;
    const postgres = await postmasterPid();
    const watchdog = watchdogOf(state.pid);
    expect(watchdog).toBeDefined();
    // Nothing is left to stop the children: they keep running, holding their ports.
    process.kill(watchdog as number, 'SIGKILL');
    process.kill(state.pid, 'SIGKILL');
    await first.exited;
    expect(isAlive(postgrest) && isAlive(postgres)).toBe(true);
    expect(await allPortsFree()).toBe(false);

    const second = startStack();
    await second.waitForOutput(READY);
    expect(second.output()).toContain(`Stopping PostgREST left running by an earlier run (pid ${postgrest})`);
    expect(second.output()).toContain(`by an earlier run (pid ${postgres})`);
    expect(isAlive(postgrest) || isAlive(postgres)).toBe(false);

    // A stack that still runs from the folder is not a leftover: a third start is refused.
    const third = startStack();
    expect(await third.exited).toBe(1);
    expect(third.output()).toContain(`A local stack is already running from ${dataDir} (pid ${second.child.pid})`);
    expect(isAlive(second.child.pid as number)).toBe(true);

    // `npm run stack:stop` stops it in order.
    const stop = run('npm', ['run', 'stack:stop']);
    expect(await stop.exited).toBe(0);
    expect(stop.output()).toContain(`Stopped the stack (pid ${second.child.pid}).`);
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('Stopped.');
    await waitUntil('the ports are free', allPortsFree);
  });

  it('stop with a report when PostgreSQL crashes, and the next start works', { timeout: 120_000 }, async () => {
    const first = startStack();
    await first.waitForOutput(READY);
    const { children, postgres } = await processesOf(readState(dataDir) as StackState);

    process.kill(postgres, 'SIGKILL');

    expect(await first.exited).toBe(1);
    expect(first.output()).toContain('Stopping the stack because a service crashed');
    expect(first.output()).toContain('PostgreSQL stopped unexpectedly');
    await waitUntil('every child stopped', () => !children.some(isAlive));

    const second = startStack();
    await second.waitForOutput(READY);
    expect(second.output()).toContain('(warm start)');
    process.kill(second.child.pid as number, 'SIGTERM');
    expect(await second.exited).toBe(0);
    await waitUntil('the ports are free', allPortsFree);
  });

  it('refuse a port held by a foreign program, name it, and leave it running', { timeout: 60_000 }, async () => {
    const db = Number(env.STACK_DB_PORT);
    const foreign = net.createServer();
    await new Promise<void>((resolve) => foreign.listen(db, '127.0.0.1', resolve));
    try {
      const stack = startStack();
      expect(await stack.exited).toBe(1);
      expect(stack.output()).toContain(
        `Port ${db} (PostgreSQL) is already in use by a program this stack did not start (pid ${process.pid}:`,
      );
      expect(stack.output()).toContain('give the stack another port with STACK_DB_PORT');
      expect(foreign.listening).toBe(true);
      expect(await isPortFree(db)).toBe(false);
    } finally {
      await new Promise((resolve) => foreign.close(resolve));
    }
  });
});
