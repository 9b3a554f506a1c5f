import { NativeSelect } from '@chakra-ui/react';
import { useController, type FieldValues } from 'react-hook-form';
import { FieldFrame, type FieldProps } from './FormField';

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select (keyboard and screen-reader friendly) bound to its form field, its error beside it. */
export function SelectField<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
  label,
  required,
  helperText,
  options,
  placeholder,
}: FieldProps<Values, Output> & { options: SelectOption[]; placeholder?: string }) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  return (
    <FieldFrame label={label} name={name} required={required} error={error} helperText={helperText}>
      <NativeSelect.Root>
        <NativeSelect.Field
          ref={field.ref}
          name={field.name}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          aria-describedby={error ? `${name}-error` : undefined}
          bg="white"
        >
          <SelectOptions options={options} placeholder={placeholder} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldFrame>
  );
}

/** The options of a native select, after the empty choice when there is one. */
export function SelectOptions({ options, placeholder }: { options: SelectOption[]; placeholder?: string | undefined }) {
  return (
    <>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
