// The Send Email Hook's request body as Supabase Auth sends it: { user, email_data }. Only the
// fields this function reads are checked; everything else is ignored (email_data.site_url, Auth's
// own URL, included: no link is built from the payload's URLs).
import { HookError } from '../_shared/hook-response.ts';

export interface HookUser {
  id: string;
  email: string;
  /** The address an e-mail change moves to (Auth's `email_change` column). */
  new_email?: string;
  user_metadata: Record<string, unknown>;
  /** identity_data of the user's identities (at sign-up, Auth's copy of the sign-up data). */
  identity_data: Record<string, unknown>[];
}

export interface EmailData {
  token: string;
  token_hash: string;
  redirect_to: string;
  email_action_type: string;
  token_new: string;
  token_hash_new: string;
  /** email_changed_notification: the address before the change (the notification goes there). */
  old_email: string;
  /** mfa_factor_(un)enrolled_notification: totp, phone, webauthn. */
  factor_type: string;
}

export interface SendEmailPayload {
  user: HookUser;
  email_data: EmailData;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function parsePayload(body: string): SendEmailPayload {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    throw new HookError(400, 'The hook payload is not JSON');
  }
  if (!isObject(raw) || !isObject(raw.user) || !isObject(raw.email_data)) {
    throw new HookError(400, 'The hook payload needs the objects user and email_data');
  }
  const { user, email_data: data } = raw;
  const email = optionalString(user.email);
  const action = optionalString(data.email_action_type);
  if (!email) throw new HookError(400, 'The hook payload has no user.email');
  if (!action) throw new HookError(400, 'The hook payload has no email_data.email_action_type');
  const newEmail = optionalString(user.new_email);
  return {
    user: {
      id: optionalString(user.id),
      email,
      ...(newEmail ? { new_email: newEmail } : {}),
      user_metadata: isObject(user.user_metadata) ? user.user_metadata : {},
      identity_data: Array.isArray(user.identities)
        ? user.identities.flatMap((identity: unknown) =>
            isObject(identity) && isObject(identity.identity_data) ? [identity.identity_data] : [],
          )
        : [],
    },
    email_data: {
      token: optionalString(data.token),
      token_hash: optionalString(data.token_hash),
      redirect_to: optionalString(data.redirect_to),
      email_action_type: action,
      token_new: optionalString(data.token_new),
      token_hash_new: optionalString(data.token_hash_new),
      old_email: optionalString(data.old_email),
      factor_type: optionalString(data.factor_type),
    },
  };
}
