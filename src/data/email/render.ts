// The e-mail renderer the send-email function sends with (supabase/functions/_shared/render.ts, a
// pure module with no imports and no Deno globals), for the app: the admin's template preview fills
// placeholders with the very code that fills the e-mail, so the two cannot drift apart.
export {
  escapeHtml,
  previewVariables,
  renderTemplate,
  SENDER_VARIABLE_EXAMPLES,
  type RenderedEmail,
  type TemplateContent,
  type TemplateVariables,
} from '../../../supabase/functions/_shared/render.ts';
