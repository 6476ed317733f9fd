// Test helper: the e-mail templates of supabase/seed.sql, read from the file so the tests render
// exactly what a local stack sends. Reads the string literals ('…' and E'…') of the
// `insert into public.email_templates` statement: name, subject, html_content, text_content,
// variables, smtp_config_id per row.
import type { EmailTemplate } from '../email-templates.ts';

const SEED = new URL('../../../seed.sql', import.meta.url);

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

export async function seedTemplates(): Promise<Map<string, EmailTemplate>> {
  const seed = await Deno.readTextFile(SEED);
  const start = seed.indexOf('insert into public.email_templates');
  if (start < 0) throw new Error('supabase/seed.sql has no insert into public.email_templates');
  const valuesAt = seed.indexOf('values', start);
  // The statement ends at the first ";" that follows a ")" at the end of a line.
  const end = seed.indexOf(');\n', valuesAt);
  const strings = sqlStrings(seed.slice(valuesAt, end + 1));
  if (strings.length % 6 !== 0) throw new Error(`unexpected email_templates seed layout (${strings.length} strings)`);
  const templates = new Map<string, EmailTemplate>();
  for (let index = 0; index < strings.length; index += 6) {
    const [name = '', subject = '', html_content = '', text_content = ''] = strings.slice(index, index + 4);
    templates.set(name, { name, subject, html_content, text_content, smtp_config: null });
  }
  return templates;
}
