import { useRef, useState } from 'react';
import { CheckboxField } from '@/components/form/checkbox-field';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { useSettlementPreview } from '@/data/referral/preview-commission-settlement';
import { useSettleCommissions } from '@/data/referral/settle-commissions';
import { t } from '@/i18n/admin';
import { formatDecimal, formatInteger, formatUSDT } from '@/lib/format';
import { adminErrorMessage } from '../../shared/utils/errors';

/** A positive PLN→USDT rate with at most 6 decimals ("0,25" or "0.2512"), as the payouts' form. */
const RATE = /^\d+(?:[.,]\d{1,6})?$/;
/** How far from the previous settlement's rate a rate may be without an explicit confirmation. */
const RATE_TOLERANCE_PCT = 20;

const pln = (value: number) => `${formatDecimal(value, 2)} zł`;

/** Whom the dialog settles: one referrer, or every referrer (userId null). */
export type SettlementTarget = { userId: string | null; name: string };

/**
 * 'Wypłać prowizje': the admin types the PLN→USDT rate and sees what the settlement pays (referrers,
 * commissions, PLN, USDT) beside the previous settlement's rate; a rate more than 20 % from it
 * needs a checkbox that repeats both numbers. Confirming sends the preview's count and PLN total
 * (a change since is refused) and the dialog's idempotency key (a retry pays once).
 */
export function SettleCommissionsDialog({ target, onClose }: { target: SettlementTarget; onClose: () => void }) {
  const [rate, setRate] = useState('');
  const [rateError, setRateError] = useState<string>();
  const [request, setRequest] = useState<{ userId: string | null; rate: string } | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [confirmError, setConfirmError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const preview = useSettlementPreview(request);
  const settle = useSettleCommissions();
  const toast = useToast();
  // The idempotency key of the settlement on screen: a retry of the same one sends the same key.
  const attempt = useRef<{ entry: string; key: string } | null>(null);

  const showPreview = () => {
    const value = rate.trim().replace(',', '.');
    if (!RATE.test(rate.trim()) || Number(value) <= 0) {
      setRateError(t('admin.payouts.rate_invalid'));
      return;
    }
    setRateError(undefined);
    setFailure(null);
    setConfirmed(false);
    setRequest({ userId: target.userId, rate: value });
  };

  const data = request ? preview.data : undefined;
  const farOff =
    data?.rate_change_pct !== null && data?.rate_change_pct !== undefined
      ? Math.abs(data.rate_change_pct) > RATE_TOLERANCE_PCT
      : false;

  const confirm = async () => {
    if (!request || !data) return;
    if (farOff && !confirmed) {
      setConfirmError(t('admin.finance.settle.confirm_rate_required'));
      return;
    }
    setConfirmError(undefined);
    setFailure(null);
    const input = {
      userId: request.userId,
      rate: Number(request.rate),
      expectedCommissions: data.commissions,
      expectedTotalPln: data.total_pln,
      confirmedPreviousRate: farOff ? data.previous_rate : null,
    };
    const entry = JSON.stringify(input);
    if (attempt.current?.entry !== entry) attempt.current = { entry, key: crypto.randomUUID() };
    try {
      const done = await settle.mutateAsync({ ...input, idempotencyKey: attempt.current.key });
      attempt.current = null;
      toast.show(
        t('admin.finance.settle.done', {
          commissions: formatInteger(done.commissions),
          members: formatInteger(done.members),
          usdt: formatUSDT(done.total_usdt),
        }),
        'success',
      );
      onClose();
    } catch (error) {
      setFailure(adminErrorMessage(error, 'admin.finance.settle.failed'));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={t('admin.finance.settle.title', { name: target.name })}
      description={t('admin.finance.settle.description')}
      dismissible={!settle.isPending}
    >
      <form
        noValidate
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          showPreview();
        }}
      >
        <div className="min-w-48 flex-1">
          <TextField
            label={t('admin.payouts.rate')}
            hint={t('admin.payouts.rate_hint')}
            inputMode="decimal"
            autoComplete="off"
            value={rate}
            onChange={(event) => {
              setRate(event.target.value);
              setRequest(null);
            }}
            error={rateError}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('admin.payouts.preview')}
        </Button>
      </form>
      {request ? (
        <div className="mt-4 space-y-4" aria-live="polite">
          {preview.isPending ? (
            <Skeleton className="h-24" label={t('app.loading')} />
          ) : preview.isError ? (
            <FormAlert>{adminErrorMessage(preview.error, 'admin.payouts.preview_failed')}</FormAlert>
          ) : data ? (
            <>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="settlement-preview">
                <dt className="text-ink-muted">{t('admin.finance.settle.members')}</dt>
                <dd className="text-right tabular-nums">{formatInteger(data.members)}</dd>
                <dt className="text-ink-muted">{t('admin.finance.settle.commissions')}</dt>
                <dd className="text-right tabular-nums">{formatInteger(data.commissions)}</dd>
                <dt className="text-ink-muted">{t('admin.finance.settle.total_pln')}</dt>
                <dd className="text-right tabular-nums">{pln(data.total_pln)}</dd>
                <dt className="text-ink-muted">{t('admin.finance.settle.total_usdt')}</dt>
                <dd className="text-right font-semibold tabular-nums">{formatUSDT(data.total_usdt)}</dd>
                <dt className="text-ink-muted">{t('admin.finance.settle.previous_rate')}</dt>
                <dd className="text-right tabular-nums">
                  {data.previous_rate === null ? t('admin.finance.settle.no_previous') : String(data.previous_rate)}
                </dd>
              </dl>
              {farOff && data.previous_rate !== null ? (
                <div className="space-y-2" role="alert">
                  <FormAlert>
                    {t('admin.finance.settle.rate_warning', {
                      rate: request.rate,
                      previous: String(data.previous_rate),
                      change: formatDecimal(data.rate_change_pct ?? 0, 1),
                    })}
                  </FormAlert>
                  <CheckboxField
                    label={t('admin.finance.settle.confirm_rate', {
                      rate: request.rate,
                      previous: String(data.previous_rate),
                    })}
                    checked={confirmed}
                    onChange={(event) => setConfirmed(event.target.checked)}
                    error={confirmError}
                  />
                </div>
              ) : null}
              {data.commissions === 0 ? (
                <p className="text-sm text-ink-muted">{t('admin.finance.settle.nothing')}</p>
              ) : null}
              {failure ? <FormAlert>{failure}</FormAlert> : null}
              <div className="flex flex-wrap justify-end gap-3">
                <Button variant="secondary" onClick={onClose} disabled={settle.isPending}>
                  {t('common.cancel')}
                </Button>
                <Button onClick={() => void confirm()} disabled={settle.isPending || data.commissions === 0}>
                  {settle.isPending
                    ? t('admin.saving')
                    : t('admin.finance.settle.confirm', { usdt: formatUSDT(data.total_usdt) })}
                </Button>
              </div>
            </>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
