import { z } from 'zod/mini';
import { t } from './messages';

type ZodErrorMap = z.core.$ZodErrorMap;

/**
 * zod's own Polish texts (zod/v4/locales/pl, 1.2 kB gzip) are not part of the landing page's entry:
 * i18n/zod-locale.ts installs them, and lib/form.ts (every react-hook-form form) imports it, so a
 * form's chunk has them before it validates anything. The landing page's light forms give every
 * issue a key of their own; until the locale is there, anything else reads 'Nieprawidłowa wartość'.
 */
let fallback: ZodErrorMap = () => t('validation.invalid');

/** Sets the last resort for issues this map does not cover (i18n/zod-locale.ts). */
export function setZodFallback(localeError: ZodErrorMap): void {
  fallback = localeError;
}

/**
 * Polish texts for zod issues that a schema did not give a message for. Schemas give keys of the
 * catalogue (`z.string().check(z.minLength(8, { error: 'validation.password.min' }))`); those win
 * over this map and are turned into text where they are shown (`translate()` in i18n/messages.ts).
 * This map covers the rest: required fields, lengths, formats, and zod's own Polish locale (once loaded) as
 * the last resort. The global config is zod's core, shared by the classic API and `zod/mini`.
 */
export const zodErrorMap: ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return t('validation.required');
      if (issue.expected === 'number') return t('validation.number.invalid');
      break;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) === 1
          ? t('validation.required')
          : t('validation.too_short', { minimum: Number(issue.minimum) });
      }
      if (issue.origin === 'number') return t('validation.too_small', { minimum: Number(issue.minimum) });
      break;
    case 'too_big':
      if (issue.origin === 'string') return t('validation.too_long', { maximum: Number(issue.maximum) });
      if (issue.origin === 'number') return t('validation.too_big', { maximum: Number(issue.maximum) });
      break;
    case 'invalid_format':
      if (issue.format === 'email') return t('validation.email.invalid');
      if (issue.format === 'url') return t('validation.url.invalid');
      break;
    default:
      break;
  }
  return fallback(issue);
};

/** Installs the map globally; called once at start-up (main.tsx) and in the unit-test setup. */
export function configureZod(): void {
  z.config({ customError: zodErrorMap });
}
