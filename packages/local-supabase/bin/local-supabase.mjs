#!/usr/bin/env node
// local-supabase [start] [--reset] [--verbose] | stop | dev [vite arguments…]
//   start  the local Supabase stack (Ctrl-C stops it); --reset starts from an empty database
//   stop   stops the stack running from the data folder, and what an earlier run left behind
//   dev    the stack, then Vite; Ctrl-C stops both (STACK=off: Vite alone)
// The sources are TypeScript, run through tsx's loader (Node 20 cannot strip types itself).
import { register } from 'tsx/esm/api';

const COMMANDS = { start: '../src/start.ts', stop: '../src/stop.ts', dev: '../src/dev.ts' };
const [first, ...rest] = process.argv.slice(2);
const command = first && !first.startsWith('-') ? first : 'start';
const entry = COMMANDS[command];
if (!entry) {
  console.error(`local-supabase: unknown command "${command}" (start, stop or dev)`);
  process.exit(2);
}
// The entry points read their flags from process.argv.
process.argv = [process.argv[0], process.argv[1], ...(command === first ? rest : process.argv.slice(2))];
register();
await import(new URL(entry, import.meta.url).href);
