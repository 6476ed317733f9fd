import { Fragment, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod/mini';
import { SelectField, type SelectOption } from '@/components/form/select-field';
import { TextareaField } from '@/components/form/textarea-field';
import { TextField } from '@/components/form/text-field';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { t, type AdminAreaMessageKey } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import { useSubmitFailure } from '../hooks/use-submit-failure';
import { FormFooter } from './form-footer';

/** One line of the summary above a decision's fields. */
export type DecisionDetail = { label: string; value: ReactNode; className?: string };

/**
 * A decision's field: 'amount' a decimal input, 'hash' a transaction hash (monospace, no spell
 * check), 'reason' the reason the member will see (a textarea), 'text' a short line, 'choice' a
 * select with a 'Wybierz…' first option.
 */
export type DecisionField<Name extends string> =
  | {
      name: Name;
      label: string;
      kind: 'amount' | 'hash' | 'reason' | 'text';
      /** A reason's hint (by default: the member will see it in the notification). */
      hint?: string;
    }
  | { name: Name; label: string; kind: 'choice'; options: readonly SelectOption[]; hint?: undefined };

type DecisionDialogProps<Schema extends z.ZodMiniType<FieldValues, FieldValues>, Result> = {
  title: string;
  /** What is being decided (the order, the withdrawal request). */
  details: readonly DecisionDetail[];
  fields: readonly DecisionField<Path<z.input<Schema>>>[];
  schema: Schema;
  defaultValues: DefaultValues<z.input<Schema>>;
  /** Records the decision (the admin RPC). */
  decide: (values: z.output<Schema>) => Promise<Result>;
  /** The toast once the decision is recorded. */
  doneMessage: (result: Result) => string;
  /** The text when the database gives no reason of its own. */
  failure: AdminAreaMessageKey;
  submitLabel: string;
  onClose: () => void;
};

/**
 * The one dialog of the admin's decisions on a pending request (confirm or reject a payment,
 * complete or fail a withdrawal): the request's summary, the decision's fields, cancel and submit.
 * Recorded: a toast and close. Refused: the reason in the dialog, which stays open; it cannot be
 * dismissed while the decision is on its way.
 */
export function DecisionDialog<Schema extends z.ZodMiniType<FieldValues, FieldValues>, Result>({
  title,
  details,
  fields,
  schema,
  defaultValues,
  decide,
  doneMessage,
  failure,
  submitLabel,
  onClose,
}: DecisionDialogProps<Schema, Result>) {
  const toast = useToast();
  const { error, attempt } = useSubmitFailure(failure);
  const { register, handleSubmit, formState, getFieldState } = useZodForm(schema, { defaultValues });
  const pending = formState.isSubmitting;

  const onSubmit = handleSubmit((values) =>
    attempt(async () => {
      const result = await decide(values);
      toast.show(doneMessage(result));
      onClose();
    }),
  );

  const renderField = (field: DecisionField<Path<z.input<Schema>>>) => {
    const { name, label, kind, hint } = field;
    const fieldError = getFieldState(name, formState).error?.message;
    if (field.kind === 'choice') {
      return (
        <SelectField
          key={name}
          label={label}
          placeholder={t('admin.choose')}
          options={field.options}
          error={fieldError}
          {...register(name)}
        />
      );
    }
    if (kind === 'reason') {
      return (
        <TextareaField
          key={name}
          label={label}
          hint={hint ?? t('admin.withdrawals.reason_hint')}
          rows={3}
          error={fieldError}
          {...register(name)}
        />
      );
    }
    return (
      <TextField
        key={name}
        label={label}
        inputMode={kind === 'amount' ? 'decimal' : undefined}
        autoComplete="off"
        spellCheck={kind === 'hash' ? false : undefined}
        className={kind === 'hash' ? 'font-mono text-xs' : undefined}
        error={fieldError}
        {...register(name)}
      />
    );
  };

  return (
    <Dialog open onClose={onClose} title={title} dismissible={!pending}>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {details.map((detail) => (
          <Fragment key={detail.label}>
            <dt className="text-ink-muted">{detail.label}</dt>
            <dd className={detail.className}>{detail.value}</dd>
          </Fragment>
        ))}
      </dl>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        {fields.map(renderField)}
        <FormFooter
          error={error}
          pending={pending}
          submitWidth="w-48"
          submitLabel={submitLabel}
          pendingLabel={t('common.processing')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
