import { domainTranslator } from './messages';
import { plansMessages } from './messages/plans';

/** The texts of membership plans, payment and CCC packages: importing this module loads them; `t` knows them and the entry's. */
export const t = domainTranslator(plansMessages);

export type PlansMessageKey = keyof typeof plansMessages;
