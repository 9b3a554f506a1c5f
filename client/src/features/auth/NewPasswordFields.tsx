import { z } from 'zod';
import type { Control } from 'react-hook-form';
import { newPassword } from '#shared/schemas/fields.js';
import { FormField } from '../../components/FormField';
import { NewPasswordField } from '../../components/PersonFields';

/** A password chosen from a mailed link (verifying an address, a reset): typed twice, checked by the server's rule. */
export const newPasswordForm = z
  .object({ password: newPassword(), confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.password, { message: 'Passwords do not match', path: ['confirmPassword'] });

export const emptyNewPassword = { password: '', confirmPassword: '' };

type NewPasswordValues = z.input<typeof newPasswordForm>;

export function NewPasswordFields({ control }: { control: Control<NewPasswordValues, unknown, z.output<typeof newPasswordForm>> }) {
  return (
    <>
      <NewPasswordField control={control} name="password" label="New Password" />
      <FormField
        control={control}
        name="confirmPassword"
        label="Confirm New Password"
        type="password"
        required
        autoComplete="new-password"
      />
    </>
  );
}
