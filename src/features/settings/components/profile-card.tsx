import { useId, useState } from 'react';
import { inputClassName } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { memberLabel, type OwnProfile } from '@/data/profile/get-own-profile';
import { t } from '@/i18n/settings';
import { AvatarSection } from './avatar-section';
import { EmailChangeDialog } from './email-change-dialog';
import { ProfileForm } from './profile-form';

/**
 * The profile card (product.md#dashboard-2): avatar, the e-mail (read-only, changed through its modal)
 * and the profile form.
 */
export function ProfileCard({ profile }: { profile: OwnProfile }) {
  const emailId = useId();
  const [changingEmail, setChangingEmail] = useState(false);
  return (
    <Card title={t('settings.profile')}>
      <div className="space-y-6">
        <AvatarSection
          avatarUrl={profile.user_settings?.avatar_url ?? null}
          name={memberLabel(profile, profile.email)}
        />
        <div className="space-y-1.5">
          <label htmlFor={emailId} className="block text-sm font-medium text-ink">
            {t('settings.field.email')}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={emailId}
              type="email"
              readOnly
              value={profile.email}
              className={`${inputClassName} border-surface-border bg-surface-overlay`}
            />
            <Button variant="secondary" className="shrink-0" onClick={() => setChangingEmail(true)}>
              {t('settings.email.change')}
            </Button>
          </div>
        </div>
        <ProfileForm key={profile.updated_at} profile={profile} />
      </div>
      {changingEmail ? (
        <EmailChangeDialog currentEmail={profile.email} onClose={() => setChangingEmail(false)} />
      ) : null}
    </Card>
  );
}
