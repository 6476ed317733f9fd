import { Button } from '@/components/ui/button';
import { t } from '@/i18n/messages';
import { reloadPage } from '@/lib/browser';

/** The top-level crash screen: 'Wystąpił błąd' with a refresh button. Needs no router or data. */
export function CrashScreen() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-surface p-6 text-center text-ink">
      <h1 className="text-2xl font-bold text-accent">{t('app.crash.title')}</h1>
      <p className="max-w-md text-ink-muted">{t('app.crash.description')}</p>
      <Button onClick={reloadPage}>{t('app.refresh')}</Button>
    </main>
  );
}
