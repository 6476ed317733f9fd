// Supabase Auth's Send Email Hook: verifies the signature, picks the template for the action,
// renders it and sends it through the template's SMTP configuration (or the default one).
// Pure apart from its dependencies: request in, response out.
//
//   200 {}                               sent (or, for a notification the club does not use, skipped)
//   401 / 405                            bad signature / not POST (answered with that status)
//   http_code 400                        unreadable payload; an invitation (not used by the club)
//   http_code 502                        nothing sent: the SMTP server refused or could not be reached,
//                                        or its target is refused by the one SMTP target policy
//                                        (_shared/smtp-target.ts, checked on every send); the answer
//                                        is generic with a reference, the detail goes to the log
//   http_code 500                        nothing sent: a template, SMTP configuration or setting is
//                                        missing (the message starts with SETUP_MISSING), or
//                                        something else failed (e.g. the database could not be read)
// supabase-js keeps only the status of a 5xx answer (not Auth's message), so the status is what the
// app tells apart: 502 → 'Nie udało się wysłać emaila aktywacyjnego', 500 → the server error.
// Every failure body is { "error": { "http_code", "message" } }, answered in a 200 (except 401/405)
// because Supabase Auth reads it only from a 2xx; Auth then fails the sign-up, magic link, reset or
// e-mail change that asked for the e-mail with that status and message.
import { HookError, hookFailure, hookSuccess } from '../_shared/hook-response.ts';
import { consoleLogger, type Logger } from '../_shared/http.ts';
import { type Mailer, MailerError, type SmtpConfig } from '../_shared/mailer.ts';
import { emailVariables, renderTemplate, type TemplateVariables } from '../_shared/render.ts';
import { type EmailTemplate, type TemplateStore, TemplateStoreError } from '../_shared/email-templates.ts';
import { checkTarget, type TargetPolicy } from '../_shared/smtp-target.ts';
import { InvalidSecretError, verifyWebhook } from '../_shared/verify-signature.ts';
import { appLink, appOrigin, emailChangeLink } from './links.ts';
import { parsePayload, type SendEmailPayload } from './payload.ts';
import type { SendEmailSettings } from './settings.ts';
import { DELIBERATE_ANSWERS, isTemplatedAction, TEMPLATE_BY_ACTION } from './templates.ts';
import { currentRequest, noteRequest } from '../_shared/request.ts';

export { TEMPLATE_BY_ACTION };

/**
 * How the message starts when the e-mail cannot be made because the setup is incomplete: a missing
 * template, SMTP configuration or function setting (answered 500: the app shows the server-error
 * message, product.md#account-8). For the logs and whoever reads Auth's answer.
 */
export const SETUP_MISSING = 'E-mail setup is missing';

/**
 * How the message of a failed delivery starts (the SMTP server refused or could not be reached),
 * answered 502 (a bad gateway: the mail server): the app shows 'Nie udało się wysłać emaila
 * aktywacyjnego' (src/lib/errors.ts, isEmailDeliveryFailure).
 */
export const DELIVERY_FAILURE = 'Sending the e-mail failed';
export const DELIVERY_FAILURE_STATUS = 502;

export type { Logger };

export interface SendEmailDeps {
  settings: SendEmailSettings;
  templates: TemplateStore;
  mailer: Mailer;
  /** Milliseconds since the epoch (the signature's timestamp is checked against it). */
  now?: () => number;
  logger?: Logger;
  /** DNS resolution for the SMTP target check (tests pass a fixed answer). */
  resolve?: TargetPolicy['resolve'];
}

/** One e-mail to send: which template, to whom, with which values (fname is added by the handler). */
export interface PlannedEmail {
  template: string;
  to: string;
  variables: TemplateVariables;
}

function requireTokenHash(value: string, field: string): string {
  if (!value) throw new HookError(400, `The hook payload has no email_data.${field}`);
  return value;
}

/**
 * The name the e-mails greet with: the profile's (the one place personal data is kept; Auth's
 * metadata holds none once the profile exists), else what Auth sent with a sign-up that is not
 * committed yet (user_metadata or its copy in the identity), else the e-mail address.
 */
