// Reads e-mail templates (public.email_templates), SMTP configurations (public.smtp_configs) and a
// member's name (public.profiles) with the service role, which reads them in clear through
// PostgREST (the SMTP password included); no browser role can. The store is an interface so handlers can be tested without a
// database.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { TemplateContent } from './render.ts';
import type { SmtpConfig } from './mailer.ts';

export interface EmailTemplate extends TemplateContent {
  name: string;
  /** The template's own SMTP configuration; null means "use the default one". */
  smtp_config: SmtpConfig | null;
}

export interface TemplateStore {
  findTemplate(name: string): Promise<EmailTemplate | null>;
  findDefaultSmtpConfig(): Promise<SmtpConfig | null>;
  /**
   * The member's full name from the profile (the one place it is kept), or null: no such profile
   * yet (the sign-up that asks for the activation e-mail has not committed it) or no name.
   */
  findMemberName(userId: string): Promise<string | null>;
}

/** The database could not be read (as opposed to: the row does not exist). */
export class TemplateStoreError extends Error {
  override name = 'TemplateStoreError';
}

const SMTP_COLUMNS = 'host, port, username, password, from_email, from_name';
const TEMPLATE_COLUMNS = `name, subject, html_content, text_content, smtp_config:smtp_configs(${SMTP_COLUMNS})`;

type Row = Record<string, unknown>;

function text(row: Row, column: string, where: string): string {
  const value = row[column];
  if (typeof value !== 'string') throw new TemplateStoreError(`${where}: column ${column} is not text`);
  return value;
}

function toSmtpConfig(row: Row, where: string): SmtpConfig {
  const port = row.port;
  if (typeof port !== 'number' || !Number.isInteger(port)) {
    throw new TemplateStoreError(`${where}: column port is not an integer`);
  }
  return {
    host: text(row, 'host', where),
    port,
    username: text(row, 'username', where),
    password: typeof row.password === 'string' ? row.password : '',
    from_email: text(row, 'from_email', where),
    from_name: text(row, 'from_name', where),
  };
}

function toTemplate(row: Row): EmailTemplate {
  const where = `email template "${String(row.name)}"`;
  const smtp = row.smtp_config;
  return {
    name: text(row, 'name', where),
    subject: text(row, 'subject', where),
    html_content: text(row, 'html_content', where),
    text_content: typeof row.text_content === 'string' ? row.text_content : null,
    smtp_config: smtp && typeof smtp === 'object' ? toSmtpConfig(smtp as Row, `SMTP config of ${where}`) : null,
  };
}

export function supabaseTemplateStore(client: SupabaseClient): TemplateStore {
  return {
    async findTemplate(name) {
      const { data, error } = await client
        .from('email_templates')
        .select(TEMPLATE_COLUMNS)
        .eq('name', name)
        .maybeSingle();
      if (error) throw new TemplateStoreError(`reading email template "${name}" failed: ${error.message}`);
      return data ? toTemplate(data as Row) : null;
    },
    async findDefaultSmtpConfig() {
      const { data, error } = await client
        .from('smtp_configs')
        .select(SMTP_COLUMNS)
        .eq('is_default', true)
        .maybeSingle();
      if (error) throw new TemplateStoreError(`reading the default SMTP config failed: ${error.message}`);
      return data ? toSmtpConfig(data as Row, 'default SMTP config') : null;
    },
    async findMemberName(userId) {
      const { data, error } = await client.from('profiles').select('full_name').eq('user_id', userId).maybeSingle();
      if (error) throw new TemplateStoreError(`reading the member's name failed: ${error.message}`);
      const name = (data as Row | null)?.full_name;
      return typeof name === 'string' && name.trim() ? name.trim() : null;
    },
  };
}

/** A server-side client with the service role key: no session, no storage, no refresh timer. */
export function createServiceRoleClient(
  supabaseUrl: string,
  serviceRoleKey: string,
  fetchImpl?: typeof fetch,
): SupabaseClient {
  return createClient(supabaseUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(fetchImpl ? { global: { fetch: fetchImpl } } : {}),
  });
}
