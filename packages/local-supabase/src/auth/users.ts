// auth.users, auth.identities and their JSON form (GoTrue's models.User / models.Identity).
import { randomUUID } from 'node:crypto';
import type { Sql } from './db.ts';

export type Metadata = Record<string, unknown>;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_confirm_status: number | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Metadata | null;
  raw_user_meta_data: Metadata | null;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  phone_confirmed_at: Date | null;
  phone_change: string | null;
  phone_change_sent_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_sso_user: boolean;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Metadata;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'verified' | 'unverified';
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  last_challenged_at: Date | null;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : undefined);

export function isConfirmed(user: UserRow): boolean {
  return user.email_confirmed_at !== null || user.phone_confirmed_at !== null;
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

export async function findUserById(sql: Sql, id: string): Promise<UserRow | undefined> {
  const rows = await sql<UserRow>('select * from auth.users where id = $1 and deleted_at is null', [id]);
  return rows[0];
}

export async function findUserByEmail(sql: Sql, email: string, aud = 'authenticated'): Promise<UserRow | undefined> {
  const rows = await sql<UserRow>(
    `select * from auth.users
      where instance_id = '00000000-0000-0000-0000-000000000000' and lower(email) = lower($1)
        and aud = $2 and is_sso_user = false and deleted_at is null`,
    [email, aud],
  );
  return rows[0];
}

export interface NewUser {
  email: string;
  encryptedPassword: string;
  userMetadata: Metadata;
  appMetadata?: Metadata;
  confirmed: boolean;
}

/** Inserts the user (the project's triggers run here) and its e-mail identity, as GoTrue's signup does. */
export async function insertUser(sql: Sql, input: NewUser): Promise<UserRow> {
  const id = randomUUID();
  const appMetadata = { provider: 'email', providers: ['email'], ...input.appMetadata };
  const [user] = await sql<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
        email_change_token_new, email_change, email_change_token_current, is_sso_user, is_anonymous)
      values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
        case when $4 then now() end, $5, $6, now(), now(), '', '', '', '', '', false, false)
      returning *`,
    [id, input.email, input.encryptedPassword, input.confirmed, appMetadata, input.userMetadata],
  );
  const identityData = emailIdentityData(id, input);
  await sql(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
      values ($1::text, $1::uuid, $2, 'email', now(), now(), now())`,
    [id, identityData],
  );
  return user as UserRow;
}

function emailIdentityData(id: string, input: NewUser): Metadata {
  return { ...input.userMetadata, sub: id, email: input.email, email_verified: input.confirmed, phone_verified: false };
}

/**
 * A user as GoTrue holds it after a sign-up's insert: the row read back (signupNewUser reloads it,
 * since triggers may have changed it: this project's move the name and phone to the profile), with
 * the e-mail identity it built in memory, whose identity_data is as built (a trigger changes only
 * the stored copy). The sign-up's hook call and answer show that identity.
 */
export type SignedUpUser = UserRow & { identityDataAsBuilt?: Metadata };

export async function insertSignedUpUser(sql: Sql, input: NewUser): Promise<SignedUpUser> {
  const inserted = await insertUser(sql, input);
  const reloaded = (await findUserById(sql, inserted.id)) ?? inserted;
  return { ...reloaded, identityDataAsBuilt: emailIdentityData(inserted.id, input) };
}

export async function loadIdentities(sql: Sql, userId: string): Promise<IdentityRow[]> {
  return sql<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at', [userId]);
}

export async function loadFactors(sql: Sql, userId: string): Promise<FactorRow[]> {
  return sql<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at', [userId]);
}

export function factorJson(factor: FactorRow) {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name || undefined,
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
    last_challenged_at: iso(factor.last_challenged_at) ?? null,
  };
}

function identityJson(identity: IdentityRow) {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  };
}

export type UserJson = Record<string, unknown>;

/** GoTrue's JSON for a user: field order and omitted-when-empty fields as in models.User. */
export async function userJson(sql: Sql, user: SignedUpUser): Promise<UserJson> {
  const [stored, factors] = await Promise.all([loadIdentities(sql, user.id), loadFactors(sql, user.id)]);
  const asBuilt = user.identityDataAsBuilt;
  const identities = asBuilt
    ? stored.map((identity) => (identity.provider === 'email' ? { ...identity, identity_data: asBuilt } : identity))
    : stored;
  return {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    new_phone: user.phone_change || undefined,
    phone_change_sent_at: iso(user.phone_change_sent_at),
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    factors: factors.length ? factors.map(factorJson) : undefined,
    identities: identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  };
}

/** GoTrue's UpdateUserMetaData: keys are merged, a null value removes the key. */
export function mergeMetadata(current: Metadata | null, updates: Metadata): Metadata {
  const merged: Metadata = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
