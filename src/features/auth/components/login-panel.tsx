import { Suspense, useState, type ComponentType } from 'react';
import { LoadBoundary, useRetryableLazy } from '@/components/ui/load-boundary';
import { LoadingState } from '@/components/ui/spinner';
import { chunkLoader } from '@/lib/chunk-loader';
import { useSupabase } from '@/lib/supabase-context';
import type { EmailLinkFormProps } from './email-link-form';
import { LinkSent } from './link-sent';
import { PasswordLoginForm } from './password-login-form';

/**
 * The reset and magic-link form (with react-hook-form) is a chunk of its own: most visitors sign in
 * with the password and never download it. Pointing at or focusing its link fetches it.
 */
export const emailLinkFormChunk = {
  load: () => import('./email-link-form'),
};
const loadEmailLinkModule = chunkLoader(() => emailLinkFormChunk.load());
/** Once loaded, the form renders at once (a new lazy component would suspend for a tick every time). */
let loadedEmailLinkForm: ComponentType<EmailLinkFormProps> | null = null;
const loadEmailLinkForm = () =>
  loadEmailLinkModule().then((module) => {
    loadedEmailLinkForm = module.EmailLinkForm;
    return { default: module.EmailLinkForm };
  });
const prefetchEmailLinkForm = () => {
  loadEmailLinkForm().catch(() => {
    // Opening the mode loads it again and, if that fails too, offers a retry.
  });
};

/** The form, loaded when first shown; a failed load shows the connection message and a retry. */
function LazyEmailLinkForm(props: EmailLinkFormProps) {
  const [EmailLinkForm, retry] = useRetryableLazy(loadEmailLinkForm);
  const Loaded = loadedEmailLinkForm;
  if (Loaded) return <Loaded {...props} />;
  return (
    <LoadBoundary onRetry={retry}>
      <Suspense fallback={<LoadingState />}>
        <EmailLinkForm {...props} />
      </Suspense>
    </LoadBoundary>
  );
}

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
          onPrefetchLinks={prefetchEmailLinkForm}
          defaultEmail={email}
          focusOnMount={switched}
          onForgotPassword={(current) => go({ screen: 'link', link: 'reset' }, current)}
          onMagicLink={(current) => go({ screen: 'link', link: 'magic' }, current)}
        />
      ) : null}
      {view.screen === 'link' ? (
        <LazyEmailLinkForm
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
