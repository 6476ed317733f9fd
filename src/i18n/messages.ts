import { authMessages } from './messages/auth';
import { commonMessages } from './messages/common';
import { navMessages } from './messages/nav';

/**
 * The Polish message catalogue: every user-facing text of both spec files' error catalogues and
 * validation rules, letter for letter, keyed by a stable dotted key.
 *
 * Keys double as the message keys the database raises (`raise exception using errcode = 'P0001',
 * message = 'wallet.insufficient_funds'`), so a key is snake_case within its domain. Schemas carry
 * keys as their messages; components turn keys into text with `t()`; errors go through
 * `toUserMessage()` in lib/errors.ts.
 *
 * Placeholders are written `{name}` and filled by `t(key, { name })`.
 *
 * The texts live in one file per domain (./messages/*.ts); a key belongs to exactly one of them.
 * Only the entry's domains (common, navigation, account) are bundled with the landing page; every
 * other domain is a module of its own (src/i18n/<domain>.ts) that registers its texts when a lazy
 * chunk imports it and exports a `t` typed for the entry's keys and its own. So the landing page
 * never carries the dashboard's texts, and a feature cannot use a text it did not load.
 */
export const messages = {
  ...commonMessages,
  ...navMessages,
  ...authMessages,
} as const;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

/** Every text known now: the entry's, plus each domain registered by a loaded chunk. */
const registry = new Map<string, string>(Object.entries(messages));

/**
 * Adds a domain's texts (called once by each src/i18n/<domain>.ts when it is first imported). A key
 * may belong to one domain only: registering another text under a known key is a programming error.
 */
export function registerMessages(domain: Readonly<Record<string, string>>): void {
  for (const [key, text] of Object.entries(domain)) {
    const known = registry.get(key);
    if (known !== undefined && known !== text) throw new Error(`Message key ${key} is defined twice`);
    registry.set(key, text);
  }
}

/** True for a key whose text is loaded (the entry's, or a registered domain's). */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && registry.has(value);
}

function fill(text: string, params?: MessageParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}

/** The Polish text for a loaded key, with `{name}` placeholders filled from params. */
function lookUp(key: string, params?: MessageParams): string {
  const text = registry.get(key);
  if (text === undefined) throw new Error(`Message key ${key} is not loaded`);
  return fill(text, params);
}

/** The Polish text for a key of the entry's catalogue, with `{name}` placeholders filled from params. */
export function t(key: MessageKey, params?: MessageParams): string {
  return lookUp(key, params);
}

/**
 * A domain's translator: registers the domain's texts and returns a `t` typed for the entry's keys
 * and the domain's. Used by src/i18n/<domain>.ts only.
 */
export function domainTranslator<Domain extends Readonly<Record<string, string>>>(domain: Domain) {
  registerMessages(domain);
  return (key: MessageKey | (keyof Domain & string), params?: MessageParams): string => lookUp(key, params);
}

/** For messages that may be a key (zod issues, RPC errors) or already a text: the text. */
export function translate(keyOrText: string, params?: MessageParams): string {
  return registry.has(keyOrText) ? lookUp(keyOrText, params) : keyOrText;
}
