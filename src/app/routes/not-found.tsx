import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { t } from '@/i18n/messages';
import { useRedirectAfter } from '@/lib/use-redirect-after';

/** product.md#account-9: the not-found page redirects to / after 5 seconds. */
export const NOT_FOUND_REDIRECT_MS = 5_000;

const HOME = { to: paths.home.path };

/** Any unknown path outside /dashboard: a way home, and home by itself after 5 s. */
export function NotFoundPage() {
  useRedirectAfter(NOT_FOUND_REDIRECT_MS, HOME);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-surface p-6 text-center text-ink">
      <title>{`${t('app.not_found.title')} | ${t('app.name')}`}</title>
      <p className="text-6xl font-black text-accent" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">{t('app.not_found.title')}</h1>
      <p className="max-w-md text-ink-muted">
        {t('app.not_found.description')} {t('app.not_found.redirect')}
      </p>
      <Link to={paths.home.path} replace className={buttonClassName('primary')}>
        {t('app.not_found.home')}
      </Link>
    </main>
  );
}
