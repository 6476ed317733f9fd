// What `npm run deploy:check` checks before anything is pushed to a hosted project: the auth
// settings `supabase config push` would send, the edge function's secrets and the app's production
// build variables, resolved exactly as the CLI and Vite will resolve them for production.
//
// The Supabase CLI (SUPABASE_ENV=production) fills config.toml's env(NAME) from the shell, then
// from supabase/.env.production.local, supabase/.env.local, supabase/.env.production and
// supabase/.env (the first that has NAME wins; then the same files of the repository root), and
// leaves "env(NAME)" as it is when none has it. Vite's production build reads .env,
// .env.local, .env.production and .env.production.local (later wins) and the shell.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { isTable, parseToml, type TomlTable, type TomlValue } from '@klub/local-supabase';

export type EnvRecord = Record<string, string>;

export interface DeploymentInputs {
  /** config.toml with env() resolved for production ("env(NAME)" left where NAME is unset). */
  config: TomlTable;
  /** The app's production build variables (VITE_*). */
  appEnv: EnvRecord;
  /** Values that belong to local stacks only (supabase/.env, the well-known local keys). */
  localValues: { hookSecrets: string[]; keys: string[]; przelewy24?: string[] };
}

const LOCAL_HOSTS = /^(localhost|.*\.localhost|host\.docker\.internal|kong|0\.0\.0\.0|\[?::1?\]?)$/i;
const PRIVATE_IPV4 = /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.)/;
/** hCaptcha's documented test keys: they accept every answer. */
const HCAPTCHA_TEST_SITEKEY = '10000000-ffff-ffff-ffff-000000000001';
const HCAPTCHA_TEST_SECRET = '0x0000000000000000000000000000000000000000';
/** Below this, sign-up waves and resets of a club fail for everyone (hosted Auth's default is 2). */
const MIN_EMAILS_PER_HOUR = 30;

async function readEnvFile(file: string): Promise<EnvRecord> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return parseEnv(text) as EnvRecord;
}

/** The CLI's lookup order for SUPABASE_ENV=production: the first file (or the shell) with a name wins. */
export async function cliProductionEnv(root: string, shell: NodeJS.ProcessEnv = process.env): Promise<EnvRecord> {
  const names = ['.env.production.local', '.env.local', '.env.production', '.env'];
  const files = [
    ...names.map((name) => path.join(root, 'supabase', name)),
    ...names.map((name) => path.join(root, name)),
  ];
  const merged: EnvRecord = {};
  for (const file of files.reverse()) Object.assign(merged, await readEnvFile(file));
  for (const [name, value] of Object.entries(shell)) if (value) merged[name] = value;
  return merged;
}

/** Vite's production mode: .env < .env.local < .env.production < .env.production.local < shell. */
export async function viteProductionEnv(root: string, shell: NodeJS.ProcessEnv = process.env): Promise<EnvRecord> {
  const merged: EnvRecord = {};
  for (const name of ['.env', '.env.local', '.env.production', '.env.production.local']) {
    Object.assign(merged, await readEnvFile(path.join(root, name)));
  }
  for (const [name, value] of Object.entries(shell))
    if (value !== undefined && name.startsWith('VITE_')) merged[name] = value;
  return Object.fromEntries(Object.entries(merged).filter(([name]) => name.startsWith('VITE_')));
}

function resolveEnv(value: TomlValue, env: EnvRecord): TomlValue {
  if (typeof value === 'string') {
    const match = /^env\((.*)\)$/.exec(value);
    return match && env[match[1] as string] ? (env[match[1] as string] as string) : value;
  }
  if (Array.isArray(value)) return value.map((item) => resolveEnv(item, env));
  if (isTable(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveEnv(item, env)]));
  return value;
}

