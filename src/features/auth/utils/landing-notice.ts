/**
 * A message the landing page shows after a redirect (activation done, password changed, a link
 * that failed), carried in the router's location state.
 */
export type LandingNotice = { tone: 'success' | 'error'; text: string };

export function landingNoticeState(notice: LandingNotice): { notice: LandingNotice } {
  return { notice };
}

export function readLandingNotice(state: unknown): LandingNotice | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const notice = (state as { notice: unknown }).notice;
  if (typeof notice !== 'object' || notice === null) return null;
  const { tone, text } = notice as Record<string, unknown>;
  if ((tone !== 'success' && tone !== 'error') || typeof text !== 'string') return null;
  return { tone, text };
}
