// The stack's Send Email Hook client against small HTTP servers that misbehave the ways a hook can:
// every failure must come back with hosted Auth's status, code and message (GoTrue's hookshttp).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthContext } from '../src/auth/context.ts';
import type { AuthError } from '../src/auth/errors.ts';
import { sendEmailThroughHook, type EmailData } from '../src/auth/hook.ts';
import type { AuthConfig } from '../src/config/config.ts';
import { freePort } from '../src/lib/ports.ts';
import { memoryLogger } from '../src/log.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1/send-email`;
}

function context(hookUrl: string): AuthContext {
  const config = {
    sendEmailHook: { uri: hookUrl, secrets: ['v1,whsec_dGVzdC1zZWNyZXQ='] },
  } as unknown as AuthConfig;
  return { config, hookUrl, log: memoryLogger() } as unknown as AuthContext;
}

const data: EmailData = {
  token: '123456',
  token_hash: 'hash',
  redirect_to: 'http://127.0.0.1:5173',
  email_action_type: 'signup',
  site_url: 'http://127.0.0.1:54321/auth/v1',
  token_new: '',
  token_hash_new: '',
};

async function failure(hookUrl: string): Promise<{ error: AuthError; ms: number }> {
  const started = Date.now();
  try {
    await sendEmailThroughHook(context(hookUrl), { email: 'member@example.test' }, data);
  } catch (error) {
    return { error: error as AuthError, ms: Date.now() - started };
  }
  throw new Error('the hook call succeeded');
}

describe('the Send Email Hook client', () => {
  it('gives up after 5 s in all with 422 hook_timeout', async () => {
    const url = await serve(() => undefined); // never answers
    const { error, ms } = await failure(url);
    expect(error).toMatchObject({
      status: 422,
      code: 'hook_timeout',
      message: 'Failed to reach hook within maximum time of 5.000000 seconds',
    });
    expect(ms).toBeGreaterThanOrEqual(4_990);
    expect(ms).toBeLessThan(5_800);
  });

  it('tries an unreachable hook 3 times, 2 s apart, then answers 422 hook_timeout_after_retry', async () => {
    const { error, ms } = await failure(`http://127.0.0.1:${await freePort()}/functions/v1/send-email`);
    expect(error).toMatchObject({
      status: 422,
      code: 'hook_timeout_after_retry',
      message: 'Failed to reach hook after maximum retries',
    });
    expect(ms).toBeGreaterThanOrEqual(3_990);
    expect(ms).toBeLessThan(4_800);
  });

  it('refuses an answer that is not JSON (400 hook_payload_invalid_content_type) or over 200 KB (422)', async () => {
    const text = await serve((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok'));
    expect((await failure(text)).error).toMatchObject({
      status: 400,
      code: 'hook_payload_invalid_content_type',
      message: 'Invalid JSON response. Received content-type: text/plain',
    });
    const big = await serve((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ padding: 'x'.repeat(210_000) })),
    );
    expect((await failure(big)).error).toMatchObject({ status: 422, code: 'hook_payload_over_size_limit' });
  });

  it('answers 500 for a busy hook, retrying at once while it sends Retry-After', async () => {
    let calls = 0;
    const busy = await serve((_req, res) => {
      calls += 1;
      res.writeHead(503, { 'Retry-After': '1' }).end();
    });
    const { error, ms } = await failure(busy);
    expect(error).toMatchObject({
      status: 500,
      code: 'unexpected_failure',
      message: 'Service currently unavailable due to hook',
    });
    expect(calls).toBe(3);
    expect(ms).toBeLessThan(1_000);
    const denied = await serve((_req, res) => res.writeHead(401).end());
    expect((await failure(denied)).error).toMatchObject({
      status: 500,
      message: 'Hook requires authorization token',
    });
  });

  it("passes on the hook's own error object, and accepts 204 as sent", async () => {
    const refusing = await serve((_req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ error: { http_code: 429, message: 'Za dużo wiadomości' } })),
    );
    expect((await failure(refusing)).error).toMatchObject({ status: 429, message: 'Za dużo wiadomości' });
    const empty = await serve((_req, res) => res.writeHead(204).end());
    await expect(sendEmailThroughHook(context(empty), { email: 'member@example.test' }, data)).resolves.toBeUndefined();
  });
});
