// Where Auth may send a member with a session: GoTrue's IsRedirectURLValid (site_url by scheme, host
// and port; loopback addresses; additional_redirect_urls as gobwas globs with '.' and '/' as
// separators), first as a function, then through the stack's e-mailed links.
import { describe, expect, it } from 'vitest';
import { globMatches, isRedirectAllowed } from '../src/auth/redirect.ts';
import { activatedMember } from './helpers/accounts.ts';
import { appClient } from './helpers/clients.ts';
import { authMail } from './helpers/mailbox.ts';

const production = {
  siteUrl: 'https://klub.example.pl',
  additionalRedirectUrls: ['https://www.klub.example.pl/**', 'https://*.preview.example.pl/auth/*'],
};

describe('isRedirectAllowed (hosted Auth rules)', () => {
  it('allows the site by scheme, host and port, on any path', () => {
    expect(isRedirectAllowed(production, 'https://klub.example.pl/reset-password?x=1#y')).toBe(true);
    expect(isRedirectAllowed(production, 'https://klub.example.pl')).toBe(true);
  });

  it('refuses another port, another scheme or another host of the site', () => {
    expect(isRedirectAllowed(production, 'https://klub.example.pl:8443/reset-password')).toBe(false);
    expect(isRedirectAllowed(production, 'http://klub.example.pl/reset-password')).toBe(false);
    expect(isRedirectAllowed(production, 'https://klub.example.pl.evil.example/')).toBe(false);
    expect(isRedirectAllowed(production, 'https://evil.example/?https://klub.example.pl')).toBe(false);
  });

  it('never allows a javascript: or data: URL, even one naming the site', () => {
    expect(isRedirectAllowed(production, 'javascript:alert(1)')).toBe(false);
    expect(isRedirectAllowed(production, 'javascript://klub.example.pl/%0aalert(1)')).toBe(false);
    expect(isRedirectAllowed(production, 'data:text/html,<script>alert(1)</script>')).toBe(false);
    expect(isRedirectAllowed(production, '')).toBe(false);
    expect(isRedirectAllowed(production, 'https://klub.example.pl/a\nb')).toBe(false);
  });

  it('matches additional_redirect_urls as globs: * and ? stop at . and /, ** does not', () => {
    expect(isRedirectAllowed(production, 'https://www.klub.example.pl/activate')).toBe(true);
    expect(isRedirectAllowed(production, 'https://www.klub.example.pl/a/b/c')).toBe(true);
    expect(isRedirectAllowed(production, 'https://pr-12.preview.example.pl/auth/callback')).toBe(true);
    expect(isRedirectAllowed(production, 'https://a.b.preview.example.pl/auth/callback')).toBe(false);
    expect(isRedirectAllowed(production, 'https://pr-12.preview.example.pl/auth/callback/more')).toBe(false);
    expect(isRedirectAllowed(production, 'https://www.klub.example.pl:444/activate')).toBe(false);
    expect(globMatches('http://localhost:{5173,4173}/**', 'http://localhost:4173/activate')).toBe(true);
    expect(globMatches('http://localhost:{5173,4173}/**', 'http://localhost:4174/activate')).toBe(false);
    expect(globMatches('http://localhost:417[3-9]/*', 'http://localhost:4177/x')).toBe(true);
    expect(globMatches('http://localhost:417[!3]/*', 'http://localhost:4173/x')).toBe(false);
    expect(globMatches('https://a\\*b.example/', 'https://a*b.example/')).toBe(true);
    expect(globMatches('https://a\\*b.example/', 'https://axb.example/')).toBe(false);
  });

  it('allows loopback addresses on any port (RFC 8252), but no other address or odd host name', () => {
    expect(isRedirectAllowed(production, 'http://127.0.0.1:4175/activate')).toBe(true);
    expect(isRedirectAllowed(production, 'http://[::1]:3000/')).toBe(true);
    expect(isRedirectAllowed(production, 'http://10.0.0.1/activate')).toBe(false);
    expect(isRedirectAllowed(production, 'http://2130706433/')).toBe(false);
    expect(isRedirectAllowed(production, 'http://exa_mple.pl/')).toBe(false);
    const local = { siteUrl: 'http://127.0.0.1:5173', additionalRedirectUrls: [] };
    expect(isRedirectAllowed(local, 'http://localhost:5173/activate')).toBe(false);
    expect(isRedirectAllowed({ ...local, siteUrl: 'http://localhost:5173' }, 'http://localhost:4175/x')).toBe(true);
  });
});

describe('redirects of e-mailed links', () => {
  it('sends a javascript: redirect_to, or one to another host, to site_url instead', async () => {
    const member = await activatedMember('redirect-js');
    await appClient().auth.resetPasswordForEmail(member.email, { redirectTo: 'javascript:alert(document.cookie)' });
    expect((await authMail(member.email, 'recovery')).redirectTo).toBe('http://127.0.0.1:5173');
  });

  it('keeps an allowed redirect_to of another local port (the E2E app ports)', async () => {
    const member = await activatedMember('redirect-port');
    await appClient().auth.resetPasswordForEmail(member.email, { redirectTo: 'http://127.0.0.1:4175/reset-password' });
    expect((await authMail(member.email, 'recovery')).redirectTo).toBe('http://127.0.0.1:4175/reset-password');
  });
});
