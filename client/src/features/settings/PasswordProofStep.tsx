import { Button, HStack, Text } from '@chakra-ui/react';
import { z } from 'zod';
import { Form } from '../../components/Form';
import { FormField } from '../../components/FormField';
import { useZodForm, type ZodForm } from '../../lib/use-form';

const proofInput = z.object({ password: z.string().min(1, 'Enter your current password') });
export type PasswordProof = z.infer<typeof proofInput>;

interface PasswordProofStepProps {
  /** What the password is asked for, above the field. */
  reason: string;
  submitLabel: string;
  isSubmitting: boolean;
  /** Sends the proof; a refusal lands beside the field through the form's `fail`. */
  onSubmit: (proof: PasswordProof, form: ZodForm<PasswordProof>) => void;
  onCancel: () => void;
}

/**
 * The current password, asked before a two-factor change that a stolen session alone must not
 * make: turning it off, or sending its codes to another phone or by another method.
 */
export function PasswordProofStep({ reason, submitLabel, isSubmitting, onSubmit, onCancel }: PasswordProofStepProps) {
  const form = useZodForm(proofInput, { password: '' });
  return (
    <Form label={submitLabel} onSubmit={form.handleSubmit((proof) => onSubmit(proof, form))}>
      <Text color="gray.700">{reason}</Text>
      <FormField control={form.control} name="password" label="Current password" type="password" autoComplete="current-password" required />
      <HStack gap="3">
        <Button type="submit" colorPalette="blue" loading={isSubmitting} loadingText="Checking...">
          {submitLabel}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </HStack>
    </Form>
  );
}
