// Reads the mail catcher through its Mailpit-compatible API (the same calls work against the Mailpit
// of `supabase start`), and parses what the test send-email function writes into each message.
import { stack } from './clients.ts';

interface Summary {
  ID: string;
  Subject: string;
  Created: string;
  To: { Address: string }[];
}

export interface Message {
  ID: string;
  Subject: string;
  Text: string;
  HTML: string;
  To: { Address: string }[];
}

/** The fields the test function puts into the text of every auth e-mail. */
export interface AuthMail {
  type: string;
  token: string;
  tokenHash: string;
  tokenNew: string;
  tokenHashNew: string;
  redirectTo: string;
  link: string;
}

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${stack().inboxUrl}${path}`, init);
  if (!response.ok) throw new Error(`mail API ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function messagesTo(address: string): Promise<Summary[]> {
  const found = await api<{ messages: Summary[] }>(`/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}`);
  return found.messages;
}

/** Waits for the `count`-th message to `address` (newest first in the API), optionally of one type. */
export async function waitForMail(
  address: string,
  { type, count = 1, timeoutMs = 10_000 }: { type?: string; count?: number; timeoutMs?: number } = {},
): Promise<Message> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const matching = (await messagesTo(address)).filter((message) => !type || message.Subject === `[${type}] Klub`);
    if (matching.length >= count) return api<Message>(`/api/v1/message/${(matching[0] as Summary).ID}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${type ?? ''} e-mail #${count} to ${address} within ${timeoutMs} ms`);
}

export function parseAuthMail(message: Message): AuthMail {
  const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(message.Text)?.[1]?.trim() ?? '';
  return {
    type: field('type'),
    token: field('token'),
    tokenHash: field('token_hash'),
    tokenNew: field('token_new'),
    tokenHashNew: field('token_hash_new'),
    redirectTo: field('redirect_to'),
    link: field('link'),
  };
}

export async function authMail(address: string, type: string, count = 1): Promise<AuthMail> {
  return parseAuthMail(await waitForMail(address, { type, count }));
}
