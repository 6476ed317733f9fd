import { useNavigation } from 'react-router-dom';
import { t } from '@/i18n/messages';

/**
 * A slim bar under the header while the router loads the next page's code (a section not yet
 * prefetched). It appears after a short delay, so a section already loaded shows no flash; with
 * reduced motion it stays still instead of sliding.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('nav.page_loading')}
      className="pointer-events-none fixed inset-x-0 top-16 z-50 h-0.5 overflow-hidden opacity-0 animate-[progress-in_0s_linear_150ms_forwards]"
    >
      <div className="h-full w-1/3 bg-accent animate-[progress-slide_1.2s_ease-in-out_infinite] motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
