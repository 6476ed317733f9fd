import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod/mini';

type TextValues = Record<string, string>;
type Schema = z.ZodMiniType<TextValues, TextValues>;

/**
 * The landing page's sign-in form without react-hook-form (issue 24 §6: the landing page's first
 * download stays below 140 kB; react-hook-form is 13.6 kB of it). The same contract as `useZodForm`
 * (lib/form.ts) for a form of plain text inputs: uncontrolled inputs, the zod schema checked on
 * submit, then again on every change while the form has been submitted; the first invalid field
 * (in the order the fields were registered) gets the focus; the errors are the schema's message
 * keys, the first per field. Every other form keeps `useZodForm`.
 */
export function useLightForm<S extends Schema>(schema: S, defaultValues: z.input<S>) {
  type Name = keyof z.input<S> & string;
  const inputs = useRef(new Map<Name, HTMLInputElement>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const getValues = useCallback(
    (): z.input<S> =>
      Object.fromEntries(
        Object.keys(defaultValues).map((name) => [
          name,
          inputs.current.get(name as Name)?.value ?? defaultValues[name],
        ]),
      ) as z.input<S>,
    [defaultValues],
  );

  /** The first message per field, as zod lists them. */
  const check = useCallback(() => {
    const result = schema.safeParse(getValues());
    const found: Partial<Record<Name, string>> = {};
    if (!result.success)
      for (const issue of result.error.issues) {
        const name = String(issue.path[0] ?? '') as Name;
        found[name] ??= issue.message;
      }
    return { result, found };
  }, [schema, getValues]);

  const register = (name: Name) => ({
    name,
    defaultValue: defaultValues[name],
    ref: (element: HTMLInputElement | null) => {
      if (element) inputs.current.set(name, element);
      else inputs.current.delete(name);
    },
    onChange: (_event: ChangeEvent<HTMLInputElement>) => {
      if (!submitted.current) return;
      const message = check().found[name];
      setErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
    },
  });

  const handleSubmit =
    (onValid: (values: z.output<S>) => Promise<void>) =>
    async (event: FormEvent<HTMLFormElement>): Promise<void> => {
      event.preventDefault();
      submitted.current = true;
      const { result, found } = check();
      setErrors(found);
      if (!result.success) {
        const first = [...inputs.current.keys()].find((name) => found[name] !== undefined);
        if (first) inputs.current.get(first)?.focus();
        return;
      }
      setSubmitting(true);
      try {
        await onValid(result.data as z.output<S>);
      } finally {
        setSubmitting(false);
      }
    };

  const getValue = (name: Name): string => getValues()[name] as string;
  const setValue = (name: Name, value: string) => {
    const input = inputs.current.get(name);
    if (input) input.value = value;
  };
  const setFocus = useCallback((name: Name) => inputs.current.get(name)?.focus(), []);

  return { register, handleSubmit, errors, isSubmitting, getValue, setValue, setFocus };
}
