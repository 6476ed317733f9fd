import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTrackReferralVisit } from '@/data/referral/track-referral-visit';
import { isLeavingPage } from '@/lib/browser';
import {
  claimReferralVisit,
  referralCodeFromSearch,
  releaseReferralVisit,
  storeReferralCode,
} from '../utils/referral-storage';

/**
 * `?ref=CODE` on any route (product.md#account-4): the code, uppercased, is kept in session
 * storage (the registration form prefills it), and the visit is counted once per browser session.
 * A failed count lets a later page view try again, unless the failure came from leaving the page.
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
      // Leaving the page (a reload of the link, say) cancels the request, which the server may have
      // counted already: the visit stays claimed rather than being counted twice.
      if (isLeavingPage()) return;
      releaseReferralVisit();
      console.warn('Counting the referral visit failed', error);
    });
  }, [code, trackVisit]);

  return null;
}
