// Reads supabase/config.toml (env() values resolved from the shell, then supabase/.env, as the CLI
// does) into the settings the local stack uses. Overrides for tests and the CLI come last.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { ConfigSchema, type RawConfig } from './schema.ts';
import { isTable, parseToml, type TomlTable, type TomlValue } from './toml.ts';

export interface BucketConfig {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

export interface FunctionSettings {
  enabled: boolean;
  verifyJwt: boolean;
  entrypoint?: string;
}

export interface SendEmailHookConfig {
  uri: string;
  secrets: string[];
}

/** [auth.rate_limit]: e-mails per hour (project-wide); requests per 5 minutes per client IP. */
export interface RateLimits {
  emailSent: number;
  signInSignUps: number;
  tokenRefresh: number;
  tokenVerifications: number;
}

export interface AuthConfig {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  jwtIssuer: string;
  refreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  enableSignup: boolean;
  /** bcrypt's cost for new password hashes: 10 as GoTrue; test stacks may lower it (ConfigOverrides). */
  passwordHashCost: number;
  minimumPasswordLength: number;
  /** Character sets a password must each hit (from password_requirements). */
  requiredCharacters: string[];
  captcha: { enabled: boolean; provider: string; secret: string };
  rateLimits: RateLimits;
  email: {
    enabled: boolean;
    enableConfirmations: boolean;
    doubleConfirmChanges: boolean;
    securePasswordChange: boolean;
    /** `[auth.email] require_current_password` (GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD). */
    requireCurrentPassword: boolean;
    maxFrequency: number;
    otpLength: number;
    otpExpiry: number;
  };
  smsEnabled: boolean;
  manualLinking: boolean;
  anonymousSignIns: boolean;
  sendEmailHook: SendEmailHookConfig | null;
  mfa: { maxEnrolledFactors: number; totpEnroll: boolean; totpVerify: boolean };
  sessions: { timebox: number | null; inactivityTimeout: number | null };
}

export interface StackConfig {
  projectId: string;
  workdir: string;
  ports: { api: number; db: number; inbox: number; smtp: number };
  api: { schemas: string[]; extraSearchPath: string[]; maxRows: number };
  seed: boolean;
  storage: { fileSizeLimit: number; buckets: BucketConfig[] };
  auth: AuthConfig;
  functions: Record<string, FunctionSettings>;
  functionSecrets: Record<string, string>;
}

export interface ConfigOverrides {
  jwtExpiry?: number;
  /**
   * bcrypt's cost for new password hashes (GoTrue's 10 otherwise). A test stack that signs up and
   * signs in hundreds of accounts may lower it: nothing a client sees changes but the time a hash
   * takes (about 0.1 CPU-s at 10, with bcryptjs); a stored hash is checked at its own cost.
   */
  passwordHashCost?: number;
  /** Raised limits for test stacks (many accounts from one IP); `npm run stack` enforces config.toml's. */
  rateLimits?: Partial<RateLimits>;
  /** [auth.email] max_frequency in seconds. */
  emailMaxFrequency?: number;
  refreshTokenReuseInterval?: number;
  ports?: Partial<StackConfig['ports']>;
  functions?: Record<string, Partial<FunctionSettings>>;
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';
const REQUIREMENTS: Record<RawConfig['auth']['password_requirements'], string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

/** Loads and validates `<workdir>/supabase/config.toml`. */
export async function loadConfig(workdir: string, overrides: ConfigOverrides = {}): Promise<StackConfig> {
  const file = path.join(workdir, 'supabase/config.toml');
  const toml = parseToml(await readFile(file, 'utf8'));
  const env = { ...(await readEnvFile(path.join(workdir, 'supabase/.env'))), ...process.env };
  const parsed = ConfigSchema.safeParse(resolveEnv(toml, env));
  if (!parsed.success) throw new Error(`${file} is not valid:\n${z.prettifyError(parsed.error)}`);
  return toStackConfig(parsed.data, workdir, overrides);
}

export async function readEnvFile(file: string): Promise<Record<string, string>> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return parseEnv(text) as Record<string, string>;
}

/** Replaces "env(NAME)" strings; a value whose variable is unset is dropped, as if it were absent. */
function resolveEnv(table: TomlTable, env: NodeJS.ProcessEnv): TomlTable {
  const result: TomlTable = {};
  for (const [key, value] of Object.entries(table)) {
    const resolved = resolveValue(value, env);
    if (resolved !== undefined) result[key] = resolved;
  }
  return result;
}

function resolveValue(value: TomlValue, env: NodeJS.ProcessEnv): TomlValue | undefined {
  if (typeof value === 'string') {
    const match = /^env\((\w+)\)$/.exec(value);
    return match ? env[match[1] as string] || undefined : value;
  }
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, env) ?? '');
  if (isTable(value)) return resolveEnv(value, env);
  return value;
}

