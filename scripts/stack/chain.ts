// The local stack's chain: the emulator of chain-emulator.ts behind an HTTP port, registered in
// local-supabase.config.ts. The stack starts it on the API port + 7 (STACK_CHAIN_PORT moves it) and
// points the functions' provider settings at it, unless real providers are configured:
//   TRONGRID_URL   → <url>/tron        ERC20_RPC_URL → <url>/ethereum        BSC_RPC_URL → <url>/bsc
// A developer drives it with its control API (see chain-emulator.ts), e.g.
//   curl -X POST localhost:<port>/api/mine -d '{"network":"TRC20","blocks":19}'
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { LocalService, Logger } from '@klub/local-supabase';
import { ChainEmulator, type ChainEmulatorOptions } from './chain-emulator.ts';

export interface ChainService {
  url: string;
  emulator: ChainEmulator;
  stop(): Promise<void>;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', 'host.docker.internal', '0.0.0.0']);

/** The provider settings the functions get: a configured real provider stays, local URLs come here. */
export function chainFunctionEnv(configured: Readonly<Record<string, string>>, url: string): Record<string, string> {
  const pick = (name: string, path: string) => {
    const value = configured[name];
    if (value) {
      try {
        if (!LOCAL_HOSTS.has(new URL(value).hostname)) return value;
      } catch {
        return value;
      }
    }
    return `${url}${path}`;
  };
  return {
    TRONGRID_URL: pick('TRONGRID_URL', '/tron'),
    ERC20_RPC_URL: pick('ERC20_RPC_URL', '/ethereum'),
    BSC_RPC_URL: pick('BSC_RPC_URL', '/bsc'),
  };
}

async function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Promise<Request> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 1024 * 1024) throw new Error('The body is larger than 1 MiB');
    chunks.push(chunk);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  return new Request(`${origin}${req.url ?? '/'}`, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks),
    signal,
  });
}

export async function startChain({
  port,
  log,
  ...options
}: { port: number; log: Logger } & ChainEmulatorOptions): Promise<ChainService> {
  const emulator = new ChainEmulator(options);
  const url = `http://127.0.0.1:${port}`;
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const aborted = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    const response = await emulator.handle(await toRequest(req, url, aborted.signal));
    const text = await response.text();
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(text);
    log.debug('functions', `chain: ${req.method} ${req.url} → ${response.status}`);
  };
  const server = http.createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ Error: (error as Error).message }));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url, emulator, stop };
}

/** The chain as a service of the local stack (local-supabase.config.ts). */
export const chainService: LocalService = {
  name: 'chain',
  portOffset: 7,
  description: 'in-memory TRON, Ethereum and BSC chains (TronGrid and JSON-RPC subsets) for USDT checks',
  async start({ port, log }) {
    const service = await startChain({ port, log });
    return {
      url: service.url,
      functionEnv: (configured) => chainFunctionEnv(configured, service.url),
      stop: service.stop,
    };
  },
};
