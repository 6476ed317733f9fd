import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CheckboxField } from '@/components/form/checkbox-field';
import { FormAlert } from '@/components/form/form-alert';
import { PaymentMethodOptions, type PaymentMethodOption } from '@/components/payment/payment-method-options';
import { PaymentOrderSuccess } from '@/components/payment/payment-order-success';
import { UsdtNetworkChoice } from '@/components/payment/usdt-network-choice';
import { payableNetworks, useUsdtNetworks } from '@/data/usdt/get-usdt-networks';
import type { UsdtNetwork } from '@/data/wallet/networks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import type { CccPackage } from '@/data/ccc/get-ccc-availability';
import {
  cccPaymentLinksQueryOptions,
  useCccPaymentLinks,
  type CccPaymentLink,
} from '@/data/payments/get-ccc-payment-links';
import { usePaymentPage, type PaymentMethod } from '@/data/payments/payment-page';
import { t, type PlansMessageKey } from '@/i18n/plans';
import { formatInteger, formatShare, formatUSDT } from '@/lib/format';
import { useSupabase } from '@/lib/supabase-context';

type CccPurchaseDialogProps = {
  pkg: CccPackage;
  /** The member's e-mail, appended to the ACC page's address. */
  email: string;
  onClose: () => void;
};

function StruckPrice({ regular, price }: { regular: number; price: number }) {
  return (
    <>
      <s className="mr-2 text-sm font-normal text-ink-muted">
        <span className="sr-only">{t('payment.regular_price')}: </span>
        {formatUSDT(regular)}
      </s>
      {formatUSDT(price)}
    </>
  );
}

function methodOptions(pkg: CccPackage): PaymentMethodOption[] {
  return [
    { method: 'transfer', label: t('payment.method.transfer'), price: formatUSDT(pkg.price_usd) },
    { method: 'usdt', label: t('payment.method.usdt'), price: formatUSDT(pkg.price_usd) },
    {
      method: 'acc',
      label: t('payment.method.acc'),
      badge: <Badge tone="accent">{t('ccc.acc_discount')}</Badge>,
      note: t('payment.you_save', { amount: formatUSDT(pkg.acc_savings_usd) }),
      price: formatUSDT(pkg.price_acc_usd),
    },
  ];
}

/**
 * 'Zakup pakietu {tier}' (product.md#dashboard-2): fast bank transfer, USDT, ACC with '-10% RABATU' and what
 * it saves; 'Do zapłaty' with the price (for ACC struck through, and 90 % of it); 'Kup teraz' waits
 * for a method and says 'Przetwarzanie...' while working; the tier's page for the method opens in a
 * new tab (ACC with the member's e-mail) once the order is recorded (usePaymentPage), and the dialog
 * shows the order's reference and what to do with it. The member first consents to the service
 * starting at once (the text is stored on the order).
 */
export function CccPurchaseDialog({ pkg, email, onClose }: CccPurchaseDialogProps) {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  const links = useCccPaymentLinks();
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<PlansMessageKey | null>(null);
  const page = usePaymentPage({
    links: links.data,
    fetchLinks: () => queryClient.fetchQuery(cccPaymentLinksQueryOptions(getClient)),
    belongs: (link: CccPaymentLink) => link.tier === pkg.tier,
    email,
    item: { kind: 'ccc', tier: pkg.tier },
  });
  const { failed, reason, processing, started } = page;
  const navigate = useNavigate();
  const usdtNetworks = useUsdtNetworks();
  const payable = payableNetworks(usdtNetworks.data);
  const [chosenNetwork, setChosenNetwork] = useState<UsdtNetwork | null>(null);
  const usdtNetwork = chosenNetwork ?? payable[0]?.network ?? null;

  const buy = async () => {
    if (!method) return;
    if (!consent) {
      setConsentError('validation.payment.consent_required');
      return;
    }
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
      title={t('ccc.purchase_title', { tier: pkg.tier })}
      description={t('ccc.purchase_description', {
        amount: formatInteger(pkg.ccc_amount),
        share: formatShare(pkg.profit_share),
        months: pkg.duration_months,
      })}
      dismissible={!processing}
    >
      {started ? (
        <PaymentOrderSuccess started={started} onClose={onClose} />
      ) : (
        <div className="mt-5 space-y-4">
          <PaymentMethodOptions
            legend={t('payment.methods')}
            options={methodOptions(pkg)}
            value={method}
            onChange={(next) => {
              setMethod(next);
              page.clearFailure();
            }}
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
          <div className="flex items-baseline justify-between rounded-lg bg-surface-overlay px-4 py-3">
            <span className="text-sm text-ink-muted">{t('ccc.amount_due')}</span>
            <span className="text-lg font-bold text-ink" data-testid="amount-due">
              {method === 'acc' ? (
                <StruckPrice regular={pkg.price_usd} price={pkg.price_acc_usd} />
              ) : (
                formatUSDT(pkg.price_usd)
              )}
            </span>
          </div>
          <CheckboxField
            label={t('payment.consent')}
            checked={consent}
            onChange={(event) => {
              setConsent(event.target.checked);
              if (event.target.checked) setConsentError(null);
            }}
            error={consentError ?? undefined}
            disabled={processing}
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
            <Button onClick={() => void buy()} disabled={!method || processing} aria-busy={processing || undefined}>
              {processing ? <Spinner className="h-4 w-4 border-accent-contrast border-t-transparent" /> : null}
              {processing ? t('common.processing') : t('ccc.buy_now')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
