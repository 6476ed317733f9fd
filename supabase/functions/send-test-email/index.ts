// Edge function `send-test-email`: the admin's SMTP test (see handler.ts). verify_jwt stays on
// (supabase/config.toml): the gateway refuses calls without a valid JWT, and the handler asks the
// database whether the caller is an admin. Environment: see settings.ts.
import { createNodemailerMailer } from '../_shared/mailer.ts';
import { postgrestAccessGate, postgrestSmtpConfigStore } from './access.ts';
import { tracedFetch, withRequestId } from '../_shared/request.ts';
import { createSendTestEmailHandler } from './handler.ts';
import { settingsFromEnv } from './settings.ts';

const settings = settingsFromEnv((name) => Deno.env.get(name));

Deno.serve(
  withRequestId(
    'send-test-email',
    createSendTestEmailHandler({
      settings,
      access: postgrestAccessGate(settings.supabaseUrl, settings.anonKey, tracedFetch),
      configs: postgrestSmtpConfigStore(settings.supabaseUrl, settings.serviceRoleKey, tracedFetch),
      mailer: createNodemailerMailer({ timeoutMs: settings.timeoutMs }),
    }),
  ),
);
