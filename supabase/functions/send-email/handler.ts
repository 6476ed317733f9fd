// Supabase Auth's Send Email Hook: verifies the signature, picks the template for the action,
// renders it and sends it through the template's SMTP configuration (or the default one).
// Pure apart from its dependencies: request in, response out.
//
//   200 {}                               sent
//   401 / 405                            bad signature / not POST (answered with that status)
//   http_code 400                        unreadable payload
//   http_code 500 (template, SMTP, setup) nothing sent; the message names what is missing or failed
// Every failure body is { "error": { "http_code", "message" } }, answered in a 200 (except 401/405)
// because Supabase Auth reads it only from a 2xx; Auth then fails the sign-up, magic link, reset or
// e-mail change that asked for the e-mail with that status and message.
import { HookError, hookFailure, hookSuccess } from '../_shared/hook-response.ts';
import { type Mailer, MailerError, type SmtpConfig } from '../_shared/mailer.ts';
import { renderTemplate, type TemplateVariables } from '../_shared/render.ts';
import { type EmailTemplate, type TemplateStore, TemplateStoreError } from '../_shared/email-templates.ts';
import { InvalidSecretError, verifyWebhook } from '../_shared/verify-signature.ts';
import { activationLink, appOrigin, authBaseUrl, verifyLink } from './links.ts';
import { parsePayload, type SendEmailPayload } from './payload.ts';
import type { SendEmailSettings } from './settings.ts';

export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

export interface SendEmailDeps {
  settings: SendEmailSettings;
  templates: TemplateStore;
  mailer: Mailer;
  /** Milliseconds since the epoch (the signature's timestamp is checked against it). */
  now?: () => number;
  logger?: Logger;
}

/** One e-mail to send: which template, to whom, with which values. */
export interface PlannedEmail {
  template: string;
  to: string;
  variables: TemplateVariables;
}

export const TEMPLATE_BY_ACTION = {
  signup: 'account-activation',
  magiclink: 'magic-link',
  recovery: 'password-reset',
  email_change: 'email-change',
} as const;

function requireTokenHash(value: string, field: string): string {
  if (!value) throw new HookError(400, `The hook payload has no email_data.${field}`);
  return value;
}

function fullName(payload: SendEmailPayload): string {
  const name = payload.user.user_metadata.full_name;
  return typeof name === 'string' && name.trim() ? name.trim() : payload.user.email;
}

/** The e-mails an auth action asks for (pure). */
export function planEmails(payload: SendEmailPayload, settings: SendEmailSettings): PlannedEmail[] {
  const { user, email_data: data } = payload;
  const fname = fullName(payload);
  const authBase = () => authBaseUrl(data.site_url, settings.supabaseUrl);
  switch (data.email_action_type) {
    case 'signup': {
      const tokenHash = requireTokenHash(data.token_hash, 'token_hash');
      const activate = activationLink(appOrigin(data.redirect_to, settings), tokenHash);
      return [{ template: TEMPLATE_BY_ACTION.signup, to: user.email, variables: { fname, activate } }];
    }
    case 'magiclink':
    case 'recovery': {
      const type = data.email_action_type;
      const link = verifyLink(authBase(), requireTokenHash(data.token_hash, 'token_hash'), type, data.redirect_to);
      return [{ template: TEMPLATE_BY_ACTION[type], to: user.email, variables: { fname, link } }];
    }
    case 'email_change': {
      // Auth pairs token_hash with the new address and token_hash_new with the current one; the
      // second is present only when both addresses must confirm (double_confirm_changes).
      const newEmail = user.new_email;
      if (!newEmail) throw new HookError(400, 'The hook payload has no user.new_email for an e-mail change');
      const template = TEMPLATE_BY_ACTION.email_change;
      const link = (tokenHash: string) => verifyLink(authBase(), tokenHash, 'email_change', data.redirect_to);
      const emails: PlannedEmail[] = [
        {
          template,
          to: newEmail,
          variables: { fname, new_email: newEmail, link: link(requireTokenHash(data.token_hash, 'token_hash')) },
        },
      ];
      if (data.token_hash_new) {
        emails.push({
          template,
          to: user.email,
          variables: { fname, new_email: newEmail, link: link(data.token_hash_new) },
        });
      }
      return emails;
    }
    default:
      throw new HookError(500, `No e-mail template for the auth action "${data.email_action_type}"`);
  }
}

