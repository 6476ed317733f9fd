import type { ReactNode } from 'react';

const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/**
 * An announcement's text with its `[text](url)` links as links (product.md#dashboard-3 Announcement). Only
 * http(s) URLs become links (never javascript: or data:); they open in a new tab without the opener.
 */
export function renderAnnouncement(content: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of content.matchAll(LINK)) {
    const [whole, label, url] = match as unknown as [string, string, string];
    const index = match.index ?? 0;
    if (index > last) nodes.push(content.slice(last, index));
    if (/^https?:\/\/[^\s/?#]+/i.test(url)) {
      nodes.push(
        <a key={index} href={url} target="_blank" rel="noopener noreferrer" className="text-accent underline">
          {label}
        </a>,
      );
    } else {
      nodes.push(whole);
    }
    last = index + whole.length;
  }
  if (last < content.length) nodes.push(content.slice(last));
  return nodes;
}
