// Edge function `send-outbox`: delivers the queued e-mails (see handler.ts). [functions.send-outbox]
// keeps verify_jwt on; the handler then accepts only the service role key. Environment: settings.ts.
import { createServiceRoleClient, supabaseTemplateStore } from '../_shared/email-templates.ts';
import { createNodemailerMailer } from '../_shared/mailer.ts';
import { tracedFetch, withRequestId } from '../_shared/request.ts';
import { createSendOutboxHandler } from './handler.ts';
import { settingsFromEnv } from './settings.ts';
import { supabaseOutboxStore } from './store.ts';

const settings = settingsFromEnv((name) => Deno.env.get(name));
// Without the URL or key the handler answers 500 naming them before any call.
const client = createServiceRoleClient(
  settings.supabaseUrl || 'http://invalid.localhost',
  settings.serviceRoleKey || '-',
  tracedFetch,
);

Deno.serve(
  withRequestId(
    'send-outbox',
    createSendOutboxHandler({
      settings,
      outbox: supabaseOutboxStore(client),
      templates: supabaseTemplateStore(client),
      mailer: createNodemailerMailer(),
    }),
  ),
);
