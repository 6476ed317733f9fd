// Port checks with messages that say what to do, naming the program that holds a busy port.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import net from 'node:net';
import { commandLine } from '../leftovers.ts';

export class BusyPortError extends Error {
  constructor(
    readonly port: number,
    readonly service: string,
    /** The environment variable that moves this service, if there is one. */
    readonly env?: string,
    readonly owner: PortOwner | undefined = portOwner(port),
  ) {
    const who = owner
      ? `by a program this stack did not start (pid ${owner.pid}: ${owner.command || 'unknown command'})`
      : 'by a program this stack did not start (another `supabase start`, `npm run db:start` or stack?)';
    super(
      `Port ${port} (${service}) is already in use ${who}. Stop it, or give the stack another port` +
        `${env ? ` with ${env}` : ''}, and try again.`,
    );
    this.name = 'BusyPortError';
  }
}

export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** Throws BusyPortError for the first busy port. */
export async function assertPortsFree(ports: { port: number; service: string; env?: string }[]): Promise<void> {
  for (const { port, service, env } of ports) {
    if (!(await isPortFree(port))) throw new BusyPortError(port, service, env);
  }
}

/** A port the OS says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface PortOwner {
  pid: number;
  command: string;
}

function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const row of text.split('\n').slice(1)) {
      const cells = row.trim().split(/\s+/);
      // local_address is "ADDR:PORT" (hex); state 0A is LISTEN; the inode is the 10th column.
      if (cells[1]?.endsWith(`:${hex}`) && cells[3] === '0A' && cells[9]) inodes.add(cells[9]);
    }
  }
  return inodes;
}

/** The process listening on a TCP port, when the system lets this user see it. */
export function portOwner(port: number): PortOwner | undefined {
  const inodes = listeningInodes(port);
  if (inodes.size) {
    for (const entry of safeReaddir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      for (const fd of safeReaddir(`/proc/${entry}/fd`)) {
        let target = '';
        try {
          target = readlinkSync(`/proc/${entry}/fd/${fd}`);
        } catch {
          continue;
        }
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return { pid: Number(entry), command: commandLine(Number(entry)) };
      }
    }
    return undefined;
  }
  if (process.platform === 'linux') return undefined;
  try {
    const pid = Number(
      execFileSync('lsof', ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-t'], { encoding: 'utf8' }).split('\n')[0],
    );
    return pid ? { pid, command: commandLine(pid) } : undefined;
  } catch {
    return undefined;
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
