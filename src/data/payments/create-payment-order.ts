import { mutationOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import type { Enums, Tables } from '@/types/database.types';
import { paymentKeys } from './keys';

export type PaymentOrder = Tables<'payment_orders'>;

/** What a member orders: a plan tier, or a CCC tier (one package unless a quantity is given). */
export type PaymentItem =
  { kind: 'plan'; tier: Enums<'membership_level'> } | { kind: 'ccc'; tier: Enums<'ccc_tier'>; quantity?: number };

/**
 * RPC create_payment_order: records the order (or returns the open one for the same item, method
 * and price) with the catalogue's price, fixed from then on; after a price change the old pending
 * order is cancelled and the new one names it in `replaces_order_id`. `consentText` (required by the
 * database: payments.consent_required) is the consent
 * checkbox's text, stored with its time. The database enforces the limits (payments.* keys).
 */
export async function createPaymentOrder(
  client: AppSupabaseClient,
  item: PaymentItem,
  method: Enums<'payment_method'>,
  consentText?: string,
): Promise<PaymentOrder> {
  const consent = consentText === undefined ? {} : { p_consent_text: consentText };
  const args =
    item.kind === 'plan'
      ? { p_method: method, p_plan_tier: item.tier, ...consent }
      : { p_method: method, p_ccc_tier: item.tier, p_quantity: item.quantity ?? 1, ...consent };
  return unwrap(await client.rpc('create_payment_order', args).single());
}

export const createPaymentOrderMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: paymentKeys.createOrder(),
    mutationFn: async ({
      item,
      method,
      consentText,
    }: {
      item: PaymentItem;
      method: Enums<'payment_method'>;
      consentText?: string;
    }) => createPaymentOrder(await getClient(), item, method, consentText),
  });
