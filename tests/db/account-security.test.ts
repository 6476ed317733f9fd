// Account security (issue 9): the attacks on sign-up that the database must stop, each reproduced
// the way Auth writes its tables (a user row, an e-mail identity, a confirmation), then the rule.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_BY_ACTION } from '../../supabase/functions/send-email/templates.ts';
import { admin, createMember, createUser, errorOf, queryAs, sqlState, type NewUser } from '../helpers/db.ts';
import { createReferralCode, profileOf, signUpWithReferral } from '../helpers/accounts-factories.ts';

/** A claim secret as the signing-up browser makes it, and the hash the sign-up sends. */
function claimSecret() {
  const secret = randomBytes(32).toString('hex');
  return { secret, hash: createHash('sha256').update(secret, 'utf8').digest('hex') };
}

async function userRow(id: string) {
  const { rows } = await admin().query<{
    encrypted_password: string | null;
    raw_user_meta_data: Record<string, unknown>;
  }>('select encrypted_password, raw_user_meta_data from auth.users where id = $1', [id]);
  return rows[0]!;
}

/** What Auth's verify does when the mailbox owner opens the activation link (its own transaction). */
async function confirmEmail(id: string) {
  await admin().query('update auth.users set email_confirmed_at = now(), confirmation_token = $2 where id = $1', [
    id,
    '',
  ]);
}

/** A pending sign-up whose password hash is `hash` (what Auth stores for the sign-up's password). */
function pendingSignUp(input: NewUser & { passwordHash?: string; claimHash?: string } = {}) {
  return createUser({
    ...input,
    confirmed: false,
    userMetadata: { ...input.userMetadata, ...(input.claimHash ? { signup_claim: input.claimHash } : {}) },
  }).then(async (user) => {
    await admin().query('update auth.users set encrypted_password = $2 where id = $1', [
      user.id,
      input.passwordHash ?? '$2a$10$attackerattackerattackerattackerattackerattackerat',
    ]);
    return user;
  });
}

