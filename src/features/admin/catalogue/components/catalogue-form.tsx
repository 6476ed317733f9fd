import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod/mini';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Card } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { useZodForm } from '@/lib/form';
import { FormFooter } from '../../shared/components/form-footer';
import { useSubmitFailure } from '../../shared/hooks/use-submit-failure';

/** One field of a catalogue form. */
export type CatalogueField<Name extends string> = {
  name: Name;
  label: string;
  hint?: string;
  /** An input's keyboard; prices and shares are 'decimal', counts 'numeric'. */
  inputMode?: 'decimal' | 'numeric';
  /** A textarea of this many rows instead of an input. */
  rows?: number;
  /** An address: monospace, no spell check. */
  mono?: boolean;
};

/** Fields side by side (`columns`: the grid's column classes), or one under another without it. */
export type CatalogueFieldGroup<Name extends string> = {
  columns?: string;
  fields: readonly CatalogueField<Name>[];
};

type CatalogueFormProps<Schema extends z.ZodMiniType<FieldValues, FieldValues>> = {
  title: string;
  headingLevel?: 2 | 3;
  schema: Schema;
  defaultValues: DefaultValues<z.input<Schema>>;
  groups: readonly CatalogueFieldGroup<Path<z.input<Schema>>>[];
  /** A line under the fields. */
  note?: string;
  /** The save (the row's admin RPC); the toast `savedMessage` follows it, its failure stays in the form. */
  save: (values: z.output<Schema>) => Promise<unknown>;
  savedMessage: string;
  submitLabel: string;
  /** The submit button's width class, e.g. 'w-40'. */
  submitWidth: string;
};

/**
 * The one shape of the catalogue's forms (a plan, a CCC tier, the token): a card with the row's
 * fields, checked by the row's schema, saved by its RPC, with a toast on success and the database's
 * reason (or 'admin.catalogue.save_failed') in the form on failure.
 */
export function CatalogueForm<Schema extends z.ZodMiniType<FieldValues, FieldValues>>({
  title,
  headingLevel,
  schema,
  defaultValues,
  groups,
  note,
  save,
  savedMessage,
  submitLabel,
  submitWidth,
}: CatalogueFormProps<Schema>) {
  const toast = useToast();
  const { error, attempt } = useSubmitFailure('admin.catalogue.save_failed');
  const { register, handleSubmit, formState, getFieldState } = useZodForm(schema, { defaultValues });

  const onSubmit = handleSubmit((values) =>
    attempt(async () => {
      await save(values);
      toast.show(savedMessage);
    }),
  );

  const renderField = ({ name, label, hint, inputMode, rows, mono }: CatalogueField<Path<z.input<Schema>>>) => {
    const fieldError = getFieldState(name, formState).error?.message;
    return rows ? (
      <TextareaField key={name} label={label} hint={hint} rows={rows} error={fieldError} {...register(name)} />
    ) : (
      <TextField
        key={name}
        label={label}
        hint={hint}
        inputMode={inputMode}
        autoComplete="off"
        spellCheck={mono ? false : undefined}
        className={mono ? 'font-mono' : undefined}
        error={fieldError}
        {...register(name)}
      />
    );
  };

  return (
    <Card title={title} headingLevel={headingLevel}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {groups.map((group, index) =>
          group.columns ? (
            <div key={index} className={`grid gap-3 ${group.columns}`}>
              {group.fields.map(renderField)}
            </div>
          ) : (
            group.fields.map(renderField)
          ),
        )}
        {note ? <p className="text-sm text-ink-muted">{note}</p> : null}
        <FormFooter
          error={error}
          pending={formState.isSubmitting}
          submitWidth={submitWidth}
          submitLabel={submitLabel}
        />
      </form>
    </Card>
  );
}
