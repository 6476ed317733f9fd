import { domainTranslator } from './messages';
import { ideasMessages } from './messages/ideas';

/** The texts of idea submission and the ideas board: importing this module loads them; `t` knows them and the entry's. */
export const t = domainTranslator(ideasMessages);

export type IdeasMessageKey = keyof typeof ideasMessages;
