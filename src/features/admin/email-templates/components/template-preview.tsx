import type { TemplateVariable } from '@/data/email/list-templates';
import { previewVariables, renderTemplate } from '@/data/email/render';
import { t } from '@/i18n/admin';
import { previewDocument } from '../utils/preview-document';

/**
 * The template rendered with its variables' examples by the renderer that sends the e-mail (the
 * sender's own variables such as {{fname}} filled as in the e-mail): the subject and text as text,
 * the HTML in a sandboxed frame (no scripts, no same-origin access, no remote loads but images).
 */
export function TemplatePreview({
  subject,
  html,
  text,
  variables,
}: {
  subject: string;
  html: string;
  text: string;
  variables: readonly TemplateVariable[];
}) {
  const rendered = renderTemplate({ subject, html_content: html, text_content: text }, previewVariables(variables));
  return (
    <div className="space-y-3">
      <p className="text-sm">
        <span className="text-ink-muted">{t('templates.field.subject')}: </span>
        {rendered.subject}
      </p>
      <iframe
        title={t('templates.preview.frame')}
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={previewDocument(rendered.html)}
        className="h-80 w-full rounded-lg border border-surface-border bg-white"
      />
      {rendered.text?.trim() ? (
        <pre className="max-h-48 overflow-auto whitespace-pre-wrap rounded-lg border border-surface-border bg-surface p-3 text-sm">
          {rendered.text}
        </pre>
      ) : null}
    </div>
  );
}
