// THE source of the production response headers (issue 21): deploy/nginx.conf includes what
// `npm run deploy:headers` writes from it (deploy/security-headers.conf), the same script writes
// dist/_headers and dist/_redirects for Netlify, and `vite preview` serves the same headers, so the
// E2E suite runs the app under this exact Content-Security-Policy (e2e/csp.spec.ts).
//
// The policy allows exactly what the app loads: its own origin (scripts, styles, the phone input's
// flags, fonts), the Supabase project over https and wss (REST, Auth, Storage, Realtime, edge
// functions), Storage images (avatars, app, idea and site images, the favicon: all on the Supabase
// origin), hCaptcha (script, frames, its API), and data:/blob: images (the avatar crop preview).

export interface HeaderOptions {
  /** VITE_SUPABASE_URL: the project's API origin (https in production). */
  supabaseUrl: string;
}

const HCAPTCHA = ['https://hcaptcha.com', 'https://*.hcaptcha.com'];

/** The Content-Security-Policy for the app served with the given Supabase project. */
export function contentSecurityPolicy({ supabaseUrl }: HeaderOptions): string {
  const api = new URL(supabaseUrl);
  const websocket = `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...HCAPTCHA],
    // Inline style attributes: the crop area, the progress bars and hCaptcha set them.
    ['style-src', "'self'", "'unsafe-inline'", ...HCAPTCHA],
    ['img-src', "'self'", 'data:', 'blob:', api.origin],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", api.origin, websocket, ...HCAPTCHA],
    ['frame-src', ...HCAPTCHA],
    ['worker-src', "'self'", 'blob:'],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  if (api.protocol === 'https:') directives.push(['upgrade-insecure-requests']);
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** Headers of every response (the document and the assets). */
export function securityHeaders(options: HeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
  };
}

/** Hashed build output (dist/assets/*): cached for a year; index.html (and the rest) revalidated. */
export const IMMUTABLE_ASSETS_CACHE = 'public, max-age=31536000, immutable';
export const DOCUMENT_CACHE = 'no-cache';

/** Netlify's dist/_headers: every path, then the hashed assets, then the document. */
export function netlifyHeaders(options: HeaderOptions): string {
  const all = Object.entries(securityHeaders(options)).map(([name, value]) => `  ${name}: ${value}`);
  return [
    '/*',
    ...all,
    `  Cache-Control: ${DOCUMENT_CACHE}`,
    '/assets/*',
    `  Cache-Control: ${IMMUTABLE_ASSETS_CACHE}`,
    '',
  ].join('\n');
}

/** Netlify's dist/_redirects: the SPA fallback (every unknown path answers index.html). */
export const NETLIFY_REDIRECTS = '/*    /index.html   200\n';

/** nginx `add_header` lines for deploy/nginx.conf's include (always: error answers too). */
export function nginxHeaders(options: HeaderOptions): string {
  return Object.entries(securityHeaders(options))
    .map(([name, value]) => `add_header ${name} "${value.replaceAll('"', '\\"')}" always;`)
    .join('\n')
    .concat('\n');
}
