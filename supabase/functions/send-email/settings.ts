// The environment of the send-email function, read once at start-up. Problems are collected, not
// thrown, so a misconfigured function still answers Auth with an error that names the variable.
//
//   SEND_EMAIL_HOOK_SECRET     required: the hook secret "v1,whsec_<base64>" (config.toml's
//                              [auth.hook.send_email] secrets; "|" separates several)
//   SUPABASE_URL               required: the API URL (provided by Supabase)
//   SUPABASE_SERVICE_ROLE_KEY  required: reads templates and SMTP configs (provided by Supabase)
//   SITE_URL                   optional: the application's URL; its origin is allowed for links
//                              and is the fallback origin of the activation link
//   ALLOWED_REDIRECT_ORIGINS   optional: more allowed application origins (or URLs), separated
//                              by commas or spaces

export interface SendEmailSettings {
  hookSecret: string;
  supabaseUrl: string;
  serviceRoleKey: string;
  /** Origin of SITE_URL, or '' when unset. */
  siteOrigin: string;
  /** Origins from ALLOWED_REDIRECT_ORIGINS. */
  allowedRedirectOrigins: string[];
  /** What is missing or malformed; the handler refuses to send while this is not empty. */
  problems: string[];
}

export type EnvReader = (name: string) => string | undefined;

function httpOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export function settingsFromEnv(env: EnvReader): SendEmailSettings {
  const read = (name: string) => env(name)?.trim() ?? '';
  const problems: string[] = [];
  const hookSecret = read('SEND_EMAIL_HOOK_SECRET');
  const supabaseUrl = read('SUPABASE_URL').replace(/\/+$/, '');
  const serviceRoleKey = read('SUPABASE_SERVICE_ROLE_KEY');
  if (!hookSecret) problems.push('SEND_EMAIL_HOOK_SECRET is not set');
  if (!supabaseUrl) problems.push('SUPABASE_URL is not set');
  else if (!httpOrigin(supabaseUrl)) problems.push('SUPABASE_URL is not an http(s) URL');
  if (!serviceRoleKey) problems.push('SUPABASE_SERVICE_ROLE_KEY is not set');

  const siteUrl = read('SITE_URL');
  const siteOrigin = siteUrl ? httpOrigin(siteUrl) : '';
  if (siteOrigin === undefined) problems.push('SITE_URL is not an http(s) URL');

  const allowedRedirectOrigins: string[] = [];
  for (const entry of read('ALLOWED_REDIRECT_ORIGINS')
    .split(/[\s,]+/)
    .filter(Boolean)) {
    const origin = httpOrigin(entry);
    if (origin) allowedRedirectOrigins.push(origin);
    else problems.push(`ALLOWED_REDIRECT_ORIGINS has an entry that is not an http(s) URL: ${entry}`);
  }
  return {
    hookSecret,
    supabaseUrl,
    serviceRoleKey,
    siteOrigin: siteOrigin ?? '',
    allowedRedirectOrigins,
    problems,
  };
}
