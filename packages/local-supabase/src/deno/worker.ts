// Runs inside Deno, not Node: one edge function per process, like a worker of Supabase's edge
// runtime. The function's own `Deno.serve(handler)` is redirected to the port the stack chose, on
// 127.0.0.1; `EdgeRuntime.waitUntil` exists; the process exits when the stack that started it goes
// away (its stdin, a pipe from the stack, closes). Usage: deno run -A worker.ts <entry URL> <port>
//
// Node's TypeScript check sees only the few Deno APIs declared here; Deno ignores the declaration.

type Handler = (request: Request, info: unknown) => Response | Promise<Response>;

interface ServeOptions {
  handler?: Handler;
}

declare const Deno: {
  args: string[];
  serve: (...args: unknown[]) => unknown;
  exit(code: number): never;
  stdin: { readable: ReadableStream<Uint8Array> };
};

const READY = '__STACK_FUNCTION_READY__';
const [entry = '', portText = ''] = Deno.args;
const port = Number(portText);
const realServe = Deno.serve.bind(Deno);
let served = false;

function handlerOf(args: unknown[]): Handler {
  const [first, second] = args;
  if (typeof first === 'function') return first as Handler;
  if (typeof second === 'function') return second as Handler;
  const handler = (first as ServeOptions | undefined)?.handler;
  if (typeof handler === 'function') return handler;
  throw new Error('Deno.serve() was called without a handler');
}

Deno.serve = (...args: unknown[]) => {
  if (served) throw new Error('Deno.serve() was called twice: an edge function serves one handler');
  served = true;
  return realServe({ port, hostname: '127.0.0.1', onListen: () => console.log(`${READY} ${port}`) }, handlerOf(args));
};

(globalThis as { EdgeRuntime?: unknown }).EdgeRuntime = {
  waitUntil(promise: Promise<unknown>) {
    promise.catch((error: unknown) => console.error('EdgeRuntime.waitUntil:', error));
  },
};

void (async () => {
  const reader = Deno.stdin.readable.getReader();
  while (!(await reader.read()).done) {
    // The stack never writes; this only waits for the pipe to close.
  }
  Deno.exit(0);
})();

await import(entry);
if (!served) {
  console.error(`${entry} did not call Deno.serve(): an edge function must serve requests`);
  Deno.exit(1);
}
