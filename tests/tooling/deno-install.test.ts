// The install step that caches the Deno code's dependencies (scripts/deno-install.mjs) and what the
// stack passes on to the Deno workers (packages/local-supabase/src/stack.ts).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DENO_PROJECTS, denoInstallEnv, entryPoints } from '../../scripts/deno-install.mjs';
import { ROOT } from '../../scripts/lib/root.ts';
import { functionEnv, WORKER_PASSTHROUGH } from '@klub/local-supabase';

describe('deno-install', () => {
  it('installs every Deno project that holds code and a lock file', async () => {
    const withLock = async (dir: string): Promise<string[]> => {
      const entries = await readdir(path.join(ROOT, dir), { withFileTypes: true });
      const here = entries.some((entry) => entry.name === 'deno.lock') ? [dir] : [];
      const below = await Promise.all(
        entries
          .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
          .map((entry) => withLock(path.join(dir, entry.name))),
      );
      return [...here, ...below.flat()];
    };
    const found = [
      ...(await withLock('supabase')),
      ...(await withLock('tests')),
      ...(await withLock('packages')),
    ].sort();
    expect([...DENO_PROJECTS].sort()).toEqual(found);
  });

  it('takes every .ts file as an entry point, tests and shared code included, node_modules excluded', () => {
    const files = entryPoints(path.join(ROOT, 'supabase/functions'));
    expect(files).toContain('send-email/index.ts');
    expect(files).toContain('_shared/testing/smtp-server.ts');
    expect(files.some((file: string) => file.endsWith('_test.ts'))).toBe(true);
    expect(files.some((file: string) => file.includes('node_modules'))).toBe(false);
  });

  it('lets Deno trust the system certificate store unless told otherwise, and uses npm’s registry', () => {
    expect(denoInstallEnv({ npm_config_registry: 'https://npm.example/' })).toMatchObject({
      DENO_TLS_CA_STORE: 'mozilla,system',
      NPM_CONFIG_REGISTRY: 'https://npm.example/',
    });
    expect(denoInstallEnv({ DENO_TLS_CA_STORE: 'system' }).DENO_TLS_CA_STORE).toBe('system');
    expect(denoInstallEnv({ DENO_CERT: '/ca.pem' }).DENO_TLS_CA_STORE).toBeUndefined();
  });
});

describe('the Deno workers’ environment', () => {
  const urls = { api: 'http://127.0.0.1:54321', db: 'postgresql://x' };

  it('passes on the certificate, proxy and cache variables Deno needs behind a TLS-inspecting proxy', () => {
    const env = {
      NODE_EXTRA_CA_CERTS: '/etc/ssl/proxy.pem',
      DENO_CERT: '/etc/ssl/deno.pem',
      DENO_TLS_CA_STORE: 'system',
      SSL_CERT_FILE: '/etc/ssl/certs/ca.crt',
      SSL_CERT_DIR: '/etc/ssl/certs',
      HTTPS_PROXY: 'http://proxy:3128',
      https_proxy: 'http://proxy:3128',
      HTTP_PROXY: 'http://proxy:3128',
      NO_PROXY: 'localhost',
      no_proxy: 'localhost',
      DENO_DIR: '/cache/deno',
      NPM_CONFIG_REGISTRY: 'https://npm.example/',
    };
    expect(functionEnv({ functionSecrets: {} }, urls, {}, env)).toMatchObject(env);
    for (const name of Object.keys(env)) expect(WORKER_PASSTHROUGH).toContain(name);
  });

  it('passes nothing else of the stack’s environment, and Supabase’s variables and secrets win', () => {
    const result = functionEnv(
      { functionSecrets: { SITE_URL: 'http://app' } },
      urls,
      { EXTRA: '1' },
      {
        AWS_SECRET_ACCESS_KEY: 'x',
        DATABASE_URL: 'postgresql://other',
        SUPABASE_URL: 'http://wrong',
      },
    );
    expect(result).not.toHaveProperty('AWS_SECRET_ACCESS_KEY');
    expect(result).not.toHaveProperty('DATABASE_URL');
    expect(result).toMatchObject({ SUPABASE_URL: urls.api, SITE_URL: 'http://app', EXTRA: '1' });
  });
});
