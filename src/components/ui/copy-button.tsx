import { t } from '@/i18n/messages';
import { copyText, useCopyFeedback } from '@/lib/clipboard';
import { buttonClassName } from './button';

type CopyButtonProps = {
  /** What goes on the clipboard. */
  text: string;
  /** What is copied, for the accessible name: 'Kopiuj {what}'. */
  what: string;
  className?: string;
};

/**
 * A small 'Kopiuj' button beside a long string people would otherwise retype (addresses, hashes,
 * secrets, codes). Its name keeps the visible word ('Kopiuj …'); 'Skopiowano!' is announced in a
 * polite status beside it for 2 s. A clipboard failure is only logged (product.md#dashboard-8).
 */
export function CopyButton({ text, what, className = '' }: CopyButtonProps) {
  const { copied, flash } = useCopyFeedback();
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <button
        type="button"
        aria-label={t('copy.label', { what })}
        onClick={() => void copyText(text).then((done) => done && flash())}
        className={buttonClassName('secondary', 'px-2 py-1 text-xs')}
      >
        {t('copy.button')}
      </button>
      <span role="status" aria-live="polite" className="text-xs text-success">
        {copied ? t('copy.done') : ''}
      </span>
    </span>
  );
}
