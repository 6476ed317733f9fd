import { useState } from 'react';
import { useSupabase } from '@/lib/supabase-context';
import { EmailLinkForm } from './email-link-form';
import { LinkSent } from './link-sent';
import { PasswordLoginForm } from './password-login-form';

type LinkKind = 'reset' | 'magic';

/** The login tab's screens (product.md#account-4: password, magic link, reset, then the confirmation). */
type View =
  { screen: 'password' } | { screen: 'link'; link: LinkKind } | { screen: 'sent'; link: LinkKind; email: string };

/**
 * The 'Logowanie' tab. Switching modes keeps the e-mail typed so far; "use another e-mail" comes
 * back with an empty field. The Supabase client starts loading as soon as the visitor starts on
 * the form, so it is there by the time they submit.
 */
export function LoginPanel() {
  const { preload } = useSupabase();
  const [view, setView] = useState<View>({ screen: 'password' });
  const [email, setEmail] = useState('');
  // Not on the first render: the page must not move the focus by itself.
  const [switched, setSwitched] = useState(false);

  const go = (next: View, nextEmail: string) => {
    setEmail(nextEmail);
    setSwitched(true);
    setView(next);
  };

  return (
    <div onFocusCapture={preload} onPointerDownCapture={preload}>
      {view.screen === 'password' ? (
        <PasswordLoginForm
          defaultEmail={email}
          focusOnMount={switched}
          onForgotPassword={(current) => go({ screen: 'link', link: 'reset' }, current)}
          onMagicLink={(current) => go({ screen: 'link', link: 'magic' }, current)}
        />
      ) : null}
      {view.screen === 'link' ? (
        <EmailLinkForm
          key={view.link}
          link={view.link}
          defaultEmail={email}
          focusOnMount={switched}
          onSent={(sentTo) => go({ screen: 'sent', link: view.link, email: sentTo }, sentTo)}
          onBack={(current) => go({ screen: 'password' }, current)}
        />
      ) : null}
      {view.screen === 'sent' ? (
        <LinkSent
          link={view.link}
          email={view.email}
          onUseAnotherEmail={() => go({ screen: 'link', link: view.link }, '')}
          onBackToLogin={() => go({ screen: 'password' }, view.email)}
        />
      ) : null}
    </div>
  );
}
