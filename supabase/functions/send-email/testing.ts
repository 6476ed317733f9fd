// Test helpers for the send-email handler: Auth-shaped payloads, a template store over the migrated default
// templates, a mailer that records what it is asked to send, and the failure-shape assertion.
import assert from 'node:assert/strict';
import type { EmailTemplate, TemplateStore } from '../_shared/email-templates.ts';
import { type Mailer, MailerError, type OutgoingEmail, type SmtpConfig } from '../_shared/mailer.ts';
import { defaultTemplates } from '../_shared/testing/default-templates.ts';
import type { SendEmailSettings } from './settings.ts';

export const SITE = 'http://127.0.0.1:5173';
export const AUTH_URL = 'http://127.0.0.1:54321/auth/v1';

export function settings(hookSecret: string, overrides: Partial<SendEmailSettings> = {}): SendEmailSettings {
  return {
    hookSecret,
    supabaseUrl: 'http://127.0.0.1:54321',
    serviceRoleKey: 'service-role-key',
    siteOrigin: SITE,
    allowedRedirectOrigins: ['http://localhost:5173'],
    smtpPolicy: { allowedPorts: [25, 465, 587, 2525], allowPrivateHosts: true },
    problems: [],
    ...overrides,
  };
}

export interface PayloadOptions {
  action: string;
  userId?: string;
  token?: string;
  oldEmail?: string;
  factorType?: string;
  /** identity_data of the e-mail identity Auth sends along (at sign-up: a copy of the sign-up data). */
  identityData?: Record<string, unknown>;
  /** Auth's own URL; the function must never build a link from it. */
  siteUrl?: string;
  email?: string;
  newEmail?: string;
  fullName?: unknown;
  tokenHash?: string;
  tokenHashNew?: string;
  redirectTo?: string;
}

/** A Send Email Hook body as Supabase Auth sends it (only the fields that matter here vary). */
export function hookPayload(options: PayloadOptions) {
  return {
    user: {
      id: options.userId ?? '8484b834-f29e-4af2-bf42-80644d154f76',
      aud: 'authenticated',
      role: 'authenticated',
      email: options.email ?? 'anna@example.com',
      ...(options.newEmail ? { new_email: options.newEmail } : {}),
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: options.fullName === undefined ? { full_name: 'Anna Nowak' } : { full_name: options.fullName },
      identities: options.identityData ? [{ provider: 'email', identity_data: options.identityData }] : [],
    },
    email_data: {
      token: options.token ?? '305805',
      token_hash: options.tokenHash ?? 'pkce_7a1c3bde',
      redirect_to: options.redirectTo ?? `${SITE}/activate`,
      email_action_type: options.action,
      site_url: options.siteUrl ?? AUTH_URL,
      token_new: '',
      token_hash_new: options.tokenHashNew ?? '',
      ...(options.oldEmail ? { old_email: options.oldEmail } : {}),
      ...(options.factorType ? { factor_type: options.factorType } : {}),
    },
  };
}

export const defaultSmtp: SmtpConfig = {
  host: '127.0.0.1',
  port: 54325,
  username: 'klub',
  password: 'klub-local',
  from_email: 'no-reply@klub.local',
  from_name: 'Klub',
};

export interface FakeStoreOptions {
  templates?: Map<string, EmailTemplate>;
  defaultSmtp?: SmtpConfig | null;
  /** Profiles' full names by user id (none: no profile yet, as during the sign-up transaction). */
  names?: Record<string, string>;
  fail?: Error;
  /** Only the name lookup fails. */
  failName?: Error;
}

export async function fakeStore(options: FakeStoreOptions = {}): Promise<TemplateStore & { reads: string[] }> {
  const templates = options.templates ?? (await defaultTemplates());
  const reads: string[] = [];
  return {
    reads,
    findTemplate(name) {
      reads.push(`template:${name}`);
      if (options.fail) return Promise.reject(options.fail);
      return Promise.resolve(templates.get(name) ?? null);
    },
    findDefaultSmtpConfig() {
      reads.push('default-smtp');
      if (options.fail) return Promise.reject(options.fail);
      return Promise.resolve(options.defaultSmtp === undefined ? defaultSmtp : options.defaultSmtp);
    },
    findMemberName(userId) {
      reads.push(`name:${userId}`);
      const failure = options.fail ?? options.failName;
      if (failure) return Promise.reject(failure);
      return Promise.resolve(options.names?.[userId] ?? null);
    },
  };
}

export interface Sent {
  config: SmtpConfig;
  email: OutgoingEmail;
}

/** Records every message; fails (like an SMTP server refusing) for recipients in `refuse`. */
export function recordingMailer(refuse: string[] = []): Mailer & { sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    send(config, email) {
      if (refuse.includes(email.to)) {
        return Promise.reject(
          new MailerError(`SMTP server ${config.host}:${config.port} did not take the message: 550`),
        );
      }
      sent.push({ config, email });
      return Promise.resolve();
    },
  };
}

export { quietLogger } from '../_shared/http.ts';

/** The failure shape Supabase Auth reads from hooks (in a 200, except 401/405), with the given http_code. */
export async function assertHookError(response: Response, status: number, message?: RegExp): Promise<string> {
  assert.equal(response.status, status === 401 || status === 405 ? status : 200);
  assert.equal(response.headers.get('content-type'), 'application/json');
  const body = (await response.json()) as { error?: { http_code?: unknown; message?: unknown } };
  assert.deepEqual(Object.keys(body), ['error']);
  assert.equal(body.error?.http_code, status);
  assert.equal(typeof body.error?.message, 'string');
  const text = body.error?.message as string;
  if (message) assert.match(text, message);
  return text;
}

export async function assertSuccess(response: Response): Promise<void> {
  assert.equal(response.status, 200, await response.clone().text());
  assert.equal(response.headers.get('content-type'), 'application/json');
  assert.deepEqual(await response.json(), {});
}
