import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { CheckboxField } from '@/components/form/checkbox-field';
import { FormAlert } from '@/components/form/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import { errorAttributes, FieldShell, inputClassName, TextField } from '@/components/form/text-field';
import { TotpStepUp } from '@/components/mfa/totp-step-up';
import { Card } from '@/components/ui/card';
import { needsStepUp, useMfaStatus } from '@/data/auth/mfa-status';
import { useRequestWithdrawal } from '@/data/wallet/request-withdrawal';
import { payableNetworks, useUsdtNetworks } from '@/data/usdt/get-usdt-networks';
import { addressPlaceholder, type UsdtNetwork } from '@/data/wallet/networks';
import { useSaveAddress } from '@/data/wallet/save-address';
import { t, type WalletMessageKey } from '@/i18n/wallet';
import { toUserMessage } from '@/lib/errors';
import { useZodForm } from '@/lib/form';
import { formatUSDT } from '@/lib/format';
import { withdrawalFailure } from '../utils/withdrawal-errors';
import { createWithdrawalSchema, NETWORKS, toCents, type WithdrawalValues } from '../schemas/withdrawal.schema';

/** A wallet the member saved before (product.md#dashboard-2: supported by the form; the page passes none). */
export type SavedWalletMethod = {
  address: string;
  network: UsdtNetwork;
  isDefault: boolean;
  label?: string;
};

type WithdrawalFormProps = {
  /** The available balance as the server last reported it. */
  available: number;
  savedMethods: readonly SavedWalletMethod[];
};

const NETWORK_LABELS: Record<UsdtNetwork, WalletMessageKey> = {
  TRC20: 'wallet.withdraw.network_trc20',
  ERC20: 'wallet.withdraw.network_erc20',
  BSC: 'wallet.withdraw.network_bsc',
};

/** The network chosen at first: ERC20 (the spec's first) when the club pays on it, else its first one. */
function preferredNetwork(networks: readonly UsdtNetwork[]): UsdtNetwork {
  return networks.includes('ERC20') ? 'ERC20' : (networks[0] ?? 'ERC20');
}

/**
 * The withdrawal form (product.md#dashboard-2, §5, with TRC20 from issue 37): amount (min 0, step 0.01),
 * network (those the club pays on: TRC20, ERC20, BSC, with each one's minimum), address in the
 * network's format. The club pays the network fee: the member receives the amount requested.
 * Validated here and again by request_withdrawal, whose keys come back as the fields' messages. With
 * 2FA on and an aal1 session the 6-digit code is asked first (and whenever the server says so).
 * On success the balances and the history are read again; nothing is computed here.
 */
