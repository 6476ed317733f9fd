// The environment of send-outbox, read once at start-up; problems are collected so the function
// answers 500 naming them instead of failing to boot.
//
//   SUPABASE_URL               required (provided by Supabase)
//   SUPABASE_SERVICE_ROLE_KEY  required (provided by Supabase): the only key a caller may present
//                              (pg_cron + pg_net send it from Vault), and the key the function
//                              claims the outbox and reads templates and SMTP configurations with
//   SMTP_ALLOWED_PORTS         optional: as for send-email (the one SMTP target policy)
//   SMTP_ALLOW_PRIVATE_HOSTS   optional: "true" only on a local stack (refused with a hosted SUPABASE_URL)
import { smtpPolicyFromEnv } from '../_shared/smtp-target.ts';
import { privateHostsProblem } from '../_shared/local-stack.ts';

export interface SendOutboxSettings {
  supabaseUrl: string;
  serviceRoleKey: string;
  smtpPolicy: { allowedPorts: number[]; allowPrivateHosts: boolean };
  problems: string[];
}

export function settingsFromEnv(env: (name: string) => string | undefined): SendOutboxSettings {
  const read = (name: string) => env(name)?.trim() ?? '';
  const problems: string[] = [];
  const supabaseUrl = read('SUPABASE_URL').replace(/\/+$/, '');
  const serviceRoleKey = read('SUPABASE_SERVICE_ROLE_KEY');
  if (!/^https?:\/\/\S+$/.test(supabaseUrl)) problems.push('SUPABASE_URL is not set or not an http(s) URL');
  if (!serviceRoleKey) problems.push('SUPABASE_SERVICE_ROLE_KEY is not set');
  const smtp = smtpPolicyFromEnv(read);
  problems.push(...smtp.problems);
  const hosted = privateHostsProblem(smtp.allowPrivateHosts, supabaseUrl);
  if (hosted) problems.push(hosted);
  return {
    supabaseUrl,
    serviceRoleKey,
    smtpPolicy: { allowedPorts: smtp.allowedPorts, allowPrivateHosts: smtp.allowPrivateHosts },
    problems,
  };
}
