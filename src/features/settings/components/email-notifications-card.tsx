import { useId, useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { OwnProfile } from '@/data/profile/get-own-profile';
import { useUpdateEmailNotifications } from '@/data/profile/update-email-notifications';
import { t, type SettingsMessageKey } from '@/i18n/settings';
import {
  EMAIL_NOTIFICATION_KINDS,
  preferencesWith,
  switchesFrom,
  type EmailNotificationKind,
  type EmailNotificationSwitches,
} from '../utils/email-notifications';
import { settingsErrorMessage } from '../utils/error-messages';

const LABELS: Record<EmailNotificationKind, { label: SettingsMessageKey; description: SettingsMessageKey }> = {
  wallet_credited: {
    label: 'settings.email_notifications.wallet_credited',
    description: 'settings.email_notifications.wallet_credited_description',
  },
  profit_payout: {
    label: 'settings.email_notifications.profit_payout',
    description: 'settings.email_notifications.profit_payout_description',
  },
  withdrawal_requested: {
    label: 'settings.email_notifications.withdrawal_requested',
    description: 'settings.email_notifications.withdrawal_requested_description',
  },
  withdrawal_completed: {
    label: 'settings.email_notifications.withdrawal_completed',
    description: 'settings.email_notifications.withdrawal_completed_description',
  },
  withdrawal_failed: {
    label: 'settings.email_notifications.withdrawal_failed',
    description: 'settings.email_notifications.withdrawal_failed_description',
  },
  membership_reminders: {
    label: 'settings.email_notifications.membership_reminders',
    description: 'settings.email_notifications.membership_reminders_description',
  },
  payment_reminders: {
    label: 'settings.email_notifications.payment_reminders',
    description: 'settings.email_notifications.payment_reminders_description',
  },
};

function NotificationSwitch({
  kind,
  checked,
  disabled,
  onChange,
}: {
  kind: EmailNotificationKind;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div>
        <p id={labelId} className="font-medium text-ink">
          {t(LABELS[kind].label)}
        </p>
        <p id={descriptionId} className="text-sm text-ink-muted">
          {t(LABELS[kind].description)}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-50 ${
          checked ? 'border-accent bg-accent' : 'border-surface-border bg-surface-overlay'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-5 w-5 rounded-full shadow transition-transform ${
            checked ? 'translate-x-6 bg-accent-contrast' : 'translate-x-1 bg-ink-muted'
          }`}
        />
      </button>
    </li>
  );
}

/**
 * 'Powiadomienia e-mail' (issue 20 §2, issue 40 §2): one switch per money e-mail and per kind of
 * reminder, saved together into
 * user_settings.notification_preferences. A failed save keeps the switches as set.
 */
export function EmailNotificationsCard({ profile }: { profile: OwnProfile }) {
  const stored = profile.user_settings?.notification_preferences;
  const [switches, setSwitches] = useState<EmailNotificationSwitches>(() => switchesFrom(stored));
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const save = useUpdateEmailNotifications();
  const unchanged = EMAIL_NOTIFICATION_KINDS.every((kind) => switchesFrom(stored)[kind] === switches[kind]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    try {
      await save.mutateAsync(preferencesWith(stored, switches));
      setResult({ tone: 'success', message: t('settings.email_notifications.saved') });
    } catch (error) {
      setResult({ tone: 'error', message: settingsErrorMessage(error, 'settings.email_notifications.save_failed') });
    }
  };

  return (
    <Card title={t('settings.email_notifications.title')}>
      <form onSubmit={(event) => void submit(event)} className="space-y-4" aria-busy={save.isPending || undefined}>
        <p className="text-sm text-ink-muted">{t('settings.email_notifications.description')}</p>
        <ul className="divide-y divide-surface-border">
          {EMAIL_NOTIFICATION_KINDS.map((kind) => (
            <NotificationSwitch
              key={kind}
              kind={kind}
              checked={switches[kind]}
              disabled={save.isPending}
              onChange={(checked) => {
                setResult(null);
                setSwitches((current) => ({ ...current, [kind]: checked }));
              }}
            />
          ))}
        </ul>
        <p className="text-sm text-ink-muted">{t('settings.email_notifications.security_note')}</p>
        {result ? <FormAlert tone={result.tone}>{result.message}</FormAlert> : null}
        <button
          type="submit"
          disabled={save.isPending || unchanged}
          aria-busy={save.isPending || undefined}
          className={buttonClassName('primary', 'px-5 py-2.5')}
        >
          {save.isPending ? <Spinner className="h-4 w-4 border-accent-contrast border-t-transparent" /> : null}
          {save.isPending ? t('settings.email_notifications.saving') : t('settings.email_notifications.save')}
        </button>
      </form>
    </Card>
  );
}
