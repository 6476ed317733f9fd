import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTrackReferralVisit } from '../api/track-referral-visit';
import {
  claimReferralVisit,
  referralCodeFromSearch,
  releaseReferralVisit,
  storeReferralCode,
} from '../utils/referral-storage';

/**
 * `?ref=CODE` on any route (product.md#account-4): the code, uppercased, is kept in session
 * storage (the registration form prefills it), and the visit is counted once per browser session.
 */
export function ReferralCapture() {
  const { search } = useLocation();
  const code = referralCodeFromSearch(search);
  const { mutateAsync: trackVisit } = useTrackReferralVisit();

  useEffect(() => {
    if (!code) return;
    storeReferralCode(code);
    if (!claimReferralVisit()) return;
    trackVisit(code).catch((error: unknown) => {
      releaseReferralVisit();
      console.warn('Counting the referral visit failed', error);
    });
  }, [code, trackVisit]);

  return null;
}
