// Port checks with messages that say what to do.
import net from 'node:net';

export class BusyPortError extends Error {
  constructor(
    readonly port: number,
    readonly service: string,
  ) {
    super(
      `Port ${port} (${service}) is already in use. Another \`npm run stack\`, \`supabase start\` or ` +
        `\`npm run db:start\` is probably running: stop it (or free the port) and try again.`,
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
export async function assertPortsFree(ports: { port: number; service: string }[]): Promise<void> {
  for (const { port, service } of ports) {
    if (!(await isPortFree(port))) throw new BusyPortError(port, service);
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
