import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { t } from '@/i18n/messages';

/** Under every page: the link to the privacy notice (RODO art. 13), nothing else. */
export function SiteFooter({ className = '' }: { className?: string }) {
  return (
    <footer className={`text-center text-sm ${className}`}>
      <Link to={paths.privacy.path} className="text-ink-muted underline hover:text-accent">
        {t('app.privacy_notice')}
      </Link>
    </footer>
  );
}
