import type { FormEvent, ReactNode } from 'react';
import { chakra, Stack } from '@chakra-ui/react';

/**
 * A form on a page (sign in, contact, a settings card): named for assistive technology, its
 * fields stacked, checked by its schema rather than the browser's (useZodForm's `handleSubmit`).
 */
export function Form({
  label,
  onSubmit,
  pt,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  pt?: string;
  children: ReactNode;
}) {
  return (
    <chakra.form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label}>
      <Stack gap="4" pt={pt}>
        {children}
      </Stack>
    </chakra.form>
  );
}
