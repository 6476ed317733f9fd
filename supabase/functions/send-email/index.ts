// Edge function `send-email`: Supabase Auth's Send Email Hook ([auth.hook.send_email] in
// supabase/config.toml; [functions.send-email] verify_jwt = false, the hook signs its requests
// instead). Environment: see settings.ts.
import { createServiceRoleClient, supabaseTemplateStore, type TemplateStore } from '../_shared/email-templates.ts';
import { createNodemailerMailer } from '../_shared/mailer.ts';
import { tracedFetch, withRequestId } from '../_shared/request.ts';
import { createSendEmailHandler } from './handler.ts';
import { settingsFromEnv } from './settings.ts';

const settings = settingsFromEnv((name) => Deno.env.get(name));

// Without the URL or key the handler answers 500 naming them (settings.problems) before any read.
const templates: TemplateStore =
  settings.supabaseUrl && settings.serviceRoleKey
    ? supabaseTemplateStore(createServiceRoleClient(settings.supabaseUrl, settings.serviceRoleKey, tracedFetch))
    : {
        findTemplate: () => Promise.reject(new Error('SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY is not set')),
        findDefaultSmtpConfig: () => Promise.reject(new Error('SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY is not set')),
        findMemberName: () => Promise.reject(new Error('SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY is not set')),
      };

Deno.serve(
  withRequestId('send-email', createSendEmailHandler({ settings, templates, mailer: createNodemailerMailer() })),
);