export function WithdrawalForm({ available, savedMethods }: WithdrawalFormProps) {
  const networkId = useId();
  // The networks the club pays on (switched on, with its address), each with its minimum; until they
  // are read (or when they cannot be), all three: the server decides.
  const networksQuery = useUsdtNetworks();
  const payable = useMemo(
    () => (networksQuery.data ? payableNetworks(networksQuery.data) : null),
    [networksQuery.data],
  );
  const networks = useMemo<readonly UsdtNetwork[]>(
    () => (payable ? payable.map((row) => row.network) : NETWORKS),
    [payable],
  );
  const minimums = useMemo(
    () => Object.fromEntries((payable ?? []).map((row) => [row.network, row.min_withdrawal])),
    [payable],
  ) as Partial<Record<UsdtNetwork, number>>;
  const noNetworks = payable !== null && payable.length === 0;
  // useForm takes the resolver of every render: a refetched balance counts at once.
  const schema = useMemo(() => createWithdrawalSchema(available, minimums), [available, minimums]);
  const defaultMethod = savedMethods.find((method) => method.isDefault) ?? null;
  const { register, handleSubmit, formState, setError, reset, resetField, setValue, watch } = useZodForm(schema, {
    defaultValues: {
      amount: '',
      network: defaultMethod?.network ?? preferredNetwork(networks),
      address: defaultMethod?.address ?? '',
    },
  });
  const network = watch('network');
  // The saved addresses may arrive after the member started typing (the page shows the form with the
  // balance): the default one then fills network and address unless the member has chosen them, and
  // what was typed stays.
  const chosen = useRef({ network: false, address: false });
  const defaultNetwork = defaultMethod?.network;
  const defaultAddress = defaultMethod?.address;
  useEffect(() => {
    if (defaultNetwork && !chosen.current.network) resetField('network', { defaultValue: defaultNetwork });
    if (defaultAddress && !chosen.current.address) resetField('address', { defaultValue: defaultAddress });
  }, [defaultNetwork, defaultAddress, resetField]);
  // The club's networks arrive: a network it does not pay on gives way to the preferred one.
  const firstNetwork = preferredNetwork(networks);
  useEffect(() => {
    if (firstNetwork && !chosen.current.network && !defaultNetwork && !networks.includes(network)) {
      resetField('network', { defaultValue: firstNetwork });
    }
  }, [firstNetwork, networks, network, defaultNetwork, resetField]);
  const minimum = minimums[network];
  const mfa = useMfaStatus();
  const withdraw = useRequestWithdrawal();
  const [pendingValues, setPendingValues] = useState<WithdrawalValues | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [saveThis, setSaveThis] = useState(false);
  const saveAddress = useSaveAddress();

  const askForCode = async (values: WithdrawalValues): Promise<boolean> => {
    const status = mfa.data?.verifiedFactorId ? mfa.data : (await mfa.refetch()).data;
    if (!status?.verifiedFactorId) return false;
    setPendingValues(values);
    return true;
  };

  const send = async (values: WithdrawalValues) => {
    setSending(true);
    try {
      const amount = toCents(values.amount) / 100;
      await withdraw.mutateAsync({ amount, network: values.network, address: values.address });
      setSuccess(t('wallet.withdraw.success', { amount: formatUSDT(amount) }));
      reset({ amount: '', network: values.network, address: '' });
      const known = savedMethods.some(
        (method) => method.network === values.network && method.address.toLowerCase() === values.address.toLowerCase(),
      );
      if (saveThis && !known) {
        setSaveThis(false);
        saveAddress.mutate(
          {
            label: `${values.network} ${values.address.slice(0, 6)}…${values.address.slice(-4)}`,
            network: values.network,
            address: values.address,
            isDefault: savedMethods.length === 0,
          },
          { onError: (error) => setFailure(t('wallet.addresses.save_failed', { reason: toUserMessage(error) })) },
        );
      }
    } catch (error) {
      const failure = withdrawalFailure(error);
      if (failure.to === 'field') setError(failure.field, { message: failure.key }, { shouldFocus: true });
      else if (failure.to === 'step_up' && (await askForCode(values))) return;
      else setFailure(failure.message);
    } finally {
      setSending(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSuccess(null);
    // The factors are read with the page; a quick submit waits for them.
    const status = mfa.data ?? (await mfa.refetch()).data;
    if (needsStepUp(status)) {
      setPendingValues(values);
      return;
    }
    await send(values);
  });

  const busy = formState.isSubmitting || sending;
  // In the form's order: the first field with an error gets the focus.
  const amountField = register('amount');
  const networkField = register('network');
  const addressField = register('address');
  const stepUpFactor = pendingValues ? mfa.data?.verifiedFactorId : null;

  return (
    <Card title={t('wallet.withdraw.title')}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {noNetworks ? <FormAlert tone="info">{t('wallet.withdraw.no_networks')}</FormAlert> : null}
        <fieldset disabled={Boolean(pendingValues) || sending || noNetworks} className="space-y-4">
          {savedMethods.length > 0 ? (
            <SavedMethodSelect
              methods={savedMethods}
              onPick={(method) => {
                setValue('network', method.network);
                setValue('address', method.address);
              }}
            />
          ) : null}
          <TextField
            label={t('wallet.withdraw.amount')}
            hint={[
              t('wallet.withdraw.available_hint', { amount: formatUSDT(available) }),
              minimum !== undefined ? t('wallet.withdraw.minimum_hint', { network, amount: formatUSDT(minimum) }) : '',
            ]
              .filter(Boolean)
              .join(' ')}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            error={formState.errors.amount?.message}
            {...amountField}
          />
          <FieldShell
            inputId={networkId}
            label={t('wallet.withdraw.network')}
            error={formState.errors.network?.message}
            errorId={`${networkId}-error`}
          >
            <select
              id={networkId}
              className={`${inputClassName} ${formState.errors.network ? 'border-danger' : 'border-surface-border'}`}
              {...errorAttributes(formState.errors.network?.message, `${networkId}-error`)}
              {...networkField}
              onChange={(event) => {
                chosen.current.network = true;
                void networkField.onChange(event);
              }}
            >
              {networks.map((option) => (
                <option key={option} value={option}>
                  {t(NETWORK_LABELS[option])}
                </option>
              ))}
            </select>
          </FieldShell>
          <TextField
            label={t('wallet.withdraw.address')}
            autoComplete="off"
            spellCheck={false}
            placeholder={addressPlaceholder(network)}
            className="font-mono"
            error={formState.errors.address?.message}
            {...addressField}
            onChange={(event) => {
              chosen.current.address = true;
              void addressField.onChange(event);
            }}
          />
          <CheckboxField
            label={t('wallet.addresses.save')}
            checked={saveThis}
            onChange={(event) => setSaveThis(event.target.checked)}
          />
        </fieldset>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        {success ? <FormAlert tone="success">{success}</FormAlert> : null}
        {pendingValues ? null : (
          <SubmitButton
            pending={busy}
            disabled={noNetworks}
            label={t('wallet.withdraw.submit')}
            pendingLabel={t('wallet.withdraw.submitting')}
          />
        )}
      </form>
      {pendingValues && stepUpFactor ? (
        <div className="mt-4">
          <TotpStepUp
            factorId={stepUpFactor}
            description={t('wallet.withdraw.step_up')}
            onVerified={() => {
              const values = pendingValues;
              setPendingValues(null);
              void send(values);
            }}
            onCancel={() => setPendingValues(null)}
          />
        </div>
      ) : null}
    </Card>
  );
}

function SavedMethodSelect({
  methods,
  onPick,
}: {
  methods: readonly SavedWalletMethod[];
  onPick: (method: SavedWalletMethod) => void;
}) {
  const id = useId();
  const initial = methods.findIndex((method) => method.isDefault);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {t('wallet.withdraw.saved')}
      </label>
      <select
        id={id}
        defaultValue={initial >= 0 ? String(initial) : ''}
        className={`${inputClassName} border-surface-border`}
        onChange={(event) => {
          const method = methods[Number(event.target.value)];
          if (event.target.value !== '' && method) onPick(method);
        }}
      >
        <option value="">{t('wallet.withdraw.saved_none')}</option>
        {methods.map((method, index) => (
          <option key={`${method.network}-${method.address}`} value={String(index)}>
            {`${method.label ? `${method.label}: ` : ''}${method.network} ${method.address}${method.isDefault ? ` ${t('wallet.withdraw.saved_default')}` : ''}`}
          </option>
        ))}
      </select>
    </div>
  );
}
