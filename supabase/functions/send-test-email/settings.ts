// The environment of send-test-email, read once at start-up; problems are collected so the function
// answers 500 naming them instead of failing to boot.
//
//   SUPABASE_URL               required (provided by Supabase)
//   SUPABASE_ANON_KEY          required (provided by Supabase): the admin check goes to PostgREST
//                              with the caller's JWT
//   SUPABASE_SERVICE_ROLE_KEY  required (provided by Supabase): reads a stored configuration's
//                              password, inside the function only
//   SMTP_ALLOWED_PORTS         optional: ports allowed on public hosts, comma-separated
//                              (default 25,465,587,2525)
//   SMTP_ALLOW_PRIVATE_HOSTS   optional: "true" allows loopback and private addresses on any port
//                              (only on a local stack: refused with a hosted SUPABASE_URL)
//   SMTP_TEST_TIMEOUT_MS       optional: the limit for connecting, the greeting and each SMTP reply
//                              (default 10000); the whole test is cut off at twice that
import { privateHostsProblem } from '../_shared/local-stack.ts';
import { smtpPolicyFromEnv } from '../_shared/smtp-target.ts';

export interface SendTestEmailSettings {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  allowedPorts: number[];
  allowPrivateHosts: boolean;
  timeoutMs: number;
  problems: string[];
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export function settingsFromEnv(env: (name: string) => string | undefined): SendTestEmailSettings {
  const read = (name: string) => env(name)?.trim() ?? '';
  const problems: string[] = [];
  const supabaseUrl = read('SUPABASE_URL').replace(/\/+$/, '');
  const anonKey = read('SUPABASE_ANON_KEY');
  const serviceRoleKey = read('SUPABASE_SERVICE_ROLE_KEY');
  if (!/^https?:\/\/\S+$/.test(supabaseUrl)) problems.push('SUPABASE_URL is not set or not an http(s) URL');
  if (!anonKey) problems.push('SUPABASE_ANON_KEY is not set');
  if (!serviceRoleKey) problems.push('SUPABASE_SERVICE_ROLE_KEY is not set');

  // The one SMTP target policy's settings (the send-email hook reads the same).
  const { allowedPorts, allowPrivateHosts, problems: policyProblems } = smtpPolicyFromEnv(read);
  problems.push(...policyProblems);
  // The local stack's loosened policy (for its loopback mail catcher) never reaches a hosted project.
  const hosted = privateHostsProblem(allowPrivateHosts, supabaseUrl);
  if (hosted) problems.push(hosted);

  let timeoutMs = DEFAULT_TIMEOUT_MS;
  const timeoutText = read('SMTP_TEST_TIMEOUT_MS');
  if (timeoutText) {
    const value = Number(timeoutText);
    if (Number.isInteger(value) && value >= 100 && value <= 60_000) timeoutMs = value;
    else problems.push(`SMTP_TEST_TIMEOUT_MS is not a number of milliseconds (100–60000): ${timeoutText}`);
  }

  return {
    supabaseUrl,
    anonKey,
    serviceRoleKey,
    allowedPorts,
    allowPrivateHosts,
    timeoutMs,
    problems,
  };
}
