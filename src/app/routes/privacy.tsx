import { PrivacyNoticePage } from '@/features/privacy/components/privacy-notice-page';

/** /polityka-prywatnosci: the privacy notice, a chunk of its own (nothing of it is in the landing page's entry). */
export function Component() {
  return <PrivacyNoticePage />;
}
