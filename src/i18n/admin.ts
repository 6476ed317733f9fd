import { domainTranslator } from './messages';
import { adminMessages } from './messages/admin';
import { appsMessages } from './messages/apps';
import { dashboardMessages } from './messages/dashboard';
import { ideasMessages } from './messages/ideas';
import { operationsMessages } from './messages/operations';
import { plansMessages } from './messages/plans';
import { settingsMessages } from './messages/settings';
import { walletMessages } from './messages/wallet';

/**
 * The texts of the admin area: importing this module loads them; `t` knows them and the entry's.
 * The admin tabs also show texts of the domains they manage (the app form's, the ideas' statuses,
 * CCC packages, withdrawals, file limits), so those domains are loaded with them.
 */
export const t = domainTranslator({
  ...adminMessages,
  ...operationsMessages,
  ...appsMessages,
  ...ideasMessages,
  ...plansMessages,
  ...walletMessages,
  ...settingsMessages,
  ...dashboardMessages,
});

export type AdminMessageKey = keyof typeof adminMessages | keyof typeof operationsMessages;
/** Every key the admin area's `t` knows. */
export type AdminAreaMessageKey = Parameters<typeof t>[0];
