// Sends e-mail through an SMTP configuration (a row of public.smtp_configs) with nodemailer: port
// 465 uses implicit TLS; any other port must upgrade with STARTTLS before anything else is said (a
// server that does not offer it never sees the password or the message), except the local stack's own
// mail catcher (allowPlaintext, set by the target check). Certificates are always verified. One connection per message:
// configurations change rarely and a send is rare too, so no pool outlives a request.
// @ts-types="@types/nodemailer"
import nodemailer from 'nodemailer';

export interface SmtpConfig {
  host: string;
  port: number;
  username: string;
  password: string;
  from_email: string;
  from_name: string;
  /**
   * The IP address to connect to, when the caller has resolved and checked the host itself (the
   * SMTP test refuses private addresses): the connection goes there and TLS still verifies the
   * certificate against `host`.
   */
  address?: string;
  /**
   * Talk in clear: only for the local stack's mail catcher (a loopback target of a stack that
   * allows private hosts, see smtp-target.ts). Everywhere else TLS is required.
   */
  allowPlaintext?: boolean;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text?: string;
}

export interface Mailer {
  /** Resolves once the server accepted the message; rejects with a MailerError otherwise. */
  send(config: SmtpConfig, email: OutgoingEmail): Promise<void>;
}

/** The nodemailer SMTP options this module sets. */
export interface SmtpTransportOptions {
  host: string;
  port: number;
  secure: boolean;
  requireTLS: boolean;
  tls?: { servername: string };
  auth?: { user: string; pass: string };
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
  dnsTimeout: number;
}

export class MailerError extends Error {
  override name = 'MailerError';
  /** nodemailer's error code (ECONNECTION, ETIMEDOUT, EAUTH, EENVELOPE, …), when it gave one. */
  readonly code: string | undefined;
  /** The SMTP server's own reply (e.g. "535 5.7.8 Authentication failed"), when it sent one. */
  readonly response: string | undefined;

  constructor(message: string, details: { code?: string; response?: string } = {}) {
    super(message);
    this.code = details.code;
    this.response = details.response;
  }
}

export interface MailerOptions {
  /**
   * Upper bound for connecting, the greeting and each socket wait, in ms. Supabase Auth gives the
   * whole Send Email Hook 5 s, so the default keeps a failure inside that budget.
   */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 4_000;

export function transportOptions(config: SmtpConfig, options: MailerOptions = {}): SmtpTransportOptions {
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const viaAddress = config.address !== undefined && config.address !== config.host;
  return {
    host: viaAddress ? (config.address as string) : config.host,
    port: config.port,
    secure: config.port === 465,
    requireTLS: config.port !== 465 && config.allowPlaintext !== true,
    // Connecting to a checked address: the certificate must still name the configured host.
    ...(viaAddress && !isIpLiteral(config.host) ? { tls: { servername: config.host } } : {}),
    // An empty password means the server takes mail without authentication.
    ...(config.password ? { auth: { user: config.username, pass: config.password } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
  };
}

function isIpLiteral(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');
}

function describe(error: unknown): string {
  const { code, responseCode, message } = error as { code?: string; responseCode?: number; message?: string };
  return [code, responseCode, message].filter((part) => part !== undefined && part !== '').join(' ');
}

export function createNodemailerMailer(options: MailerOptions = {}): Mailer {
  return {
    async send(config, email) {
      const where = `${config.host}:${config.port}`;
      const transport = nodemailer.createTransport(transportOptions(config, options));
      try {
        const info = await transport.sendMail({
          from: { name: config.from_name, address: config.from_email },
          to: email.to,
          subject: email.subject,
          html: email.html,
          ...(email.text === undefined ? {} : { text: email.text }),
        });
        if (info.rejected.length > 0) throw new MailerError(`SMTP server ${where} rejected the recipient`);
      } catch (error) {
        if (error instanceof MailerError) throw error;
        const { code, response } = error as { code?: unknown; response?: unknown };
        throw new MailerError(`SMTP server ${where} did not take the message: ${describe(error)}`, {
          code: typeof code === 'string' ? code : undefined,
          response: typeof response === 'string' ? response : undefined,
        });
      } finally {
        transport.close();
      }
    },
  };
}
