import { http, HttpResponse } from 'msw';
import type { PaymentOrder } from '@/data/payments/create-payment-order';
import { restUrl } from './msw/handlers';

/** A payment order as create_payment_order returns it. */
export function buildPaymentOrder(values: Partial<PaymentOrder> = {}): PaymentOrder {
  return {
    id: '7d0f3a52-8c1e-4f5b-9a6d-2b3c4d5e6f70',
    reference: 'KLB-7F3K2Q',
    user_id: '11111111-2222-4333-8444-555555555555',
    kind: 'plan',
    plan_tier: 'START',
    ccc_tier: null,
    quantity: 1,
    method: 'transfer',
    amount: 4997,
    currency: 'PLN',
    status: 'pending',
    created_at: '2026-11-25T10:00:00+00:00',
    updated_at: '2026-11-25T10:00:00+00:00',
    decided_at: null,
    decided_by: null,
    amount_received: null,
    tx_hash: null,
    rejection_reason: null,
    membership_valid_until: null,
    expires_at: '2026-12-02T10:00:00+00:00',
    decided_via: null,
    network: null,
    amount_offset: null,
    consent_text: null,
    consent_at: null,
    buyer_name: null,
    buyer_email: null,
    replaces_order_id: null,
    cancel_reason: null,
    refunded_at: null,
    refunded_by: null,
    refund_reason: null,
    refund_method: null,
    refund_reference: null,
    shortfall: null,
    surplus: null,
    retain_until: null,
    ...values,
  };
}

/**
 * The blank tab the payment dialogs open within the click: window.open answers with it, and the
 * test reads where it was sent and whether it was closed.
 */
export function fakePaymentTab() {
  const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

/** create_payment_order answers with `order` (its method taken from the request), and records the requests. */
export function serveCreateOrder(order: Partial<PaymentOrder> = {}) {
  const calls: Record<string, unknown>[] = [];
  return {
    calls,
    handler: http.post(restUrl('/rpc/create_payment_order'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push(body);
      return HttpResponse.json(buildPaymentOrder({ method: body.p_method as PaymentOrder['method'], ...order }));
    }),
  };
}
