// The WebSocket upgrades the gateway hands over: /realtime/v1/websocket (Kong routes /realtime/v1/*
// to Realtime's /socket/*) with the project's API key in `apikey` and the serializer version in
// `vsn`. Anything else is refused with an HTTP answer before the handshake.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { header } from '../http.ts';
import { API_KEYS } from '../keys.ts';
import { HttpRefusal, realtimeErrors, STATUS_TEXT } from './errors.ts';
import { VERSIONS, type Vsn } from './protocol.ts';

export interface Upgrade {
  vsn: Vsn;
  /** The JWT the API key stands for (the new sb_ keys map to the legacy ones, as Kong does). */
  tenantToken: string;
}

/** What an upgrade request asks for, or the refusal to answer it with. */
export function routeUpgrade(req: IncomingMessage): Upgrade {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.startsWith('/realtime/v1')) throw new HttpRefusal(404, { message: 'no Route matched with those values' });
  if (path !== '/realtime/v1/websocket') {
    throw new HttpRefusal(501, {
      message: realtimeErrors.notEmulated(`Realtime's ${path.slice('/realtime/v1'.length) || '/'} endpoint`),
    });
  }
  const key = url.searchParams.get('apikey') ?? header(req, 'apikey') ?? header(req, 'x-api-key');
  if (!key) {
    throw new HttpRefusal(401, {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
  }
  const tenantToken = API_KEYS.get(key);
  if (!tenantToken) {
    throw new HttpRefusal(401, {
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    });
  }
  const vsn = url.searchParams.get('vsn') ?? '1.0.0';
  if (!(VERSIONS as readonly string[]).includes(vsn)) {
    throw new HttpRefusal(400, {
      message: `The client's requested serializer version "${vsn}" is not supported (1.0.0, 2.0.0)`,
    });
  }
  return { vsn: vsn as Vsn, tenantToken };
}

/** Writes an HTTP answer on the socket of a refused upgrade. */
export function refuse(socket: Duplex, refusal: HttpRefusal): void {
  const body = JSON.stringify(refusal.body);
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_TEXT[refusal.status] ?? 'Error'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
