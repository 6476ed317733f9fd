import { env } from '@/config/env';
import { paths } from '@/config/paths';

/** Where the e-mails' links lead back into the app (VITE_SITE_URL, else the page's origin). */
export const redirectUrls = {
  /** Activation link (sign-up, resend). */
  activate: () => `${env.siteUrl}${paths.activate.path}`,
  /** Password reset link; Supabase adds `?code=`. */
  resetPassword: () => `${env.siteUrl}${paths.resetPassword.path}`,
  /** Magic link; Supabase adds `?code=`. */
  dashboard: () => `${env.siteUrl}${paths.dashboard.root.path}`,
};

/** E-mail addresses are compared and sent trimmed and in lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
