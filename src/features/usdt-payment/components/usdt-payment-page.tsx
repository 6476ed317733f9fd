import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '@/components/form/form-alert';
import { usePageTitle } from '@/components/layout/site-head';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { QueryStates } from '@/components/ui/query-states';
import { Skeleton } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useUsdtPayment, type UsdtPayment, type UsdtPaymentCheck } from '@/data/usdt/get-usdt-payment';
import { useSubmitUsdtHash } from '@/data/usdt/submit-usdt-hash';
import { isUsdtTxHash, paymentRequestUri, type UsdtNetwork } from '@/data/wallet/networks';
import { t, type PlansMessageKey } from '@/i18n/plans';
import { toUserMessage } from '@/lib/errors';
import { formatDateTime, formatUSDT } from '@/lib/format';

// The QR code's library comes with the code, when the page shows it.
const UsdtQrCode = lazy(() => import('./usdt-qr-code'));

const NETWORK_LABELS: Record<UsdtNetwork, PlansMessageKey> = {
  TRC20: 'payment.usdt.network_trc20',
  ERC20: 'payment.usdt.network_erc20',
  BSC: 'payment.usdt.network_bsc',
};

const REJECTED: Record<string, PlansMessageKey> = {
  failed: 'payment.usdt.rejected.failed',
  not_usdt_transfer: 'payment.usdt.rejected.not_usdt_transfer',
  wrong_recipient: 'payment.usdt.rejected.wrong_recipient',
  not_found: 'payment.usdt.rejected.not_found',
  tx_hash_used: 'payment.usdt.rejected.tx_hash_used',
};

/** The amount as a wallet takes it: "1000.37" (a dot, no grouping). */
const plainAmount = (amount: number) => amount.toFixed(2);

function itemLabel(order: UsdtPayment['order']): string {
  return order.kind === 'plan'
    ? `Plan ${order.plan_tier}`
    : `Pakiet CCC ${order.ccc_tier}${order.quantity > 1 ? ` x${order.quantity}` : ''}`;
}

/** What the latest check says, in words: waiting with x/y, paid, underpaid, or why it was not accepted. */
function CheckStatus({ check, order }: { check: UsdtPaymentCheck; order: UsdtPayment['order'] }) {
  if (check.status === 'waiting') {
    const counted = check.outcome === 'not_final' && check.confirmations !== null && check.required !== null;
    return (
      <div
        role="status"
        className="rounded-lg border border-accent px-4 py-3 text-sm text-ink"
        data-testid="usdt-waiting"
      >
        <p className="font-semibold">
          {counted
            ? t('payment.usdt.waiting', { confirmations: check.confirmations ?? 0, required: check.required ?? 0 })
            : t('payment.usdt.waiting_unknown')}
        </p>
        <p className="mt-1 text-ink-muted">{t('payment.usdt.waiting_hint')}</p>
      </div>
    );
  }
  if (check.status === 'confirmed') {
    return order.status === 'underpaid' ? (
      <FormAlert>
        {t('payment.usdt.underpaid', {
          received: formatUSDT(order.amount_received ?? 0),
          shortfall: formatUSDT(order.shortfall ?? 0),
        })}
      </FormAlert>
    ) : (
      <FormAlert tone="success">{t('payment.usdt.paid')}</FormAlert>
    );
  }
  return <FormAlert>{t(REJECTED[check.outcome ?? ''] ?? 'payment.usdt.rejected.other')}</FormAlert>;
}

function HashForm({ payment }: { payment: UsdtPayment }) {
  const { order } = payment;
  const network = order.network as UsdtNetwork;
  const submit = useSubmitUsdtHash();
  const [hash, setHash] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = hash.trim();
    if (!isUsdtTxHash(network, value)) {
      setError('payments.invalid_tx_hash');
      return;
    }
    setError(undefined);
    try {
      await submit.mutateAsync({ orderId: order.id, txHash: value });
    } catch {
      // Shown below from the mutation's error; what was typed stays.
    }
  };
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3">
      <TextField
        label={t('payment.usdt.hash')}
        hint={t(network === 'TRC20' ? 'payment.usdt.hash_hint_trc20' : 'payment.usdt.hash_hint_evm')}
        value={hash}
        onChange={(event) => {
          setHash(event.target.value);
          setError(undefined);
        }}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        className="font-mono"
        error={error}
      />
      {submit.error ? <FormAlert>{toUserMessage(submit.error)}</FormAlert> : null}
      <SubmitButton
        pending={submit.isPending}
        label={t('payment.usdt.submit')}
        pendingLabel={t('payment.usdt.checking')}
      />
    </form>
  );
}

