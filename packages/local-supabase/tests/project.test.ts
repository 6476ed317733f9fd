// The package's face: its one entry starts nothing when imported; a project's
// local-supabase.config.ts adds the app's pieces (services, a database hook, summary rows); the
// launcher watch follows only the processes of the stack's own process group.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { summary } from '../src/cli.ts';
import { loadConfig } from '../src/config/config.ts';
import { PACKAGE_DIR, ROOT, WORKDIR } from '../src/db/harness.ts';
import { launchers, type ProcessRow } from '../src/lifeline.ts';
import { loadProjectConfig, PROJECT_CONFIG_FILE, type ProjectConfig } from '../src/project.ts';
import type { Stack } from '../src/stack.ts';

const run = promisify(execFile);

describe('the package entry', () => {
  it('is the only export, and importing it starts nothing (the process ends by itself)', async () => {
    const manifest = (await import(path.join(PACKAGE_DIR, 'package.json'), { with: { type: 'json' } })) as {
      default: { exports: Record<string, string> };
    };
    expect(Object.keys(manifest.default.exports)).toEqual(['.', './package.json']);
    const started = performance.now();
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "const entry = await import('@klub/local-supabase'); console.log(Object.keys(entry).sort().join(' '));",
      ],
      { cwd: ROOT, timeout: 30_000 },
    );
    expect(stdout.trim().split(' ')).toEqual(
      expect.arrayContaining(['ANON_KEY', 'SERVICE_ROLE_KEY', 'startDatabase', 'startStack', 'freePort']),
    );
    // A started stack (or a listening server) would keep it running until the timeout.
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});

describe('loadProjectConfig', () => {
  it('is empty without a local-supabase.config.ts, and refuses one without a default export', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'klub-project-'));
    try {
      expect(await loadProjectConfig(folder)).toEqual({});
      await writeFile(path.join(folder, PROJECT_CONFIG_FILE), 'export const services = [];\n');
      await expect(loadProjectConfig(folder)).rejects.toThrow(`${PROJECT_CONFIG_FILE} must export its settings`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('reads this project’s file: its services, database hook and summary rows', async () => {
    const project = await loadProjectConfig(WORKDIR);
    expect(project.services?.map((service) => [service.name, service.portOffset])).toEqual([
      ['automation', 5],
      ['chain', 7],
      ['przelewy24', 9],
    ]);
    expect(typeof project.onDatabaseReady).toBe('function');
    expect(typeof project.summary).toBe('function');
  });
});

describe('the start-up summary', () => {
  it('lists the project’s services and rows; a failing row is shown, not thrown', async () => {
    const stack = {
      apiUrl: 'http://127.0.0.1:1',
      realtimeUrl: 'ws://127.0.0.1:1/realtime/v1/websocket',
      dbUrl: 'postgresql://postgres:postgres@127.0.0.1:2/postgres',
      inboxUrl: 'http://127.0.0.1:3',
      smtpPort: 4,
      anonKey: 'anon',
      serviceRoleKey: 'service',
      services: { webhooks: 'http://127.0.0.1:6' },
      functions: [],
      buckets: [],
      readyInMs: 1000,
      config: await loadConfig(WORKDIR),
    } as unknown as Stack;
    const project: ProjectConfig = {
      services: [
        { name: 'webhooks', portOffset: 5, description: 'a fake', start: () => Promise.reject(new Error('unused')) },
      ],
      summary: async () => [['Accounts', 'a@example.com\nb@example.com']],
    };
    const text = await summary(stack, false, project);
    expect(text).toContain('  Webhooks          http://127.0.0.1:6  (a fake)');
    expect(text).toContain(`  Accounts          a@example.com\n${' '.repeat(20)}b@example.com`);
    const failing = await summary(stack, false, { summary: () => Promise.reject(new Error('no database')) });
    expect(failing).toContain('its summary failed: no database');
    expect(await summary(stack, false)).not.toContain('Webhooks');
  });
});

describe('launchers: what the launcher watch follows', () => {
  const table = (rows: [pid: number, ppid: number, pgid: number][]) =>
    new Map<number, ProcessRow>(rows.map(([pid, ppid, pgid]) => [pid, { pid, ppid, pgid }]));

  it('follows the parents inside the stack’s own process group, not what started the group', () => {
    // terminal shell 10 (group 10) → npm 20 (job group 20) → sh 21 → node 22
    const job = table([
      [1, 0, 1],
      [10, 1, 10],
      [20, 10, 20],
      [21, 20, 20],
      [22, 21, 20],
    ]);
    expect(launchers(job, 22)).toEqual([21, 20]);
  });

  it('follows nothing above a detached start (setsid: npm leads a session and group of its own)', () => {
    // the shell 10 that ran `setsid npm run stack &` exits; npm 20 is the leader of group 20
    const detached = table([
      [1, 0, 1],
      [10, 1, 10],
      [20, 10, 20],
      [22, 20, 20],
    ]);
    expect(launchers(detached, 22)).toEqual([20]);
    // the stack started directly as its group's leader watches no launcher at all
    expect(
      launchers(
        table([
          [10, 1, 10],
          [22, 10, 22],
        ]),
        22,
      ),
    ).toEqual([]);
  });

  it('watches nothing when the process table cannot be read', () => {
    expect(launchers(new Map(), 22)).toEqual([]);
  });
});
