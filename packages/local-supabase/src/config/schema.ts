// The part of supabase/config.toml the local stack reads, validated with zod. Defaults are the
// Supabase CLI's own defaults, so a key that is absent means what it means for `supabase start`.
import { z } from 'zod';

const Bool = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);
const Port = z.number().int().min(1).max(65535);
const Int = z.number().int();

/** "1s", "500ms", "2m", "24h" → seconds. */
export function durationToSeconds(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not a duration such as "1s", "2m" or "24h"`);
  const factor = { ms: 0.001, s: 1, m: 60, h: 3600 }[match[2] as 'ms' | 's' | 'm' | 'h'];
  return Number(match[1]) * factor;
}

/** "50MiB", "5MB", "500KB", "3B" → bytes; the CLI reads KB/MB/GB as binary units, as Docker's go-units does. */
export function sizeToBytes(text: string | number): number {
  if (typeof text === 'number') return text;
  const match = /^(\d+(?:\.\d+)?)\s*(B|K|KB|KiB|M|MB|MiB|G|GB|GiB)?$/i.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not a size such as "50MiB" or "500KB"`);
  const unit = (match[2] ?? 'B').toUpperCase().replace('IB', 'B');
  const factor = { B: 1, K: 1024, KB: 1024, M: 1024 ** 2, MB: 1024 ** 2, G: 1024 ** 3, GB: 1024 ** 3 }[unit] ?? 1;
  return Math.round(Number(match[1]) * factor);
}

const Duration = z.string().transform((text, context) => {
  try {
    return durationToSeconds(text);
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});

const Size = z.union([z.string(), z.number()]).transform((text, context) => {
  try {
    return sizeToBytes(text);
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});

const Bucket = z.object({
  public: Bool.default(false),
  file_size_limit: Size.optional(),
  allowed_mime_types: z.array(z.string()).optional(),
  objects_path: z.string().optional(),
});

const FunctionConfig = z.object({
  enabled: Bool.default(true),
  verify_jwt: Bool.default(true),
  entrypoint: z.string().optional(),
  import_map: z.string().optional(),
});

const Auth = z.object({
  enabled: Bool.default(true),
  site_url: z.string().default('http://127.0.0.1:3000'),
  additional_redirect_urls: z.array(z.string()).default([]),
  jwt_expiry: Int.positive().default(3600),
  jwt_issuer: z.string().optional(),
  enable_refresh_token_rotation: Bool.default(true),
  refresh_token_reuse_interval: Int.min(0).default(10),
  enable_signup: Bool.default(true),
  enable_anonymous_sign_ins: Bool.default(false),
  enable_manual_linking: Bool.default(false),
  minimum_password_length: Int.min(0).default(6),
  password_requirements: z
    .enum(['', 'letters_digits', 'lower_upper_letters_digits', 'lower_upper_letters_digits_symbols'])
    .default(''),
  captcha: z
    .object({ enabled: Bool.default(false), provider: z.string().default('hcaptcha'), secret: z.string().default('') })
    .prefault({}),
  // The CLI's defaults (its config template): e-mails per hour; the others per 5 minutes per IP.
  rate_limit: z
    .object({
      email_sent: Int.min(0).default(2),
      sms_sent: Int.min(0).default(30),
      anonymous_users: Int.min(0).default(30),
      token_refresh: Int.min(0).default(150),
      sign_in_sign_ups: Int.min(0).default(30),
      token_verifications: Int.min(0).default(30),
      web3: Int.min(0).default(30),
    })
    .prefault({}),
  email: z
    .object({
      enabled: Bool.default(true),
      double_confirm_changes: Bool.default(true),
      enable_confirmations: Bool.default(false),
      secure_password_change: Bool.default(false),
      require_current_password: Bool.default(false),
      max_frequency: Duration.prefault('1s'),
      otp_length: Int.min(6).max(10).default(6),
      otp_expiry: Int.positive().default(3600),
    })
    .prefault({}),
  sms: z.object({ enabled: Bool.default(false) }).prefault({}),
  hook: z
    .object({
      send_email: z
        .object({ enabled: Bool.default(false), uri: z.string().default(''), secrets: z.string().default('') })
        .optional(),
    })
    .prefault({}),
  mfa: z
    .object({
      max_enrolled_factors: Int.positive().default(10),
      totp: z.object({ enroll_enabled: Bool.default(false), verify_enabled: Bool.default(false) }).prefault({}),
    })
    .prefault({}),
  sessions: z.object({ timebox: Duration.optional(), inactivity_timeout: Duration.optional() }).prefault({}),
});

export const ConfigSchema = z.object({
  project_id: z.string().default('local'),
  api: z
    .object({
      enabled: Bool.default(true),
      port: Port.default(54321),
      schemas: z.array(z.string()).default(['public', 'graphql_public']),
      extra_search_path: z.array(z.string()).default(['public', 'extensions']),
      max_rows: Int.positive().default(1000),
    })
    .prefault({}),
  db: z
    .object({
      port: Port.default(54322),
      seed: z.object({ enabled: Bool.default(true) }).prefault({}),
    })
    .prefault({}),
  local_smtp: z
    .object({ enabled: Bool.default(true), port: Port.default(54324), smtp_port: Port.default(54325) })
    .prefault({}),
  storage: z
    .object({
      enabled: Bool.default(true),
      file_size_limit: Size.prefault('50MiB'),
      buckets: z.record(z.string(), Bucket).default({}),
    })
    .prefault({}),
  auth: Auth.prefault({}),
  edge_runtime: z
    .object({ enabled: Bool.default(true), secrets: z.record(z.string(), z.string()).default({}) })
    .prefault({}),
  functions: z.record(z.string(), FunctionConfig).default({}),
});

export type RawConfig = z.output<typeof ConfigSchema>;
