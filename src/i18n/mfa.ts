import { domainTranslator } from './messages';
import { mfaMessages } from './messages/mfa';

/** The texts of the two-factor step-up (wallet and settings share it): importing this module loads them. */
export const t = domainTranslator(mfaMessages);

export type MfaMessageKey = keyof typeof mfaMessages;
