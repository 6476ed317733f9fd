import { registerMessages, t as translateKey, type MessageKey, type MessageParams } from './messages';
import { adminAreaMessages } from './messages/admin-area';

/*
 * The admin area's catalogue: importing this module (only admin chunks do) registers the admin texts,
 * so keys of both catalogues translate everywhere from then on. Admin code uses this `t`, typed for
 * both sets of keys.
 */
registerMessages(adminAreaMessages);

export type AdminMessageKey = MessageKey | keyof typeof adminAreaMessages;

/** `t()` of src/i18n/messages.ts for the entry's keys and the admin area's. */
export function t(key: AdminMessageKey, params?: MessageParams): string {
  return translateKey(key as MessageKey, params);
}
