import { z } from 'zod/mini';

/** The table's name rule: lower-case letters, digits, '-' and '_'. */
const NAME = /^[a-z0-9][a-z0-9_-]{0,99}$/;
const VARIABLE = /^[A-Za-z0-9_]{1,50}$/;

/** A variable's name is what goes between {{ }}: letters, digits and _. */
export function checkVariableName(name: string): 'validation.template.variable_name' | null {
  return VARIABLE.test(name.trim()) ? null : 'validation.template.variable_name';
}

/** Template (product.md#dashboard-5): name, subject and content required (the variables are checked by checkVariableName). */
export const templateSchema = z.object({
  name: z.string().check(
    z.trim(),
    z.minLength(1, { error: 'validation.template.name_required' }),
    z.refine((value) => value === '' || NAME.test(value), { error: 'validation.template.name_format' }),
  ),
  subject: z
    .string()
    .check(z.trim(), z.minLength(1, { error: 'validation.template.subject_required' }), z.maxLength(300)),
  htmlContent: z.string().check(
    z.refine((value) => value.trim() !== '', { error: 'validation.template.content_required' }),
    z.maxLength(200_000),
  ),
  textContent: z.string().check(z.maxLength(100_000)),
  smtpConfigId: z.string(),
});

export type TemplateFormValues = z.input<typeof templateSchema>;
