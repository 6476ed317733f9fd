import type { CccSettings } from '@/data/ccc/get-ccc-settings';
import { useUpdateCccSettings } from '@/data/ccc/update-ccc-settings';
import { t } from '@/i18n/admin';
import { cccSettingsSchema } from '../schemas/catalogue.schema';
import { CatalogueForm } from './catalogue-form';

/** The token: its contract address (empty hides the link on the CCC page) and the total supply. */
export function CccSettingsForm({ settings }: { settings: CccSettings }) {
  const update = useUpdateCccSettings();
  return (
    <CatalogueForm
      title={t('admin.catalogue.token')}
      schema={cccSettingsSchema}
      defaultValues={{ contractAddress: settings.contract_address ?? '', totalSupply: String(settings.total_supply) }}
      groups={[
        {
          columns: 'md:grid-cols-[2fr_1fr]',
          fields: [
            {
              name: 'contractAddress',
              label: t('admin.catalogue.contract_address'),
              hint: t('admin.catalogue.contract_hint'),
              mono: true,
            },
            { name: 'totalSupply', label: t('admin.catalogue.total_supply'), inputMode: 'numeric' },
          ],
        },
      ]}
      save={(values) =>
        update.mutateAsync({ contractAddress: values.contractAddress, totalSupply: Number(values.totalSupply) })
      }
      savedMessage={t('admin.catalogue.token_saved')}
      submitLabel={t('admin.catalogue.save_token')}
      submitWidth="w-40"
    />
  );
}
