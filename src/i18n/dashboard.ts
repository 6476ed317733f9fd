import { domainTranslator } from './messages';
import { dashboardMessages } from './messages/dashboard';

/** The texts of main panel, notifications, referral programme and community: importing this module loads them; `t` knows them and the entry's. */
export const t = domainTranslator(dashboardMessages);

export type DashboardMessageKey = keyof typeof dashboardMessages;
