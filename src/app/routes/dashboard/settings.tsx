import { SettingsPage } from '@/features/settings/components/settings-page';
import { preloadPhoneField } from './first-reads';

/** /dashboard/settings: profile and security settings (product.md#dashboard-2). */
export function Component() {
  return <SettingsPage />;
}

// The profile form's phone input is a chunk of its own that the page would ask for only once it
// renders: this chunk starts it as soon as it runs, beside the page's reads (the menu's prefetch
// starts it earlier still, with the section's first reads).
preloadPhoneField();
