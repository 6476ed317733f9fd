// A `dev` that starts the local stack, then Vite. Ctrl-C stops both;
// when Vite exits the stack stops, and when a stack service crashes Vite stops.
// Set STACK=off to run Vite alone (e.g. against `supabase start`, which serves the same URL and keys).
import './signals.ts';
import path from 'node:path';
import { ROOT } from './db/harness.ts';
import { runStack } from './cli.ts';
import { spawnSupervised } from './processes.ts';

/** --reset and --verbose are the stack's; every other argument goes to Vite (`npm run dev -- --host`). */
const viteArgs = process.argv.slice(2).filter((arg) => arg !== '--reset' && arg !== '--verbose');
const vite = path.join(ROOT, 'node_modules/.bin/vite');

if (process.env.STACK === 'off') {
  spawnSupervised({ name: 'Vite', command: vite, args: viteArgs, inheritStdio: true })
    .exited.then((exit) => process.exit(exit.code ?? 1))
    .catch(() => process.exit(1));
} else {
  const running = await runStack();
  const server = spawnSupervised({
    name: 'Vite',
    command: vite,
    args: viteArgs,
    inheritStdio: true,
    onUnexpectedExit: (exit) => void running.shutdown(exit.code ?? 1, 'Vite exited: stopping the stack'),
  });
  running.onStop(() => server.stop());
}
