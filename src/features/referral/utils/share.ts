import { copyText } from '@/lib/clipboard';

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/**
 * Shares through the Web Share API. Cancelling the share sheet (AbortError) is silent; without
 * share support, or when sharing fails otherwise, the link is copied instead (product.md#dashboard-2).
 */
export async function shareLink(data: { title: string; text: string; url: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      // A DOMException (not an Error subclass everywhere): matched by its name.
      if (typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError') {
        return 'cancelled';
      }
      console.warn('Sharing failed; copying the link instead', error);
    }
  }
  return (await copyText(data.url)) ? 'copied' : 'failed';
}
