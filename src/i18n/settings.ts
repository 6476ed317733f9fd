import { domainTranslator } from './messages';
import { settingsMessages } from './messages/settings';

/** The texts of settings: profile, avatar, e-mail, password and two-factor: importing this module loads them; `t` knows them and the entry's. */
export const t = domainTranslator(settingsMessages);

export type SettingsMessageKey = keyof typeof settingsMessages;
