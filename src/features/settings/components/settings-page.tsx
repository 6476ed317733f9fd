import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormAlert } from '@/components/form/form-alert';
import { usePageTitle } from '@/components/layout/site-head';
import { QueryStates } from '@/components/ui/query-states';
import { LoadingState } from '@/components/ui/spinner';
import { EMAIL_CHANGE_QUERY } from '@/config/paths';
import { useOwnProfile } from '@/data/profile/get-own-profile';
import { profileKeys } from '@/data/profile/keys';
import { t } from '@/i18n/settings';
import { useSupabase } from '@/lib/supabase-context';
import { ProfileCard } from './profile-card';
import { EmailNotificationsCard } from './email-notifications-card';
import { PrivacyCard } from './privacy-card';
import { SecurityCard } from './security-card';

type EmailNotice = 'first_confirmed' | 'changed' | null;

/**
 * Where the e-mail change's links lead back (?email_change=1): the dashboard guard verifies the
 * link's token hash first (features/auth/components/email-link-landing.tsx) and adds ?message=…
 * after the first of the two links.
 */
function useEmailChangeNotice(): EmailNotice {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { getClient } = useSupabase();
  const [notice, setNotice] = useState<EmailNotice>(null);
  const returned = params.has(EMAIL_CHANGE_QUERY) && !params.has('code');
  const arrived: EmailNotice = returned ? (params.has('message') ? 'first_confirmed' : 'changed') : null;
  // Kept after the address is cleaned below.
  if (arrived && arrived !== notice) setNotice(arrived);

  useEffect(() => {
    if (!returned) return;
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    // The session's e-mail follows with a new token once the address has moved.
    if (!params.has('message')) {
      void getClient()
        .then((client) => client.auth.refreshSession())
        .then(({ error }) => {
          if (error) console.warn('Refreshing the session after the e-mail change failed', error);
        });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(EMAIL_CHANGE_QUERY);
        next.delete('message');
        return next;
      },
      { replace: true },
    );
  }, [returned, params, setParams, queryClient, getClient]);

  return notice;
}

/**
 * /dashboard/settings (product.md#dashboard-2): the profile card, the security card, 'Powiadomienia
 * e-mail' and 'Twoje dane' (download or delete, issue 38).
 */
export function SettingsPage() {
  usePageTitle(t('settings.title'));
  const profile = useOwnProfile();
  const emailNotice = useEmailChangeNotice();

  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold text-ink">{t('settings.title')}</h1>
      {emailNotice ? (
        <FormAlert tone={emailNotice === 'changed' ? 'success' : 'info'}>
          {t(emailNotice === 'changed' ? 'settings.email.changed' : 'settings.email.first_confirmed')}
        </FormAlert>
      ) : null}
      <QueryStates
        query={profile}
        loading={<LoadingState label={t('settings.loading')} />}
        errorMessage={t('settings.load_failed')}
      >
        {(data) => (
          <div className="grid gap-6 xl:grid-cols-2">
            <ProfileCard profile={data} />
            <SecurityCard />
            <EmailNotificationsCard profile={data} />
            <PrivacyCard />
          </div>
        )}
      </QueryStates>
    </section>
  );
}
