import { useId } from 'react';
import { inputClassName } from '@/components/form/text-field';
import type { UsdtNetworkSettings } from '@/data/usdt/get-usdt-networks';
import type { UsdtNetwork } from '@/data/wallet/networks';
import { t } from '@/i18n/plans';

const LABELS: Record<
  UsdtNetwork,
  'payment.usdt.network_trc20' | 'payment.usdt.network_erc20' | 'payment.usdt.network_bsc'
> = {
  TRC20: 'payment.usdt.network_trc20',
  ERC20: 'payment.usdt.network_erc20',
  BSC: 'payment.usdt.network_bsc',
};

/**
 * The USDT network of the payment (issue 37): the club's networks that are switched on, a native
 * select. The order is recorded on it, with its own exact amount, and our payment page shows the
 * club's address on that network.
 */
export function UsdtNetworkChoice({
  networks,
  value,
  onChange,
  disabled,
}: {
  networks: readonly UsdtNetworkSettings[];
  value: UsdtNetwork | null;
  onChange: (network: UsdtNetwork) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {t('payment.usdt.network')}
      </label>
      <select
        id={id}
        className={`${inputClassName} border-surface-border`}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value as UsdtNetwork)}
        disabled={disabled}
      >
        {networks.map((row) => (
          <option key={row.network} value={row.network}>
            {t(LABELS[row.network])}
          </option>
        ))}
      </select>
      <p className="text-xs text-ink-muted">{t('payment.usdt.network_hint')}</p>
    </div>
  );
}
