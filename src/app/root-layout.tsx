import { Outlet } from 'react-router-dom';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { SessionExpiredModal } from '@/components/layout/session-expired-modal';
import { ReferralCapture } from '@/features/auth/components/referral-capture';

/** Around every route: the offline banner, the 'Sesja wygasła' modal and the `?ref` capture (both need the router). */
export function RootLayout() {
  return (
    <>
      <OfflineBanner />
      <Outlet />
      <SessionExpiredModal />
      <ReferralCapture />
    </>
  );
}
