import { domainTranslator } from './messages';
import { accountMessages } from './messages/account';

/**
 * The texts of the account screens that load on demand (registration, activation, password reset,
 * the sign-in's second step, the session warning), registered when their chunks import this.
 */
export const t = domainTranslator(accountMessages);

export type AccountMessageKey = keyof typeof accountMessages;