describe('personal data stays out of Auth metadata (a second sign-up returns the stored user)', () => {
  it('keeps name and phone in the profile and only Auth’s own keys in auth.users', async () => {
    const { hash } = claimSecret();
    const member = await createUser({
      fullName: 'Anna Nowak',
      phone: '+48500100200',
      userMetadata: { referral_code: 'ABCD2345', signup_claim: hash, note: 'anything else', email_verified: false },
    });
    expect((await userRow(member.id)).raw_user_meta_data).toEqual({ email_verified: false });
    expect(await profileOf(member.id)).toMatchObject({ full_name: 'Anna Nowak', phone: '+48500100200' });
  });

  it('strips the sign-up data GoTrue copies into the e-mail identity', async () => {
    const member = await createMember({ fullName: 'Jan Kowalski' });
    const { rows } = await admin().query<{ identity_data: Record<string, unknown> }>(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1::text, $1::uuid, $2, 'email', now(), now()) returning identity_data`,
      [
        member.id,
        {
          sub: member.id,
          email: member.email,
          email_verified: false,
          phone_verified: false,
          full_name: 'Jan Kowalski',
          phone: '+48500100200',
          referral_code: 'ABCD2345',
        },
      ],
    );
    expect(rows[0]?.identity_data).toEqual({
      sub: member.id,
      email: member.email,
      email_verified: false,
      phone_verified: false,
    });
  });
});

describe('sign-up applies the profile rules of an update', () => {
  it.each([
    [{ fullName: 'x' }, 'profile.full_name_length'],
    [{ fullName: 'a'.repeat(101) }, 'profile.full_name_length'],
    [{ phone: 'call me maybe!!' }, 'profile.phone_invalid'],
    [{ phone: '+481234' }, 'profile.phone_invalid'],
    [{ phone: '+1234567890123456' }, 'profile.phone_invalid'],
  ] as const)('refuses %o (%s), so no account is created', async (input, message) => {
    const email = `refused-${randomUUID().slice(0, 8)}@example.test`;
    expect(await errorOf(createUser({ ...input, email }))).toEqual({ code: '22023', message });
    const { rows } = await admin().query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });

  it('accepts 7 to 15 digits and trims the values, as the settings form does', async () => {
    const short = await createUser({ fullName: '  Ola  ', phone: ' +4812345 ' });
    expect(await profileOf(short.id)).toMatchObject({ full_name: 'Ola', phone: '+4812345' });
    const long = await createUser({ phone: '+123456789012345' });
    expect((await profileOf(long.id))?.phone).toBe('+123456789012345');
  });
});

describe('pre-account takeover: a password set before the mailbox owner proved control', () => {
  it('stops working when the address is confirmed, and no claim without the secret gives it back', async () => {
    const attacker = claimSecret();
    const victimAccount = await pendingSignUp({ claimHash: attacker.hash });
    const { encrypted_password: attackerHash } = await userRow(victimAccount.id);

    await confirmEmail(victimAccount.id);
    expect((await userRow(victimAccount.id)).encrypted_password).toBe('');

    // The mailbox owner (signed in by the activation) has no claim secret, or another one.
    for (const claim of [null, claimSecret().secret, '']) {
      const [row] = await queryAs<{ result: string }>(
        victimAccount,
        'select public.claim_signup_password($1) as result',
        [claim],
      );
      expect(row?.result).toBe('password_required');
    }
    expect((await userRow(victimAccount.id)).encrypted_password).toBe('');
    // The mailbox owner sets a password: nothing of the attacker's is left to claim.
    await admin().query(
      "update auth.users set encrypted_password = '$2a$10$ownerownerownerownerownerownerownerownerownerowner' where id = $1",
      [victimAccount.id],
    );
    const [after] = await queryAs<{ result: string }>(
      victimAccount,
      'select public.claim_signup_password($1) as result',
      [attacker.secret],
    );
    expect(after?.result).toBe('kept');
    expect((await userRow(victimAccount.id)).encrypted_password).not.toBe(attackerHash);
  });

  it('gives the sign-up password back to the browser that signed up (claim secret), once', async () => {
    const browser = claimSecret();
    const member = await pendingSignUp({ claimHash: browser.hash, passwordHash: '$2a$10$memberhash' });
    await confirmEmail(member.id);
    expect((await userRow(member.id)).encrypted_password).toBe('');

    const [row] = await queryAs<{ result: string }>(member, 'select public.claim_signup_password($1) as result', [
      browser.secret,
    ]);
    expect(row?.result).toBe('kept');
    expect((await userRow(member.id)).encrypted_password).toBe('$2a$10$memberhash');
    // Nothing stays parked: a second call changes nothing.
    const [again] = await queryAs<{ result: string }>(member, 'select public.claim_signup_password($1) as result', [
      browser.secret,
    ]);
    expect(again?.result).toBe('kept');
  });

  it('does not give it back a day after the confirmation', async () => {
    const browser = claimSecret();
    const member = await pendingSignUp({ claimHash: browser.hash });
    await confirmEmail(member.id);
    await admin().query(
      "update private.signup_passwords set first_confirmed_at = now() - interval '25 hours' where user_id = $1",
      [member.id],
    );
    const [row] = await queryAs<{ result: string }>(member, 'select public.claim_signup_password($1) as result', [
      browser.secret,
    ]);
    expect(row?.result).toBe('password_required');
    expect((await userRow(member.id)).encrypted_password).toBe('');
  });

  it('leaves members alone once confirmed: an admin un-confirming and confirming again parks nothing', async () => {
    const member = await pendingSignUp({ passwordHash: '$2a$10$first' });
    await confirmEmail(member.id);
    await admin().query("update auth.users set encrypted_password = '$2a$10$chosen' where id = $1", [member.id]);
    await admin().query('update auth.users set email_confirmed_at = null where id = $1', [member.id]);
    await confirmEmail(member.id);
    expect((await userRow(member.id)).encrypted_password).toBe('$2a$10$chosen');
  });

  it('parks nothing when the account is created confirmed (seed, admin tools) or confirmed in the creating transaction', async () => {
    const created = await createMember();
    expect((await userRow(created.id)).encrypted_password).toBe('x');

    const id = randomUUID();
    const client = await admin().connect();
    try {
      await client.query('begin');
      await client.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
           raw_user_meta_data, created_at, updated_at, is_anonymous)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, 'admin-set', '{}', '{}', now(), now(), false)`,
        [id, `auto-${id.slice(0, 8)}@example.test`],
      );
      await client.query('update auth.users set email_confirmed_at = now() where id = $1', [id]);
      await client.query('commit');
    } finally {
      client.release();
    }
    expect((await userRow(id)).encrypted_password).toBe('admin-set');
  });

  it('is for signed-in members only; nobody reads the parked passwords', async () => {
    expect(await sqlState(queryAs('anon', 'select public.claim_signup_password($1)', ['x']))).toBe('42501');
    expect(await sqlState(queryAs('service_role', 'select public.claim_signup_password($1)', ['x']))).toBe('42501');
    const member = await createMember();
    for (const actor of ['anon', member, 'service_role'] as const) {
      expect(await sqlState(queryAs(actor, 'select * from private.signup_passwords'))).toBe('42501');
    }
  });
});

describe('referral ranking counts activated members only', () => {
  type Ranking = { id: string; referral_count: number };

  async function referralCount(referrerId: string, viewer: Awaited<ReturnType<typeof createMember>>) {
    const rows = await queryAs<Ranking>(viewer, 'select * from public.get_referral_rankings(100)');
    return rows.find((row) => row.id === referrerId)?.referral_count ?? 0;
  }

  it('counts a referred sign-up from its activation, and not after an admin un-confirms it', async () => {
    const referrer = await createMember();
    const viewer = await createMember();
    const code = await createReferralCode(referrer);
    const pending = await signUpWithReferral(code.code, { confirmed: false });
    await signUpWithReferral(code.code, { confirmed: false });
    expect(await referralCount(referrer.id, viewer)).toBe(0);

    await confirmEmail(pending.id);
    expect(await referralCount(referrer.id, viewer)).toBe(1);

    await admin().query('update auth.users set email_confirmed_at = null where id = $1', [pending.id]);
    expect(await referralCount(referrer.id, viewer)).toBe(0);
    await confirmEmail(pending.id);
    await admin().query('delete from auth.users where id = $1', [pending.id]);
    expect(await referralCount(referrer.id, viewer)).toBe(0);
  });
});

describe('the send-email hook’s templates', () => {
  it('are listed in one place in the database, the same map the function uses', async () => {
    const { rows } = await admin().query<{ action: string; template: string }>(
      'select action, template from private.auth_hook_email_templates() order by action',
    );
    expect(Object.fromEntries(rows.map((row) => [row.action, row.template]))).toEqual(TEMPLATE_BY_ACTION);
    expect(await sqlState(queryAs('anon', 'select * from private.auth_hook_email_templates()'))).toBe('42501');
  });
});