export async function loadDeployment(root: string, shell: NodeJS.ProcessEnv = process.env): Promise<DeploymentInputs> {
  const toml = parseToml(await readFile(path.join(root, 'supabase/config.toml'), 'utf8'));
  const config = resolveEnv(toml, await cliProductionEnv(root, shell)) as TomlTable;
  const local = await readEnvFile(path.join(root, 'supabase/.env'));
  const localHook = resolveEnv(toml, local) as TomlTable;
  const localSecret = table(table(table(localHook, 'auth'), 'hook'), 'send_email').secrets;
  return {
    config,
    appEnv: await viteProductionEnv(root, shell),
    localValues: {
      hookSecrets: [local.SEND_EMAIL_HOOK_SECRET, typeof localSecret === 'string' ? localSecret : undefined].filter(
        (value): value is string => Boolean(value) && !String(value).startsWith('env('),
      ),
      keys: await localKeys(),
      // The local sandbox's made-up ids and keys (supabase/.env): never a production value.
      przelewy24: ['PRZELEWY24_MERCHANT_ID', 'PRZELEWY24_CRC_KEY', 'PRZELEWY24_API_KEY']
        .map((name) => local[name])
        .filter((value): value is string => Boolean(value)),
    },
  };
}

async function localKeys(): Promise<string[]> {
  const { ANON_KEY, SERVICE_ROLE_KEY, PUBLISHABLE_KEY } = await import('@klub/local-supabase');
  return [ANON_KEY, SERVICE_ROLE_KEY, PUBLISHABLE_KEY];
}

function table(value: TomlValue | undefined, key: string): TomlTable {
  const found = value && isTable(value) ? value[key] : undefined;
  return found && isTable(found) ? found : {};
}

function unresolved(value: unknown): string | undefined {
  return typeof value === 'string' ? /^env\((.*)\)$/.exec(value)?.[1] : undefined;
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** A host that is this machine, a private network or a Docker-internal name: never right in production. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return LOCAL_HOSTS.test(host) || PRIVATE_IPV4.test(host) || host === '::1' || /^(fc|fd)[0-9a-f]{2}:/i.test(host);
}

/** The host of a URL or a redirect glob ("https://*.example.pl/**"), read without parsing the glob. */
function hostOf(value: string): string | undefined {
  return /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(value)?.[1];
}

function checkPublicHttps(problems: string[], what: string, value: unknown): URL | undefined {
  const name = unresolved(value);
  if (name) {
    problems.push(`${what}: ${name} is not set for production (supabase/.env.production or the shell)`);
    return undefined;
  }
  if (typeof value !== 'string' || !value) {
    problems.push(`${what} is empty`);
    return undefined;
  }
  const url = parseUrl(value);
  if (!url) {
    problems.push(`${what} is not a URL: ${value}`);
    return undefined;
  }
  if (isLocalHost(url.hostname)) problems.push(`${what} points at a local address: ${value}`);
  else if (url.protocol !== 'https:') problems.push(`${what} must use https: ${value}`);
  return url;
}

function jwtRole(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { role?: string }).role;
  } catch {
    return undefined;
  }
}

function isSecretKey(value: string): boolean {
  return value.startsWith('sb_secret_') || jwtRole(value) === 'service_role' || jwtRole(value) === 'supabase_admin';
}

/**
 * Przelewy24 (the przelewy24-* functions): either off (PRZELEWY24_MODE empty for production: transfers
 * stay on the admin's confirmation) or production mode with the merchant and POS ids and both
 * secrets, none of them the local sandbox's, and no PRZELEWY24_API_URL (the local sandbox's override).
 */
function checkPrzelewy24(problems: string[], secrets: TomlTable, localValues: string[]): void {
  const value = (name: string) => {
    const raw = secrets[name];
    return typeof raw === 'string' && !unresolved(raw) ? raw.trim() : '';
  };
  const mode = value('PRZELEWY24_MODE');
  if (!mode) return;
  if (mode === 'sandbox') {
    problems.push(
      'PRZELEWY24_MODE is sandbox: production takes payments in production mode (or set it empty to keep transfers on the admin confirmation)',
    );
  } else if (mode !== 'production') problems.push(`PRZELEWY24_MODE must be production (or empty): ${mode}`);
  for (const name of ['PRZELEWY24_MERCHANT_ID', 'PRZELEWY24_POS_ID']) {
    if (!/^[1-9]\d{0,15}$/.test(value(name))) problems.push(`${name} is not set for production (a positive integer)`);
  }
  for (const name of ['PRZELEWY24_CRC_KEY', 'PRZELEWY24_API_KEY']) {
    if (!value(name))
      problems.push(`${name} is not set for production (supabase/.env.production.local and supabase secrets set)`);
  }
  for (const name of ['PRZELEWY24_MERCHANT_ID', 'PRZELEWY24_CRC_KEY', 'PRZELEWY24_API_KEY']) {
    if (value(name) && localValues.includes(value(name))) problems.push(`${name} is the local sandbox's value`);
  }
  if (value('PRZELEWY24_API_URL')) {
    problems.push('PRZELEWY24_API_URL is for the local sandbox only: leave it empty for production');
  }
}

