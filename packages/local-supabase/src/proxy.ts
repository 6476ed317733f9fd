// Streams a request to a local upstream and its answer back (PostgREST, the Deno function workers).
import http, { type IncomingMessage, type ServerResponse } from 'node:http';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface ProxyTarget {
  port: number;
  path: string;
  /** Extra or replaced request headers. */
  headers?: Record<string, string>;
}

function requestHeaders(req: IncomingMessage, target: ProxyTarget): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
  }
  headers.host = `127.0.0.1:${target.port}`;
  headers['x-forwarded-for'] = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
  return { ...headers, ...target.headers };
}

/**
 * Forwards `req` to the upstream. `decorate` may add headers to the answer (CORS). Resolves when the
 * answer is complete; rejects (before anything was sent) when the upstream cannot be reached.
 */
export function proxy(
  req: IncomingMessage,
  res: ServerResponse,
  target: ProxyTarget,
  decorate: (headers: http.OutgoingHttpHeaders) => http.OutgoingHttpHeaders = (headers) => headers,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: target.path,
        method: req.method,
        headers: requestHeaders(req, target),
        agent,
      },
      (answer) => {
        const headers: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, decorate(headers));
        answer.pipe(res);
        answer.on('end', () => resolve());
        answer.on('error', () => {
          res.destroy();
          resolve();
        });
      },
    );
    upstream.on('error', (error) => {
      if (res.headersSent) {
        res.destroy();
        resolve();
      } else {
        reject(error);
      }
    });
    req.pipe(upstream);
  });
}
