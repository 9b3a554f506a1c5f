import { useState } from 'react';
import type { z } from 'zod';
import { errorDetails } from './trpc';

/**
 * The one form pattern: values as strings, checked with the same zod schema the server
 * uses, errors shown beside their field, and server field errors mapped back onto them.
 */
export function useForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(schema: Schema, initial: z.input<Schema>) {
  const [values, setValues] = useState<z.input<Schema>>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof z.input<Schema> & string, string>>>({});

  const setField = <Key extends keyof z.input<Schema> & string>(key: Key, value: z.input<Schema>[Key]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };

  /** The parsed values, or null after showing every field's first error. */
  const validate = (): z.output<Schema> | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'form');
      next[key] ??= issue.message;
    }
    setErrors(next as typeof errors);
    return null;
  };

  /** Shows a server error beside its field; returns the message for a toast. */
  const applyServerError = (error: unknown): string => {
    const details = errorDetails(error);
    if (Object.keys(details.fieldErrors).length > 0) setErrors(details.fieldErrors as typeof errors);
    return details.message;
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  return { values, errors, setField, validate, applyServerError, reset };
}
