import { NativeSelect } from '@chakra-ui/react';
import { useController, type FieldValues } from 'react-hook-form';
import { FieldFrame, type FieldProps } from './FormField';
import { SelectOptions, type SelectOption } from './SelectOptions';

// The options alone live in SelectOptions.tsx (no form library), for the plain selects of a list's filters.
export { SelectOptions, type SelectOption } from './SelectOptions';

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
