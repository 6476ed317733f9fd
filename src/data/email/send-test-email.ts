import { mutationOptions, useMutation } from '@tanstack/react-query';
import { t } from '@/i18n/admin';
import { isNetworkError, toUserMessage } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { emailKeys } from './keys';

/** The configuration as the form holds it (product.md#dashboard-7: config {host, port, username, password, fromEmail, fromName, secure}). */
export type UnsavedSmtpConfig = {
  host: string;
  port: number;
  username: string;
  password: string;
  fromEmail: string;
  fromName: string;
};

export type TestEmailRequest = {
  to: string;
  /** A stored configuration: tested as stored, or with `config`'s edits (the stored password only for the same server). */
  configId?: string;
  config?: UnsavedSmtpConfig;
};

export type TestEmailResult = { ok: true; message: string } | { ok: false; message: string };

type FailureBody = {
  error?: string;
  message?: string;
  port?: number;
  host?: string;
  allowedPorts?: number[];
  seconds?: number;
  reason?: string;
  ref?: string;
};

const SMTP_FAILURES = {
  auth: 'smtp.test.failed.auth',
  connection: 'smtp.test.failed.connection',
  tls: 'smtp.test.failed.tls',
  rejected: 'smtp.test.failed.rejected',
} as const;

/** The kind of SMTP failure (the server's own reply stays in the function's log, under `ref`). */
function smtpFailure(body: FailureBody): string {
  const kind = SMTP_FAILURES[(body.reason ?? 'rejected') as keyof typeof SMTP_FAILURES] ?? SMTP_FAILURES.rejected;
  return body.ref ? t('smtp.test.failed.ref', { message: t(kind), ref: body.ref }) : t(kind);
}

/** The function's refusal as the spec's 'Błąd: …' (or one of the form's own texts). */
export function testFailureMessage(status: number, body: FailureBody): string {
  switch (body.error) {
    case 'invalid_email':
      return t('validation.smtp.test_email');
    case 'invalid_config':
      return t('validation.smtp.config');
    case 'config_not_found':
      return t('smtp.test_error', { message: t('smtp.not_found') });
    case 'port_not_allowed':
      return t('smtp.test_error', {
        message: t('smtp.test.port_not_allowed', {
          port: body.port ?? '',
          ports: (body.allowedPorts ?? []).join(', '),
        }),
      });
    case 'host_not_allowed':
      return t('smtp.test_error', { message: t('smtp.test.host_not_allowed', { host: body.host ?? '' }) });
    case 'host_not_found':
      return t('smtp.test_error', { message: t('smtp.test.host_not_found', { host: body.host ?? '' }) });
    case 'timeout':
      return t('smtp.test_error', { message: t('smtp.test.timeout', { seconds: body.seconds ?? '' }) });
    case 'smtp_failed':
      return t('smtp.test_error', { message: smtpFailure(body) });
    default:
      return t('smtp.test_error', { message: toUserMessage({ status, message: body.message ?? '' }) });
  }
}

/**
 * Edge function send-test-email (product.md#dashboard-7 Admin): one test e-mail through the configuration.
 * The password of a stored configuration never comes to the browser: a stored one is named by id.
 */
export async function sendTestEmail(client: AppSupabaseClient, request: TestEmailRequest): Promise<TestEmailResult> {
  const { error } = await client.functions.invoke('send-test-email', {
    body: {
      to: request.to.trim(),
      subject: t('smtp.test.subject'),
      html: `<p>${t('smtp.test.body')}</p>`,
      text: t('smtp.test.body'),
      ...(request.configId ? { configId: request.configId } : {}),
      ...(request.config ? { config: { ...request.config, secure: request.config.port === 465 } } : {}),
    },
  });
  if (!error) return { ok: true, message: t('smtp.test_sent') };
  const response = (error as { context?: unknown }).context;
  if (response instanceof Response) {
    let body: FailureBody = {};
    try {
      body = (await response.clone().json()) as FailureBody;
    } catch {
      body = {};
    }
    return { ok: false, message: testFailureMessage(response.status, body) };
  }
  return {
    ok: false,
    message: t('smtp.test_error', { message: isNetworkError(error) ? t('network.failure') : toUserMessage(error) }),
  };
}

export const sendTestEmailMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: emailKeys.testSmtp(),
    mutationFn: async (request: TestEmailRequest) => sendTestEmail(await getClient(), request),
  });

export function useSendTestEmail() {
  const { getClient } = useSupabase();
  return useMutation(sendTestEmailMutationOptions(getClient));
}
