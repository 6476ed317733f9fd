// PKCE: auth.flow_state rows created when a PKCE client starts a flow (signup, magic link, recovery,
// e-mail change), an auth code issued when the e-mailed link is opened, exchanged at
// POST /token?grant_type=pkce against the code verifier.
import { createHash, randomUUID } from 'node:crypto';
import type { Sql } from './db.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';

/** GoTrue's FlowStateExpiryDuration: 300 s, its default and its minimum. */
export const FLOW_STATE_EXPIRY_MS = 300_000;

export type AuthMethod = 'email/signup' | 'magiclink' | 'recovery' | 'email_change' | 'invite';

export interface FlowState {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: 's256' | 'plain';
  code_challenge: string;
  provider_type: string;
  authentication_method: AuthMethod;
  created_at: Date;
  auth_code_issued_at: Date | null;
}

export interface PkceParams {
  challenge: string;
  method: 's256' | 'plain';
}

/** GoTrue's validatePKCEParams; returns null for the implicit flow (no challenge sent). */
export function pkceParams(challenge: string, method: string): PkceParams | null {
  if (!challenge && !method) return null;
  if (!challenge || !method) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') {
    throw badRequest('validation_failed', `code challenge method not supported: ${method}`);
  }
  return { challenge, method: normalized };
}

export async function createFlowState(
  sql: Sql,
  input: { userId: string; providerType: string; method: AuthMethod; pkce: PkceParams },
): Promise<void> {
  await sql(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
        authentication_method, created_at, updated_at)
      values ($1, $2, $3, $4, $5, $6, $7, now(), now())`,
    [
      randomUUID(),
      input.userId,
      randomUUID(),
      input.pkce.method,
      input.pkce.challenge,
      input.providerType,
      input.method,
    ],
  );
}

/**
 * GoTrue's FlowState.IsExpired: a magic link's flow counts from when its link was opened (the auth
 * code was issued); every other flow (sign-up, recovery, e-mail change) from its creation, i.e. from
 * when the e-mail was requested: a reset link opened 5 minutes after the request can no longer be
 * exchanged.
 */
export function isFlowStateExpired(
  flow: Pick<FlowState, 'authentication_method' | 'created_at' | 'auth_code_issued_at'>,
  now = Date.now(),
): boolean {
  const start =
    flow.auth_code_issued_at && flow.authentication_method === 'magiclink' ? flow.auth_code_issued_at : flow.created_at;
  return now > start.getTime() + FLOW_STATE_EXPIRY_MS;
}

/**
 * Issues the auth code of the user's latest flow for this method (GET /verify of a PKCE link), as
 * GoTrue's issueAuthCode: without looking at the expiry, which only the exchange checks.
 */
export async function issueAuthCode(sql: Sql, userId: string, method: AuthMethod): Promise<string> {
  const [flow] = await sql<FlowState>(
    `select * from auth.flow_state where user_id = $1 and authentication_method = $2
      order by created_at desc limit 1`,
    [userId, method],
  );
  if (!flow) {
    throw badRequest(
      'flow_state_not_found',
      'No associated flow state found. 422: No valid flow state found for user.',
    );
  }
  await sql('update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1', [flow.id]);
  return flow.auth_code;
}

/** Looks the code up, checks expiry and the verifier, and deletes the flow (codes are single-use). */
export async function consumeAuthCode(sql: Sql, authCode: string, verifier: string): Promise<FlowState> {
  const [flow] = await sql<FlowState>('select * from auth.flow_state where auth_code = $1 for update', [authCode]);
  if (!flow || !flow.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (isFlowStateExpired(flow)) {
    throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!verifierMatches(flow, verifier)) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await sql('delete from auth.flow_state where id = $1', [flow.id]);
  return flow;
}

function verifierMatches(flow: FlowState, verifier: string): boolean {
  if (flow.code_challenge_method === 'plain') return verifier === flow.code_challenge;
  return createHash('sha256').update(verifier).digest('base64url') === flow.code_challenge;
}

/** GoTrue's ParseAuthenticationMethod for the verification types that can start a PKCE flow. */
export function methodForVerifyType(type: string): AuthMethod | undefined {
  const methods: Record<string, AuthMethod> = {
    signup: 'email/signup',
    magiclink: 'magiclink',
    recovery: 'recovery',
    email_change: 'email_change',
    invite: 'invite',
  };
  return methods[type];
}