export function greetingName(payload: SendEmailPayload, profileName: string | null): string {
  const candidates = [
    profileName,
    payload.user.user_metadata.full_name,
    ...payload.user.identity_data.map((d) => d.full_name),
  ];
  for (const name of candidates) {
    if (typeof name === 'string' && name.trim()) return name.trim();
  }
  return payload.user.email;
}

/** The e-mails an auth action asks for (pure); an empty list for a notification the club skips. */
export function planEmails(payload: SendEmailPayload, settings: SendEmailSettings): PlannedEmail[] {
  const { user, email_data: data } = payload;
  const action = data.email_action_type;
  const deliberate = DELIBERATE_ANSWERS[action];
  if (deliberate?.answer === 'refuse') throw new HookError(400, deliberate.reason);
  if (deliberate?.answer === 'ignore') return [];
  if (!isTemplatedAction(action))
    throw new HookError(500, `${SETUP_MISSING}: no e-mail template for the auth action "${action}"`);
  const template = TEMPLATE_BY_ACTION[action];
  const origin = () => appOrigin(data.redirect_to, settings);
  switch (action) {
    case 'signup': {
      const activate = appLink(origin(), 'signup', requireTokenHash(data.token_hash, 'token_hash'));
      return [{ template, to: user.email, variables: { activate } }];
    }
    case 'magiclink':
    case 'recovery': {
      const link = appLink(origin(), action, requireTokenHash(data.token_hash, 'token_hash'));
      return [{ template, to: user.email, variables: { link } }];
    }
    case 'email_change': {
      // Auth pairs token_hash with the new address and token_hash_new with the current one; the
      // second is present only when both addresses must confirm (double_confirm_changes).
      const newEmail = user.new_email;
      if (!newEmail) throw new HookError(400, 'The hook payload has no user.new_email for an e-mail change');
      const link = (tokenHash: string) => emailChangeLink(data.redirect_to, settings, tokenHash);
      const emails: PlannedEmail[] = [
        {
          template,
          to: newEmail,
          variables: { new_email: newEmail, link: link(requireTokenHash(data.token_hash, 'token_hash')) },
        },
      ];
      if (data.token_hash_new) {
        emails.push({ template, to: user.email, variables: { new_email: newEmail, link: link(data.token_hash_new) } });
      }
      return emails;
    }
    case 'reauthentication': {
      // The 6-digit nonce a signed-in member types to confirm a password change.
      if (!data.token) throw new HookError(400, 'The hook payload has no email_data.token');
      return [{ template, to: user.email, variables: { token: data.token } }];
    }
    case 'password_changed_notification':
      return [{ template, to: user.email, variables: {} }];
    case 'email_changed_notification':
      // Told to the address the account had before, as Auth's own mailer does.
      return [
        {
          template,
          to: data.old_email || user.email,
          variables: { email: user.email, old_email: data.old_email },
        },
      ];
    case 'mfa_factor_enrolled_notification':
    case 'mfa_factor_unenrolled_notification':
      return [{ template, to: user.email, variables: { factor_type: data.factor_type } }];
  }
}

interface Prepared {
  template: EmailTemplate;
  smtp: SmtpConfig;
}

async function prepare(store: TemplateStore, name: string): Promise<Prepared> {
  const template = await store.findTemplate(name);
  if (!template) throw new HookError(500, `${SETUP_MISSING}: e-mail template "${name}" not found`);
  const smtp = template.smtp_config ?? (await store.findDefaultSmtpConfig());
  if (!smtp) {
    throw new HookError(
      500,
      `${SETUP_MISSING}: no SMTP config for e-mail template "${name}": it has none and no default SMTP config exists`,
    );
  }
  return { template, smtp };
}

/**
 * What Auth (and through it whoever triggered the e-mail, an anonymous password reset included) is
 * told: the setup problems and refusals of the payload as they are (our own texts), anything else
 * only as a reference to the log line with the detail (an SMTP server's reply never leaves).
 */
function answerFor(failure: HookError, ref: string): string {
  if (failure.status === DELIVERY_FAILURE_STATUS) return `${DELIVERY_FAILURE} (ref ${ref})`;
  if (failure.status === 400 || failure.message.startsWith(SETUP_MISSING)) return failure.message;
  return `Unexpected error (ref ${ref})`;
}

