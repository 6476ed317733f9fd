import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormAlert } from '@/components/form/form-alert';
import { PaymentMethodOptions, type PaymentMethodOption } from '@/components/payment/payment-method-options';
import { PaymentOrderSuccess } from '@/components/payment/payment-order-success';
import { UsdtNetworkChoice } from '@/components/payment/usdt-network-choice';
import { payableNetworks, useUsdtNetworks } from '@/data/usdt/get-usdt-networks';
import type { UsdtNetwork } from '@/data/wallet/networks';
import { CheckboxField } from '@/components/form/checkbox-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useMembershipPlans, type MembershipPlan } from '@/data/membership/get-membership-plans';
import {
  planPaymentLinksQueryOptions,
  usePlanPaymentLinks,
  type PlanPaymentLink,
} from '@/data/payments/get-plan-payment-links';
import { useGatewayConfigured } from '@/data/payments/gateway-payment';
import { usePaymentPage, type PaymentMethod } from '@/data/payments/payment-page';
import { usePlanChangePreview } from '@/data/payments/preview-plan-change';
import { t, type PlansMessageKey } from '@/i18n/plans';
import { formatPLN, formatUSDT } from '@/lib/format';
import { useSupabase } from '@/lib/supabase-context';
import { PlanChangeSummary } from './plan-change-summary';

type PlanPaymentDialogProps = {
  plan: MembershipPlan;
  /** The member's e-mail, appended to the ACC page's address. */
  email: string;
  onClose: () => void;
};

function methodOptions(plan: MembershipPlan): PaymentMethodOption[] {
  return [
    {
      method: 'transfer',
      label: t('payment.method.transfer'),
      description: t('payment.method.transfer_hint'),
      price: formatPLN(plan.yearly_price_pln),
    },
    {
      method: 'usdt',
      label: t('payment.method.usdt'),
      description: t('payment.method.usdt_hint'),
      price: formatUSDT(plan.price_usdt),
    },
    {
      method: 'acc',
      label: t('payment.method.acc'),
      description: t('payment.method.acc_hint'),
      badge: <Badge tone="accent">{t('ccc.acc_discount')}</Badge>,
      price: (
        <>
          <s className="block text-sm font-normal text-ink-muted">
            <span className="sr-only">{t('payment.regular_price')}: </span>
            {formatPLN(plan.yearly_price_pln)}
          </s>
          {formatPLN(plan.price_acc)}
        </>
      ),
    },
  ];
}

/**
 * The payment-method dialog of the plans grid (product.md#dashboard-2, §4 "no method, method chosen,
 * processing, closed"): transfer, usdt, acc with the prices of §9. 'Zapłać' without a method says
 * 'Wybierz metodę płatności'; with one it records the order and opens the plan's page for that
 * method in a new tab (acc with the member's e-mail), then shows the order's reference. A missing
 * link or an order that could not be recorded says 'Wystąpił błąd podczas płatności'. Before 'Zapłać'
 * it states in words what the plan would give if confirmed today (preview_plan_change: dates, extra
 * days for an upgrade, a queued start, or why it cannot be bought), and asks for the consent to the
 * service starting at once, whose text is stored on the order.
 */
export function PlanPaymentDialog({ plan: shown, email, onClose }: PlanPaymentDialogProps) {
  const { getClient } = useSupabase();
  // The grid's plans may be up to an hour old: the dialog reads the catalogue again when it opens
  // and shows the current prices (the order is priced by the database anyway).
  const plans = useMembershipPlans({ fresh: true });
  const plan = plans.data?.find((row) => row.tier === shown.tier) ?? shown;
  const queryClient = useQueryClient();
  const links = usePlanPaymentLinks();
  // Plans by transfer are in PLN: with the gateway configured they are paid and confirmed through it.
  const gateway = useGatewayConfigured();
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [methodError, setMethodError] = useState<PlansMessageKey | null>(null);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<PlansMessageKey | null>(null);
  const preview = usePlanChangePreview(plan.tier);
  const blocked = preview.data?.change === 'blocked';
  // Normally the links came with the grid, and the tab opens within the click.
  const page = usePaymentPage({
    links: links.data,
    fetchLinks: () => queryClient.fetchQuery(planPaymentLinksQueryOptions(getClient)),
    belongs: (link: PlanPaymentLink) => link.tier === plan.tier,
    email,
    item: { kind: 'plan', tier: plan.tier },
    gateway: gateway.data === true,
  });
  const { failed, reason, processing, started } = page;
  const navigate = useNavigate();
  const usdtNetworks = useUsdtNetworks();
  const payable = payableNetworks(usdtNetworks.data);
  const [chosenNetwork, setChosenNetwork] = useState<UsdtNetwork | null>(null);
  const usdtNetwork = chosenNetwork ?? payable[0]?.network ?? null;

  const choose = (next: PaymentMethod) => {
    setMethod(next);
    setMethodError(null);
    page.clearFailure();
  };

  const pay = async () => {
    if (blocked) return;
    const missingMethod = !method;
    setMethodError(missingMethod ? 'validation.payment.method_required' : null);
    setConsentError(consent ? null : 'validation.payment.consent_required');
    if (missingMethod || !consent) return;
    const next = await page.open(
      method,
      t('payment.consent'),
      method === 'usdt' ? (usdtNetwork ?? undefined) : undefined,
    );
    // USDT on a network: our own payment page (the club's address, the exact amount, the hash).
    if (next?.usdt) void navigate(next.url);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('plans.payment_title', { tier: plan.tier })}
      description={t('plans.payment_description', { tier: plan.tier })}
      dismissible={!processing}
    >
      {started ? (
        <PaymentOrderSuccess started={started} onClose={onClose} />
      ) : (
        <div className="mt-5 space-y-4">
          <PaymentMethodOptions
            legend={t('payment.methods')}
            options={methodOptions(plan)}
            value={method}
            onChange={choose}
            error={methodError}
            disabled={processing}
          />
          {method === 'usdt' && payable.length > 0 ? (
            <UsdtNetworkChoice
              networks={payable}
              value={usdtNetwork}
              onChange={setChosenNetwork}
              disabled={processing}
            />
          ) : null}
          <PlanChangeSummary preview={preview} />
          <CheckboxField
            label={t('payment.consent')}
            checked={consent}
            onChange={(event) => {
              setConsent(event.target.checked);
              if (event.target.checked) setConsentError(null);
            }}
            error={consentError ?? undefined}
            disabled={processing || blocked}
          />
          {failed ? (
            <FormAlert>
              {t('payment.failed')}
              {reason ? `. ${reason}` : null}
            </FormAlert>
          ) : null}
          <p className="text-xs text-ink-muted">{t('payment.new_tab')}</p>
          <div className="flex justify-end gap-3">
            <Button variant="ghost" onClick={onClose} disabled={processing}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void pay()} disabled={processing || blocked} aria-busy={processing || undefined}>
              {processing ? <Spinner className="h-4 w-4 border-accent-contrast border-t-transparent" /> : null}
              {processing ? t('common.processing') : t('payment.pay')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
