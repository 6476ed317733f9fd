import type { QueryClient } from '@tanstack/react-query';
import { activeAnnouncementsQueryOptions } from '@/data/announcements/get-active-announcements';
import { ownProfileQueryOptions } from '@/data/profile/get-own-profile';
import { yieldToMain } from '@/lib/main-thread';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';
import { siteSettingsQueryOptions } from '@/data/site-settings/get-site-settings';
import { hasStoredSession as hasStoredSessionInBrowser, type AppSupabaseClient } from '@/lib/supabase';
import { routePath } from './route-path';
import { sections } from './sections';

/** What the signed-in shell's loader needs: the app's query client and its Supabase client. */
export type ShellReadsContext = {
  queryClient: QueryClient;
  getClient: () => Promise<AppSupabaseClient>;
  /** Whether a session is stored (lib/supabase.ts by default). */
  hasStoredSession?: () => boolean;
  /** How long the first render waits for the first reads (SHELL_READ_WAIT_MS by default). */
  waitMs?: number;
};

/**
 * How long the shell waits for its first reads before it renders without them: long enough for
 * reads that start beside the shell's chunks, short enough that a slow API does not hold the page
 * (what arrives later then renders into its skeleton; a banner that arrives later pushes the page
 * down once: its height depends on whether there is one and on its text, so no slot can be kept).
 */
export const SHELL_READ_WAIT_MS = 1_000;

/**
 * The first reads of the member section at `pathname` (the section registry's, sections.ts). An
 * admin tab's are the admin tab bar's to start, in an aal2 session.
 */
function pageReads(pathname: string): SectionPrefetch | undefined {
  const section = sections.at(routePath(pathname));
  return section && !section.admin ? section.reads : undefined;
}

/** Waits for `promise`, at most `ms` milliseconds. */
function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([promise.then(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

/**
 * The /dashboard shell's route loader (issue 24 §6). Once the session has answered, it starts the
 * shell's reads (site settings, the member's profile, the announcements) and the opened page's first
 * reads, one task apart, beside the shell's and the page's chunks, instead of one round trip after
 * them; and it waits (at most SHELL_READ_WAIT_MS) until they have all answered, so the first
 * render shows the page with its data: the banner does not push the page down when it arrives
 * (CLS), and the page is drawn once, in the router's interruptible render (a transition, in
 * slices), not once as skeletons and again in one long update per answer as the reads come in
 * (total blocking time).
 * It waits for its own reads only (each settles when it has answered or failed), not for whatever
 * else the query client may be reading. A failed read is the components' to show (they read
 * again); the loader never fails. Without a stored session (the guard sends the visitor to /), or
 * when the stored one has ended (the session read answers without one), it reads nothing.
 */
export async function loadShell(
  {
    queryClient,
    getClient,
    hasStoredSession = hasStoredSessionInBrowser,
    waitMs = SHELL_READ_WAIT_MS,
  }: ShellReadsContext,
  pathname: string,
): Promise<null> {
  if (!hasStoredSession()) return null;
  // The router may be built while the stored session is still being read (lib/auth/auth-router.tsx):
  // nothing is read before the session has answered (refreshed if it had expired), and nothing
  // without one. The wait for the reads starts once they have started.
  const userId = await getClient()
    .then(async (client) => (await client.auth.getSession()).data.session?.user.id)
    .catch(() => undefined);
  if (!userId) return null;
  // Each read starts in a task of its own (yieldToMain), and not in the one that created the client:
  // started together, their first steps (the request, its headers and the session, the fetch) ran
  // as one task of some 45 ms on a desktop.
  const ignore = () => {
    // The shell's components read again and show their own error states.
  };
  await yieldToMain();
  const announcements = queryClient.ensureQueryData(activeAnnouncementsQueryOptions(getClient)).catch(ignore);
  await yieldToMain();
  const siteSettings = prefetchRead(queryClient, siteSettingsQueryOptions(getClient));
  await yieldToMain();
  const profile = prefetchRead(queryClient, ownProfileQueryOptions(getClient, userId));
  await yieldToMain();
  const page = Promise.resolve(pageReads(pathname)?.({ queryClient, getClient, userId })).catch(ignore);
  await waitAtMost(Promise.all([announcements, siteSettings, profile, page]), waitMs);
  return null;
}