function asHookError(error: unknown): HookError {
  if (error instanceof HookError) return error;
  // 502: the mail server failed. (supabase-js drops Auth's message of any 5xx answer and keeps the
  // status; it never repeats the call by itself, so the e-mail is not sent twice.)
  if (error instanceof MailerError)
    return new HookError(DELIVERY_FAILURE_STATUS, `${DELIVERY_FAILURE}: ${error.message}`);
  if (error instanceof TemplateStoreError) return new HookError(500, error.message);
  return new HookError(500, `Unexpected error: ${error instanceof Error ? error.message : String(error)}`);
}

/** The profile's name; a failed read only costs the greeting (it falls back), never the e-mail. */
async function memberName(store: TemplateStore, userId: string, logger: Logger): Promise<string | null> {
  if (!userId) return null;
  try {
    return await store.findMemberName(userId);
  } catch (error) {
    logger.error(`${error instanceof Error ? error.message : String(error)}; greeting without the profile`);
    return null;
  }
}

export function createSendEmailHandler(deps: SendEmailDeps): (request: Request) => Promise<Response> {
  const now = deps.now ?? Date.now;
  const logger = deps.logger ?? consoleLogger('send-email');
  const { settings } = deps;
  const policy: TargetPolicy = { ...settings.smtpPolicy, resolve: deps.resolve };

  /** The one target policy on every send; the connection goes to the checked address only. */
  const sendChecked = async (smtp: SmtpConfig, email: Parameters<Mailer['send']>[1]) => {
    const target = await checkTarget(smtp.host, smtp.port, policy);
    if (!target.ok) {
      throw new HookError(
        DELIVERY_FAILURE_STATUS,
        `${DELIVERY_FAILURE}: SMTP target ${smtp.host}:${smtp.port} refused by the target policy (${target.code})`,
      );
    }
    await deps.mailer.send({ ...smtp, address: target.address, allowPlaintext: target.plaintextAllowed }, email);
  };

  return async (request) => {
    if (request.method !== 'POST') return hookFailure(405, 'Method not allowed: the Send Email Hook uses POST');
    const body = await request.text();
    if (!settings.hookSecret) {
      logger.error('SEND_EMAIL_HOOK_SECRET is not set');
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
        logger.error(`refused an unsigned or badly signed request (${check.reason})`);
        return hookFailure(401, 'Invalid webhook signature');
      }
    } catch (error) {
      if (!(error instanceof InvalidSecretError)) throw error;
      logger.error(`SEND_EMAIL_HOOK_SECRET is invalid: ${error.message}`);
      return hookFailure(500, `SEND_EMAIL_HOOK_SECRET is invalid: ${error.message}`);
    }

    let action = 'unknown';
    try {
      if (settings.problems.length > 0) {
        throw new HookError(
          500,
          `${SETUP_MISSING}: the send-email function is misconfigured: ${settings.problems.join('; ')}`,
        );
      }
      const payload = parsePayload(body);
      action = payload.email_data.email_action_type;
      noteRequest({ actor: payload.user.id ? `user ${payload.user.id}` : null, target: action });
      const planned = planEmails(payload, settings);
      if (planned.length === 0) {
        logger.info(`${action} not sent (${DELIBERATE_ANSWERS[action]?.reason ?? 'nothing to send'})`);
        return hookSuccess();
      }
      const names = [...new Set(planned.map((email) => email.template))];
      const [prepared, profileName] = await Promise.all([
        Promise.all(names.map(async (name) => [name, await prepare(deps.templates, name)] as const)).then(
          (entries) => new Map(entries),
        ),
        memberName(deps.templates, payload.user.id, logger),
      ]);
      const fname = greetingName(payload, profileName);
      await Promise.all(
        planned.map((email) => {
          const { template, smtp } = prepared.get(email.template) as Prepared;
          const variables = emailVariables(fname, email.variables);
          return sendChecked(smtp, { to: email.to, ...renderTemplate(template, variables) });
        }),
      );
      logger.info(`${action} e-mail sent (${planned.length}) for user ${payload.user.id || '?'}`);
      return hookSuccess();
    } catch (error) {
      const failure = asHookError(error);
      const ref = currentRequest()?.id ?? crypto.randomUUID();
      noteRequest({ result: `failed ${failure.status}` });
      logger.error(`${action} failed (${failure.status}, ref ${ref}): ${failure.message}`);
      return hookFailure(failure.status, answerFor(failure, ref));
    }
  };
}
