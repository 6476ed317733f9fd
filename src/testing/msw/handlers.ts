import { http, HttpResponse } from 'msw';
import type { Tables } from '@/types/database.types';
import { TEST_SUPABASE_URL } from '../test-env';

/**
 * Thin fakes of Supabase's HTTP answers, shaped like PostgREST's and GoTrue's, for UI states that
 * are hard to reach for real (network failures, 500s). They hold no business rules: a test that
 * needs an answer adds it with `server.use(...)`.
 */
export const authUrl = (path: string) => `${TEST_SUPABASE_URL}/auth/v1${path}`;
export const restUrl = (path: string) => `${TEST_SUPABASE_URL}/rest/v1${path}`;
export const functionsUrl = (name: string) => `${TEST_SUPABASE_URL}/functions/v1/${name}`;

/** PostgREST's error answer: `{ code, message, details, hint }` with its HTTP status. */
export function postgrestError(
  status: number,
  error: { code: string; message: string; details?: string | null; hint?: string | null },
) {
  return HttpResponse.json(
    { code: error.code, message: error.message, details: error.details ?? null, hint: error.hint ?? null },
    { status },
  );
}

/** GoTrue's error answer (API version 2024-01-01): `{ code, error_code, msg }` plus extra fields. */
export function authError(status: number, errorCode: string, msg: string, extra: Record<string, unknown> = {}) {
  return HttpResponse.json(
    { code: status, error_code: errorCode, msg, ...extra },
    { status, headers: { 'X-Supabase-Api-Version': '2024-01-01' } },
  );
}

/** The site_settings row as PostgREST returns it for `.single()` (the seed's values). */
export const siteSettingsRow = (overrides: Partial<Tables<'site_settings'>> = {}) => ({
  site_title: 'Klub',
  site_description: 'Klub inwestorów w aplikacje',
  site_image: null,
  favicon: '/favicon.svg',
  og_title: 'Klub — inwestuj w aplikacje',
  og_description: null,
  og_image: null,
  twitter_card: 'summary_large_image',
  twitter_title: null,
  twitter_description: null,
  twitter_image: null,
  privacy_url: null,
  privacy_contact_email: null,
  updated_at: new Date().toISOString(),
  ...overrides,
});

/** Default answers every test may rely on. */
export const handlers = [
  // The site settings every signed-in page reads for its title (a test may answer them itself).
  http.get(restUrl('/site_settings'), () => HttpResponse.json(siteSettingsRow())),
  // 'Moje płatności' under the plans grid and the CCC packages (a test may answer them itself).
  http.post(restUrl('/rpc/get_my_payment_orders'), () => HttpResponse.json([])),
  // The payment gateway is not configured unless a test says so (the plans dialog asks).
  http.get(functionsUrl('przelewy24-register'), () => HttpResponse.json({ configured: false })),
  // The club's USDT networks (the payment dialogs' network choice): none switched on unless a test says so.
  http.get(restUrl('/usdt_networks'), () => HttpResponse.json([])),
  // 'Nierozpoznane wpłaty' in the admin's 'Płatności': none unless a test says so.
  http.post(restUrl('/rpc/admin_list_unrecognised_transfers'), () => HttpResponse.json([])),
  // 'Twoje pakiety' on the CCC page.
  http.post(restUrl('/rpc/get_user_ccc_packages'), () => HttpResponse.json([])),
  // The admin area's outbox banner: the outbox works unless a test says otherwise.
  http.post(restUrl('/rpc/admin_outbox_alert'), () => HttpResponse.json([])),
  // Sign-out: GoTrue answers 204 No Content.
  http.post(authUrl('/logout'), () => new HttpResponse(null, { status: 204 })),
];
