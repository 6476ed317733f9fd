import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import type { CccSettings } from '@/data/ccc/get-ccc-settings';
import { t } from '@/i18n/plans';
import { formatInteger } from '@/lib/format';
import { explorerUrl, shortAddress } from '../utils/contract';

/**
 * The token: described as ERC20, its contract on the Ethereum explorer (address shortened to 6…4)
 * and the total supply in CCC (product.md#dashboard-2). Without settings (not loaded) only the description is
 * shown; without a contract address yet (a fresh hosted project) the entry says it will be published.
 */
export function CccTokenInfo({ settings }: { settings: CccSettings | undefined }) {
  const address = settings?.contract_address ?? null;
  return (
    <Card>
      <p className="text-ink">{t('ccc.token')}</p>
      {settings ? (
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-ink-muted">{t('ccc.contract')}</dt>
            {address ? (
              <dd className="mt-1 flex flex-wrap items-center gap-2">
                {/* The visible short address starts the link's name (axe label-content-name-mismatch). */}
                <a
                  href={explorerUrl(settings.explorer_token_url, address)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-mono text-accent underline-offset-4 hover:underline"
                >
                  {shortAddress(address)} <span className="sr-only">{t('ccc.contract_link', { address })}</span>
                </a>
                <CopyButton text={address} what={t('ccc.copy_contract')} />
              </dd>
            ) : (
              <dd className="mt-1 text-ink">{t('ccc.contract_pending')}</dd>
            )}
          </div>
          <div>
            <dt className="text-ink-muted">{t('ccc.total_supply')}</dt>
            <dd className="mt-1 font-semibold text-ink">{`${formatInteger(settings.total_supply)} CCC`}</dd>
          </div>
        </dl>
      ) : null}
    </Card>
  );
}