interface Prepared {
  template: EmailTemplate;
  smtp: SmtpConfig;
}

async function prepare(store: TemplateStore, name: string): Promise<Prepared> {
  const template = await store.findTemplate(name);
  if (!template) throw new HookError(500, `E-mail template "${name}" not found`);
  const smtp = template.smtp_config ?? (await store.findDefaultSmtpConfig());
  if (!smtp) {
    throw new HookError(
      500,
      `No SMTP config for e-mail template "${name}": it has none and no default SMTP config exists`,
    );
  }
  return { template, smtp };
}

function asHookError(error: unknown): HookError {
  if (error instanceof HookError) return error;
  // 500, not 502: supabase-js retries 502-504 answers, and a failed send must not be repeated blindly.
  if (error instanceof MailerError) return new HookError(500, error.message);
  if (error instanceof TemplateStoreError) return new HookError(500, error.message);
  return new HookError(500, `Unexpected error: ${error instanceof Error ? error.message : String(error)}`);
}

export function createSendEmailHandler(deps: SendEmailDeps): (request: Request) => Promise<Response> {
  const now = deps.now ?? Date.now;
  const logger = deps.logger ?? console;
  const { settings } = deps;

  return async (request) => {
    if (request.method !== 'POST') return hookFailure(405, 'Method not allowed: the Send Email Hook uses POST');
    const body = await request.text();
    if (!settings.hookSecret) {
      logger.error('send-email: SEND_EMAIL_HOOK_SECRET is not set');
      return hookFailure(500, 'SEND_EMAIL_HOOK_SECRET is not set');
    }
    try {
      const check = await verifyWebhook(
        {
          id: request.headers.get('webhook-id'),
          timestamp: request.headers.get('webhook-timestamp'),
          signature: request.headers.get('webhook-signature'),
          body,
        },
        settings.hookSecret,
        now(),
      );
      if (!check.ok) {
        logger.error(`send-email: refused an unsigned or badly signed request (${check.reason})`);
        return hookFailure(401, 'Invalid webhook signature');
      }
    } catch (error) {
      if (!(error instanceof InvalidSecretError)) throw error;
      logger.error(`send-email: SEND_EMAIL_HOOK_SECRET is invalid: ${error.message}`);
      return hookFailure(500, `SEND_EMAIL_HOOK_SECRET is invalid: ${error.message}`);
    }

    let action = 'unknown';
    try {
      if (settings.problems.length > 0) {
        throw new HookError(500, `The send-email function is misconfigured: ${settings.problems.join('; ')}`);
      }
      const payload = parsePayload(body);
      action = payload.email_data.email_action_type;
      const planned = planEmails(payload, settings);
      const names = [...new Set(planned.map((email) => email.template))];
      const prepared = new Map(
        await Promise.all(names.map(async (name) => [name, await prepare(deps.templates, name)] as const)),
      );
      await Promise.all(
        planned.map((email) => {
          const { template, smtp } = prepared.get(email.template) as Prepared;
          return deps.mailer.send(smtp, { to: email.to, ...renderTemplate(template, email.variables) });
        }),
      );
      logger.info(`send-email: ${action} e-mail sent (${planned.length}) for user ${payload.user.id || '?'}`);
      return hookSuccess();
    } catch (error) {
      const failure = asHookError(error);
      logger.error(`send-email: ${action} failed (${failure.status}): ${failure.message}`);
      return hookFailure(failure.status, failure.message);
    }
  };
}
