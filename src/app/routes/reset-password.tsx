import { t } from '@/i18n/messages';

/** /reset-password: the password reset form (account-and-access.md §2). A later issue builds it. */
export function Component() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-surface p-4 text-ink">
      <title>{`${t('auth.reset.title')} | ${t('app.name')}`}</title>
      <div className="w-full max-w-md space-y-3 rounded-2xl border border-surface-border bg-surface-raised p-6 text-center">
        <h1 className="text-2xl font-bold text-accent">{t('auth.reset.title')}</h1>
        <p className="text-ink-muted">{t('app.placeholder')}</p>
      </div>
    </main>
  );
}
