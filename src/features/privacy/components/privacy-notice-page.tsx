import { Link, useLocation } from 'react-router-dom';
import { FormAlert } from '@/components/form/form-alert';
import { paths } from '@/config/paths';
import { useSiteSettings } from '@/data/site-settings/get-site-settings';
import { privacyNotice } from '@/i18n/privacy-notice';
import { t } from '@/i18n/privacy';
import { toSafeLink } from '@/lib/safe-links';

function accountDeleted(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { accountDeleted?: unknown }).accountDeleted === true;
}

/**
 * /polityka-prywatnosci: the privacy notice (RODO art. 13), rendered from the one text the file of
 * 'Pobierz moje dane' opens with (src/i18n/privacy-notice.ts), with the club's name and its contact
 * for data matters from the site settings; the club's own document, when the SEO tab names one.
 * After 'Usuń konto' the member lands here, signed out: the page says the account is gone.
 */
export function PrivacyNoticePage() {
  const settings = useSiteSettings();
  const location = useLocation();
  const notice = privacyNotice({
    controller: settings.data?.site_title ?? t('app.name'),
    contact: settings.data?.privacy_contact_email,
  });
  const ownDocument = settings.data?.privacy_url ? toSafeLink(settings.data.privacy_url) : null;

  return (
    <main className="min-h-dvh bg-surface p-4 text-ink md:p-8">
      <title>{`${notice.title} | ${t('app.name')}`}</title>
      <article className="mx-auto max-w-3xl space-y-6 rounded-2xl border border-surface-border bg-surface-raised p-6">
        {accountDeleted(location.state) ? <FormAlert tone="success">{t('privacy.account_deleted')}</FormAlert> : null}
        <h1 className="text-3xl font-black text-accent">{notice.title}</h1>
        <p className="text-ink-muted">{notice.intro}</p>
        {settings.isError ? <FormAlert tone="info">{t('privacy.page.load_failed')}</FormAlert> : null}
        {ownDocument ? (
          <p className="text-sm">
            {t('privacy.page.own_document')}{' '}
            <a href={ownDocument.href} target="_blank" rel="noopener noreferrer" className="text-accent underline">
              {t('privacy.page.own_document_link')}
            </a>
          </p>
        ) : null}
        {notice.sections.map((section) => (
          <section key={section.id} aria-labelledby={`privacy-${section.id}`} className="space-y-3">
            <h2 id={`privacy-${section.id}`} className="text-xl font-semibold text-ink">
              {section.heading}
            </h2>
            {section.items ? (
              <dl className="space-y-2">
                {section.items.map((item) => (
                  <div key={item.term}>
                    <dt className="font-semibold text-ink">{item.term}</dt>
                    <dd className="text-ink-muted">{item.text}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {section.paragraphs?.map((text) => (
              <p key={text} className="text-ink-muted">
                {text}
              </p>
            ))}
          </section>
        ))}
        <p>
          <Link to={paths.home.path} className="text-accent underline">
            {t('privacy.page.back')}
          </Link>
        </p>
      </article>
    </main>
  );
}
