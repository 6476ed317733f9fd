// GoTrue's audit log: one row of auth.audit_log_entries per action, written in the transaction of
// the action, as supabase/auth writes it (internal/models/audit_log_entry.go, NewAuditLogEntry, at
// commit bc32168e13fdc928c98b449fc76bc3fdb9a293c5; the call sites are in internal/api/*.go and
// internal/tokens/service.go of that commit, named beside each call here).
//
//   instance_id  00000000-0000-0000-0000-000000000000 (GoTrue never sets it)
//   id           a random UUID
//   payload      json: {action, actor_id, actor_name?, actor_username, actor_via_sso, log_type, traits?}
//                with Go's encoding (keys sorted, <, > and & escaped); actor_username is the e-mail
//                (the phone when there is one), actor_name the user_metadata.full_name when present
//   created_at   the time of the write
//   ip_address   '' except for the MFA actions, which record the client's address
//
// Hosted Auth can be told not to write the rows (GOTRUE_AUDIT_LOG_DISABLE_POSTGRES, the dashboard's
// "Write audit logs to the database"); `supabase start` has no config.toml key for it and always
// writes them, and so does the local stack. GoTrue logs every entry as an `audit_event` line too:
// here a debug line of the auth log (STACK_VERBOSE=1).
import { randomUUID } from 'node:crypto';
import type { AuthContext, AuthRequest } from './context.ts';
import type { Sql } from './db.ts';
import type { UserRow } from './users.ts';

export type AuditAction =
  | 'login'
  | 'logout'
  | 'invite_accepted'
  | 'user_signedup'
  | 'user_invited'
  | 'user_deleted'
  | 'user_modified'
  | 'user_recovery_requested'
  | 'user_reauthenticate_requested'
  | 'user_confirmation_requested'
  | 'user_repeated_signup'
  | 'user_updated_password'
  | 'token_revoked'
  | 'token_refreshed'
  | 'factor_in_progress'
  | 'factor_unenrolled'
  | 'challenge_created'
  | 'verification_attempted'
  | 'factor_deleted'
  | 'factor_updated'
  | 'identity_linked'
  | 'identity_unlinked';

/** GoTrue's ActionLogTypeMap. */
const LOG_TYPES: Record<AuditAction, 'account' | 'team' | 'token' | 'user' | 'factor'> = {
  login: 'account',
  logout: 'account',
  invite_accepted: 'account',
  user_signedup: 'team',
  user_invited: 'team',
  user_deleted: 'team',
  token_revoked: 'token',
  token_refreshed: 'token',
  user_modified: 'user',
  user_recovery_requested: 'user',
  user_reauthenticate_requested: 'user',
  user_confirmation_requested: 'user',
  user_repeated_signup: 'user',
  user_updated_password: 'user',
  identity_linked: 'user',
  identity_unlinked: 'user',
  factor_in_progress: 'factor',
  factor_unenrolled: 'factor',
  challenge_created: 'factor',
  verification_attempted: 'factor',
  factor_deleted: 'factor',
  factor_updated: 'factor',
};

export type AuditActor = Pick<UserRow, 'id' | 'email' | 'phone' | 'is_sso_user' | 'raw_user_meta_data'>;

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * The admin "user" of a service-role request (GoTrue's requireAdmin: a User with no id, whose
 * e-mail is the JWT's role, so actor_username is e.g. "service_role").
 */
export function adminActor(role: string): AuditActor {
  return { id: NIL_UUID, email: role, phone: null, is_sso_user: false, raw_user_meta_data: null };
}

export type Traits = Record<string, unknown>;

/** NewAuditLogEntry's payload. */
export function auditPayload(actor: AuditActor, action: AuditAction, traits?: Traits): Record<string, unknown> {
  const metadata = actor.raw_user_meta_data ?? {};
  return {
    actor_id: actor.id,
    actor_via_sso: actor.is_sso_user,
    actor_username: actor.phone ? actor.phone : (actor.email ?? ''),
    action,
    log_type: LOG_TYPES[action],
    ...(Object.hasOwn(metadata, 'full_name') ? { actor_name: metadata.full_name } : {}),
    ...(traits ? { traits } : {}),
  };
}

/** JSON as Go's encoding/json writes a map: keys sorted at every level, HTML characters escaped. */
export function goJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** Writes one entry in the caller's transaction (a failed action leaves none, as in GoTrue). */
export async function audit(
  ctx: AuthContext,
  sql: Sql,
  request: AuthRequest,
  actor: AuditActor,
  action: AuditAction,
  { traits, ipAddress = '' }: { traits?: Traits; ipAddress?: string } = {},
): Promise<void> {
  const id = randomUUID();
  const payload = auditPayload(actor, action, traits);
  const [row] = await sql<{ created_at: Date }>(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
      values ($1, $2, $3::json, clock_timestamp(), $4) returning created_at`,
    [NIL_UUID, id, goJson(payload), ipAddress],
  );
  ctx.log.debug(
    'auth',
    `audit_event ${goJson({
      ...payload,
      audit_log_id: id,
      ip_address: ipAddress,
      created_at: row?.created_at.toISOString(),
      ...(request.userAgent ? { user_agent: request.userAgent } : {}),
    })}`,
  );
}
