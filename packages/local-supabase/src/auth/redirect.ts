// GoTrue's GetReferrer and IsRedirectURLValid (internal/utilities/request.go): redirect_to (header,
// then query) when allowed, else the Referer header when allowed, else site_url. Allowed means:
// - scheme, host and port of site_url (the port may differ only for a loopback host, RFC 8252);
// - a loopback IP address (any scheme, any port); never a host written as a decimal number, nor an
//   http(s) host name with unusual characters;
// - or a match of one of additional_redirect_urls, compiled as gobwas/glob with the separators
//   '.' and '/' ("*" and "?" stop at them, "**" does not; [abc], [!a-z], {a,b} and \ escapes),
//   against the whole URL without its fragment.
// So `javascript:…`, another host, or another port of a non-loopback site never get a session.
import { isIP } from 'node:net';
import type { AuthConfig } from '../config/config.ts';
import { header } from '../http.ts';
import type { AuthRequest } from './context.ts';

interface ParsedUrl {
  scheme: string;
  hostname: string;
  port: string;
}

/** Scheme, host name and explicit port as Go's url.Parse gives them (not normalised like WHATWG URL). */
function parseUrl(value: string): ParsedUrl | undefined {
  // Go's url.Parse refuses control characters.
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  if (!scheme) return undefined;
  const rest = value.slice(scheme[0].length);
  if (!rest.startsWith('//')) return { scheme: (scheme[1] as string).toLowerCase(), hostname: '', port: '' };
  const authority = /^\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d*))?(?=[/?#]|$)/.exec(rest);
  if (!authority) return undefined;
  return {
    scheme: (scheme[1] as string).toLowerCase(),
    hostname: (authority[1] as string).replace(/^\[(.*)\]$/, '$1'),
    port: authority[2] ?? '',
  };
}

const LOCALHOST = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::']);
const DECIMAL_IP = /^[0-9]+$/;
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

/** Go's net.IP.IsLoopback: 127.0.0.0/8 (also IPv4-mapped) and ::1. */
function isLoopbackIp(hostname: string): boolean {
  const version = isIP(hostname);
  if (version === 4) return hostname.startsWith('127.');
  if (version === 6) return hostname === '::1' || /^::ffff:127\./i.test(hostname);
  return false;
}

const NOT_SEPARATOR = '[^./]';

/** A gobwas/glob pattern with separators '.' and '/' as a regular expression source. */
function globSource(pattern: string, start = 0, stopAt = ''): { source: string; end: number } {
  let source = '';
  let index = start;
  while (index < pattern.length) {
    const char = pattern[index] as string;
    if (stopAt.includes(char)) break;
    if (char === '\\' && index + 1 < pattern.length) {
      source += escapeRegExp(pattern[index + 1] as string);
      index += 2;
    } else if (char === '*' && pattern[index + 1] === '*') {
      source += '.*';
      index += 2;
    } else if (char === '*') {
      source += `${NOT_SEPARATOR}*`;
      index += 1;
    } else if (char === '?') {
      source += NOT_SEPARATOR;
      index += 1;
    } else if (char === '[') {
      const close = pattern.indexOf(']', index + 1);
      if (close === -1) throw new Error(`unclosed [ in redirect URL pattern ${pattern}`);
      let body = pattern.slice(index + 1, close);
      const negated = body.startsWith('!');
      if (negated) body = body.slice(1);
      source += `[${negated ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
      index = close + 1;
    } else if (char === '{') {
      const alternatives: string[] = [];
      index += 1;
      for (;;) {
        const part = globSource(pattern, index, ',}');
        alternatives.push(part.source);
        index = part.end;
        if (pattern[index] === '}') break;
        if (pattern[index] !== ',') throw new Error(`unclosed { in redirect URL pattern ${pattern}`);
        index += 1;
      }
      source += `(?:${alternatives.join('|')})`;
      index += 1;
    } else {
      source += escapeRegExp(char);
      index += 1;
    }
  }
  return { source, end: index };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

const compiled = new Map<string, RegExp>();

/** gobwas/glob's Match for a pattern of additional_redirect_urls. */
export function globMatches(pattern: string, value: string): boolean {
  let regExp = compiled.get(pattern);
  if (!regExp) {
    regExp = new RegExp(`^${globSource(pattern).source}$`, 's');
    compiled.set(pattern, regExp);
  }
  return regExp.test(value);
}

export function isRedirectAllowed(
  config: Pick<AuthConfig, 'siteUrl' | 'additionalRedirectUrls'>,
  url: string,
): boolean {
  if (!url) return false;
  const base = parseUrl(config.siteUrl);
  const target = parseUrl(url);
  if (!base || !target) return false;
  if (
    base.hostname === target.hostname &&
    base.scheme === target.scheme &&
    (base.port === target.port || LOCALHOST.has(target.hostname.toLowerCase()))
  ) {
    return true;
  }
  const isHttp = target.scheme === 'http' || target.scheme === 'https';
  if (DECIMAL_IP.test(target.hostname)) return false;
  if (isIP(target.hostname)) return isLoopbackIp(target.hostname);
  if (isHttp && !REGULAR_HOSTNAME.test(target.hostname)) return false;
  const withoutFragment = url.split('#')[0] as string;
  return config.additionalRedirectUrls.some((pattern) => globMatches(pattern, withoutFragment));
}

export function referrer(config: AuthConfig, request: AuthRequest): string {
  const requested = header(request.req, 'redirect_to') || request.url.searchParams.get('redirect_to') || '';
  if (isRedirectAllowed(config, requested)) return requested;
  const referer = header(request.req, 'referer') ?? '';
  if (isRedirectAllowed(config, referer)) return referer;
  return config.siteUrl;
}
