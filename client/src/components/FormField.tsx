import type { ReactNode } from 'react';
import { Field, Input, Textarea } from '@chakra-ui/react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

/** What a text field holds: text as typed (optional fields may start empty or null; a number field may start as a number). */
export type TextValue = string | number | null | undefined;

export interface FieldProps<Values extends FieldValues, Output extends FieldValues> {
  /** The form's `control` (useZodForm): the field reads and writes its value and error there. */
  control: Control<Values, unknown, Output>;
  name: FieldPathByValue<Values, TextValue>;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
}

interface FormFieldProps<Values extends FieldValues, Output extends FieldValues> extends FieldProps<Values, Output> {
  type?: 'text' | 'email' | 'tel' | 'password' | 'number' | 'date';
  autoComplete?: string;
  placeholder?: string;
  multiline?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number | 'any';
  /** Rewrites what is typed before the form keeps it (a code field keeps digits only). */
  normalize?: (value: string) => string;
}

/** A labelled input bound to its form field, its error beside it: the one field component every form uses. */
export function FormField<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
  label,
  required,
  helperText,
  type = 'text',
  autoComplete,
  placeholder,
  multiline,
  maxLength,
  min,
  max,
  step,
  normalize,
}: FormFieldProps<Values, Output>) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  const common = {
    name: field.name,
    value: (field.value as TextValue) ?? '',
    onBlur: field.onBlur,
    onChange: (event: { target: { value: string } }) => field.onChange(normalize ? normalize(event.target.value) : event.target.value),
    placeholder,
    maxLength,
    bg: 'white',
    'aria-describedby': error ? `${name}-error` : undefined,
  };
  return (
    <FieldFrame label={label} name={name} required={required} error={error} helperText={helperText}>
      {multiline ? (
        <Textarea {...common} ref={field.ref} rows={multiline} />
      ) : (
        <Input {...common} ref={field.ref} type={type} autoComplete={autoComplete} min={min} max={max} step={step} />
      )}
    </FieldFrame>
  );
}

/** The label, the required mark, the helper text and the error (contrast-safe red) around one control. */
export function FieldFrame({
  label,
  name,
  required,
  error,
  helperText,
  children,
}: {
  label: string;
  name: string;
  required?: boolean | undefined;
  error: string | undefined;
  helperText?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator color="red.700" /> : null}
      </Field.Label>
      {children}
      {helperText && !error ? <Field.HelperText color="gray.700">{helperText}</Field.HelperText> : null}
      {error ? (
        <Field.ErrorText id={`${name}-error`} color="red.700">
          {error}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
