import { useMemo } from 'react';
import { CheckboxField } from '@/components/form/checkbox-field';
import { TextField } from '@/components/form/text-field';
import { Card } from '@/components/ui/card';
import { QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { useUsdtNetworks, type UsdtNetworkSettings } from '@/data/usdt/get-usdt-networks';
import { useUpdateUsdtNetwork } from '@/data/usdt/update-usdt-network';
import { t } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import { FormFooter } from '../../shared/components/form-footer';
import { useSubmitFailure } from '../../shared/hooks/use-submit-failure';
import { createUsdtNetworkSchema } from '../schemas/usdt.schema';

const toAmount = (value: string) => Number(value.trim().replace(',', '.'));

function NetworkForm({ row }: { row: UsdtNetworkSettings }) {
  const toast = useToast();
  const save = useUpdateUsdtNetwork();
  const { error, attempt } = useSubmitFailure('admin.usdt.save_failed');
  const schema = useMemo(() => createUsdtNetworkSchema(row.network), [row.network]);
  const { register, handleSubmit, formState, getFieldState } = useZodForm(schema, {
    defaultValues: {
      enabled: row.enabled,
      address: row.receiving_address ?? '',
      minWithdrawal: String(row.min_withdrawal),
    },
  });
  const onSubmit = handleSubmit((values) =>
    attempt(async () => {
      await save.mutateAsync({
        network: row.network,
        enabled: values.enabled,
        receivingAddress: values.address.trim(),
        minWithdrawal: toAmount(values.minWithdrawal),
      });
      toast.show(t('admin.usdt.saved', { network: row.network }));
    }),
  );
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('admin.usdt.network_title', { network: row.network })}
      className="space-y-3 rounded-lg border border-surface-border p-4"
    >
      <h4 className="font-semibold text-ink">{t('admin.usdt.network_title', { network: row.network })}</h4>
      <CheckboxField label={t('admin.usdt.enabled')} {...register('enabled')} />
      <TextField
        label={t('admin.usdt.address')}
        hint={t(row.network === 'TRC20' ? 'admin.usdt.address_hint_trc20' : 'admin.usdt.address_hint_evm')}
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        error={getFieldState('address', formState).error?.message}
        {...register('address')}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t('admin.usdt.min_withdrawal')}
          inputMode="decimal"
          autoComplete="off"
          error={getFieldState('minWithdrawal', formState).error?.message}
          {...register('minWithdrawal')}
        />
        <p className="self-end text-sm text-ink-muted">{t('admin.usdt.withdrawal_fee')}</p>
      </div>
      <FormFooter error={error} pending={formState.isSubmitting} submitWidth="w-40" />
    </form>
  );
}

/**
 * 'Sieci USDT' (issue 37): per network the switch, the club's receiving address (members pay to it,
 * usdt-watch watches it) and the minimum withdrawal (admin_update_usdt_network, audited); the club
 * pays the network fees, which the form says. A refused save keeps what was typed and says why.
 */
export function UsdtNetworksForm() {
  const networks = useUsdtNetworks();
  return (
    <Card>
      <h3 className="text-lg font-semibold text-ink">{t('admin.usdt.networks')}</h3>
      <p className="text-sm text-ink-muted">{t('admin.usdt.networks_description')}</p>
      <QueryStates query={networks} loadingClassName="h-48" errorMessage={t('admin.usdt.networks_load_failed')}>
        {(rows) => (
          <div className="mt-4 space-y-4">
            {rows.map((row) => (
              <NetworkForm key={`${row.network}-${row.updated_at}`} row={row} />
            ))}
          </div>
        )}
      </QueryStates>
    </Card>
  );
}
