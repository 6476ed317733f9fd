import { Link } from 'react-router-dom';
import { t } from '@/i18n/messages';
import { splitMarkdownLinks } from './safe-links';

const LINK_CLASS = 'font-semibold text-accent underline underline-offset-2 hover:text-accent-hover';

/**
 * The one renderer of admin-written text with `[text](url)` links (lib/safe-links.ts decides which
 * URLs are safe): the members' announcement banner, the admin announcement preview and list, and
 * community posts. A path of this app is an in-app link; another site opens in a new tab without
 * this window (and says so to screen readers); anything else stays text. Nothing becomes HTML.
 */
export function SafeLinkText({ content, origin }: { content: string; origin?: string }) {
  return (
    <>
      {splitMarkdownLinks(content, origin).map((part, index) => {
        if (part.kind === 'text') return <span key={index}>{part.text}</span>;
        if (part.link.kind === 'internal') {
          return (
            <Link key={index} to={part.link.href} className={LINK_CLASS}>
              {part.text}
            </Link>
          );
        }
        return (
          <a key={index} href={part.link.href} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
            {part.text} <span className="sr-only">{t('nav.opens_in_new_tab')}</span>
          </a>
        );
      })}
    </>
  );
}
