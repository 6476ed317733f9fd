// The environment of the idea-webhook function, read once at start-up. Problems are collected, not
// thrown: the handler still answers (a missing webhook URL is a failed webhook, stored as such).
//
//   IDEA_WEBHOOK_URL           the automation service's URL ([edge_runtime.secrets]; hosted:
//                              `supabase secrets set`). Never sent to the browser.
//   IDEA_WEBHOOK_TIMEOUT_MS    optional: how long to wait for the service (default 10 000 ms)
//   SUPABASE_URL               provided by Supabase
//   SUPABASE_ANON_KEY          provided by Supabase: checks the caller's JWT with Auth
//   SUPABASE_SERVICE_ROLE_KEY  provided by Supabase: reads the idea and stores the feedback

export interface IdeaWebhookSettings {
  /** '' when unset or not an http(s) URL (see problems). */
  webhookUrl: string;
  timeoutMs: number;
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  problems: string[];
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export type EnvReader = (name: string) => string | undefined;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function settingsFromEnv(env: EnvReader): IdeaWebhookSettings {
  const read = (name: string) => env(name)?.trim() ?? '';
  const problems: string[] = [];

  let webhookUrl = read('IDEA_WEBHOOK_URL');
  if (!webhookUrl) problems.push('IDEA_WEBHOOK_URL is not set');
  else if (!isHttpUrl(webhookUrl)) {
    problems.push('IDEA_WEBHOOK_URL is not an http(s) URL');
    webhookUrl = '';
  }

  let timeoutMs = DEFAULT_TIMEOUT_MS;
  const timeout = read('IDEA_WEBHOOK_TIMEOUT_MS');
  if (timeout) {
    const parsed = Number(timeout);
    if (Number.isInteger(parsed) && parsed > 0) timeoutMs = parsed;
    else problems.push('IDEA_WEBHOOK_TIMEOUT_MS is not a positive integer');
  }

  const supabaseUrl = read('SUPABASE_URL').replace(/\/+$/, '');
  const anonKey = read('SUPABASE_ANON_KEY');
  const serviceRoleKey = read('SUPABASE_SERVICE_ROLE_KEY');
  if (!supabaseUrl) problems.push('SUPABASE_URL is not set');
  if (!anonKey) problems.push('SUPABASE_ANON_KEY is not set');
  if (!serviceRoleKey) problems.push('SUPABASE_SERVICE_ROLE_KEY is not set');

  return { webhookUrl, timeoutMs, supabaseUrl, anonKey, serviceRoleKey, problems };
}
