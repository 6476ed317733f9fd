import { z } from 'zod/mini';

/** The same host rule as the table (a DNS name or an IPv4 address). */
const HOST = /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * SMTP form (product.md#dashboard-5): host, port (default 587), user name, password, sender e-mail and name
 * required. On edit the password may stay empty: the stored one is kept.
 */
export function createSmtpSchema({ passwordRequired }: { passwordRequired: boolean }) {
  return z.object({
    name: z.string().check(z.trim(), z.maxLength(100)),
    host: z.string().check(
      z.trim(),
      z.minLength(1, { error: 'validation.smtp.host_required' }),
      z.refine((value) => value.length <= 253 && HOST.test(value), { error: 'smtp.invalid_host' }),
    ),
    port: z.string().check(
      z.trim(),
      z.refine((value) => /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535, {
        error: 'smtp.invalid_port',
      }),
    ),
    username: z.string().check(z.trim(), z.minLength(1, { error: 'smtp.username_required' }), z.maxLength(320)),
    password: z.string().check(
      z.maxLength(1024, { error: 'smtp.invalid_password' }),
      z.refine((value) => !passwordRequired || value.length > 0, { error: 'smtp.password_required' }),
    ),
    fromEmail: z.string().check(
      z.trim(),
      z.refine((value) => value.length <= 320 && EMAIL.test(value), { error: 'smtp.invalid_from_email' }),
    ),
    fromName: z.string().check(z.trim(), z.minLength(1, { error: 'smtp.from_name_required' }), z.maxLength(200)),
    isDefault: z.boolean(),
  });
}

export type SmtpFormValues = z.input<ReturnType<typeof createSmtpSchema>>;
export type SmtpFormOutput = z.output<ReturnType<typeof createSmtpSchema>>;

/** SMTP test: the address must contain @ (product.md#dashboard-5: 'Proszę podać prawidłowy adres email'). */
export const smtpTestSchema = z.object({
  to: z.string().check(
    z.trim(),
    z.refine((value) => value.includes('@'), { error: 'validation.smtp.test_email' }),
  ),
});
