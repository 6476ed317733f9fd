/**
 * The route path an address names, without trailing slashes ('/dashboard/wallet/' →
 * '/dashboard/wallet'; '/' stays '/'), as the route registry (config/paths) spells paths. The shell's
 * first reads (shell-reads.ts) and first chunks (preload-shell.ts) look the opened page up by it.
 */
export function routePath(pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  return path === '' ? '/' : path;
}
