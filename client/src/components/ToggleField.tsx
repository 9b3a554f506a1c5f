import { Checkbox, Switch } from '@chakra-ui/react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

/** A yes/no form field: a checkbox, or a switch, bound to its form field. */
export function ToggleField<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
  label,
  kind = 'checkbox',
}: {
  control: Control<Values, unknown, Output>;
  name: FieldPathByValue<Values, boolean | null | undefined>;
  label: string;
  kind?: 'checkbox' | 'switch';
}) {
  const { field } = useController({ control, name });
  const checked = field.value === true;
  const onCheckedChange = (details: { checked: boolean | 'indeterminate' }) => field.onChange(details.checked === true);
  if (kind === 'switch') {
    return (
      <Switch.Root checked={checked} onCheckedChange={onCheckedChange} alignSelf="center" colorPalette="blue">
        <Switch.HiddenInput name={field.name} onBlur={field.onBlur} />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{label}</Switch.Label>
      </Switch.Root>
    );
  }
  return (
    <Checkbox.Root checked={checked} onCheckedChange={onCheckedChange}>
      <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
