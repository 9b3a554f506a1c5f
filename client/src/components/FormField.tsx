import type { ReactNode } from 'react';
import { Field, Input, Textarea } from '@chakra-ui/react';

interface FormFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  type?: 'text' | 'email' | 'tel' | 'password' | 'number' | 'date';
  autoComplete?: string;
  placeholder?: string;
  multiline?: number;
  helperText?: ReactNode;
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number | 'any';
}

/** A labelled input with its error beside it: the one field component every form uses. */
export function FormField({
  label,
  name,
  value,
  onChange,
  error,
  required,
  type = 'text',
  autoComplete,
  placeholder,
  multiline,
  helperText,
  maxLength,
  min,
  max,
  step,
}: FormFieldProps) {
  const common = {
    name,
    value,
    placeholder,
    maxLength,
    'aria-describedby': error ? `${name}-error` : undefined,
  };
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator color="red.700" /> : null}
      </Field.Label>
      {multiline ? (
        <Textarea {...common} rows={multiline} onChange={(event) => onChange(event.target.value)} bg="white" />
      ) : (
        <Input
          {...common}
          min={min}
          max={max}
          step={step}
          type={type}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
          bg="white"
        />
      )}
      {helperText && !error ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {error ? (
        <Field.ErrorText id={`${name}-error`} color="red.700">
          {error}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
