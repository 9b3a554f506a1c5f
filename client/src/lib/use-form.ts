import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { reportFailure } from './errors';
import { errorDetails } from './trpc';

/**
 * The one form pattern: react-hook-form checked by the same zod schema the server uses. The
 * values are what the fields hold (text as typed, booleans for switches); `handleSubmit` hands
 * over the schema's parsed output. Errors show beside their fields (`FormField`, `SelectField`),
 * from the schema on submit (and again as the person corrects them) or from the server.
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  /** Every field of the form, as it starts (undefined for a choice not made yet). */
  defaultValues: DefaultValues<z.input<Schema>>,
) {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  /**
   * Puts the server's field errors (error.data.fieldErrors, keyed by field name) beside the
   * fields of this form that they name; returns the server's message.
   */
  const showServerErrors = (error: unknown): string => {
    const details = errorDetails(error);
    for (const [name, message] of Object.entries(details.fieldErrors)) {
      if (Object.hasOwn(defaultValues, name)) {
        form.setError(name as Path<z.input<Schema>>, { type: 'server', message }, { shouldFocus: true });
      }
    }
    return details.message;
  };

  /** A failed submit (the error rule in errors.ts): the fields it names are marked, and one toast tells it. */
  const fail =
    (title: string, fallback?: string) =>
    (error: unknown): void => {
      showServerErrors(error);
      reportFailure(title, error, fallback);
    };

  return Object.assign(form, { showServerErrors, fail });
}

export type ZodForm<Values extends FieldValues, Output extends FieldValues = Values> = ReturnType<
  typeof useForm<Values, unknown, Output>
> & {
  showServerErrors: (error: unknown) => string;
  fail: (title: string, fallback?: string) => (error: unknown) => void;
};
