/**
 * Announcements the member closed, remembered in this browser (product.md#dashboard-4: "dismissal is
 * remembered in the browser"). localStorage; unreadable or full storage only forgets.
 */
export const DISMISSED_ANNOUNCEMENTS_KEY = 'klub.dismissed-announcements';
const MAX_REMEMBERED = 100;

export function readDismissedAnnouncements(): Set<string> {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(DISMISSED_ANNOUNCEMENTS_KEY) ?? '[]');
    return new Set(Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function rememberDismissedAnnouncement(id: string): Set<string> {
  const ids = [...readDismissedAnnouncements()].filter((existing) => existing !== id);
  ids.push(id);
  const kept = ids.slice(-MAX_REMEMBERED);
  try {
    window.localStorage.setItem(DISMISSED_ANNOUNCEMENTS_KEY, JSON.stringify(kept));
  } catch (error) {
    console.warn('Could not remember the dismissed announcement', error);
  }
  return new Set(kept);
}

/** One of the announcements not dismissed yet, picked by `random` (0 ≤ random < 1), or null. */
export function pickAnnouncement<T extends { id: string }>(
  announcements: readonly T[],
  dismissed: ReadonlySet<string>,
  random: number,
): T | null {
  const candidates = announcements.filter((announcement) => !dismissed.has(announcement.id));
  if (candidates.length === 0) return null;
  return candidates[Math.min(candidates.length - 1, Math.floor(random * candidates.length))] ?? null;
}
