import type { Session } from '@supabase/supabase-js';
import type { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { ReactElement } from 'react';
import { ToastProvider } from '@/components/ui/toast';
import { adminSession } from '@/testing/factories';
import { siteSettingsRow as shellSiteSettingsRow } from '@/testing/msw/dashboard-answers';
import { recordPost, restUrl, rpcUrl, readRequest } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { TEST_SUPABASE_URL } from '@/testing/test-env';
import '@/i18n/admin';

/**
 * Renders an admin screen with a real supabase-js client whose requests MSW answers (shaped like
 * PostgREST's, Storage's and the functions'), signed in as an admin, inside a toast provider.
 */
export function renderAdmin(
  ui: ReactElement,
  {
    session = adminSession(),
    siteSettings = true,
    queryClient,
  }: { session?: Session; siteSettings?: boolean; queryClient?: QueryClient } = {},
) {
  // The tab headings put the site title in the browser tab (a test may answer it itself).
  if (siteSettings) server.use(http.get(restUrl('/site_settings'), () => HttpResponse.json(siteSettingsRow())));
  const supabase = createTestSupabase();
  const view = renderWithProviders(<ToastProvider>{ui}</ToastProvider>, { supabase, session, queryClient });
  return { ...view, supabase, session };
}

/** The site_settings row as PostgREST returns it (one object for .single()), updated at a fixed time. */
export function siteSettingsRow(overrides: Record<string, unknown> = {}) {
  return {
    ...shellSiteSettingsRow({ site_description: 'Klub inwestorów w aplikacje.', updated_at: '2026-11-22T10:00:00Z' }),
    ...overrides,
  };
}

type Call = { query: Record<string, string>; body: Record<string, unknown> };

/** An RPC answering `answer` (a value, or a function of the call); its calls recorded. */
export function mockRpc(name: string, answer: JsonBodyType | ((call: Call) => Response | JsonBodyType)) {
  const recorded = recordPost(rpcUrl(name), (call) => {
    const value = typeof answer === 'function' ? answer(call) : answer;
    return value instanceof Response ? value : HttpResponse.json(value);
  });
  server.use(recorded.handler);
  return recorded.calls;
}

/** A table endpoint for one method, its calls recorded (query parameters and JSON body). */
export function mockTable(
  method: 'get' | 'post' | 'patch' | 'delete',
  table: string,
  answer: JsonBodyType | ((call: Call) => Response | JsonBodyType),
) {
  const calls: Call[] = [];
  server.use(
    http[method](restUrl(`/${table}`), async ({ request }) => {
      const call = await readRequest(request);
      calls.push(call);
      const value = typeof answer === 'function' ? answer(call) : answer;
      return value instanceof Response ? value : HttpResponse.json(value);
    }),
  );
  return calls;
}

/** PostgREST's error body with its status. */
export function postgrestFailure(status: number, code: string, message: string) {
  return HttpResponse.json({ code, message, details: null, hint: null }, { status });
}

export const storageUrl = (path: string) => `${TEST_SUPABASE_URL}/storage/v1${path}`;

/** Storage upload (POST /object/{bucket}/{path}) and remove (DELETE /object/{bucket} with prefixes), recorded. */
export function mockStorage(bucket: string, { uploadStatus = 200 }: { uploadStatus?: number } = {}) {
  const uploads: string[] = [];
  /** What each upload sent: its declared type and its body's size. */
  const bodies: { contentType: string | null; size: number }[] = [];
  const removals: string[][] = [];
  server.use(
    http.post(storageUrl(`/object/${bucket}/*`), async ({ request }) => {
      const path = decodeURIComponent(new URL(request.url).pathname.split(`/object/${bucket}/`)[1] ?? '');
      uploads.push(path);
      bodies.push({ contentType: request.headers.get('content-type'), size: (await request.arrayBuffer()).byteLength });
      if (uploadStatus !== 200) {
        return HttpResponse.json(
          { statusCode: String(uploadStatus), error: 'Error', message: 'refused' },
          { status: uploadStatus },
        );
      }
      return HttpResponse.json({ Key: `${bucket}/${path}`, Id: crypto.randomUUID() });
    }),
    http.delete(storageUrl(`/object/${bucket}`), async ({ request }) => {
      const body = (await request.json()) as { prefixes: string[] };
      removals.push(body.prefixes);
      return HttpResponse.json(body.prefixes.map((name) => ({ name })));
    }),
  );
  return { uploads, bodies, removals };
}

export const publicUrl = (bucket: string, path: string) =>
  `${TEST_SUPABASE_URL}/storage/v1/object/public/${bucket}/${path}`;
