import { useRef, useState, type FormEvent } from 'react';
import { TextField } from '@/components/form/text-field';
import { Card } from '@/components/ui/card';
import { QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { usePaymentLinks, type PaymentLinks } from '@/data/payments/list-payment-links';
import { useSavePaymentLinks, type LinkChange, type PaymentMethod } from '@/data/payments/save-payment-links';
import { t, type AdminAreaMessageKey as MessageKey } from '@/i18n/admin';
import { Constants } from '@/types/database.types';
import { FormFooter } from '../../shared/components/form-footer';
import { TabHeading } from '../../shared/components/tab-heading';
import { adminErrorMessage } from '../../shared/utils/errors';
import { checkPaymentUrl } from '../schemas/payment-link.schema';

const METHODS = Constants.public.Enums.payment_method;
const METHOD_LABELS: Record<PaymentMethod, MessageKey> = {
  transfer: 'admin.payment_links.method.transfer',
  usdt: 'admin.payment_links.method.usdt',
  acc: 'admin.payment_links.method.acc',
};
const PLAN_TIERS = ['START', 'PREMIUM', 'VIP'] as const;
const CCC_TIERS = Constants.public.Enums.ccc_tier;

type Table = LinkChange['table'];
const key = (table: Table, tier: string, method: string) => `${table}:${tier}:${method}`;

function initialValues(links: PaymentLinks): Record<string, string> {
  const values: Record<string, string> = {};
  for (const row of links.plans) values[key('plan_payment_links', row.tier, row.method)] = row.url;
  for (const row of links.ccc) values[key('ccc_payment_links', row.tier, row.method)] = row.url;
  return values;
}

function LinksForm({ links }: { links: PaymentLinks }) {
  const save = useSavePaymentLinks();
  const toast = useToast();
  const [stored] = useState(() => initialValues(links));
  const [values, setValues] = useState(stored);
  const [errors, setErrors] = useState<Record<string, MessageKey>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputs = useRef(new Map<string, HTMLInputElement>());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const changes: LinkChange[] = [];
    const found: Record<string, MessageKey> = {};
    const collect = (table: Table, tiers: readonly string[]) => {
      for (const tier of tiers) {
        for (const method of METHODS) {
          const id = key(table, tier, method);
          const value = (values[id] ?? '').trim();
          if (value === (stored[id] ?? '')) continue;
          const problem = checkPaymentUrl(value);
          if (problem) found[id] = problem;
          else changes.push({ table, tier, method, url: value } as LinkChange);
        }
      }
    };
    collect('plan_payment_links', PLAN_TIERS);
    collect('ccc_payment_links', CCC_TIERS);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      inputs.current.get(Object.keys(found)[0]!)?.focus();
      return;
    }
    if (changes.length === 0) return;
    setPending(true);
    try {
      await save.mutateAsync(changes);
      toast.show(t('admin.payment_links.saved', { count: changes.length }));
    } catch (failure) {
      setError(adminErrorMessage(failure, 'admin.payment_links.save_failed'));
    } finally {
      setPending(false);
    }
  };

  const table = (name: Table, title: string, tiers: readonly string[]) => (
    <Card title={title}>
      <div className="space-y-4">
        {tiers.map((tier) => (
          <fieldset key={tier} className="grid gap-3 md:grid-cols-3">
            <legend className="mb-1 text-sm font-semibold text-ink">{tier}</legend>
            {METHODS.map((method) => {
              const id = key(name, tier, method);
              return (
                <TextField
                  key={id}
                  ref={(element) => {
                    if (element) inputs.current.set(id, element);
                    else inputs.current.delete(id);
                  }}
                  label={t(
                    name === 'plan_payment_links' ? 'admin.payment_links.plan_field' : 'admin.payment_links.ccc_field',
                    { method: t(METHOD_LABELS[method]), tier },
                  )}
                  type="url"
                  value={values[id] ?? ''}
                  onChange={(event) => setValues((current) => ({ ...current, [id]: event.target.value }))}
                  error={errors[id]}
                  disabled={pending}
                />
              );
            })}
          </fieldset>
        ))}
      </div>
    </Card>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {table('plan_payment_links', t('admin.payment_links.plans'), PLAN_TIERS)}
      {table('ccc_payment_links', t('admin.payment_links.ccc'), CCC_TIERS)}
      <FormFooter error={error} pending={pending} submitWidth="w-48" />
    </form>
  );
}

/** Payment links tab (beyond the spec): the plan and CCC payment pages per tier and method that members open. */
export function PaymentLinksTab() {
  const links = usePaymentLinks();
  return (
    <section className="space-y-4">
      <TabHeading title={t('admin.payment_links')} description={t('admin.payment_links.description')} />
      <QueryStates query={links} loadingClassName="h-96" errorMessage={t('admin.payment_links.load_failed')}>
        {/* A new form only when the stored links change (after a save): a read again on window focus
            or reconnect with the same links keeps what the admin is typing. */}
        {(data) => <LinksForm key={JSON.stringify(initialValues(data))} links={data} />}
      </QueryStates>
    </section>
  );
}
