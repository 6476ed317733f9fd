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
