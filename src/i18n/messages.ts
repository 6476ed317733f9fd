import { commonMessages } from './messages/common';
import { navMessages } from './messages/nav';
import { authMessages } from './messages/auth';
import { dashboardMessages } from './messages/dashboard';
import { appsMessages } from './messages/apps';
import { plansMessages } from './messages/plans';
import { walletMessages } from './messages/wallet';
import { settingsMessages } from './messages/settings';
import { ideasMessages } from './messages/ideas';
import { adminMessages } from './messages/admin';

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
 * The texts live in one file per domain (./messages/*.ts); a key belongs to exactly one of them
 * (a unit test checks it, since a spread would silently let the later file win).
 */
/** Every domain's texts, in one list so that a key defined twice can be found. */
export const messageDomains = [
  commonMessages,
  navMessages,
  authMessages,
  dashboardMessages,
  appsMessages,
  plansMessages,
  walletMessages,
  settingsMessages,
  ideasMessages,
  adminMessages,
] as const;

export const messages = {
  ...commonMessages,
  ...navMessages,
  ...authMessages,
  ...dashboardMessages,
  ...appsMessages,
  ...plansMessages,
  ...walletMessages,
  ...settingsMessages,
  ...ideasMessages,
  ...adminMessages,
} as const;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

/**
 * Texts of areas that only some users open (the admin area), registered by that area's chunk when it
 * loads (e.g. src/i18n/admin-area.ts), so the entry does not carry them. Once registered, their keys
 * work everywhere a key is translated (field errors, RPC error keys).
 */
const registered: Record<string, string> = {};

export function registerMessages(catalogue: Readonly<Record<string, string>>): void {
  for (const [key, text] of Object.entries(catalogue)) {
    if (Object.hasOwn(messages, key)) throw new Error(`Message key ${key} is already in the entry catalogue`);
    registered[key] = text;
  }
}

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && (Object.hasOwn(messages, value) || Object.hasOwn(registered, value));
}

/** The Polish text for a key, with `{name}` placeholders filled from params. */
export function t(key: MessageKey, params?: MessageParams): string {
  const text: string = Object.hasOwn(messages, key) ? messages[key] : (registered[key] ?? key);
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}

/** For messages that may be a key (zod issues, RPC errors) or already a text: the text. */
export function translate(keyOrText: string, params?: MessageParams): string {
  return isMessageKey(keyOrText) ? t(keyOrText, params) : keyOrText;
}