function PaymentDetails({ payment }: { payment: UsdtPayment }) {
  const { order, network: settings, checks } = payment;
  const network = order.network as UsdtNetwork | null;
  const latest = checks[0];
  const open = order.status === 'pending' || order.status === 'underpaid';
  const address = settings?.receiving_address ?? null;
  const due = order.status === 'underpaid' ? (order.shortfall ?? order.amount) : order.amount;
  const networkName = network ? t(NETWORK_LABELS[network]) : '';

  return (
    <div className="space-y-5">
      <p className="text-sm text-ink-muted" data-testid="usdt-order">
        {t('payment.usdt.order', { reference: order.reference, item: itemLabel(order) })}
      </p>
      {latest ? <CheckStatus check={latest} order={order} /> : null}
      {!open && latest?.status !== 'confirmed' ? <FormAlert>{t('payment.usdt.closed')}</FormAlert> : null}
      {open && network && address ? (
        <>
          <p className="text-ink">{t('payment.usdt.intro', { amount: formatUSDT(due), network: networkName })}</p>
          <div className="grid gap-5 md:grid-cols-[auto,1fr]">
            <div className="flex justify-center self-start rounded-lg bg-white p-3">
              <Suspense fallback={<Skeleton className="h-48 w-48" label={t('payment.usdt.qr_loading')} />}>
                <UsdtQrCode
                  value={paymentRequestUri(network, address, plainAmount(due))}
                  label={t('payment.usdt.qr', { amount: formatUSDT(due) })}
                />
              </Suspense>
            </div>
            <div className="min-w-0 space-y-4">
              <dl className="space-y-4">
                <div>
                  <dt className="text-sm text-ink-muted">{t('payment.usdt.address', { network: networkName })}</dt>
                  <dd className="mt-1">
                    <span className="block break-all font-mono text-ink" data-testid="usdt-address">
                      {address}
                    </span>
                    <CopyButton text={address} what={t('payment.usdt.copy_address')} className="mt-1 flex" />
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-ink-muted">{t('payment.usdt.amount')}</dt>
                  <dd className="mt-1">
                    <span className="block text-2xl font-bold text-ink" data-testid="usdt-amount">
                      {formatUSDT(due)}
                    </span>
                    <CopyButton text={plainAmount(due)} what={t('payment.usdt.copy_amount')} className="mt-1 flex" />
                    <span className="mt-1 block text-xs text-ink-muted">{t('payment.usdt.amount_hint')}</span>
                  </dd>
                </div>
              </dl>
              <p className="text-xs text-ink-muted">
                {t('payment.usdt.expires', { date: formatDateTime(order.expires_at) })}
              </p>
            </div>
          </div>
          {latest?.status === 'waiting' ? null : <HashForm payment={payment} />}
        </>
      ) : null}
      {open && (!network || !address) ? <FormAlert>{t('payment.usdt.unavailable')}</FormAlert> : null}
      <Link
        to={paths.dashboard.investments.path}
        className="inline-block text-sm text-accent underline-offset-4 hover:underline"
      >
        {t('payment.usdt.back')}
      </Link>
    </div>
  );
}

/**
 * Our own payment page of a USDT order (issue 37 §2, instead of the spec's external link): the
 * club's address on the order's network with a copy button and a QR code (the exact amount in it),
 * the exact amount (the price plus the order's own cents), and 'Hash transakcji', which the chain
 * verifier checks. While the chain confirms it the page says 'Czekamy na potwierdzenia sieci (x/y)'
 * and reads again every few seconds; the scheduled re-check confirms the order without an admin.
 */
export function UsdtPaymentPage({ orderId }: { orderId: string }) {
  usePageTitle(t('payment.usdt.title'));
  const payment = useUsdtPayment(orderId);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold text-ink">{t('payment.usdt.title')}</h1>
      <Card>
        <QueryStates
          query={payment}
          loadingClassName="h-64"
          errorMessage={(error) => toUserMessage(error) || t('payment.usdt.load_failed')}
        >
          {(data) => <PaymentDetails payment={data} />}
        </QueryStates>
      </Card>
    </div>
  );
}
