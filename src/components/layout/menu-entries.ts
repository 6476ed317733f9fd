import { ADMIN_LANDING, paths } from '@/config/paths';
import type { MessageKey } from '@/i18n/messages';

export type MenuEntry = {
  to: string;
  labelKey: MessageKey;
  /** Active only on an exact match (the Dashboard entry). */
  end?: boolean;
  /** Path prefix that marks the entry active, when it differs from `to`. */
  activeFor?: string;
  adminOnly?: boolean;
};

/** The side menu, in the order of product.md#dashboard-2 "Menu entries". */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { to: paths.dashboard.root.path, labelKey: 'nav.dashboard', end: true },
  { to: paths.dashboard.apps.path, labelKey: 'nav.apps' },
  { to: paths.dashboard.community.path, labelKey: 'nav.community' },
  { to: paths.dashboard.investments.path, labelKey: 'nav.investments' },
  { to: paths.dashboard.ccc.path, labelKey: 'nav.ccc' },
  { to: paths.dashboard.referral.path, labelKey: 'nav.referral' },
  { to: paths.dashboard.wallet.path, labelKey: 'nav.wallet' },
  { to: paths.dashboard.ideas.path, labelKey: 'nav.ideas' },
  { to: paths.dashboard.submitIdea.path, labelKey: 'nav.submit_idea' },
  { to: paths.dashboard.settings.path, labelKey: 'nav.settings' },
  { to: ADMIN_LANDING.path, labelKey: 'nav.admin', activeFor: paths.dashboard.admin.root.path, adminOnly: true },
];

export function menuEntriesFor(isAdmin: boolean): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => isAdmin || !entry.adminOnly);
}
