import { Tabs } from '@/components/ui/tabs';
import { t } from '@/i18n/messages';

/**
 * '/': the authentication screen with its two tabs (account-and-access.md §2). The forms are built
 * by the authentication issue; the `?ref` query stays in the address for them to read.
 */
export function Component() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-surface p-4 text-ink">
      <title>{t('app.name')}</title>
      <div className="w-full max-w-md rounded-2xl border border-surface-border bg-surface-raised p-6 shadow-xl">
        <h1 className="mb-6 text-center text-3xl font-black text-accent">{t('app.name')}</h1>
        <Tabs
          label={t('auth.tabs')}
          tabs={[
            {
              id: 'login',
              label: t('auth.tab.login'),
              content: (
                <section aria-label={t('auth.tab.login')}>
                  <h2 className="text-lg font-semibold">{t('auth.tab.login')}</h2>
                  <p className="mt-2 text-ink-muted">{t('app.placeholder')}</p>
                </section>
              ),
            },
            {
              id: 'register',
              label: t('auth.tab.register'),
              content: (
                <section aria-label={t('auth.tab.register')}>
                  <h2 className="text-lg font-semibold">{t('auth.tab.register')}</h2>
                  <p className="mt-2 text-ink-muted">{t('app.placeholder')}</p>
                </section>
              ),
            },
          ]}
        />
      </div>
    </main>
  );
}
