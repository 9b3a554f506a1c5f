import { useState, type FormEvent } from 'react';
import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { TWO_FACTOR_CODE_LENGTH } from '#shared/schemas/two-factor.js';
import { FormField } from '../../components/FormField';

interface VerificationCodeStepProps {
  /** Where the code went, for the sentence above the field ("your phone", "your email"). */
  sentTo: string;
  isVerifying: boolean;
  onVerify: (code: string) => void;
  onCancel: () => void;
  resendInSeconds: number;
  isResending: boolean;
  onResend: () => void;
}

/**
 * The spec's code entry: a field of at most 6 characters, "Verify Code" enabled only with exactly 6,
 * and "Cancel" (which drops the code). A new code may be asked for once the 60 seconds have passed.
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
  const [code, setCode] = useState('');
  const isComplete = code.length === TWO_FACTOR_CODE_LENGTH;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isComplete) onVerify(code);
  };

  return (
    <chakra.form onSubmit={onSubmit} noValidate aria-label="Two-factor verification">
      <Stack gap="4">
        <Text color="gray.700">
          Enter the {TWO_FACTOR_CODE_LENGTH}-digit code sent to {sentTo}. It expires in 10 minutes.
        </Text>
        <FormField
          label="Verification code"
          name="code"
          value={code}
          onChange={(value) => setCode(value.replace(/\D/g, '').slice(0, TWO_FACTOR_CODE_LENGTH))}
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
      </Stack>
    </chakra.form>
  );
}
