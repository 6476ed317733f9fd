import { PrivacyRequestsTab } from '@/features/admin/privacy-requests/components/privacy-requests-tab';

/** /dashboard/admin/privacy-requests ('Wnioski RODO'): a lazy chunk of its own. */
export function Component() {
  return <PrivacyRequestsTab />;
}
