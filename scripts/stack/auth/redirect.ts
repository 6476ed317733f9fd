// GoTrue's GetReferrer: redirect_to when allowed, else the Referer header when allowed, else site_url.
// Allowed means: same host name as site_url, or matching one of additional_redirect_urls (globs with
// `*` for one path/host segment and `**` for anything).
import type { AuthConfig } from '../config/config.ts';
import { header } from '../http.ts';
import type { AuthRequest } from './context.ts';

function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index] as string;
    if (char === '*' && pattern[index + 1] === '*') {
      source += '.*';
      index += 1;
    } else if (char === '*') {
      source += '[^./]*';
    } else if (char === '?') {
      source += '[^./]';
    } else {
      source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

function hostname(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

export function isRedirectAllowed(config: AuthConfig, url: string): boolean {
  if (!url) return false;
  const host = hostname(url);
  if (host !== undefined && host === hostname(config.siteUrl)) return true;
  return config.additionalRedirectUrls.some((pattern) => globToRegExp(pattern).test(url));
}

export function referrer(config: AuthConfig, request: AuthRequest): string {
  const requested = request.url.searchParams.get('redirect_to') ?? '';
  if (isRedirectAllowed(config, requested)) return requested;
  const referer = header(request.req, 'referer') ?? '';
  if (isRedirectAllowed(config, referer)) return referer;
  return config.siteUrl;
}
