import { Field, Input, NativeSelect } from '@chakra-ui/react';
import { SelectOptions, type SelectOption } from './SelectOptions';

/**
 * Labelled inputs that are no form's fields (a list's filters, a status that changes at once):
 * nothing to submit or check, so they hold a plain value. Forms use FormField and SelectField,
 * bound to their form.
 */

export function PlainInput({
  label,
  name,
  value,
  onChange,
  placeholder,
  maxLength,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        name={name}
        type="search"
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        bg="white"
      />
    </Field.Root>
  );
}

export function PlainSelect({
  label,
  name,
  value,
  onChange,
  options,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: SelectOption[];
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} value={value} onChange={(event) => onChange(event.target.value)} bg="white">
          <SelectOptions options={options} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
