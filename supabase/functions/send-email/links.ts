// The links the auth e-mails carry. Every one leads into the app, which verifies the token hash with
// Auth's POST /verify (supabase-js verifyOtp({ token_hash, type })) and gets a session:
//
//   signup        {app origin}/activate?token={token_hash}                  (the spec's shape)
//   recovery      {app origin}/reset-password?code={token_hash}             (the spec's route and parameter)
//   magiclink     {app origin}/dashboard?token_hash={token_hash}&type=magiclink
//   email_change  {redirect_to}&token_hash={token_hash}&type=email_change: the page the app asked
//                 for (the settings page, ?email_change=1) when it is on an allowed origin, else
//                 {SITE_URL origin}/dashboard/settings?email_change=1
//
// Not Auth's GET /verify: on hosted Auth that path goes through a PKCE flow state that expires 5
// minutes after the request for recovery and e-mail change (flow_state_expired), and works only in
// the browser that asked. The app origin comes only from this function's own settings (SITE_URL
// and ALLOWED_REDIRECT_ORIGINS): redirect_to chooses among them, never adds one; nothing in the
// payload (its site_url included) can point a link at another host.
import { HookError } from '../_shared/hook-response.ts';

export interface OriginSettings {
  siteOrigin: string;
  allowedRedirectOrigins: readonly string[];
}

function httpOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** redirect_to's origin when it is SITE_URL's or an allowed one, else SITE_URL's origin. */
export function appOrigin(redirectTo: string, settings: OriginSettings): string {
  const requested = redirectTo ? httpOrigin(redirectTo) : undefined;
  if (requested && (requested === settings.siteOrigin || settings.allowedRedirectOrigins.includes(requested))) {
    return requested;
  }
  if (settings.siteOrigin) return settings.siteOrigin;
  throw new HookError(500, 'Cannot build the link: SITE_URL is not set');
}

export type LinkType = 'signup' | 'recovery' | 'magiclink';

/** The app's link for an e-mailed token hash (see the table above). */
export function appLink(origin: string, type: LinkType, tokenHash: string): string {
  const hash = encodeURIComponent(tokenHash);
  switch (type) {
    case 'signup':
      return `${origin}/activate?token=${hash}`;
    case 'recovery':
      return `${origin}/reset-password?code=${hash}`;
    case 'magiclink':
      return `${origin}/dashboard?token_hash=${hash}&type=magiclink`;
  }
}

/** Where the settings page asks the e-mail change's links to lead when redirect_to is unusable. */
export const EMAIL_CHANGE_PAGE = '/dashboard/settings?email_change=1';

/**
 * An e-mail change link: redirect_to (path and query kept) when its origin is SITE_URL's or an
 * allowed one, else SITE_URL's origin with EMAIL_CHANGE_PAGE; then the token hash and the type.
 */
export function emailChangeLink(redirectTo: string, settings: OriginSettings, tokenHash: string): string {
  const origin = appOrigin(redirectTo, settings);
  let target: URL;
  try {
    target = new URL(redirectTo);
    if (target.origin !== origin) target = new URL(EMAIL_CHANGE_PAGE, origin);
  } catch {
    target = new URL(EMAIL_CHANGE_PAGE, origin);
  }
  target.hash = '';
  target.searchParams.set('token_hash', tokenHash);
  target.searchParams.set('type', 'email_change');
  return target.toString();
}
