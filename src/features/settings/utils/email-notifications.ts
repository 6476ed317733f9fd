import type { Json } from '@/types/database.types';

/**
 * The e-mail kinds a member can switch off ('Powiadomienia e-mail': the money e-mails and the
 * reminders of membership and unpaid orders), the keys of
 * user_settings.notification_preferences that the database checks and reads (migration
 * 20261122001100_email.sql, private.queue_money_email and private.queue_preferred_email: a kind is
 * e-mailed unless its key is false). Security e-mails
 * (password, e-mail, 2FA) are not here: they are always sent.
 */
export const EMAIL_NOTIFICATION_KINDS = [
  'wallet_credited',
  'profit_payout',
  'withdrawal_requested',
  'withdrawal_completed',
  'withdrawal_failed',
  'membership_reminders',
  'payment_reminders',
] as const;

export type EmailNotificationKind = (typeof EMAIL_NOTIFICATION_KINDS)[number];
export type EmailNotificationSwitches = Record<EmailNotificationKind, boolean>;

function asObject(value: Json | undefined): Record<string, Json | undefined> {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/** What the switches show: on unless the stored preferences say false. */
export function switchesFrom(stored: Json | undefined): EmailNotificationSwitches {
  const preferences = asObject(stored);
  return Object.fromEntries(
    EMAIL_NOTIFICATION_KINDS.map((kind) => [kind, preferences[kind] !== false]),
  ) as EmailNotificationSwitches;
}

/** The preferences to store: the other keys as they were, each e-mail kind as switched. */
export function preferencesWith(stored: Json | undefined, switches: EmailNotificationSwitches): Record<string, Json> {
  const kept = Object.fromEntries(
    Object.entries(asObject(stored)).filter(
      (entry): entry is [string, Json] =>
        entry[1] !== undefined && !(EMAIL_NOTIFICATION_KINDS as readonly string[]).includes(entry[0]),
    ),
  );
  return { ...kept, ...switches };
}
