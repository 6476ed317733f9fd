// send-test-email: the admin's "SMTP test" (product.md#dashboard-2 admin area, §7 Admin). Sends one
// message to the given address through a stored SMTP configuration (by id), a stored one with
// edits, or an unsaved one, and says what the SMTP server answered.
//
// Request: POST, Authorization: Bearer <the admin's JWT>, JSON
//   { to, subject?, html?, text?, configId?, config?: { host, port, username, password?, fromEmail, fromName, secure? } }
// Answers (JSON, CORS for browsers):
//   200 { ok: true }                                     the server took the message
//   400 { error: 'invalid_request' | 'invalid_email' | 'invalid_config' }
//   401 { error: 'unauthorized' }                        no or bad JWT
//   403 { error: 'forbidden' }                           not an admin (or an admin without the second factor)
//   404 { error: 'config_not_found' }
//   422 { error: 'port_not_allowed', allowedPorts } | { error: 'host_not_allowed' } | { error: 'host_not_found' }
//   502 { error: 'smtp_failed', reason, ref }            what kind of failure (auth | connection | tls |
//                                                        rejected) and an id; the SMTP server's own reply
//                                                        goes only to the function's log, under that id
//   504 { error: 'timeout', seconds }                    no answer in time
//   500 { error: 'server_error', message }               misconfigured function or database unreachable
// A stored password is used only with the stored host, port and user name: an edited host never
// receives it, so the test cannot be used to send the password elsewhere.
import { bearerToken, corsHeaders, consoleLogger, jsonResponse, type Logger, preflight } from '../_shared/http.ts';
import { type Mailer, MailerError, type SmtpConfig } from '../_shared/mailer.ts';
import type { AccessGate, SmtpConfigStore } from './access.ts';
import type { SendTestEmailSettings } from './settings.ts';
import { checkTarget, isValidHost, type TargetPolicy } from '../_shared/smtp-target.ts';
import { currentRequest } from '../_shared/request.ts';

export type { Logger };

export interface SendTestEmailDeps {
  settings: SendTestEmailSettings;
  access: AccessGate;
  configs: SmtpConfigStore;
  mailer: Mailer;
  /** DNS resolution for the target check (tests pass a fixed answer). */
  resolve?: TargetPolicy['resolve'];
  logger?: Logger;
}

const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIMITS = { subject: 300, html: 50_000, text: 50_000, password: 1024, username: 320, name: 200 };

const DEFAULT_SUBJECT = 'Test konfiguracji SMTP';
const DEFAULT_HTML = '<p>To jest wiadomość testowa wysłana z panelu administratora Klubu.</p>';
const DEFAULT_TEXT = 'To jest wiadomość testowa wysłana z panelu administratora Klubu.';

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.error));
  }
}

const refuse = (status: number, error: string, extra: Record<string, unknown> = {}) =>
  new Refusal(status, { error, ...extra });

type Body = Record<string, unknown>;

function optionalText(body: Body, name: keyof typeof LIMITS, fallback: string): string {
  const value = body[name];
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string' || value.length > LIMITS[name]) throw refuse(400, 'invalid_request');
  return value;
}

interface ConfigInput {
  host?: string;
  port?: number;
  username?: string;
  password?: string;
  fromEmail?: string;
  fromName?: string;
}

function parseConfigInput(value: unknown): ConfigInput | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw refuse(400, 'invalid_config');
  const raw = value as Body;
  const text = (name: string) => {
    const field = raw[name];
    if (field === undefined || field === null) return undefined;
    if (typeof field !== 'string') throw refuse(400, 'invalid_config');
    return field.trim();
  };
  const port = raw.port;
  if (port !== undefined && port !== null && (typeof port !== 'number' || !Number.isInteger(port))) {
    throw refuse(400, 'invalid_config');
  }
  return {
    host: text('host'),
    port: typeof port === 'number' ? port : undefined,
    username: text('username'),
    // Passwords are taken as typed (spaces may belong to them).
    password: typeof raw.password === 'string' ? raw.password : undefined,
    fromEmail: text('fromEmail'),
    fromName: text('fromName'),
  };
}

/** The configuration to test, with the rules of the SMTP form (product.md#dashboard-5) checked. */
async function resolveConfig(body: Body, configs: SmtpConfigStore): Promise<SmtpConfig> {
  const input = parseConfigInput(body.config);
  const configId = body.configId;
  if (configId !== undefined && configId !== null && (typeof configId !== 'string' || !UUID.test(configId))) {
    throw refuse(400, 'invalid_config');
  }
  if (!configId && !input) throw refuse(400, 'invalid_config');

  const stored = configId ? await configs.find(configId) : null;
  if (configId && !stored) throw refuse(404, 'config_not_found');

  const host = input?.host ?? stored?.host ?? '';
  const port = input?.port ?? stored?.port ?? 587;
  const username = input?.username ?? stored?.username ?? '';
  const fromEmail = input?.fromEmail ?? stored?.from_email ?? '';
  const fromName = input?.fromName ?? stored?.from_name ?? '';
  let password = input?.password ?? '';
  if (!password && stored) {
    const sameServer =
      host.toLowerCase() === stored.host.toLowerCase() && port === stored.port && username === stored.username;
    // An edited server (or login) must come with its own password.
    if (!sameServer) throw refuse(400, 'invalid_config');
    password = stored.password;
  }
  if (!stored && !password) throw refuse(400, 'invalid_config');

  const valid =
    isValidHost(host) &&
    port >= 1 &&
    port <= 65535 &&
    username !== '' &&
    username.length <= LIMITS.username &&
    password.length <= LIMITS.password &&
    EMAIL.test(fromEmail) &&
    fromEmail.length <= 320 &&
    fromName !== '' &&
    fromName.length <= LIMITS.name;
  if (!valid) throw refuse(400, 'invalid_config');
  return { host, port, username, password, from_email: fromEmail, from_name: fromName };
}

