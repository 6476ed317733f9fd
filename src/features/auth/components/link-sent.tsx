import { useEffect, useRef } from 'react';
import { LinkButton } from '@/components/form/link-button';
import { t } from '@/i18n/messages';

type LinkSentProps = {
  link: 'reset' | 'magic';
  email: string;
  /** Back to the same mode with an empty e-mail field. */
  onUseAnotherEmail: () => void;
  onBackToLogin: () => void;
};

/** After a reset or magic link was sent: check the mailbox, or use another e-mail. */
export function LinkSent({ link, email, onUseAnotherEmail, onBackToLogin }: LinkSentProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The view replaces the form: move the focus to its heading so it is read out.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="space-y-4 text-center">
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-accent focus:outline-none">
        {t('auth.sent.title')}
      </h2>
      <p role="status" className="text-ink">
        {t(link === 'reset' ? 'auth.sent.reset' : 'auth.sent.magic', { email })} {t('auth.sent.spam')}
      </p>
      <div className="flex flex-col items-center gap-2">
        <LinkButton onClick={onUseAnotherEmail}>{t('auth.sent.other_email')}</LinkButton>
        <LinkButton onClick={onBackToLogin}>{t('auth.login.back')}</LinkButton>
      </div>
    </div>
  );
}
