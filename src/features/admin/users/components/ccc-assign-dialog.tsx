import { useId, useState } from 'react';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { useAssignCccPackage } from '@/data/ccc/assign-ccc-package';
import { useCccAvailability } from '@/data/ccc/get-ccc-availability';
import { useUserPackages, type UserPackage } from '@/data/ccc/get-ccc-packages';
import { useRemoveCccAssignment } from '@/data/ccc/remove-ccc-assignment';
import type { AdminUser } from '@/data/users/list-users';
import { t } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import { formatDate } from '@/lib/format';
import type { Enums } from '@/types/database.types';
import { FormFooter } from '../../shared/components/form-footer';
import { adminErrorMessage } from '../../shared/utils/errors';
import { cccAssignSchema } from '../schemas/ccc-assign.schema';

function MemberPackages({ userId }: { userId: string }) {
  const packages = useUserPackages(userId);
  const removal = useRemoveCccAssignment();
  const toast = useToast();
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = async (item: UserPackage) => {
    setRemoving(item.id);
    try {
      await removal.mutateAsync({ assignmentId: item.id, userId });
      toast.show(t('admin.ccc.removed', { tier: item.package_tier }));
    } catch (failure) {
      toast.show(adminErrorMessage(failure, 'admin.ccc.remove_failed'), 'error');
    } finally {
      setRemoving(null);
    }
  };

  if (packages.isPending) return <Spinner className="h-5 w-5" />;
  if (packages.isError) {
    return <ErrorState message={t('ccc.load_failed')} onRetry={() => void packages.refetch()} />;
  }
  const active = packages.data.filter((item) => item.active);
  if (active.length === 0) return <p className="text-sm text-ink-muted">{t('admin.ccc.none')}</p>;
  return (
    <ul className="divide-y divide-surface-border rounded-lg border border-surface-border">
      {active.map((item) => (
        <li key={item.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
          <span>
            <span className="font-semibold">{item.package_tier}</span> · {item.ccc_amount} CCC ·{' '}
            {t('admin.ccc.until', { date: formatDate(item.end_date) })}
          </span>
          <Button
            variant="ghost-danger"
            className="px-2 py-1"
            onClick={() => void remove(item)}
            disabled={removing !== null}
            aria-label={t('admin.ccc.remove_label', { tier: item.package_tier, date: formatDate(item.end_date) })}
          >
            {removing === item.id ? <Spinner className="h-4 w-4" /> : null}
            {t('admin.ccc.remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The CCC package assignment modal (product.md#dashboard-2, §5): a tier ('Wybierz pakiet'; tiers without
 * free slots are disabled) and a quantity 1–10; below, the member's active packages with removal.
 */
export function CccAssignDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const availability = useCccAvailability();
  const assign = useAssignCccPackage();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useZodForm(cccAssignSchema, {
    defaultValues: { tier: '', quantity: '1' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const tier = values.tier as Enums<'ccc_tier'>;
    const quantity = Number(values.quantity);
    const free = availability.data?.find((row) => row.tier === tier)?.available_slots ?? 0;
    if (quantity > free) {
      setError(t('ccc.no_slots'));
      return;
    }
    try {
      await assign.mutateAsync({ userId: user.user_id, tier, quantity });
      toast.show(t('admin.ccc.assigned', { tier, quantity }));
      reset({ tier: '', quantity: '1' });
    } catch (failure) {
      setError(adminErrorMessage(failure, 'ccc.assign_failed'));
    }
  });

  const options = (availability.data ?? []).map((row) => ({
    value: row.tier,
    label: t('admin.ccc.option', { tier: row.tier, free: row.available_slots, total: row.total_slots }),
    disabled: row.available_slots <= 0,
  }));
  const pending = formState.isSubmitting;
  const headingId = useId();

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('admin.ccc.title')}
      description={user.full_name ? `${user.full_name} (${user.email})` : user.email}
      size="lg"
      dismissible={!pending}
    >
      {availability.isError ? (
        <div className="mt-4">
          <ErrorState message={t('ccc.load_failed')} onRetry={() => void availability.refetch()} />
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <SelectField
              label={t('admin.ccc.package')}
              placeholder={availability.isPending ? t('app.loading') : t('admin.ccc.choose')}
              options={options}
              error={formState.errors.tier?.message}
              {...register('tier')}
            />
            <TextField
              label={t('admin.ccc.quantity')}
              type="number"
              inputMode="numeric"
              min={1}
              max={10}
              step={1}
              error={formState.errors.quantity?.message}
              {...register('quantity')}
            />
          </div>
          <FormFooter
            error={error}
            pending={pending}
            submitWidth="w-48"
            submitDisabled={availability.isPending}
            submitLabel={t('admin.ccc.assign')}
            pendingLabel={t('common.processing')}
          />
        </form>
      )}
      <section className="mt-6 space-y-2" aria-labelledby={headingId}>
        <h3 id={headingId} className="text-sm font-semibold text-ink">
          {t('admin.ccc.member_packages')}
        </h3>
        <MemberPackages userId={user.user_id} />
      </section>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          {t('app.close')}
        </Button>
      </div>
    </Dialog>
  );
}
