// Which e-mail template the send-email hook renders for each Auth email_action_type. The database
// keeps the same list (private.auth_hook_email_templates(), used by the guards on
// public.email_templates); tests/db/account-security.test.ts keeps the two equal.
// Plain TypeScript without Deno APIs, so the Node tests can import it too.

export const TEMPLATE_BY_ACTION = {
  signup: 'account-activation',
  magiclink: 'magic-link',
  recovery: 'password-reset',
  email_change: 'email-change',
  reauthentication: 'reauthentication',
  password_changed_notification: 'password-changed',
  email_changed_notification: 'email-changed',
  mfa_factor_enrolled_notification: 'mfa-factor-enrolled',
  mfa_factor_unenrolled_notification: 'mfa-factor-unenrolled',
} as const;

export type TemplatedAction = keyof typeof TEMPLATE_BY_ACTION;

/**
 * Actions the club does not use, answered on purpose instead of with a missing template:
 * - `ignore`: Auth's security notifications for features the app does not have (phone numbers as
 *   a sign-in method, linked OAuth identities). Auth only sends them when those features are on;
 *   the hook answers success without sending, and says so in the log.
 * - `refuse`: invitations (members register themselves; an invited account would have no password
 *   and no profile data). The call that asked for one fails with this message.
 */
export const DELIBERATE_ANSWERS: Readonly<Record<string, { answer: 'ignore' | 'refuse'; reason: string }>> = {
  phone_changed_notification: { answer: 'ignore', reason: 'the club does not use phone numbers to sign in' },
  identity_linked_notification: { answer: 'ignore', reason: 'the club does not link OAuth identities' },
  identity_unlinked_notification: { answer: 'ignore', reason: 'the club does not link OAuth identities' },
  invite: { answer: 'refuse', reason: 'Invitations are not used: members register themselves' },
};

export function isTemplatedAction(action: string): action is TemplatedAction {
  return Object.hasOwn(TEMPLATE_BY_ACTION, action);
}