/** Every problem that must be fixed before deploying; empty when the production settings are sound. */
export function checkDeployment({ config, appEnv, localValues }: DeploymentInputs): string[] {
  const problems: string[] = [];
  const auth = table(config, 'auth');

  const site = checkPublicHttps(problems, '[auth] site_url', auth.site_url);
  const redirects = Array.isArray(auth.additional_redirect_urls) ? auth.additional_redirect_urls : [];
  for (const entry of redirects) {
    const name = unresolved(entry);
    if (name) problems.push(`[auth] additional_redirect_urls: ${name} is not set for production`);
    else if (typeof entry !== 'string' || !entry) problems.push('[auth] additional_redirect_urls has an empty entry');
    else {
      const host = hostOf(entry);
      if (!host || isLocalHost(host)) problems.push(`[auth] additional_redirect_urls has a local address: ${entry}`);
      else if (!entry.toLowerCase().startsWith('https://')) {
        problems.push(`[auth] additional_redirect_urls must use https: ${entry}`);
      }
    }
  }

  const hook = table(table(auth, 'hook'), 'send_email');
  if (hook.enabled !== true && hook.enabled !== 'true') problems.push('[auth.hook.send_email] must be enabled');
  const hookUri = checkPublicHttps(problems, '[auth.hook.send_email] uri', hook.uri);
  if (hookUri && !hookUri.pathname.endsWith('/functions/v1/send-email')) {
    problems.push(`[auth.hook.send_email] uri must be the send-email function: ${hookUri.href}`);
  }
  const secrets = typeof hook.secrets === 'string' ? hook.secrets : '';
  const secretName = unresolved(secrets);
  const hookSecrets = secretName ? [] : secrets.split('|').map((secret) => secret.trim());
  if (secretName) problems.push(`[auth.hook.send_email] secrets: ${secretName} is not set for production`);
  for (const secret of hookSecrets) {
    if (localValues.hookSecrets.includes(secret)) {
      problems.push("[auth.hook.send_email] secrets is the local stacks' secret: make a new one for production");
    } else if (!/^v1,whsec_[A-Za-z0-9+/]{32,}={0,2}$/.test(secret)) {
      problems.push('[auth.hook.send_email] secrets must be "v1,whsec_" and at least 24 random bytes in base64');
    }
  }

  const captcha = table(auth, 'captcha');
  if (captcha.enabled !== true && captcha.enabled !== 'true') {
    problems.push('[auth.captcha] must be enabled (SUPABASE_AUTH_CAPTCHA_ENABLED=true)');
  }
  if ((captcha.provider ?? 'hcaptcha') !== 'hcaptcha') problems.push('[auth.captcha] provider must be hcaptcha');
  const captchaSecret = captcha.secret;
  if (unresolved(captchaSecret) || !captchaSecret) {
    problems.push('[auth.captcha] secret: SUPABASE_AUTH_CAPTCHA_SECRET is not set for production');
  } else if (captchaSecret === HCAPTCHA_TEST_SECRET) {
    problems.push("[auth.captcha] secret is hCaptcha's test secret, which accepts every answer");
  }

  const email = table(auth, 'email');
  if (email.enable_confirmations !== true) problems.push('[auth.email] enable_confirmations must be true');
  const emailsPerHour = table(auth, 'rate_limit').email_sent;
  if (typeof emailsPerHour !== 'number' || emailsPerHour < MIN_EMAILS_PER_HOUR) {
    problems.push(`[auth.rate_limit] email_sent must be at least ${MIN_EMAILS_PER_HOUR} e-mails an hour`);
  }

  const functionSecrets = table(table(config, 'edge_runtime'), 'secrets');
  const functionHookSecret = functionSecrets.SEND_EMAIL_HOOK_SECRET;
  if (!unresolved(functionHookSecret) && hookSecrets.length && functionHookSecret !== hook.secrets) {
    problems.push('SEND_EMAIL_HOOK_SECRET of the function differs from [auth.hook.send_email] secrets');
  }
  const functionSite = checkPublicHttps(problems, 'SITE_URL (send-email)', functionSecrets.SITE_URL);
  if (site && functionSite && functionSite.origin !== site.origin) {
    problems.push(`SITE_URL (send-email) ${functionSite.origin} is not [auth] site_url ${site.origin}`);
  }
  // The automation service new ideas go to (idea-webhook): a public https address, kept secret.
  checkPublicHttps(problems, 'IDEA_WEBHOOK_URL (idea-webhook)', functionSecrets.IDEA_WEBHOOK_URL);
  // SMTP to loopback and private addresses is for the local stack's mail catcher only (issue 21).
  if (
    String(functionSecrets.SMTP_ALLOW_PRIVATE_HOSTS ?? '')
      .trim()
      .toLowerCase() === 'true'
  ) {
    problems.push(
      'SMTP_ALLOW_PRIVATE_HOSTS (send-email, send-test-email) is for local stacks only: set it to false for production',
    );
  }
  checkPrzelewy24(problems, functionSecrets, localValues.przelewy24 ?? []);
  // The USDT node providers (usdt-verify-payment, usdt-verify-withdrawal, usdt-watch): each one set is a public https URL;
  // one left empty turns its network's checks into 'provider unavailable' (TRON: TronGrid's default).
  for (const name of ['TRONGRID_URL', 'ERC20_RPC_URL', 'BSC_RPC_URL']) {
    const raw = functionSecrets[name];
    if (typeof raw === 'string' && raw.trim() && !unresolved(raw))
      checkPublicHttps(problems, `${name} (usdt)`, raw.trim());
  }
  const allowedOrigins = functionSecrets.ALLOWED_REDIRECT_ORIGINS;
  if (typeof allowedOrigins === 'string' && !unresolved(allowedOrigins)) {
    for (const origin of allowedOrigins.split(/[\s,]+/).filter(Boolean)) {
      checkPublicHttps(problems, 'ALLOWED_REDIRECT_ORIGINS (send-email)', origin);
    }
  }

  const apiUrl = checkPublicHttps(problems, 'VITE_SUPABASE_URL', appEnv.VITE_SUPABASE_URL ?? '');
  if (apiUrl && hookUri && apiUrl.host !== hookUri.host) {
    problems.push(`VITE_SUPABASE_URL (${apiUrl.host}) and the hook's uri (${hookUri.host}) name different projects`);
  }
  const anonKey = appEnv.VITE_SUPABASE_ANON_KEY ?? '';
  if (!anonKey) problems.push('VITE_SUPABASE_ANON_KEY is not set');
  else if (localValues.keys.includes(anonKey)) problems.push("VITE_SUPABASE_ANON_KEY is the local stacks' key");
  for (const [name, value] of Object.entries(appEnv)) {
    if (isSecretKey(value)) problems.push(`${name} holds a secret (service-role) key: it would be in the browser`);
    if (localValues.hookSecrets.includes(value) || hookSecrets.includes(value)) {
      problems.push(`${name} holds the hook secret: it would be in the browser`);
    }
  }
  const sitekey = appEnv.VITE_HCAPTCHA_SITEKEY ?? '';
  if (!sitekey) problems.push('VITE_HCAPTCHA_SITEKEY is not set');
  else if (sitekey === HCAPTCHA_TEST_SITEKEY) problems.push("VITE_HCAPTCHA_SITEKEY is hCaptcha's test key");
  const appSite = checkPublicHttps(problems, 'VITE_SITE_URL', appEnv.VITE_SITE_URL ?? '');
  if (site && appSite && appSite.origin !== site.origin) {
    problems.push(`VITE_SITE_URL ${appSite.origin} is not [auth] site_url ${site.origin}`);
  }
  return problems;
}
