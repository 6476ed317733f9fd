// CPU accounting for `npm test` (Linux /proc; elsewhere every figure is undefined).
//
// The CPU a parent reads from its reaped children (`cutime`) misses every process nobody waits for:
// a PostgreSQL stopped by a signal from a process that then exits, workers whose parent ended
// first, a browser's helpers. So the run also samples its whole process tree: every process that
// descends from it (found by its parent, and followed after its parent exits) is read once a
// second, and its own user + system time is kept. A process is charged to the step (or service)
// that started the branch it grew on; PostgreSQL's processes (`postgres`) are summed apart. A process
// that lives less than a sampling period is missed by the sampling, not by the reaped figure.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS = 100;

interface ProcStat {
  pid: number;
  ppid: number;
  /** Start time in clock ticks since boot: with the pid, it names one process. */
  start: number;
  comm: string;
  /** Own user + system time, seconds. */
  cpu: number;
}

function readStat(pid: number | 'self'): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  // The fields after the command name (which may hold spaces) start with the state, field 3.
  const fields = text.slice(close + 2).split(' ');
  return {
    pid: Number(text.slice(0, text.indexOf(' '))),
    ppid: Number(fields[1]),
    start: Number(fields[19]),
    comm,
    cpu: (Number(fields[11]) + Number(fields[12])) / TICKS,
  };
}

/**
 * CPU seconds used by the children this process has reaped so far (`cutime` + `cstime` of
 * /proc/self/stat, which also hold what those children reaped of their own).
 */
export function reapedChildrenCpu(): number | undefined {
  let text: string;
  try {
    text = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return undefined;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
}

export interface MachineCpu {
  /** user + nice + system + irq + softirq + steal, seconds over all cores. */
  busy: number;
  steal: number;
  /** idle + iowait. */
  idle: number;
}

/** The whole machine's CPU time so far (first line of /proc/stat). */
export function machineCpu(): MachineCpu | undefined {
  let line: string | undefined;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  } catch {
    return undefined;
  }
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line!.trim().split(/\s+/).slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return {
    busy: (user + nice + system + irq + softirq + steal) / TICKS,
    steal: steal / TICKS,
    idle: (idle + iowait) / TICKS,
  };
}

export interface OwnerCpu {
  /** Own CPU of every sampled process of the owner, seconds. */
  total: number;
  /** The part used by PostgreSQL's processes. */
  postgres: number;
}

interface Tracked {
  owner: string;
  /** The program's name (`comm`) as last seen. */
  comm: string;
  postgres: boolean;
  cpu: number;
}

/** Samples the process tree under this process; `owner(pid, label)` names a branch as it starts. */
export class ProcessTreeCpu {
  private readonly root = process.pid;
  private readonly tracked = new Map<string, Tracked>();
  /** pid → key of the tracked process that now has it. */
  private readonly live = new Map<number, string>();
  /** Processes seen not to be ours. */
  private readonly foreign = new Set<number>();
  private readonly labels = new Map<number, string>();
  private timer: NodeJS.Timeout | undefined;
  readonly available = readStat('self') !== undefined;

  constructor(private readonly rootLabel: string) {}

  /** Charges the branch that grows from `pid` (a child of this process) to `label`. */
  owner(pid: number | undefined, label: string): void {
    if (pid !== undefined) this.labels.set(pid, label);
  }

  start(periodMs = 1_000): void {
    if (!this.available) return;
    this.sample();
    this.timer = setInterval(() => this.sample(), periodMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.sample();
  }

  sample(): void {
    let pids: number[];
    try {
      pids = readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .map(Number);
    } catch {
      return;
    }
    const fresh: ProcStat[] = [];
    const present = new Set(pids);
    for (const pid of pids) {
      // A pid that was not ours stays not ours while it lives (the kernel reuses pids only after
      // it has gone through the whole range).
      if (this.foreign.has(pid)) continue;
      const key = this.live.get(pid);
      const stat = readStat(pid);
      if (!stat) continue;
      if (key === `${pid}:${stat.start}`) {
        const tracked = this.tracked.get(key)!;
        tracked.cpu = stat.cpu;
        // A process may exec another program (npx → node, a shell → its command).
        tracked.comm = stat.comm;
        if (stat.comm === 'postgres') tracked.postgres = true;
        continue;
      }
      fresh.push(stat);
    }
    for (const pid of this.foreign) if (!present.has(pid)) this.foreign.delete(pid);
    for (const pid of this.live.keys()) if (!present.has(pid)) this.live.delete(pid);
    // Parents started before their children: taking the new ones by start time finds the owner of
    // a child whose parent is new in this sample too.
    fresh.sort((a, b) => a.start - b.start);
    for (const stat of fresh) {
      const parentKey = this.live.get(stat.ppid);
      const parent = parentKey ? this.tracked.get(parentKey) : undefined;
      let owner: string | undefined;
      if (stat.ppid === this.root) owner = this.labels.get(stat.pid) ?? this.rootLabel;
      else if (parent) owner = parent.owner;
      if (owner === undefined) {
        this.foreign.add(stat.pid);
        continue;
      }
      const key = `${stat.pid}:${stat.start}`;
      this.tracked.set(key, { owner, comm: stat.comm, postgres: stat.comm === 'postgres', cpu: stat.cpu });
      this.live.set(stat.pid, key);
    }
  }

  /** Sampled CPU per owner and program, largest first: where a step's CPU goes. */
  byProgram(): Record<string, Record<string, number>> {
    const owners: Record<string, Record<string, number>> = {};
    for (const process of this.tracked.values()) {
      const programs = (owners[process.owner] ??= {});
      programs[process.comm] = (programs[process.comm] ?? 0) + process.cpu;
    }
    for (const [owner, programs] of Object.entries(owners)) {
      owners[owner] = Object.fromEntries(
        Object.entries(programs)
          .sort(([, a], [, b]) => b - a)
          .map(([comm, cpu]) => [comm, Math.round(cpu * 10) / 10]),
      );
    }
    return owners;
  }

  /** Sampled CPU per owner. */
  byOwner(): Map<string, OwnerCpu> {
    const owners = new Map<string, OwnerCpu>();
    for (const process of this.tracked.values()) {
      const sums = owners.get(process.owner) ?? { total: 0, postgres: 0 };
      sums.total += process.cpu;
      if (process.postgres) sums.postgres += process.cpu;
      owners.set(process.owner, sums);
    }
    return owners;
  }
}
