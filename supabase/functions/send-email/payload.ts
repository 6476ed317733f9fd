// The Send Email Hook's request body as Supabase Auth sends it: { user, email_data }. Only the
// fields this function reads are checked; everything else is ignored.
import { HookError } from '../_shared/hook-response.ts';

export type EmailActionType =
  'signup' | 'magiclink' | 'recovery' | 'email_change' | 'invite' | 'reauthentication' | 'email';

export interface HookUser {
  id: string;
  email: string;
  /** The address an e-mail change moves to (Auth's `email_change` column). */
  new_email?: string;
  user_metadata: Record<string, unknown>;
}

export interface EmailData {
  token: string;
  token_hash: string;
  redirect_to: string;
  email_action_type: string;
  /** Auth's own public URL (its API external URL), not the application's site URL. */
  site_url: string;
  token_new: string;
  token_hash_new: string;
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
    },
    email_data: {
      token: optionalString(data.token),
      token_hash: optionalString(data.token_hash),
      redirect_to: optionalString(data.redirect_to),
      email_action_type: action,
      site_url: optionalString(data.site_url),
      token_new: optionalString(data.token_new),
      token_hash_new: optionalString(data.token_hash_new),
    },
  };
}
