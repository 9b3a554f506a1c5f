import { Stack } from '@chakra-ui/react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.js';
import { FormField, type TextValue } from './FormField';

type Names = { firstName: string; lastName: string };

/** First Name and Last Name side by side (one above the other on a phone): sign-up, joining, one's profile, an invitation. */
export function NameFields<Values extends Names, Output extends FieldValues>({
  control,
  forSelf = true,
}: {
  control: Control<Values, unknown, Output>;
  /** The person's own name (the browser may fill it in), or someone else's. */
  forSelf?: boolean;
}) {
  // Every form this serves has both fields; TypeScript cannot see that through the generic form type.
  const names = control as unknown as Control<Names>;
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
      <FormField control={names} name="firstName" label="First Name" required autoComplete={forSelf ? 'given-name' : 'off'} />
      <FormField control={names} name="lastName" label="Last Name" required autoComplete={forSelf ? 'family-name' : 'off'} />
    </Stack>
  );
}

/** A new password, with the rule it must meet: sign-up, joining, changing one's password. */
export function NewPasswordField<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
  label = 'Password',
}: {
  control: Control<Values, unknown, Output>;
  name: FieldPathByValue<Values, TextValue>;
  label?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      label={label}
      type="password"
      required
      autoComplete="new-password"
      helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
    />
  );
}
