import { Button, HStack, Text } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { TWO_FACTOR_CODE_LENGTH, TWO_FACTOR_TEXT, verifyCodeInput } from '#shared/schemas/two-factor.js';
import { Form } from '../../components/Form';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/toaster';
import { useZodForm } from '../../lib/use-form';

/** How a verification ended badly: the server refused the call, or answered that the code is wrong. */
export interface VerificationOutcome {
  failed: (error: unknown) => void;
  refused: (message: string) => void;
}

interface VerificationCodeStepProps {
  /** Where the code went, for the sentence above the field ("your phone", "your email"). */
  sentTo: string;
  isVerifying: boolean;
  onVerify: (code: string, outcome: VerificationOutcome) => void;
  onCancel: () => void;
  resendInSeconds: number;
  isResending: boolean;
  onResend: () => void;
}

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, TWO_FACTOR_CODE_LENGTH);

/**
 * The spec's code entry: a field of at most 6 characters, "Verify Code" enabled only with exactly 6,
 * and "Cancel" (which drops the code). A new code may be asked for once the 60 seconds have passed.
 * A wrong code is the spec's "Invalid Code" toast, and the field says so too.
 * Used when turning two-factor authentication on and when signing in with it.
 */
export function VerificationCodeStep({
  sentTo,
  isVerifying,
  onVerify,
  onCancel,
  resendInSeconds,
  isResending,
  onResend,
}: VerificationCodeStepProps) {
  const form = useZodForm(verifyCodeInput, { code: '' });
  const isComplete = useWatch({ control: form.control, name: 'code' }).length === TWO_FACTOR_CODE_LENGTH;

  const refused = (message: string) => {
    form.setError('code', { type: 'server', message }, { shouldFocus: true });
    notify.error(TWO_FACTOR_TEXT.invalidTitle, message);
  };
  const failed = (error: unknown) => {
    const message = form.showServerErrors(error);
    notify.error(message === TWO_FACTOR_TEXT.invalidMessage ? TWO_FACTOR_TEXT.invalidTitle : 'Error', message);
  };
  const onSubmit = form.handleSubmit(({ code }) => onVerify(code, { failed, refused }));

  return (
    <Form label="Two-factor verification" onSubmit={onSubmit}>
      <Text color="gray.700">
        Enter the {TWO_FACTOR_CODE_LENGTH}-digit code sent to {sentTo}. It expires in 10 minutes.
      </Text>
      <FormField
        control={form.control}
        name="code"
        label="Verification code"
        normalize={digitsOnly}
        maxLength={TWO_FACTOR_CODE_LENGTH}
        autoComplete="one-time-code"
        placeholder="000000"
      />
      <HStack gap="3" flexWrap="wrap">
        <Button type="submit" colorPalette="blue" disabled={!isComplete} loading={isVerifying} loadingText="Verifying...">
          Verify Code
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </HStack>
      <Button
        type="button"
        variant="plain"
        size="sm"
        alignSelf="flex-start"
        px="0"
        color="blue.700"
        disabled={resendInSeconds > 0 || isResending}
        onClick={onResend}
      >
        {resendInSeconds > 0 ? `Resend code in ${resendInSeconds} s` : isResending ? 'Sending...' : 'Resend code'}
      </Button>
    </Form>
  );
}
