import { domainTranslator } from './messages';
import { adminMessages } from './messages/admin';

/** The texts of the admin area: importing this module loads them; `t` knows them and the entry's. */
export const t = domainTranslator(adminMessages);

export type AdminMessageKey = keyof typeof adminMessages;
