import { CatalogueTab } from '@/features/admin/catalogue/components/catalogue-tab';

/** /dashboard/admin/catalogue: a lazy chunk of its own. */
export function Component() {
  return <CatalogueTab />;
}
