import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { t } from '@/i18n/messages';

/** The centred card the account pages (landing, activation, reset) share. */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <main className="flex min-h-[calc(100dvh-3rem)] items-center justify-center bg-surface p-4 text-ink">
        <title>{title === t('app.name') ? title : `${title} | ${t('app.name')}`}</title>
        <div className="w-full max-w-md space-y-6 rounded-2xl border border-surface-border bg-surface-raised p-6 shadow-xl">
          <h1 className="text-center text-3xl font-black text-accent">{title}</h1>
          {children}
        </div>
      </main>
      <SiteFooter className="flex h-12 items-center justify-center" />
    </>
  );
}
