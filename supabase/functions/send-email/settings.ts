// The environment of the send-email function, read once at start-up. Problems are collected, not
// thrown, so a misconfigured function still answers Auth with an error that names the variable.
//
//   SEND_EMAIL_HOOK_SECRET     required: the hook secret "v1,whsec_<base64>" (config.toml's
//                              [auth.hook.send_email] secrets; "|" separates several). The local
//                              secret committed in supabase/.env is refused unless SUPABASE_URL is
//                              a local stack's (anyone could sign with it).
//   SUPABASE_URL               required: the API URL (provided by Supabase)
//   SUPABASE_SERVICE_ROLE_KEY  required: reads templates, SMTP configs and names (provided by Supabase)
//   SITE_URL                   required: the application's URL; every link in an e-mail points at
//                              its origin or at one of ALLOWED_REDIRECT_ORIGINS
//   ALLOWED_REDIRECT_ORIGINS   optional: more allowed application origins (or URLs), separated
//                              by commas or spaces; redirect_to may pick one of them
//   SMTP_ALLOWED_PORTS         optional: ports allowed on public SMTP hosts (default 25, 465, 587, 2525)
//   SMTP_ALLOW_PRIVATE_HOSTS   optional: "true" only on a local stack (refused with a hosted SUPABASE_URL)

import { isLocalStackUrl, privateHostsProblem } from '../_shared/local-stack.ts';
import { smtpPolicyFromEnv } from '../_shared/smtp-target.ts';

export { isLocalStackUrl };

/** The base64 part of the local stacks' hook secret, committed in supabase/.env. */
export const COMMITTED_LOCAL_SECRET = 'a2x1Yi1sb2NhbC1zZW5kLWVtYWlsLWhvb2stc2VjcmV0';

export interface SendEmailSettings {
  hookSecret: string;
  supabaseUrl: string;
  serviceRoleKey: string;
  /** Origin of SITE_URL, or '' when unset (a problem). */
  siteOrigin: string;
  /** Origins from ALLOWED_REDIRECT_ORIGINS. */
  allowedRedirectOrigins: string[];
  /** Where SMTP connections may go (the SMTP test's policy too, _shared/smtp-target.ts). */
  smtpPolicy: { allowedPorts: number[]; allowPrivateHosts: boolean };
  /** What is missing or malformed; the handler refuses to send while this is not empty. */
  problems: string[];
}

export type EnvReader = (name: string) => string | undefined;

function httpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** True when one of the secrets ("|"-separated) is the committed local one. */
export function usesCommittedLocalSecret(hookSecret: string): boolean {
  return hookSecret
    .split('|')
    .map((secret) =>
      secret
        .trim()
        .replace(/^v1,/, '')
        .replace(/^whsec_/, ''),
    )
    .includes(COMMITTED_LOCAL_SECRET);
}

export function settingsFromEnv(env: EnvReader): SendEmailSettings {
  const read = (name: string) => env(name)?.trim() ?? '';
  const problems: string[] = [];
  const hookSecret = read('SEND_EMAIL_HOOK_SECRET');
  const supabaseUrl = read('SUPABASE_URL').replace(/\/+$/, '');
  const serviceRoleKey = read('SUPABASE_SERVICE_ROLE_KEY');
  if (!hookSecret) problems.push('SEND_EMAIL_HOOK_SECRET is not set');
  if (!supabaseUrl) problems.push('SUPABASE_URL is not set');
  else if (!httpUrl(supabaseUrl)) problems.push('SUPABASE_URL is not an http(s) URL');
  if (!serviceRoleKey) problems.push('SUPABASE_SERVICE_ROLE_KEY is not set');
  if (hookSecret && supabaseUrl && usesCommittedLocalSecret(hookSecret) && !isLocalStackUrl(supabaseUrl)) {
    problems.push(
      "SEND_EMAIL_HOOK_SECRET is the local secret committed in supabase/.env: set the project's own secret",
    );
  }

  const siteUrl = read('SITE_URL');
  const siteOrigin = siteUrl ? httpUrl(siteUrl)?.origin : '';
  if (!siteUrl) problems.push('SITE_URL is not set');
  else if (siteOrigin === undefined) problems.push('SITE_URL is not an http(s) URL');

  const allowedRedirectOrigins: string[] = [];
  for (const entry of read('ALLOWED_REDIRECT_ORIGINS')
    .split(/[\s,]+/)
    .filter(Boolean)) {
    const origin = httpUrl(entry)?.origin;
    if (origin) allowedRedirectOrigins.push(origin);
    else problems.push(`ALLOWED_REDIRECT_ORIGINS has an entry that is not an http(s) URL: ${entry}`);
  }
  const smtp = smtpPolicyFromEnv(read);
  problems.push(...smtp.problems);
  const hosted = privateHostsProblem(smtp.allowPrivateHosts, supabaseUrl);
  if (hosted) problems.push(hosted);

  return {
    hookSecret,
    supabaseUrl,
    serviceRoleKey,
    siteOrigin: siteOrigin ?? '',
    allowedRedirectOrigins,
    smtpPolicy: { allowedPorts: smtp.allowedPorts, allowPrivateHosts: smtp.allowPrivateHosts },
    problems,
  };
}
