import { t } from '@/i18n/messages';
import { usePageTitle } from './site-head';

/** A section that a later issue builds: its title and a note that it is in preparation. */
export function SectionPlaceholder({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="space-y-3">
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      <p className="text-ink-muted">{t('app.placeholder')}</p>
    </section>
  );
}
