import { domainTranslator } from './messages';
import { privacyMessages } from './messages/privacy';

/** The texts of a member's data ('Pobierz moje dane', 'Usuń konto', the privacy notice page). */
export const t = domainTranslator(privacyMessages);

export type PrivacyMessageKey = keyof typeof privacyMessages;
