import { SettingsPage } from '@/features/settings/components/settings-page';

/** /dashboard/settings: profile and security settings (product.md#dashboard-2). */
export function Component() {
  return <SettingsPage />;
}
