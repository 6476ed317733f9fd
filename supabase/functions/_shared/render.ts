// Renders an e-mail template's {{name}} placeholders (spaces inside the braces allowed). Values are
// HTML-escaped in the HTML body and kept plain in the text body and the subject; a placeholder
// without a value renders as nothing. One pass: a value that itself contains "{{…}}" stays literal.
//
// One renderer for the e-mail that is sent (send-email) and for the admin's preview of a template
// (the app imports this file through src/lib/email/render.ts): a pure module, no Deno or browser
// globals and no imports, so Deno and Vite both load it as it is.

export type TemplateVariables = Readonly<Record<string, string>>;

export interface TemplateContent {
  subject: string;
  html_content: string;
  text_content: string | null;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  /** Absent when the template has no text version. */
  text?: string;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

export function fillPlaceholders(
  template: string,
  variables: TemplateVariables,
  encode: (value: string) => string = (value) => value,
): string {
  return template.replace(PLACEHOLDER, (_match, name: string) =>
    Object.hasOwn(variables, name) ? encode(variables[name] ?? '') : '',
  );
}

export function renderTemplate(template: TemplateContent, variables: TemplateVariables): RenderedEmail {
  // A header value must stay on one line whatever a variable (e.g. a full name) contains.
  const subject = fillPlaceholders(template.subject, variables)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const html = fillPlaceholders(template.html_content, variables, escapeHtml);
  const text = template.text_content ? fillPlaceholders(template.text_content, variables) : undefined;
  return text === undefined ? { subject, html } : { subject, html, text };
}

/**
 * The variables the sender fills in every e-mail, whatever the action, with the example the preview
 * shows when the template does not give one: `fname`, the member's name (send-email's greetingName).
 */
export const SENDER_VARIABLE_EXAMPLES: TemplateVariables = { fname: 'Anna Nowak' };

/** The values an e-mail is rendered with: the sender's own (`fname`), then the action's (which win). */
export function emailVariables(fname: string, actionVariables: TemplateVariables): TemplateVariables {
  return { fname, ...actionVariables };
}

/**
 * The values the preview renders a template with, filled the way the e-mail is: the sender's
 * variables (their examples), then the template's declared variables with their examples (a
 * declared variable without an example keeps the sender's one, or renders as nothing).
 */
export function previewVariables(declared: readonly { name: string; example?: string | null }[]): TemplateVariables {
  const examples = declared.flatMap(({ name, example }) => (example ? [[name, example] as const] : []));
  return { ...SENDER_VARIABLE_EXAMPLES, ...Object.fromEntries(examples) };
}
