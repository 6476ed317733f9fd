// Test doubles of the Przelewy24 functions' dependencies: an in-memory store that behaves as the
// gateway RPCs do (sessions, one confirmation, events appended), a gateway whose answers a test
// sets, and signed notifications as the gateway sends them.
import { createGatewayClient, type GatewayClient, notificationSign } from '../przelewy24.ts';
import {
  type GatewayEvent,
  type GatewayOrder,
  type GatewayStore,
  type Przelewy24Settings,
  StoreError,
} from '../przelewy24-gateway.ts';

export const SETTINGS: Przelewy24Settings = {
  configured: true,
  mode: 'sandbox',
  merchantId: 12345,
  posId: 123,
  crc: 'test-crc-key',
  apiKey: 'test-api-key',
  apiUrl: 'https://sandbox.przelewy24.pl',
  supabaseUrl: 'http://127.0.0.1:54321',
  anonKey: 'anon',
  serviceRoleKey: 'service',
  problems: [],
};

export interface MemoryOrder extends GatewayOrder {
  userId: string;
  email: string;
  itemLabel: string;
  sessions: string[];
}

export interface MemoryStore extends GatewayStore {
  orders: Map<string, MemoryOrder>;
  events: GatewayEvent[];
  confirmations: { sessionId: string; amount: string }[];
  /** Makes the next confirm fail with this key. */
  failConfirm: string | null;
}

export function memoryStore(orders: MemoryOrder[] = []): MemoryStore {
  const byId = new Map(orders.map((order) => [order.orderId, order]));
  const sessionOrder = (sessionId: string) => [...byId.values()].find((order) => order.sessions.includes(sessionId));
  const store: MemoryStore = {
    orders: byId,
    events: [],
    confirmations: [],
    failConfirm: null,
    beginRegistration(orderId, userId, requestId) {
      const order = byId.get(orderId);
      if (!order || order.userId !== userId) return Promise.reject(new StoreError('payments.order_not_found'));
      if (order.status !== 'pending') return Promise.reject(new StoreError('payments.not_pending'));
      if (order.method !== 'transfer' || order.currency !== 'PLN') {
        return Promise.reject(new StoreError('payments.gateway_not_supported'));
      }
      const sessionId = `${order.reference}-${order.sessions.length + 1}`;
      order.sessions.push(sessionId);
      store.events.push({ kind: 'register', outcome: 'requested', sessionId, orderId, requestId });
      return Promise.resolve({
        orderId,
        reference: order.reference,
        sessionId,
        amount: order.amount,
        currency: order.currency,
        itemLabel: order.itemLabel,
        email: order.email,
      });
    },
    orderForSession(sessionId) {
      const order = sessionOrder(sessionId);
      return Promise.resolve(order ? { ...order } : null);
    },
    recordEvent(event) {
      const order = event.orderId ?? (event.sessionId ? sessionOrder(event.sessionId)?.orderId : null) ?? null;
      store.events.push({ ...event, orderId: order });
      return Promise.resolve();
    },
    confirm(sessionId, amount, requestId) {
      const order = sessionOrder(sessionId);
      if (!order) return Promise.reject(new StoreError('payments.order_not_found'));
      if (store.failConfirm) {
        const key = store.failConfirm;
        store.failConfirm = null;
        return Promise.reject(new StoreError(key));
      }
      if (order.status === 'paid') {
        store.events.push({ kind: 'confirm', outcome: 'unchanged', sessionId, orderId: order.orderId, requestId });
        return Promise.resolve({ changed: false, status: 'paid' });
      }
      if (Number(amount) < Number(order.amount)) return Promise.reject(new StoreError('payments.underpaid'));
      order.status = 'paid';
      store.confirmations.push({ sessionId, amount });
      store.events.push({ kind: 'confirm', outcome: 'paid', sessionId, orderId: order.orderId, requestId });
      return Promise.resolve({ changed: true, status: 'paid' });
    },
    pendingSessions() {
      return Promise.resolve(
        [...byId.values()]
          .filter((order) => order.status === 'pending' && order.sessions.length > 0)
          .map((order) => ({ orderId: order.orderId, sessionId: order.sessions.at(-1) as string })),
      );
    },
  };
  return store;
}

export function memoryOrder(overrides: Partial<MemoryOrder> = {}): MemoryOrder {
  return {
    orderId: crypto.randomUUID(),
    reference: 'KLB-ABC234',
    amount: '49.00',
    currency: 'PLN',
    method: 'transfer',
    status: 'pending',
    userId: 'user-1',
    email: 'anna@klub.local',
    itemLabel: 'Plan START',
    sessions: [],
    ...overrides,
  };
}

/** What the fake gateway was asked and how it answers. */
export interface FakeGateway {
  client: GatewayClient;
  calls: { method: string; path: string; body: Record<string, unknown> | null }[];
  /** Per endpoint: a Response to answer, or 'unreachable'. */
  answers: Partial<Record<'register' | 'verify' | 'by-session', () => Response | 'unreachable'>>;
}

export function fakeGateway(settings: Przelewy24Settings = SETTINGS): FakeGateway {
  const gateway: FakeGateway = {
    client: null as unknown as GatewayClient,
    calls: [],
    answers: {},
  };
  const send: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const body = request.body ? ((await request.json()) as Record<string, unknown>) : null;
    gateway.calls.push({ method: request.method, path, body });
    const endpoint = path.endsWith('/register') ? 'register' : path.endsWith('/verify') ? 'verify' : 'by-session';
    const answer = gateway.answers[endpoint]?.();
    if (answer === 'unreachable') throw new TypeError('error sending request: connection refused');
    if (answer) return answer;
    if (endpoint === 'register') return Response.json({ data: { token: 'TOKEN123' }, responseCode: 0 });
    if (endpoint === 'verify') return Response.json({ data: { status: 'success' }, responseCode: 0 });
    return Response.json({ error: 'Transaction does not exist', code: 404 }, { status: 404 });
  };
  gateway.client = createGatewayClient(
    {
      baseUrl: settings.apiUrl,
      merchantId: settings.merchantId,
      posId: settings.posId,
      crc: settings.crc,
      apiKey: settings.apiKey,
    },
    send,
  );
  return gateway;
}

/** A notification as the gateway sends it, signed with the CRC key unless `sign` is given. */
export async function signedNotification(
  fields: Partial<{
    merchantId: number;
    posId: number;
    sessionId: string;
    amount: number;
    originAmount: number;
    currency: string;
    orderId: number;
    methodId: number;
    statement: string;
    sign: string;
  }> = {},
  crc = SETTINGS.crc,
) {
  const notification = {
    merchantId: SETTINGS.merchantId,
    posId: SETTINGS.posId,
    sessionId: 'KLB-ABC234-1',
    amount: 4900,
    originAmount: fields.amount ?? 4900,
    currency: 'PLN',
    orderId: 300000123,
    methodId: 154,
    statement: 'p24-300-000-123',
    ...fields,
  };
  const { sign: given, ...unsigned } = notification as typeof notification & { sign?: string };
  return { ...unsigned, sign: given ?? (await notificationSign({ ...unsigned, crc })) };
}
