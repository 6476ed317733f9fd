import { paths } from '@/config/paths';

/**
 * Where to go after signing in: the signed-in page the visitor asked for (a link, a bookmark, the
 * page they were on when 'Sesja wygasła' showed), carried to / in the router's location state.
 * Only paths inside the dashboard count; anything else (another origin, `//host`) is /dashboard.
 */
export type ReturnToState = { from?: string };

export function returnToState(location: { pathname: string; search: string; hash?: string }): ReturnToState {
  return { from: `${location.pathname}${location.search}${location.hash ?? ''}` };
}

export function returnPathFrom(state: unknown): string {
  const fallback = paths.dashboard.root.path;
  if (typeof state !== 'object' || state === null || !('from' in state)) return fallback;
  const from = (state as { from: unknown }).from;
  if (typeof from !== 'string' || from.startsWith('//') || from.includes('\\')) return fallback;
  const root = paths.dashboard.root.path;
  if (from !== root && !from.startsWith(`${root}/`) && !from.startsWith(`${root}?`)) return fallback;
  return from;
}
