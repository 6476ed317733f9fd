// What the admin journeys need around the UI: a member's idea (submitted as the member would, through
// the API with their session) and a look at the CCC slots as the member's CCC page counts them. (PNG
// files of a given size for the image rules: solidPngImage in ./images.)
import { ANON_KEY, API_URL } from './env';

/** The consent the payment dialogs send with every order (create_payment_order refuses an order without one). */
const CONSENT = 'Chcę, aby usługa zaczęła się od razu po potwierdzeniu płatności (E2E).';

export interface ApiSession {
  accessToken: string;
  userId: string;
}

/** POST /auth/v1/token?grant_type=password, as supabase-js signs in. */
export async function signInApi(email: string, password: string): Promise<ApiSession> {
  const response = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { access_token?: string; user?: { id: string } };
  if (!response.ok || !body.access_token || !body.user) {
    throw new Error(`sign-in of ${email} failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return { accessToken: body.access_token, userId: body.user.id };
}

async function rest<T>(session: ApiSession, path: string, init: RequestInit): Promise<T> {
  const response = await fetch(`${API_URL}/rest/v1${path}`, {
    ...init,
    headers: {
      apikey: ANON_KEY,
      Authorization: `Bearer ${session.accessToken}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
      ...init.headers,
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** The member submits an idea (pending), as the submission form does. */
export async function submitIdea(session: ApiSession, title: string): Promise<{ id: string }> {
  const [row] = await rest<{ id: string }[]>(session, '/app_ideas', {
    method: 'POST',
    body: JSON.stringify({
      title,
      description: 'Aplikacja, która pomaga planować wspólne zakupy.',
      category: 'lifestyle',
      target_audience: 'Rodziny',
      monetization_strategy: 'Subskrypcja',
    }),
  });
  return row!;
}

/** Free slots of a CCC tier (RPC get_ccc_availability, which the CCC page reads). */
export async function freeCccSlots(session: ApiSession, tier: string): Promise<number> {
  const rows = await rest<{ tier: string; available_slots: number }[]>(session, '/rpc/get_ccc_availability', {
    method: 'POST',
    body: '{}',
  });
  const row = rows.find((candidate) => candidate.tier === tier);
  if (!row) throw new Error(`no CCC tier ${tier}`);
  return row.available_slots;
}

/** The member orders a plan (RPC create_payment_order, as the payment dialog does); returns the order's reference. */
export async function orderPlanApi(session: ApiSession, tier: string, method: string): Promise<string> {
  const rows = await rest<{ reference: string }[] | { reference: string }>(session, '/rpc/create_payment_order', {
    method: 'POST',
    body: JSON.stringify({ p_method: method, p_plan_tier: tier, p_consent_text: CONSENT }),
  });
  const row = Array.isArray(rows) ? rows[0] : rows;
  if (!row?.reference) throw new Error(`create_payment_order answered ${JSON.stringify(rows)}`);
  return row.reference;
}

/** The member orders CCC packages (RPC create_payment_order, as the CCC dialog does); returns the reference. */
export async function orderCccApi(session: ApiSession, tier: string, method: string, quantity = 1): Promise<string> {
  const rows = await rest<{ reference: string }[] | { reference: string }>(session, '/rpc/create_payment_order', {
    method: 'POST',
    body: JSON.stringify({ p_method: method, p_ccc_tier: tier, p_quantity: quantity, p_consent_text: CONSENT }),
  });
  const row = Array.isArray(rows) ? rows[0] : rows;
  if (!row?.reference) throw new Error(`create_payment_order answered ${JSON.stringify(rows)}`);
  return row.reference;
}
