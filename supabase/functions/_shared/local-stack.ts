// Whether a function runs on a local stack, told by its SUPABASE_URL, and the rule that keeps the
// local stack's loosened SMTP policy (SMTP_ALLOW_PRIVATE_HOSTS, for the loopback mail catcher) off
// a hosted project. One home for every function that sends e-mail.

/** Hosts a local stack's SUPABASE_URL has: our stack (127.0.0.1) and `supabase start` (kong in Docker). */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', 'kong', 'host.docker.internal']);

export function isLocalStackUrl(supabaseUrl: string): boolean {
  try {
    const url = new URL(supabaseUrl);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOCAL_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

/** The settings problem of private SMTP hosts allowed on a hosted project, or null. */
export function privateHostsProblem(allowPrivateHosts: boolean, supabaseUrl: string): string | null {
  return allowPrivateHosts && supabaseUrl && !isLocalStackUrl(supabaseUrl)
    ? 'SMTP_ALLOW_PRIVATE_HOSTS is for local stacks only: remove it from a hosted project'
    : null;
}
