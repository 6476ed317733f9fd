import { SettingsPage } from '@/features/settings/components/settings-page';

/** /dashboard/settings: profile and security settings (dashboard.md §2). */
export function Component() {
  return <SettingsPage />;
}
