// Test data: every test builds its own members, with addresses no other test (or run) uses.
// `memberData` only describes a newcomer (for the registration form); `createMember` and
// `createUnactivatedMember` make the account through the stack's Auth API, as the app's sign-up
// does, when registering is not what the test is about.
import { randomBytes } from 'node:crypto';
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
  /** Upper- and lower-case letters and digits, 8+ characters (account-and-access.md §5). */
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
  const response = await fetch(`${API_URL}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY,
      Authorization: `Bearer ${accessToken ?? ANON_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /auth/v1${path}: ${response.status} ${text}`);
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
}

/**
 * Signs a newcomer up through POST /auth/v1/signup, with the metadata and the redirect the app
 * sends; the account waits for activation and its activation e-mail has arrived.
 */
export async function createUnactivatedMember(
  overrides: Partial<MemberData> & { label?: string; appOrigin?: string } = {},
): Promise<UnactivatedMember> {
  const { appOrigin, ...dataOverrides } = overrides;
  const member = memberData(dataOverrides);
  const mailbox = await Mailbox.open(member.email);
  const redirect = appOrigin ? `?redirect_to=${encodeURIComponent(`${appOrigin}/activate`)}` : '';
  await auth(`/signup${redirect}`, {
    email: member.email,
    password: member.password,
    data: { full_name: member.name, phone: member.phoneE164, referral_code: null },
  });
  const activationMail = await mailbox.next({ subject: subjects.activation });
  return { ...member, mailbox, activationMail };
}

export interface Member extends MemberData {
  mailbox: Mailbox;
}

/** A member who registered and activated the account (the activation link's token, verified). */
export async function createMember(overrides: Partial<MemberData> & { label?: string } = {}): Promise<Member> {
  const { activationMail, ...member } = await createUnactivatedMember(overrides);
  await auth('/verify', { type: 'signup', token_hash: activationToken(activationMail) });
  return member;
}

/** The seeded accounts (supabase/seed.sql, README). Read-only for tests: never change their passwords. */
export const seeded = {
  anna: { name: 'Anna Nowak', email: 'anna@klub.local', password: 'Member1234', referralCode: 'ANNA2026' },
  jan: { name: 'Jan Kowalski', email: 'jan@klub.local', password: 'Member1234' },
} as const;
