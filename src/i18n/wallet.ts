import { domainTranslator } from './messages';
import { walletMessages } from './messages/wallet';

/** The texts of the eWallet and withdrawals: importing this module loads them; `t` knows them and the entry's. */
export const t = domainTranslator(walletMessages);

export type WalletMessageKey = keyof typeof walletMessages;
