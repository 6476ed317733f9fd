import { Card } from '@/components/ui/card';
import { t } from '@/i18n/plans';
import { formatInteger } from '@/lib/format';
import type { CccSettings } from '@/lib/ccc/get-ccc-settings';
import { explorerUrl, shortAddress } from '../utils/contract';

/**
 * The token: described as ERC20, its contract on the Ethereum explorer (address shortened to 6…4)
 * and the total supply in CCC (dashboard.md §2). Without settings (not loaded, or no contract entered
 * yet) only the description is shown.
 */
export function CccTokenInfo({ settings }: { settings: CccSettings | undefined }) {
  const address = settings?.contract_address ?? null;
  return (
    <Card>
      <p className="text-ink">{t('ccc.token')}</p>
      {settings ? (
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          {address ? (
            <div>
              <dt className="text-ink-muted">{t('ccc.contract')}</dt>
              <dd className="mt-1">
                <a
                  href={explorerUrl(settings.explorer_token_url, address)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('ccc.contract_link', { address })}
                  className="font-mono text-accent underline-offset-4 hover:underline"
                >
                  {shortAddress(address)}
                </a>
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="text-ink-muted">{t('ccc.total_supply')}</dt>
            <dd className="mt-1 font-semibold text-ink">{`${formatInteger(settings.total_supply)} CCC`}</dd>
          </div>
        </dl>
      ) : null}
    </Card>
  );
}
