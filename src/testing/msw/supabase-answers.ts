import type { Session, User } from '@supabase/supabase-js';
import { http, HttpResponse, type DefaultBodyType, type JsonBodyType, type StrictRequest } from 'msw';
import { authUrl, restUrl } from './handlers';

/*
 * Answers shaped like GoTrue's and PostgREST's, for tests that drive a real supabase-js client
 * (testing/supabase.ts). They hold no rules: each test says what the server answers.
 */

const API_VERSION = { 'X-Supabase-Api-Version': '2024-01-01' };

/** GoTrue's token answer (password, pkce, refresh, verify, MFA verify). */
export function sessionAnswer(session: Session) {
  return HttpResponse.json(
    {
      access_token: session.access_token,
      token_type: 'bearer',
      expires_in: session.expires_in,
      expires_at: session.expires_at,
      refresh_token: session.refresh_token,
      user: session.user,
    },
    { headers: API_VERSION },
  );
}

/** A user object (GET/PUT /user, POST /signup when the e-mail must be confirmed first). */
export function userAnswer(user: User) {
  return HttpResponse.json(user, { headers: API_VERSION });
}

/** 200 with an empty object (POST /otp, /recover, /resend). */
export function okAnswer() {
  return HttpResponse.json({}, { headers: API_VERSION });
}

/** GoTrue's error answer as it sends it to supabase-js (API version 2024-01-01): `{ code, message }`. */
export function gotrueError(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return HttpResponse.json({ code, message, ...extra }, { status, headers: API_VERSION });
}

/** An RPC's JSON result. */
export function rpcAnswer(value: JsonBodyType) {
  return HttpResponse.json(value);
}

export const rpcUrl = (name: string) => restUrl(`/rpc/${name}`);

/** JSON body and query of a request, for assertions. */
export async function readRequest(request: StrictRequest<DefaultBodyType>) {
  const url = new URL(request.url);
  const text = await request.text();
  return {
    query: Object.fromEntries(url.searchParams),
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

type Recorded = { query: Record<string, string>; body: Record<string, unknown> };

/**
 * A POST handler that records what it received: `const otp = recordPost(authUrl('/otp'), okAnswer)`,
 * then `otp.calls` in the assertions.
 */
export function recordPost(url: string, answer: (call: Recorded, index: number) => Response | Promise<Response>) {
  const calls: Recorded[] = [];
  const handler = http.post(url, async ({ request }) => {
    const call = await readRequest(request);
    calls.push(call);
    return answer(call, calls.length - 1);
  });
  return { handler, calls };
}

export { authUrl, restUrl };
