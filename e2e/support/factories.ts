// Test data: every test builds its own members, with addresses no other test (or run) uses.
// `memberData` only describes a newcomer (for the registration form); `createMember` and
// `createUnactivatedMember` make the account through the stack's Auth API, as the app's sign-up
// does, when registering is not what the test is about.
import { createHash, randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { ANON_KEY, API_URL } from './env';
import { linkIn, Mailbox, subjects, type Mail } from './mailbox';

export interface MemberData {
  /** 'Imię i nazwisko': letters and a space (the service rule allows nothing else). */
  name: string;
  email: string;
  /** A Polish mobile number as a member types it (the form's country defaults to PL). */
  phone: string;
  /** The same number in E.164, as the form sends it. */
  phoneE164: string;
  /** Upper- and lower-case letters and digits, 8+ characters (product.md#account-5). */
  password: string;
}

const FIRST_NAMES = ['Ewa', 'Piotr', 'Zofia', 'Michał', 'Łucja', 'Tomasz', 'Agnieszka', 'Paweł'];
const LAST_NAMES = ['Testowa', 'Nowak', 'Wiśniewska', 'Zieliński', 'Wójcik', 'Kamińska', 'Lewandowski'];

let sequence = 0;
const pick = <T>(items: readonly T[]): T => items[randomBytes(1)[0]! % items.length]!;
const digits = (count: number) => Array.from(randomBytes(count), (byte) => String(byte % 10)).join('');

/** A unique address in the catcher's world; `label` says which test made it. */
export function uniqueEmail(label = 'member'): string {
  sequence += 1;
  return `e2e-${label}-${Date.now().toString(36)}${sequence}-${randomBytes(3).toString('hex')}@klub.test`;
}

/** A strong password, different every time. */
export function uniquePassword(): string {
  return `Haslo${digits(4)}${randomBytes(2).toString('hex').toUpperCase()}x`;
}

export function memberData(overrides: Partial<MemberData> & { label?: string } = {}): MemberData {
  const { label, ...rest } = overrides;
  // 50x xxx xxx: a Polish mobile range libphonenumber's min metadata accepts.
  const national = `50${digits(7)}`;
  return {
    name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
    email: uniqueEmail(label),
    phone: national,
    phoneE164: `+48${national}`,
    password: uniquePassword(),
    ...rest,
  };
}

async function auth<T>(path: string, body: unknown, accessToken?: string): Promise<T> {
  return post<T>(`/auth/v1${path}`, body, accessToken);
}

async function post<T>(path: string, body: unknown, accessToken?: string): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY,
      Authorization: `Bearer ${accessToken ?? ANON_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The token hash the activation e-mail's link carries: {app origin}/activate?token=…. */
export function activationToken(mail: Mail): string {
  const token = new URL(linkIn(mail, 'Aktywuj konto')).searchParams.get('token');
  expect(token, 'the activation link carries a token').toBeTruthy();
  return token!;
}

export interface UnactivatedMember extends MemberData {
  mailbox: Mailbox;
  /** The activation e-mail the sign-up sent (already read from the mailbox). */
  activationMail: Mail;
  /**
   * The claim secret the signing-up "browser" (this script) kept: only with it does the sign-up
   * password work after activation (docs/decisions.md, pre-account takeover). The test's browser
   * does not have it.
   */
  claimSecret: string;
}

/**
 * Signs a newcomer up through POST /auth/v1/signup, with the metadata and the redirect the app
 * sends (the hash of a claim secret included); the account waits for activation and its
 * activation e-mail has arrived. Not in the test's browser: that browser did not sign up.
 */
export async function createUnactivatedMember(
  overrides: Partial<MemberData> & { label?: string; appOrigin?: string; referralCode?: string } = {},
): Promise<UnactivatedMember> {
  const { appOrigin, referralCode, ...dataOverrides } = overrides;
  const member = memberData(dataOverrides);
  const mailbox = await Mailbox.open(member.email);
  const redirect = appOrigin ? `?redirect_to=${encodeURIComponent(`${appOrigin}/activate`)}` : '';
  const claimSecret = randomBytes(32).toString('hex');
  await auth(`/signup${redirect}`, {
    email: member.email,
    password: member.password,
    data: {
      full_name: member.name,
      phone: member.phoneE164,
      referral_code: referralCode ?? null,
      signup_claim: createHash('sha256').update(claimSecret, 'utf8').digest('hex'),
    },
  });
  const activationMail = await mailbox.next({ subject: subjects.activation });
  return { ...member, mailbox, activationMail, claimSecret };
}

export interface Member extends MemberData {
  mailbox: Mailbox;
}

/**
 * A member who registered and activated the account as the app does: the activation link's token
 * verified, then the sign-up password claimed back with the signing-up browser's secret.
 */
/** `referralCode`: signed up with that code, as a referral link's visitor does (the code's owner is the referrer). */
export async function createMember(
  overrides: Partial<MemberData> & { label?: string; referralCode?: string } = {},
): Promise<Member> {
  const { activationMail, claimSecret, ...member } = await createUnactivatedMember(overrides);
  const session = await auth<{ access_token: string }>('/verify', {
    type: 'signup',
    token_hash: activationToken(activationMail),
  });
  const claimed = await post<string>(
    '/rest/v1/rpc/claim_signup_password',
    { p_claim: claimSecret },
    session.access_token,
  );
  expect(claimed, 'the sign-up password is kept').toBe('kept');
  return member;
}

/**
 * Someone else signs up with `email` and a password of their own (through Auth's API, as an
 * attacker would), before the owner of the mailbox does anything.
 */
export async function signUpAsSomeoneElse(email: string, password: string): Promise<Mail> {
  const mailbox = await Mailbox.open(email);
  await auth('/signup', { email, password, data: { full_name: 'Ktoś Obcy', phone: '+48500000001' } });
  return mailbox.next({ subject: subjects.activation });
}

/** The seeded accounts (supabase/seed.sql, README). Read-only for tests: never change their passwords. */
export const seeded = {
  anna: {
    name: 'Anna Nowak',
    /** user_settings.display_name: what the header's user menu shows (product.md#dashboard-2). */
    displayName: 'Ania',
    email: 'anna@klub.local',
    password: 'Member1234',
    referralCode: 'ANNA2026',
  },
  jan: { name: 'Jan Kowalski', email: 'jan@klub.local', password: 'Member1234' },
} as const;
