import { domainTranslator } from './messages';
import { appsMessages } from './messages/apps';

/** The texts of the apps catalogue and the admin app form: importing this module loads them; `t` knows them and the entry's. */
export const t = domainTranslator(appsMessages);

export type AppsMessageKey = keyof typeof appsMessages;
