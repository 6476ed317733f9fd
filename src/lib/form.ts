import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod/mini';
// zod's Polish texts for issues a schema gives no key for (i18n/zod-error-map.ts).
import '@/i18n/zod-locale';

/**
 * The one way forms are built: react-hook-form with a zod schema (classic or `zod/mini`). Schemas
 * carry message keys of the catalogue; fields show them with `translate()`. Validation runs on
 * submit, then again on every change of a field that has an error; the first invalid field gets
 * the focus.
 */
export function useZodForm<Schema extends z.ZodMiniType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    resolver: zodResolver(schema) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>,
  });
}

/** For forms whose resolver is built elsewhere (e.g. one that waits for a lazily loaded validator). */
export function useResolvedForm<Input extends FieldValues, Output extends FieldValues>(
  resolver: Resolver<Input, unknown, Output>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    resolver,
  });
}
