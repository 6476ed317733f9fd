/** Placeholders are written {{name}} (as the send-email hook renders them). */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The template filled with its variables' examples, the way the hook fills it: one pass (a value
 * cannot bring in another placeholder), unknown placeholders empty, values HTML-escaped in HTML.
 */
export function fillTemplate(template: string, values: Record<string, string>, { html }: { html: boolean }): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = Object.hasOwn(values, name) ? (values[name] ?? '') : '';
    return html ? escapeHtml(value) : value;
  });
}

/**
 * The document shown in the preview frame. The frame is sandboxed without scripts or same-origin
 * rights, and this policy forbids scripts, forms and remote loads besides images: the admin's HTML
 * is shown, never run.
 */
export function previewDocument(body: string): string {
  return [
    '<!doctype html><html lang="pl"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'">`,
    '<style>body{font-family:system-ui,sans-serif;background:#fff;color:#111;margin:16px}</style>',
    `</head><body>${body}</body></html>`,
  ].join('');
}
