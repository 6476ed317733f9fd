import assert from 'node:assert/strict';
import { bearerToken, consoleLogger, corsHeaders, jsonResponse, preflight } from './http.ts';

const request = (headers: Record<string, string> = {}) =>
  new Request('http://127.0.0.1/functions/v1/x', { method: 'POST', headers });

Deno.test('bearerToken reads the token of a Bearer header, whatever the case of the scheme', () => {
  assert.equal(bearerToken(request({ Authorization: 'Bearer abc.def' })), 'abc.def');
  assert.equal(bearerToken(request({ authorization: 'bearer  abc' })), 'abc');
  assert.equal(bearerToken(request({ Authorization: 'Basic abc' })), null);
  assert.equal(bearerToken(request({ Authorization: 'Bearer ' })), null);
  assert.equal(bearerToken(request({ Authorization: 'Bearer a b' })), null);
  assert.equal(bearerToken(request()), null);
});

Deno.test('jsonResponse: the status, the JSON body and the extra headers', async () => {
  const response = jsonResponse(404, { error: 'x' }, { 'Access-Control-Allow-Origin': '*' });
  assert.equal(response.status, 404);
  assert.equal(response.headers.get('content-type'), 'application/json');
  assert.equal(response.headers.get('access-control-allow-origin'), '*');
  assert.deepEqual(await response.json(), { error: 'x' });
});

Deno.test('CORS: the preflight allows what the browser asks for, or the headers supabase-js sends', async () => {
  const asked = preflight(request({ 'Access-Control-Request-Headers': 'authorization, x-custom' }));
  assert.equal(asked.status, 204);
  assert.equal(await asked.text(), '');
  assert.equal(asked.headers.get('access-control-allow-headers'), 'authorization, x-custom');
  assert.equal(asked.headers.get('access-control-allow-methods'), 'POST, OPTIONS');
  assert.equal(asked.headers.get('vary'), 'Access-Control-Request-Headers');
  const headers = corsHeaders(request(), 'GET, OPTIONS');
  assert.equal(
    headers['Access-Control-Allow-Headers'],
    'authorization, x-client-info, apikey, content-type, traceparent',
  );
  assert.equal(headers['Access-Control-Allow-Methods'], 'GET, OPTIONS');
  assert.equal(headers['Access-Control-Allow-Origin'], '*');
});

Deno.test("consoleLogger prefixes every line with the function's name", () => {
  const lines: string[] = [];
  const { info, error } = console;
  console.info = (line: string) => lines.push(`info ${line}`);
  console.error = (line: string) => lines.push(`error ${line}`);
  try {
    const logger = consoleLogger('idea-webhook');
    logger.info('sent');
    logger.error('failed');
  } finally {
    Object.assign(console, { info, error });
  }
  assert.deepEqual(lines, ['info [idea-webhook] sent', 'error [idea-webhook] failed']);
});
