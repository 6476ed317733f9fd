import { Outlet } from 'react-router-dom';
import { SessionExpiredModal } from '@/components/layout/session-expired-modal';
import { ReferralCapture } from '@/features/auth/components/referral-capture';

/** Around every route: the 'Sesja wygasła' modal and the `?ref` capture (both need the router). */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <SessionExpiredModal />
      <ReferralCapture />
    </>
  );
}
