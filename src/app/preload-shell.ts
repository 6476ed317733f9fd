import { paths } from '@/config/paths';
import { getSupabase, hasStoredSession } from '@/lib/supabase';
import { routePath } from './route-path';
import { sectionCode, sections } from './sections';

const { dashboard } = paths;

/** The chunks a signed-in member's first screen at `pathname` needs: the shell and the page. */
export function shellChunks(pathname: string): (() => Promise<unknown>)[] {
  const path = routePath(pathname);
  // The landing page sends a signed-in member on to the main panel.
  const page = path === paths.home.path ? dashboard.root.path : path;
  if (page !== dashboard.root.path && !page.startsWith(`${dashboard.root.path}/`)) return [];
  const section = sections.at(page);
  return [() => import('./routes/dashboard/layout'), ...(section ? [() => sectionCode(section)] : [])];
}

/**
 * A returning member's first screen (issue 24 §6): as soon as the entry runs, supabase-js, the
 * dashboard shell's chunk and the opened page's chunk start downloading side by side, instead of one
 * after another (the client, then the session read, then the route's chunks). The router's own
 * `import()` calls later get the same modules. A visitor without a stored session loads nothing.
 */
export function preloadSignedInShell(pathname: string = window.location.pathname): void {
  if (!hasStoredSession()) return;
  const ignore = () => {
    // A failed download is tried again when the router or the session provider needs it.
  };
  getSupabase().catch(ignore);
  for (const load of shellChunks(pathname)) load().catch(ignore);
}