class Timeout extends Error {}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ETIMEOUT', 'ESOCKETTIMEDOUT']);

/**
 * What kind of failure the browser is told. The remote server's own words never leave the function
 * (a configured server could otherwise answer with anything to whoever triggers a send): the
 * admin gets the kind and an id, the log gets the reply under that id.
 */
export type SmtpFailureKind = 'auth' | 'connection' | 'tls' | 'rejected';

export function smtpFailureKind(error: MailerError): SmtpFailureKind {
  const reply = error.response ?? '';
  if (error.code === 'EAUTH' || /^(530|534|535)\b/.test(reply)) return 'auth';
  if (error.code === 'ETLS' || /STARTTLS|TLS/i.test(error.message)) return 'tls';
  if (
    !error.response &&
    /ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ECONNECTION|ESOCKET|EDNS/.test(
      `${error.code ?? ''} ${error.message}`,
    )
  )
    return 'connection';
  return 'rejected';
}

export function createSendTestEmailHandler(deps: SendTestEmailDeps): (request: Request) => Promise<Response> {
  const { settings, access, configs, mailer } = deps;
  const logger = deps.logger ?? consoleLogger('send-test-email');
  const policy: TargetPolicy = {
    allowedPorts: settings.allowedPorts,
    allowPrivateHosts: settings.allowPrivateHosts,
    resolve: deps.resolve,
  };

  return async (request) => {
    const json = (status: number, body: Record<string, unknown>) => jsonResponse(status, body, corsHeaders(request));
    if (request.method === 'OPTIONS') return preflight(request);
    if (request.method !== 'POST') return json(405, { error: 'method_not_allowed' });
    if (settings.problems.length > 0) {
      logger.error(`misconfigured: ${settings.problems.join('; ')}`);
      return json(500, { error: 'server_error', message: settings.problems.join('; ') });
    }
    const jwt = bearerToken(request);
    if (!jwt) return json(401, { error: 'unauthorized' });

    try {
      const verdict = await access.check(jwt);
      if (verdict === 'unauthorized') return json(401, { error: 'unauthorized' });
      if (verdict === 'forbidden') return json(403, { error: 'forbidden' });

      let body: Body;
      try {
        const parsed: unknown = await request.json();
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
        body = parsed as Body;
      } catch {
        throw refuse(400, 'invalid_request');
      }

      const to = typeof body.to === 'string' ? body.to.trim() : '';
      if (!EMAIL.test(to) || to.length > 320) throw refuse(400, 'invalid_email');
      const subject = optionalText(body, 'subject', DEFAULT_SUBJECT);
      const html = optionalText(body, 'html', DEFAULT_HTML);
      const text = optionalText(body, 'text', DEFAULT_TEXT);
      const config = await resolveConfig(body, configs);

      const target = await checkTarget(config.host, config.port, policy);
      if (!target.ok) {
        throw target.code === 'port_not_allowed'
          ? refuse(422, target.code, { port: config.port, allowedPorts: target.allowedPorts })
          : refuse(422, target.code, { host: config.host });
      }

      try {
        await withDeadline(
          mailer.send(
            { ...config, address: target.address, allowPlaintext: target.plaintextAllowed },
            { to, subject, html, text },
          ),
          settings.timeoutMs * 2,
        );
      } catch (error) {
        const seconds = Math.max(1, Math.ceil(settings.timeoutMs / 1000));
        if (error instanceof Timeout) return json(504, { error: 'timeout', seconds });
        if (error instanceof MailerError) {
          if (error.code && TIMEOUT_CODES.has(error.code)) return json(504, { error: 'timeout', seconds });
          const ref = currentRequest()?.id ?? crypto.randomUUID();
          logger.info(
            `SMTP test to ${config.host}:${config.port} failed (ref ${ref}): ${error.message}${error.response ? ` | reply: ${error.response}` : ''}`,
          );
          return json(502, { error: 'smtp_failed', reason: smtpFailureKind(error), ref });
        }
        throw error;
      }
      logger.info(`SMTP test e-mail sent through ${config.host}:${config.port}`);
      return json(200, { ok: true });
    } catch (error) {
      if (error instanceof Refusal) return json(error.status, error.body);
      logger.error(`failed: ${error instanceof Error ? error.message : String(error)}`);
      return json(500, { error: 'server_error', message: 'The SMTP test could not be run' });
    }
  };
}
