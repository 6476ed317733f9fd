/**
 * Links written by admins (announcements' `[text](url)`, app links) reach the page only when they
 * are safe: absolute http(s) URLs, or paths relative to this origin. Anything else (javascript:,
 * data:, protocol-relative `//host`, malformed text) stays plain text. Nothing here builds HTML:
 * the parts are rendered as React text and anchor elements, so no markup can be injected.
 */

export type SafeLink =
  /** A path of this app (same origin): follow it inside the app. */
  | { kind: 'internal'; href: string }
  /** Another site: open in a new tab without giving it this window (rel="noopener noreferrer"). */
  | { kind: 'external'; href: string };

/** Classifies `url`; null when it must not become a link. `origin` defaults to the page's. */
export function toSafeLink(url: string, origin: string = window.location.origin): SafeLink | null {
  const value = url.trim();
  if (value === '' || /\s/.test(value) || [...value].some((char) => char.charCodeAt(0) < 0x20)) return null;
  // A path of this origin: "/…" but not "//host" nor "/\host" (browsers read both as another host).
  if (value.startsWith('/')) {
    if (value.startsWith('//') || value.startsWith('/\\')) return null;
    return { kind: 'internal', href: value };
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.origin === origin) return { kind: 'internal', href: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  return { kind: 'external', href: parsed.href };
}

/** An http(s) URL for a new tab (app store links, websites), else null. */
export function toExternalHref(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; link: SafeLink };

// `[text](url)`; the URL may hold one level of balanced parentheses (e.g. Wikipedia addresses).
const MARKDOWN_LINK = /\[([^\]\n]+)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\)/g;

/**
 * Splits a text with `[text](url)` links into text and link parts. A link whose URL is not safe
 * keeps only its text.
 */
export function splitMarkdownLinks(content: string, origin?: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const push = (text: string) => {
    if (!text) return;
    const previous = parts[parts.length - 1];
    if (previous?.kind === 'text') previous.text += text;
    else parts.push({ kind: 'text', text });
  };
  for (const match of content.matchAll(MARKDOWN_LINK)) {
    const [whole, text = '', url = ''] = match;
    push(content.slice(last, match.index));
    const link = toSafeLink(url, origin);
    if (link) parts.push({ kind: 'link', text, link });
    else push(text);
    last = match.index + whole.length;
  }
  push(content.slice(last));
  return parts;
}
