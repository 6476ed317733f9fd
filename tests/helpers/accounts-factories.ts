// Factories for the accounts, referral and admin-users tests (issue 3).
import type pg from 'pg';
import { admin, asActor, createMember, queryAs, type Actor, type NewUser, type TestUser } from './db.ts';

export type MembershipLevel = 'FREE' | 'START' | 'PREMIUM' | 'VIP';

export interface ReferralCodeRow {
  id: string;
  code: string;
  active: boolean;
  description: string | null;
  user_id: string;
  created_at: Date;
  visits_count: number;
  registrations_count: number;
  conversions_count: number;
  last_visit_at: Date | null;
  last_registration_at: Date | null;
  last_conversion_at: Date | null;
}

/** A member whose account is still unactivated (auth.users.email_confirmed_at is null). */
export const createUnactivatedMember = (input: NewUser = {}) => createMember({ ...input, confirmed: false });

/** A member who signed up through a referral link (GoTrue stores the form's code in user metadata). */
export const signUpWithReferral = (code: string, input: NewUser = {}) =>
  createMember({ ...input, userMetadata: { ...input.userMetadata, referral_code: code } });

/** Creates a referral code for `owner` the way the partner page does. */
export async function createReferralCode(owner: TestUser, description: string | null = null): Promise<ReferralCodeRow> {
  const [row] = await queryAs<ReferralCodeRow>(owner, 'select * from public.generate_unique_referral_code($1, $2)', [
    owner.id,
    description,
  ]);
  return row!;
}

/** The truth behind RLS: a code row as the superuser sees it. */
export async function referralCodeById(id: string): Promise<ReferralCodeRow | undefined> {
  const { rows } = await admin().query<ReferralCodeRow>('select * from public.referral_codes where id = $1', [id]);
  return rows[0];
}

/** Changes a member's level as server code would (admin RPC or payment webhook). */
export async function setMembershipLevel(userId: string, level: MembershipLevel): Promise<void> {
  await admin().query('update public.profiles set membership_level = $2 where user_id = $1', [userId, level]);
}

export async function profileOf(userId: string) {
  const { rows } = await admin().query<{
    full_name: string | null;
    email: string;
    phone: string | null;
    email_confirmed: boolean;
    membership_level: MembershipLevel;
  }>('select full_name, email, phone, email_confirmed, membership_level from public.profiles where user_id = $1', [
    userId,
  ]);
  return rows[0];
}

export async function settingsOf(userId: string) {
  const { rows } = await admin().query<{
    display_name: string | null;
    avatar_url: string | null;
    two_factor_enabled: boolean;
    theme: string;
    notification_preferences: Record<string, unknown>;
  }>(
    'select display_name, avatar_url, two_factor_enabled, theme, notification_preferences from public.user_settings where user_id = $1',
    [userId],
  );
  return rows[0];
}

export async function emailConfirmedAt(userId: string): Promise<Date | null | undefined> {
  const { rows } = await admin().query<{ email_confirmed_at: Date | null }>(
    'select email_confirmed_at from auth.users where id = $1',
    [userId],
  );
  return rows[0]?.email_confirmed_at;
}

/**
 * Runs `sql` `times` times as `actor`, each in its own transaction on its own connection, and starts
 * the statements only once every transaction is open, so they really overlap.
 */
export async function race<R extends pg.QueryResultRow>(
  times: number,
  actor: Actor,
  sql: string,
  params: unknown[] = [],
) {
  let arrived = 0;
  let release: () => void = () => undefined;
  const allOpen = new Promise<void>((resolve) => {
    release = resolve;
  });
  return Promise.allSettled(
    Array.from({ length: times }, () =>
      asActor(actor, async (query) => {
        await query('select 1');
        arrived += 1;
        if (arrived === times) release();
        await allOpen;
        return query<R>(sql, params);
      }),
    ),
  );
}
