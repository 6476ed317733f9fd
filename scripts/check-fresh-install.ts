// `npm run check:fresh-install`: what a newcomer's machine does, quickly. Clones the committed HEAD
// into a temporary folder, runs `npm ci` with an empty Deno cache of its own, then closes the
// registry (every proxy variable points at a closed local port) and runs the stack contract tests
// and the edge functions' Deno tests. They pass only if `npm ci` cached every dependency the stack,
// the functions and their tests need. Prints the time of each step. (.ci/run does the same for the
// whole `npm test`.)
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/root.ts';

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const folder = await mkdtemp(path.join(os.tmpdir(), 'klub-fresh-'));
// PostgreSQL runs as the `postgres` user when this runs as root: it must reach the clone.
await chmod(folder, 0o755);
const app = path.join(folder, 'app');
const timings: [string, number][] = [];
const step = async (name: string, work: () => Promise<void>) => {
  const started = performance.now();
  console.log(`\n▶ ${name}`);
  await work();
  timings.push([name, (performance.now() - started) / 1000]);
};

try {
  const env = { ...process.env, DENO_DIR: path.join(folder, 'deno'), XDG_CACHE_HOME: path.join(folder, 'cache') };
  await step('git clone', () => run('git', ['clone', '--quiet', ROOT, app], folder, env));
  await step('npm ci (empty Deno cache)', () => run('npm', ['ci', '--no-audit', '--no-fund'], app, env));
  const proxy = `http://127.0.0.1:${await closedPort()}`;
  const offline = {
    ...env,
    ...Object.fromEntries(
      ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'all_proxy'].map((name) => [name, proxy]),
    ),
    NO_PROXY: '127.0.0.1,localhost,::1',
    no_proxy: '127.0.0.1,localhost,::1',
    npm_config_offline: 'true',
  };
  console.log(`\nThe registry is unreachable from now on (proxy ${proxy}).`);
  await step('stack contract tests (offline)', () => run('npm', ['run', '--silent', 'test:stack'], app, offline));
  await step('functions: deno check + tests (offline)', async () => {
    await run('npm', ['run', '--silent', 'functions:check'], app, offline);
    await run('npm', ['run', '--silent', 'test:functions'], app, offline);
  });
  console.log('\nstep                                      seconds');
  for (const [name, seconds] of timings) console.log(`${name.padEnd(42)}${seconds.toFixed(1).padStart(7)}`);
  console.log('fresh install: ok');
} finally {
  await rm(folder, { recursive: true, force: true });
}
