// npm run deploy:check: the production settings as the Supabase CLI and Vite resolve them, checked
// in a copy of the repository's supabase/config.toml and supabase/.env with production files added.
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/root.ts';
import { checkDeployment, loadDeployment } from '../../scripts/lib/deploy-check.ts';
import { ANON_KEY, SERVICE_ROLE_KEY } from '@klub/local-supabase';

const HOOK_SECRET = `v1,whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

const production = {
  SITE_URL: 'https://klub.example.pl',
  AUTH_ADDITIONAL_REDIRECT_URL: 'https://www.klub.example.pl/**',
  SEND_EMAIL_HOOK_URI: 'https://abcdefghijklmnopqrst.supabase.co/functions/v1/send-email',
  SUPABASE_AUTH_CAPTCHA_ENABLED: 'true',
  ALLOWED_REDIRECT_ORIGINS: 'https://www.klub.example.pl',
  SMTP_ALLOW_PRIVATE_HOSTS: 'false',
  PRZELEWY24_MODE: 'production',
  PRZELEWY24_MERCHANT_ID: '254321',
  PRZELEWY24_POS_ID: '254321',
  PRZELEWY24_API_URL: '',
};
const productionSecrets = {
  PRZELEWY24_CRC_KEY: '3f1c9a7b2e6d4c80',
  PRZELEWY24_API_KEY: '9c2b1a0f8e7d6c5b4a39281706f5e4d3',
  SEND_EMAIL_HOOK_SECRET: HOOK_SECRET,
  SUPABASE_AUTH_CAPTCHA_SECRET: '0xabcdef0123456789',
  IDEA_WEBHOOK_URL: 'https://automation.example.pl/webhook/ideas',
};
const app = {
  VITE_SUPABASE_URL: 'https://abcdefghijklmnopqrst.supabase.co',
  VITE_SUPABASE_ANON_KEY: 'sb_publishable_Zm9vYmFyYmF6cXV4cXV1eA',
  VITE_HCAPTCHA_SITEKEY: '5b1a3c2e-1111-2222-3333-444455556666',
  VITE_SITE_URL: 'https://klub.example.pl',
};

const dotenv = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');

/** A checkout with the repository's config.toml and local supabase/.env, plus the given files. */
async function checkout(files: Record<string, Record<string, string>>): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'klub-deploy-'));
  folders.push(root);
  await mkdir(path.join(root, 'supabase'));
  await copyFile(path.join(ROOT, 'supabase/config.toml'), path.join(root, 'supabase/config.toml'));
  await copyFile(path.join(ROOT, 'supabase/.env'), path.join(root, 'supabase/.env'));
  for (const [file, values] of Object.entries(files)) await writeFile(path.join(root, file), dotenv(values));
  return root;
}

async function problemsOf(files: Record<string, Record<string, string>>, shell: NodeJS.ProcessEnv = {}) {
  return checkDeployment(await loadDeployment(await checkout(files), shell));
}

const complete = {
  'supabase/.env.production': production,
  'supabase/.env.production.local': productionSecrets,
  '.env.production.local': app,
};

describe('deploy:check', () => {
  it('passes complete production settings', async () => {
    expect(await problemsOf(complete)).toEqual([]);
  });

  it('refuses the local settings that config push would otherwise send (nothing set for production)', async () => {
    const problems = await problemsOf({});
    expect(problems).toEqual(
      expect.arrayContaining([
        '[auth] site_url points at a local address: http://127.0.0.1:5173',
        expect.stringMatching(/^\[auth\] additional_redirect_urls has a local address: http:\/\/localhost/),
        '[auth.hook.send_email] uri points at a local address: http://host.docker.internal:54321/functions/v1/send-email',
        "[auth.hook.send_email] secrets is the local stacks' secret: make a new one for production",
        '[auth.captcha] must be enabled (SUPABASE_AUTH_CAPTCHA_ENABLED=true)',
        '[auth.captcha] secret: SUPABASE_AUTH_CAPTCHA_SECRET is not set for production',
        'IDEA_WEBHOOK_URL (idea-webhook) points at a local address: http://host.docker.internal:54326/webhook/ideas',
        'SMTP_ALLOW_PRIVATE_HOSTS (send-email, send-test-email) is for local stacks only: set it to false for production',
        'VITE_SUPABASE_ANON_KEY is not set',
      ]),
    );
  });

  it('refuses Przelewy24 in sandbox mode, with local or missing secrets, or with the local API URL', async () => {
    // Nothing set for production: the local sandbox's settings from supabase/.env would be deployed.
    expect(await problemsOf({})).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PRZELEWY24_MODE is sandbox/),
        "PRZELEWY24_MERCHANT_ID is the local sandbox's value",
        "PRZELEWY24_CRC_KEY is the local sandbox's value",
        "PRZELEWY24_API_KEY is the local sandbox's value",
        'PRZELEWY24_API_URL is for the local sandbox only: leave it empty for production',
      ]),
    );
    const { PRZELEWY24_CRC_KEY: _crc, PRZELEWY24_API_KEY: _key, ...withoutSecrets } = productionSecrets;
    expect(await problemsOf({ ...complete, 'supabase/.env.production.local': withoutSecrets })).toEqual(
      expect.arrayContaining([
        "PRZELEWY24_CRC_KEY is the local sandbox's value",
        "PRZELEWY24_API_KEY is the local sandbox's value",
      ]),
    );
    expect(
      await problemsOf({
        ...complete,
        'supabase/.env.production': { ...production, PRZELEWY24_MODE: 'sandbox', PRZELEWY24_POS_ID: 'x' },
      }),
    ).toEqual([
      expect.stringMatching(/^PRZELEWY24_MODE is sandbox/),
      'PRZELEWY24_POS_ID is not set for production (a positive integer)',
    ]);
    expect(await problemsOf(complete, { PRZELEWY24_API_URL: 'https://sandbox.przelewy24.pl' })).toEqual([
      'PRZELEWY24_API_URL is for the local sandbox only: leave it empty for production',
    ]);
  });

  it('refuses a USDT node provider on a local address or plain http; empty ones are off', async () => {
    expect(
      await problemsOf({
        ...complete,
        'supabase/.env.production.local': {
          ...productionSecrets,
          TRONGRID_URL: 'http://127.0.0.1:54328/tron',
          ERC20_RPC_URL: 'http://mainnet.example.org',
          BSC_RPC_URL: 'https://bsc.example.org/key-1',
        },
      }),
    ).toEqual([
      'TRONGRID_URL (usdt) points at a local address: http://127.0.0.1:54328/tron',
      'ERC20_RPC_URL (usdt) must use https: http://mainnet.example.org',
    ]);
  });

  it('passes with Przelewy24 off (PRZELEWY24_MODE empty): transfers stay on the admin confirmation', async () => {
    expect(
      await problemsOf({ ...complete, 'supabase/.env.production': { ...production, PRZELEWY24_MODE: '' } }),
    ).toEqual([]);
  });

  it('refuses SMTP_ALLOW_PRIVATE_HOSTS for production (SMTP to private and loopback addresses)', async () => {
    expect(
      await problemsOf({
        ...complete,
        'supabase/.env.production': { ...production, SMTP_ALLOW_PRIVATE_HOSTS: 'true' },
      }),
    ).toEqual([
      'SMTP_ALLOW_PRIVATE_HOSTS (send-email, send-test-email) is for local stacks only: set it to false for production',
    ]);
  });

  it('refuses localhost and plain http anywhere, and a captcha turned off from the shell', async () => {
    const problems = await problemsOf(
      {
        ...complete,
        'supabase/.env.production': { ...production, AUTH_ADDITIONAL_REDIRECT_URL: 'http://klub.example.pl/**' },
        '.env.production.local': { ...app, VITE_SITE_URL: 'http://localhost:4173' },
      },
      { SUPABASE_AUTH_CAPTCHA_ENABLED: 'false' },
    );
    expect(problems).toEqual([
      '[auth] additional_redirect_urls must use https: http://klub.example.pl/**',
      '[auth.captcha] must be enabled (SUPABASE_AUTH_CAPTCHA_ENABLED=true)',
      'VITE_SITE_URL points at a local address: http://localhost:4173',
      'VITE_SITE_URL http://localhost:4173 is not [auth] site_url https://klub.example.pl',
    ]);
  });

  it('refuses secrets in the browser build and the local or test keys', async () => {
    const problems = await problemsOf({
      ...complete,
      '.env.production.local': {
        ...app,
        VITE_SUPABASE_ANON_KEY: ANON_KEY,
        VITE_HCAPTCHA_SITEKEY: '10000000-ffff-ffff-ffff-000000000001',
        VITE_SERVICE_KEY: SERVICE_ROLE_KEY,
      },
    });
    expect(problems).toEqual([
      "VITE_SUPABASE_ANON_KEY is the local stacks' key",
      'VITE_SERVICE_KEY holds a secret (service-role) key: it would be in the browser',
      "VITE_HCAPTCHA_SITEKEY is hCaptcha's test key",
    ]);
  });

  it('names a production value that is missing, and a site or project that does not match', async () => {
    const { SEND_EMAIL_HOOK_URI: _unset, ...withoutHook } = production;
    expect(await problemsOf({ ...complete, 'supabase/.env.production': withoutHook })).toEqual(
      expect.arrayContaining([
        '[auth.hook.send_email] uri points at a local address: http://host.docker.internal:54321/functions/v1/send-email',
      ]),
    );
    const problems = await problemsOf({
      ...complete,
      '.env.production.local': {
        ...app,
        VITE_SUPABASE_URL: 'https://zyxwvutsrqponmlkjihg.supabase.co',
        VITE_SITE_URL: 'https://other.example.pl',
      },
    });
    expect(problems).toEqual([
      "VITE_SUPABASE_URL (zyxwvutsrqponmlkjihg.supabase.co) and the hook's uri (abcdefghijklmnopqrst.supabase.co) name different projects",
      'VITE_SITE_URL https://other.example.pl is not [auth] site_url https://klub.example.pl',
    ]);
  });
});
