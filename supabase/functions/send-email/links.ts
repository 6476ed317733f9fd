// The links the auth e-mails carry.
//
// Activation (spec §7): {app origin}/activate?token={token_hash}; the /activate page verifies the
// token hash with Auth (verifyOtp) and gets a session. The app origin is redirect_to's origin when
// it is an allowed one, else SITE_URL's origin.
//
// Magic link, recovery, e-mail change: Auth's own verify endpoint (what its default templates call
// ConfirmationURL): {Auth URL}/verify?token={token_hash}&type={type}&redirect_to={redirect_to}.
// Auth checks the token and redirects to redirect_to (with ?code=… in the PKCE flow).
import { HookError } from '../_shared/hook-response.ts';

export interface OriginSettings {
  siteOrigin: string;
  allowedRedirectOrigins: readonly string[];
}

function httpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The application origin for a link. Auth already restricts redirect_to to its allow list (and
 * signs the payload), so with no origins configured here redirect_to's origin is trusted; with
 * SITE_URL or ALLOWED_REDIRECT_ORIGINS set, only those origins are.
 */
export function appOrigin(redirectTo: string, settings: OriginSettings): string {
  const allowed = new Set([settings.siteOrigin, ...settings.allowedRedirectOrigins].filter(Boolean));
  const requested = redirectTo ? httpUrl(redirectTo)?.origin : undefined;
  if (requested && (allowed.size === 0 || allowed.has(requested))) return requested;
  const fallback = settings.siteOrigin || settings.allowedRedirectOrigins[0];
  if (fallback) return fallback;
  throw new HookError(
    500,
    'Cannot build the activation link: redirect_to is missing or not http(s) and SITE_URL is not set',
  );
}

export function activationLink(origin: string, tokenHash: string): string {
  return `${origin}/activate?token=${encodeURIComponent(tokenHash)}`;
}

/**
 * Auth's public base URL (…/auth/v1). Auth sends it as email_data.site_url; it is preferred to
 * SUPABASE_URL because under `supabase start` SUPABASE_URL is the Docker-internal address
 * (http://kong:8000), which a mail reader's browser cannot open.
 */
export function authBaseUrl(siteUrlFromAuth: string, supabaseUrl: string): string {
  const fromAuth = httpUrl(siteUrlFromAuth);
  if (fromAuth && /\/auth\/v1\/?$/.test(fromAuth.pathname)) {
    return `${fromAuth.origin}${fromAuth.pathname.replace(/\/+$/, '')}`;
  }
  return `${supabaseUrl.replace(/\/+$/, '')}/auth/v1`;
}

export type VerifyType = 'magiclink' | 'recovery' | 'email_change';

export function verifyLink(authBase: string, tokenHash: string, type: VerifyType, redirectTo: string): string {
  const query = `token=${encodeURIComponent(tokenHash)}&type=${type}`;
  const redirect = redirectTo ? `&redirect_to=${encodeURIComponent(redirectTo)}` : '';
  return `${authBase}/verify?${query}${redirect}`;
}
