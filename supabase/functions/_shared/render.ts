// Renders an e-mail template's {{name}} placeholders (spaces inside the braces allowed). Values are
// HTML-escaped in the HTML body and kept plain in the text body and the subject; a placeholder
// without a value renders as nothing. One pass: a value that itself contains "{{…}}" stays literal.

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
