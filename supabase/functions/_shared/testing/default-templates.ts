// Test helper: the e-mail templates of the e-mail domain's migration (20261122001100_email.sql), read
// from the file so the tests render exactly what a migrated project (local or hosted) sends. Reads the
// string literals ('…' and E'…') of each of its `insert into public.email_templates` statements:
// name, subject, html_content, text_content, variables per row.
import type { EmailTemplate } from '../email-templates.ts';

const MIGRATION = new URL('../../../migrations/20261122001100_email.sql', import.meta.url);

function unescapeE(body: string): string {
  return body.replace(/\\(.)/g, (_match, char: string) => ({ n: '\n', r: '\r', t: '\t' })[char] ?? char);
}

/** The string literals of a SQL fragment, in order (standard '…' with '' and E'…' with \ escapes). */
export function sqlStrings(sql: string): string[] {
  const strings: string[] = [];
  const literal = /(E?)'((?:[^'\\]|''|\\.)*)'/g;
  for (const match of sql.matchAll(literal)) {
    const [, escape, raw = ''] = match;
    const body = raw.replace(/''/g, "'");
    strings.push(escape ? unescapeE(body) : body);
  }
  return strings;
}

/** The templates a migration inserts (by default the e-mail domain's: auth, payment and money e-mails). */
export async function defaultTemplates(migration: URL = MIGRATION): Promise<Map<string, EmailTemplate>> {
  const sql = await Deno.readTextFile(migration);
  const templates = new Map<string, EmailTemplate>();
  let start = sql.indexOf('insert into public.email_templates');
  if (start < 0) throw new Error(`${migration.pathname} has no insert into public.email_templates`);
  while (start >= 0) {
    const valuesAt = sql.indexOf('values', start);
    // The rows end where the statement's conflict clause begins.
    const end = sql.indexOf('on conflict', valuesAt);
    if (end < 0) throw new Error('unexpected email_templates migration layout (no on conflict clause)');
    const strings = sqlStrings(sql.slice(valuesAt, end));
    if (strings.length % 5 !== 0) throw new Error(`unexpected email_templates layout (${strings.length} strings)`);
    for (let index = 0; index < strings.length; index += 5) {
      const [name = '', subject = '', html_content = '', text_content = ''] = strings.slice(index, index + 4);
      templates.set(name, { name, subject, html_content, text_content, smtp_config: null });
    }
    start = sql.indexOf('insert into public.email_templates', end);
  }
  return templates;
}
