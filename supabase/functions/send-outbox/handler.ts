// send-outbox: delivers the e-mails business functions queued in private.email_outbox (payment
// decisions, money notifications). Called every minute by pg_cron + pg_net on hosted Supabase and by
// the local stack's scheduled jobs (supabase/scheduled-jobs.json), always with the service role key.
// Pure apart from its dependencies: request in, response out.
//
//   200 { claimed, sent, failed }   the run finished (failed e-mails are retried later with backoff)
//   401                             no service role key in Authorization (anyone else: nothing happens)
//   405                             not POST
//   500                             misconfigured (names the variable) or the outbox could not be read
//
// Each claimed e-mail is rendered with the template's current text (admins edit it), sent through
// the template's SMTP configuration or the default one, after the one SMTP target policy
// (_shared/smtp-target.ts) as the send-email hook does, and marked sent; a failure is recorded with
// a description that never holds a secret (the SMTP password is never part of it) and retried.
import { type EmailTemplate, type TemplateStore } from '../_shared/email-templates.ts';
import { type Mailer, MailerError, type SmtpConfig } from '../_shared/mailer.ts';
import { bearerToken, consoleLogger, jsonResponse, type Logger } from '../_shared/http.ts';
import { renderTemplate } from '../_shared/render.ts';
import { checkTarget, type TargetPolicy } from '../_shared/smtp-target.ts';
import type { SendOutboxSettings } from './settings.ts';
import type { OutboxEmail, OutboxStore } from './store.ts';
import { noteRequest } from '../_shared/request.ts';

export type { Logger };

export interface SendOutboxDeps {
  settings: SendOutboxSettings;
  outbox: OutboxStore;
  templates: TemplateStore;
  mailer: Mailer;
  logger?: Logger;
  /** DNS resolution for the SMTP target check (tests pass a fixed answer). */
  resolve?: TargetPolicy['resolve'];
  /** E-mails claimed (and sent in parallel) at a time. */
  batchSize?: number;
  /** Stop claiming after this many ms (a run stays well inside the platform's wall-clock limit). */
  budgetMs?: number;
  now?: () => number;
}

export const DEFAULT_BATCH_SIZE = 10;
export const DEFAULT_BUDGET_MS = 40_000;

/** A failure of one e-mail, described for last_error and the log (never a secret). */
class SendFailure extends Error {
  override name = 'SendFailure';
}

/** Constant-time comparison of two strings (the bearer token against the service role key). */
export function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let index = 0; index < b.length; index++) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0 && b.length > 0;
}

/** Template values as text: what the queuing SQL stored, numbers and booleans included. */
export function asVariables(values: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value === null || value === undefined) result[name] = '';
    else
      result[name] =
        typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return result;
}

function describe(error: unknown): string {
  if (error instanceof SendFailure) return error.message;
  if (error instanceof MailerError) return `SMTP: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

export function createSendOutboxHandler(deps: SendOutboxDeps): (request: Request) => Promise<Response> {
  const logger = deps.logger ?? consoleLogger('send-outbox');
  const now = deps.now ?? Date.now;
  const batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE;
  const budgetMs = deps.budgetMs ?? DEFAULT_BUDGET_MS;
  const { settings } = deps;
  const policy: TargetPolicy = { ...settings.smtpPolicy, resolve: deps.resolve };

  /** The health view's record of the run; a failure to record it is logged, never the run's failure. */
  const recordRun = async (ok: boolean, error: string | null) => {
    if (!deps.outbox.recordRun) return;
    const smtpPolicy = {
      allowedPorts: settings.smtpPolicy.allowedPorts,
      allowPrivateHosts: settings.smtpPolicy.allowPrivateHosts,
    };
    try {
      await deps.outbox.recordRun(ok, error, { smtpPolicy });
    } catch (recordError) {
      logger.error(
        `recording the run failed: ${recordError instanceof Error ? recordError.message : String(recordError)}`,
      );
    }
  };

  const send = async (email: OutboxEmail, templates: Map<string, Promise<EmailTemplate | null>>) => {
    let pending = templates.get(email.template);
    if (!pending) {
      pending = deps.templates.findTemplate(email.template);
      templates.set(email.template, pending);
    }
    const template = await pending;
    if (!template) throw new SendFailure(`e-mail template "${email.template}" not found`);
    const smtp: SmtpConfig | null = template.smtp_config ?? (await deps.templates.findDefaultSmtpConfig());
    if (!smtp) throw new SendFailure(`no SMTP config for e-mail template "${email.template}" and no default one`);
    const target = await checkTarget(smtp.host, smtp.port, policy);
    if (!target.ok) {
      throw new SendFailure(`SMTP target ${smtp.host}:${smtp.port} refused by the target policy (${target.code})`);
    }
    const rendered = renderTemplate(template, asVariables(email.variables));
    await deps.mailer.send(
      { ...smtp, address: target.address, allowPlaintext: target.plaintextAllowed },
      { to: email.to_email, ...rendered },
    );
  };

  return async (request) => {
    if (request.method !== 'POST') return jsonResponse(405, { error: 'Method not allowed: use POST' });
    const token = bearerToken(request) ?? '';
    if (settings.problems.length > 0) {
      logger.error(`misconfigured: ${settings.problems.join('; ')}`);
      return jsonResponse(500, { error: `send-outbox is misconfigured: ${settings.problems.join('; ')}` });
    }
    if (!sameSecret(token, settings.serviceRoleKey)) return jsonResponse(401, { error: 'Unauthorized' });

    const started = now();
    const result = { claimed: 0, sent: 0, failed: 0 };
    // One run reads each template once (an admin's edit applies from the next run).
    const templates = new Map<string, Promise<EmailTemplate | null>>();
    try {
      while (now() - started < budgetMs) {
        const batch = await deps.outbox.claim(batchSize);
        result.claimed += batch.length;
        await Promise.all(
          batch.map(async (email) => {
            try {
              await send(email, templates);
            } catch (error) {
              const reason = describe(error);
              result.failed++;
              logger.error(`e-mail ${email.id} (${email.template}, attempt ${email.attempts}) failed: ${reason}`);
              await deps.outbox.fail(email.id, reason);
              return;
            }
            result.sent++;
            await deps.outbox.complete(email.id);
          }),
        );
        if (batch.length < batchSize) break;
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      logger.error(`run stopped: ${reason}`);
      await recordRun(false, `run stopped: ${reason}`);
      return jsonResponse(500, { error: 'The outbox could not be read or updated', ...result });
    }
    if (result.claimed > 0) logger.info(`${result.sent} sent, ${result.failed} failed`);
    await recordRun(true, null);
    noteRequest({ result: `claimed ${result.claimed}, sent ${result.sent}, failed ${result.failed}` });
    return jsonResponse(200, result);
  };
}