function toStackConfig(raw: RawConfig, workdir: string, overrides: ConfigOverrides): StackConfig {
  const ports = {
    api: raw.api.port,
    db: raw.db.port,
    inbox: raw.local_smtp.port,
    smtp: raw.local_smtp.smtp_port,
    ...overrides.ports,
  };
  return {
    projectId: raw.project_id,
    workdir,
    ports,
    api: { schemas: raw.api.schemas, extraSearchPath: raw.api.extra_search_path, maxRows: raw.api.max_rows },
    seed: raw.db.seed.enabled,
    storage: {
      fileSizeLimit: raw.storage.file_size_limit,
      buckets: Object.entries(raw.storage.buckets).map(([id, bucket]) => ({
        id,
        public: bucket.public,
        fileSizeLimit: bucket.file_size_limit ?? null,
        allowedMimeTypes: bucket.allowed_mime_types ?? null,
      })),
    },
    auth: toAuthConfig(raw.auth, ports.api, overrides),
    functions: toFunctions(raw.functions, overrides.functions ?? {}),
    functionSecrets: raw.edge_runtime.secrets,
  };
}

/** GoTrue's bcrypt cost (bcrypt.DefaultCost). */
const GOTRUE_PASSWORD_HASH_COST = 10;

function toAuthConfig(auth: RawConfig['auth'], apiPort: number, overrides: ConfigOverrides): AuthConfig {
  const hook = auth.hook.send_email;
  return {
    siteUrl: auth.site_url,
    additionalRedirectUrls: auth.additional_redirect_urls,
    jwtExpiry: overrides.jwtExpiry ?? auth.jwt_expiry,
    jwtIssuer: auth.jwt_issuer ?? `http://127.0.0.1:${apiPort}/auth/v1`,
    refreshTokenRotation: auth.enable_refresh_token_rotation,
    refreshTokenReuseInterval: overrides.refreshTokenReuseInterval ?? auth.refresh_token_reuse_interval,
    enableSignup: auth.enable_signup,
    passwordHashCost: overrides.passwordHashCost ?? GOTRUE_PASSWORD_HASH_COST,
    minimumPasswordLength: auth.minimum_password_length,
    requiredCharacters: REQUIREMENTS[auth.password_requirements],
    captcha: auth.captcha,
    rateLimits: {
      emailSent: auth.rate_limit.email_sent,
      signInSignUps: auth.rate_limit.sign_in_sign_ups,
      tokenRefresh: auth.rate_limit.token_refresh,
      tokenVerifications: auth.rate_limit.token_verifications,
      ...overrides.rateLimits,
    },
    email: {
      enabled: auth.email.enabled,
      enableConfirmations: auth.email.enable_confirmations,
      doubleConfirmChanges: auth.email.double_confirm_changes,
      securePasswordChange: auth.email.secure_password_change,
      requireCurrentPassword: auth.email.require_current_password,
      maxFrequency: overrides.emailMaxFrequency ?? auth.email.max_frequency,
      otpLength: auth.email.otp_length,
      otpExpiry: auth.email.otp_expiry,
    },
    smsEnabled: auth.sms.enabled,
    manualLinking: auth.enable_manual_linking,
    anonymousSignIns: auth.enable_anonymous_sign_ins,
    sendEmailHook: hook?.enabled
      ? { uri: hook.uri, secrets: hook.secrets.split('|').map((secret) => secret.trim()) }
      : null,
    mfa: {
      maxEnrolledFactors: auth.mfa.max_enrolled_factors,
      totpEnroll: auth.mfa.totp.enroll_enabled,
      totpVerify: auth.mfa.totp.verify_enabled,
    },
    sessions: { timebox: auth.sessions.timebox ?? null, inactivityTimeout: auth.sessions.inactivity_timeout ?? null },
  };
}

function toFunctions(
  raw: RawConfig['functions'],
  overrides: Record<string, Partial<FunctionSettings>>,
): Record<string, FunctionSettings> {
  const result: Record<string, FunctionSettings> = {};
  for (const name of new Set([...Object.keys(raw), ...Object.keys(overrides)])) {
    const base = raw[name];
    result[name] = {
      enabled: base?.enabled ?? true,
      verifyJwt: base?.verify_jwt ?? true,
      entrypoint: base?.entrypoint,
      ...overrides[name],
    };
  }
  return result;
}
