// `npm run stack:stop`: stops the local stack that runs from the data folder (.data/stack, or
// STACK_DATA_DIR) — the `npm run stack` or `npm run dev` in another terminal, or what such a run
// left behind when it was killed. Anything it did not start is left alone.
import path from 'node:path';
import { ROOT } from './db/harness.ts';
import { DATA_DIR } from './cli.ts';
import { reclaimLeftovers, runningStack, stopProcess } from './leftovers.ts';

const inside = path.relative(ROOT, DATA_DIR);
const folder = inside && !inside.startsWith('..') ? inside : DATA_DIR;
const owner = runningStack(DATA_DIR);
const said: string[] = [];
if (owner) {
  console.log(`Stopping the stack running from ${folder} (pid ${owner})…`);
  // SIGTERM is an orderly stop (services in reverse order); after 30 s it is killed, and the
  // watchdog and the reclaim below stop whatever it still had running.
  await stopProcess(owner, 'SIGTERM', 30_000);
  said.push(`Stopped the stack (pid ${owner}).`);
}
await reclaimLeftovers(DATA_DIR, (line) => said.push(line));
console.log(said.length ? said.join('\n') : `No stack is running from ${folder}.`);
