import { loadPhoneModule } from '@/components/form/phone-field-chunk';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { mfaStatusQueryOptions } from '@/lib/mfa/mfa-status';
import { ownProfileQueryOptions } from '@/lib/profile/get-own-profile';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/settings: profile and security settings (product.md#dashboard-2). */
export function Component() {
  return <SettingsPage />;
}

const preloadPhoneField = () => {
  loadPhoneModule().catch(() => {
    // The profile form loads it again and offers a retry if that fails too.
  });
};

// The profile form's phone input is a chunk of its own that the page would ask for only once it
// renders: this chunk starts it as soon as it runs, beside the page's reads.
preloadPhoneField();

/**
 * Read ahead from the menu: the profile (the layout has it mostly), the two-factor state (GET /user)
 * and the phone input's code, which the page would otherwise fetch one after another.
 */
export const prefetch: SectionPrefetch = ({ queryClient, getClient, userId }) => {
  prefetchRead(queryClient, ownProfileQueryOptions(getClient, userId));
  prefetchRead(queryClient, mfaStatusQueryOptions(getClient, userId));
  preloadPhoneField();
};
