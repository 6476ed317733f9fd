// The mail catcher seen from a test: one member's mailbox, read through the Mailpit-compatible API
// of the local stack (the same calls work against the Mailpit of `supabase start`). The helper in
// packages/local-supabase/tests/helpers reads the stack tests' own send-email stand-in inside Vitest; these are the
// real e-mails of supabase/functions/send-email, so this one stays small and separate.
import { expect, type Page } from '@playwright/test';
import { EMAIL_MAX_FREQUENCY_MS, INBOX_URL } from './env';

interface Summary {
  ID: string;
  Subject: string;
  Created: string;
}

export interface Mail {
  ID: string;
  Subject: string;
  Text: string;
  HTML: string;
  /** When the catcher received it (ISO, milliseconds). */
  Created: string;
}

/** The subjects of the default templates (migration 20261122001100_email.sql). */
export const subjects = {
  activation: 'Aktywuj swoje konto w Klubie',
  magicLink: 'Twój link do logowania',
  passwordReset: 'Zmiana hasła w Klubie',
} as const;

const POLL_MS = 100;

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${INBOX_URL}${path}`);
  if (!response.ok) throw new Error(`mail API ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function summariesTo(address: string): Promise<Summary[]> {
  const query = encodeURIComponent(`to:"${address}"`);
  return (await api<{ messages: Summary[] }>(`/api/v1/search?query=${query}`)).messages;
}

/**
 * One address's mailbox. It remembers what it has already seen (what was there when it was opened,
 * and what `next` returned), so `next` waits for a new message even when an older one with the same
 * subject is still in the catcher (a seeded account, a stack kept running between runs).
 */
export class Mailbox {
  private readonly seen: Set<string>;

  private constructor(
    readonly address: string,
    seen: Iterable<string>,
  ) {
    this.seen = new Set(seen);
  }

  /** Opens the mailbox; messages already in it do not count as new. */
  static async open(address: string): Promise<Mailbox> {
    return new Mailbox(
      address,
      (await summariesTo(address)).map((message) => message.ID),
    );
  }

  /** The subjects of every message to this address so far (seen or not), newest first. */
  async subjects(): Promise<string[]> {
    return (await summariesTo(this.address)).map((message) => message.Subject);
  }

  /** Waits (polling the API) for the next message this mailbox has not seen, optionally by subject. */
  async next({ subject, timeout = 10_000 }: { subject?: string; timeout?: number } = {}): Promise<Mail> {
    const deadline = Date.now() + timeout;
    for (;;) {
      // The API lists newest first: the oldest unseen message is the next one.
      const unseen = (await summariesTo(this.address))
        .filter((message) => !this.seen.has(message.ID) && (subject === undefined || message.Subject === subject))
        .reverse();
      const found = unseen[0];
      if (found) {
        this.seen.add(found.ID);
        const message = await api<Omit<Mail, 'Created'>>(`/api/v1/message/${found.ID}`);
        return { ...message, Created: found.Created };
      }
      if (Date.now() > deadline) {
        throw new Error(`No new e-mail${subject ? ` "${subject}"` : ''} to ${this.address} within ${timeout} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

/**
 * Auth sends an address at most one e-mail of a kind per `max_frequency` (supabase/config.toml) and
 * answers a quicker second request with over_email_send_rate_limit, as it would to a member. A test
 * that asks for another e-mail at once waits until the previous one is that old (it was sent just
 * before the catcher received it) — usually a few hundred milliseconds, the rest of the window.
 */
export async function waitForNextEmailAllowed(previous: Mail): Promise<void> {
  const allowedAt = Date.parse(previous.Created) + EMAIL_MAX_FREQUENCY_MS;
  await expect
    .poll(() => Date.now(), { message: 'the e-mail frequency window of Auth has passed', intervals: [50] })
    .toBeGreaterThan(allowedAt);
}

/** The address of the link with this text in the e-mail's HTML (entities decoded). */
export function linkIn(mail: Mail, text: string): string {
  for (const match of mail.HTML.matchAll(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)) {
    if (decodeEntities(match[2] ?? '').trim() === text) return decodeEntities(match[1] ?? '');
  }
  throw new Error(`No link "${text}" in the e-mail "${mail.Subject}"`);
}

/**
 * Follows a link of the e-mail the way a reader does: the e-mail is shown in the tab, and the link
 * with this text is clicked, so its href, its text and any redirects are those a member meets.
 */
export async function clickLinkInMail(page: Page, mail: Mail, text: string): Promise<void> {
  // Leave the app first: the e-mail must not be written into a running app's document.
  await page.goto('about:blank');
  await page.setContent(mail.HTML);
  await page.getByRole('link', { name: text, exact: true }).click();
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([\da-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
