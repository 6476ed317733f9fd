// The web inbox and the HTTP API of the mail catcher, on the port `supabase start` uses for Mailpit
// (54324). The API is a subset of Mailpit's v1 API, so E2E helpers work against both stacks:
//   GET    /api/v1/messages?start=&limit=      newest first
//   GET    /api/v1/search?query=to:"a@b.c"     to: from: subject: and plain words
//   GET    /api/v1/message/{ID|latest}         full message (Text, HTML)
//   GET    /api/v1/message/{ID}/raw            the raw RFC 822 source
//   DELETE /api/v1/messages   {"IDs": [...]}   (no body or no IDs: delete all)
//   DELETE /api/v1/search?query=...
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendHtml, sendJson } from '../http.ts';
import { inboxPage, messagePage } from './inbox-page.ts';
import type { MailStore, MailSummary } from './store.ts';

export function mailApi(store: MailStore) {
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      await route(store, req, res, url);
    } catch (error) {
      sendJson(res, 400, { error: (error as Error).message });
    }
  };
  // Node's request listener returns nothing: every failure is answered inside handle().
  return (req: IncomingMessage, res: ServerResponse): void => void handle(req, res);
}

async function route(store: MailStore, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? 'GET';
  const path = url.pathname;
  if (method === 'GET' && path === '/') return sendHtml(res, 200, inboxPage(store.list()));
  const view = /^\/view\/([\w-]+)$/.exec(path);
  if (method === 'GET' && view) return showMessage(store, res, view[1] as string);
  if (path === '/api/v1/messages') {
    if (method === 'GET') return sendJson(res, 200, page(store.list(), url, store.list().length));
    if (method === 'DELETE') return deleteMessages(store, req, res);
  }
  if (path === '/api/v1/search') {
    const found = store.search(url.searchParams.get('query') ?? '');
    if (method === 'GET') return sendJson(res, 200, page(found, url, store.list().length));
    if (method === 'DELETE') {
      if (found.length) store.delete(found.map((message) => message.ID));
      return sendJson(res, 200, 'ok');
    }
  }
  const single = /^\/api\/v1\/message\/([\w-]+)(\/raw)?$/.exec(path);
  if (method === 'GET' && single) return getMessage(store, res, single[1] as string, Boolean(single[2]));
  sendJson(res, 404, { error: `The local mail catcher does not serve ${method} ${path} (Mailpit API subset)` });
}

function page(messages: MailSummary[], url: URL, total: number) {
  const start = Number(url.searchParams.get('start') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const slice = messages.slice(start, start + limit);
  return {
    total,
    unread: messages.filter((message) => !message.Read).length,
    count: slice.length,
    messages_count: messages.length,
    start,
    tags: [],
    messages: slice,
  };
}

async function deleteMessages(store: MailStore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = (await readBody(req)).toString('utf8').trim();
  const ids = body ? ((JSON.parse(body) as { IDs?: string[] }).IDs ?? []) : [];
  store.delete(ids);
  sendJson(res, 200, 'ok');
}

function getMessage(store: MailStore, res: ServerResponse, id: string, raw: boolean): void {
  const stored = store.get(id);
  if (!stored) return sendJson(res, 404, { error: 'message not found' });
  store.markRead(stored.summary.ID);
  if (!raw) return sendJson(res, 200, stored.message);
  res.writeHead(200, { 'Content-Type': 'message/rfc822', 'Content-Length': stored.raw.length });
  res.end(stored.raw);
}

function showMessage(store: MailStore, res: ServerResponse, id: string): void {
  const stored = store.get(id);
  if (!stored) return sendHtml(res, 404, inboxPage(store.list(), 'That message is gone.'));
  store.markRead(stored.summary.ID);
  sendHtml(res, 200, messagePage(stored.message));
}
