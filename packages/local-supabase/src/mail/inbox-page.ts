// The web inbox: a list that refreshes itself and a message view (HTML in a sandboxed frame).
import { escapeHtml } from '../http.ts';
import type { MailMessage, MailSummary } from './store.ts';

const STYLE = `
  body { font: 14px/1.4 system-ui, sans-serif; margin: 0; background: #111; color: #eee; }
  header { padding: 12px 20px; background: #1c1c1c; border-bottom: 2px solid #f5c518; }
  h1 { font-size: 16px; margin: 0; } a { color: #f5c518; }
  table { border-collapse: collapse; width: 100%; }
  td, th { text-align: left; padding: 8px 20px; border-bottom: 1px solid #2a2a2a; }
  tr.unread td { font-weight: 600; } main { padding: 12px 20px; }
  iframe { width: 100%; height: 70vh; border: 1px solid #333; background: #fff; }
  pre { white-space: pre-wrap; background: #1c1c1c; padding: 12px; }`;

function layout(title: string, body: string, refresh = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
${refresh ? '<meta http-equiv="refresh" content="3">' : ''}<style>${STYLE}</style></head>
<body><header><h1><a href="/">Local mail catcher</a> · ${escapeHtml(title)}</h1></header>${body}</body></html>`;
}

export function inboxPage(messages: MailSummary[], notice = ''): string {
  const rows = messages
    .map(
      (message) => `<tr class="${message.Read ? '' : 'unread'}">
        <td>${escapeHtml(new Date(message.Created).toLocaleTimeString())}</td>
        <td>${escapeHtml(message.To.map((to) => to.Address).join(', '))}</td>
        <td><a href="/view/${message.ID}">${escapeHtml(message.Subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  const table = messages.length
    ? `<table><tr><th>Time</th><th>To</th><th>Subject</th></tr>${rows}</table>`
    : '<main>No messages yet. Auth e-mails appear here a moment after they are sent.</main>';
  return layout(`${messages.length} message(s)`, `${notice ? `<main>${escapeHtml(notice)}</main>` : ''}${table}`, true);
}

export function messagePage(message: MailMessage): string {
  const html = message.HTML
    ? `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(message.HTML)}"></iframe>`
    : '';
  const body = `<main>
    <p><b>From:</b> ${escapeHtml(`${message.From.Name} <${message.From.Address}>`)}<br>
    <b>To:</b> ${escapeHtml(message.To.map((to) => to.Address).join(', '))}<br>
    <b>Subject:</b> ${escapeHtml(message.Subject)}<br>
    <a href="/api/v1/message/${message.ID}">JSON</a> · <a href="/api/v1/message/${message.ID}/raw">raw</a></p>
    ${html}<h3>Text</h3><pre>${escapeHtml(message.Text)}</pre></main>`;
  return layout(message.Subject || '(no subject)', body);
}
