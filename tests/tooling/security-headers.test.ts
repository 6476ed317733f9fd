// The production headers' one source (deploy/security-headers.ts): what nginx, Netlify and `vite
// preview` serve for a project.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/root.ts';
import {
  contentSecurityPolicy,
  NETLIFY_REDIRECTS,
  netlifyHeaders,
  nginxHeaders,
  securityHeaders,
} from '../../deploy/security-headers.ts';

const hosted = { supabaseUrl: 'https://abcdefghijklmnopqrst.supabase.co' };

describe('the production security headers', () => {
  it('allow the app, its Supabase project over https and wss, and hCaptcha; nothing may frame the app', () => {
    const csp = contentSecurityPolicy(hosted);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://hcaptcha.com https://*.hcaptcha.com;");
    expect(csp).toContain(
      "connect-src 'self' https://abcdefghijklmnopqrst.supabase.co wss://abcdefghijklmnopqrst.supabase.co https://hcaptcha.com",
    );
    expect(csp).toContain("img-src 'self' data: blob: https://abcdefghijklmnopqrst.supabase.co;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/upgrade-insecure-requests$/);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(contentSecurityPolicy({ supabaseUrl: 'http://127.0.0.1:54321' })).not.toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy({ supabaseUrl: 'http://127.0.0.1:54321' })).toContain('ws://127.0.0.1:54321');
  });

  it('set HSTS, the referrer and permissions policies and nosniff', () => {
    expect(securityHeaders(hosted)).toMatchObject({
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
    });
    expect(securityHeaders(hosted)['Permissions-Policy']).toContain('camera=()');
  });

  it('reach nginx and Netlify from the same source, with caching and the SPA fallback', async () => {
    const nginx = nginxHeaders(hosted);
    for (const [name, value] of Object.entries(securityHeaders(hosted))) {
      expect(nginx).toContain(`add_header ${name} "${value}" always;`);
    }
    const netlify = netlifyHeaders(hosted);
    expect(netlify).toContain(`  Content-Security-Policy: ${contentSecurityPolicy(hosted)}`);
    expect(netlify).toMatch(/\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/);
    expect(netlify).toContain('  Cache-Control: no-cache');
    expect(NETLIFY_REDIRECTS).toBe('/*    /index.html   200\n');

    const conf = await readFile(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
    expect(conf.match(/include \/etc\/nginx\/snippets\/klub-security-headers\.conf;/g)).toHaveLength(2);
    expect(conf).toContain('try_files $uri $uri/ /index.html;');
    expect(conf).toContain('add_header Cache-Control "public, max-age=31536000, immutable" always;');
  });
});
