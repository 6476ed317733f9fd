import { t } from '@/i18n/admin';
import type { TemplateVariable } from '../api/list-templates';
import { fillTemplate, previewDocument } from '../utils/render-preview';

/**
 * The template rendered with its variables' examples: the subject and text as text, the HTML in a
 * sandboxed frame (no scripts, no same-origin access, no remote loads but images).
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
  const values = Object.fromEntries(variables.map((variable) => [variable.name, variable.example ?? '']));
  return (
    <div className="space-y-3">
      <p className="text-sm">
        <span className="text-ink-muted">{t('templates.field.subject')}: </span>
        {fillTemplate(subject, values, { html: false })}
      </p>
      <iframe
        title={t('templates.preview.frame')}
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={previewDocument(fillTemplate(html, values, { html: true }))}
        className="h-80 w-full rounded-lg border border-surface-border bg-white"
      />
      {text.trim() ? (
        <pre className="max-h-48 overflow-auto whitespace-pre-wrap rounded-lg border border-surface-border bg-surface p-3 text-sm">
          {fillTemplate(text, values, { html: false })}
        </pre>
      ) : null}
    </div>
  );
}
