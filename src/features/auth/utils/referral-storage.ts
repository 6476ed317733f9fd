import { REFERRAL_QUERY_PARAM } from '@/config/paths';

/** product.md#account-4: the referral code from `?ref`, uppercased, kept in session storage. */
export const REFERRAL_STORAGE_KEY = 'referral_code';
/** Set once the visit was counted: one `track_referral_visit` per browser session. */
export const REFERRAL_VISIT_TRACKED_KEY = 'referral_visit_tracked';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The code a `?ref=` query carries, uppercased; null when there is none. */
export function referralCodeFromSearch(search: string): string | null {
  const code = new URLSearchParams(search).get(REFERRAL_QUERY_PARAM)?.trim();
  return code ? code.toUpperCase() : null;
}

export function storeReferralCode(code: string): void {
  sessionStore()?.setItem(REFERRAL_STORAGE_KEY, code.trim().toUpperCase());
}

export function storedReferralCode(): string | null {
  return sessionStore()?.getItem(REFERRAL_STORAGE_KEY) ?? null;
}

/** Marks this browser session's visit as counted; false when it already was. */
export function claimReferralVisit(): boolean {
  const store = sessionStore();
  if (!store || store.getItem(REFERRAL_VISIT_TRACKED_KEY) !== null) return false;
  store.setItem(REFERRAL_VISIT_TRACKED_KEY, '1');
  return true;
}

/** The count failed: let a later page view of this session try again. */
export function releaseReferralVisit(): void {
  sessionStore()?.removeItem(REFERRAL_VISIT_TRACKED_KEY);
}
