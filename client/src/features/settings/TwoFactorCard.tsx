import { useState } from 'react';
import { Box, Button, Field, HStack, RadioGroup, Stack, Switch, Text } from '@chakra-ui/react';
import { useController } from 'react-hook-form';
import type { SettingsOutput } from '#shared/schemas/settings.js';
import {
  sendCodeInput,
  TWO_FACTOR_METHODS,
  TWO_FACTOR_TEXT,
  type TwoFactorMethod,
  type TwoFactorState,
} from '#shared/schemas/two-factor.js';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { PasswordProofStep, type PasswordProof } from './PasswordProofStep';
import { SettingsCard } from './SettingsCard';
import { useCountdown } from './use-countdown';
import { VerificationCodeStep, type VerificationOutcome } from './VerificationCodeStep';

const methodLabel: Record<TwoFactorMethod, string> = { sms: 'SMS', email: 'Email' };

/**
 * The spec's two-factor flow: off, with the method chosen (SMS by default, or email); switching
 * on sends a code and shows the code entry (Verify Code, Cancel); the right code turns it on and
 * the card says "2FA is enabled via {method}". Switching off, or moving the codes to the phone now
 * on the profile or to another method, first asks for the current password (issue 10); a new
 * phone gets a code of its own before any sign-in code goes to it.
 */
export function TwoFactorCard({ profile }: { profile: SettingsOutput['profile'] }) {
  const { enabled } = profile.twoFactor;
  // The method is the form turning the switch on sends; the server's refusal of it lands beside the choice.
  const form = useZodForm(sendCodeInput, { method: profile.twoFactor.method });
  const { field: methodField, fieldState: methodState } = useController({ control: form.control, name: 'method' });
  const method = methodField.value;
  const [isEnteringCode, setEnteringCode] = useState(false);
  /** Asking for the current password: before turning off, or before a code to a new phone or method. */
  const [proofFor, setProofFor] = useState<'disable' | 'change' | null>(null);
  // The method of the last code sent: within its 60 seconds, switching on again goes back to it rather than asking for another.
  const [sentMethod, setSentMethod] = useState<TwoFactorMethod | null>(null);
  const countdown = useCountdown();
  // The one refusal of a method is SMS without a phone: it no longer applies once the profile has one.
  const methodError = methodState.error?.message;
  const shownMethodError = methodError && !(method === 'sms' && profile.phone) ? methodError : null;
  const utils = trpc.useUtils();
  const sendCode = trpc.twoFactor.sendCode.useMutation();
  const verify = trpc.twoFactor.verify.useMutation();
  const disable = trpc.twoFactor.disable.useMutation();

  /** The new state at once (no flash of the previous one), then the server's word on it. */
  const showState = (state: TwoFactorState) => {
    utils.settings.get.setData(undefined, (current) =>
      current ? { ...current, profile: { ...current.profile, twoFactor: state } } : current,
    );
    void utils.settings.get.invalidate();
  };

  const codeSent = (sent: { method: TwoFactorMethod; resendAfterSeconds: number }) => {
    notify.success(TWO_FACTOR_TEXT.sentTitle, TWO_FACTOR_TEXT.sentMessage(sent.method));
    countdown.restart(sent.resendAfterSeconds);
    setSentMethod(sent.method);
    setProofFor(null);
    setEnteringCode(true);
  };

  const requestCode = form.handleSubmit((input) => sendCode.mutate(input, { onSuccess: codeSent, onError: form.fail('Error') }));

  /** While it is on: a code to the profile's phone (or by another method), after the current password. */
  const requestChange = ({ password }: PasswordProof, proofForm: { fail: (title: string) => (error: unknown) => void }) =>
    sendCode.mutate({ method, password }, { onSuccess: codeSent, onError: proofForm.fail('Error') });

  const onVerify = (code: string, outcome: VerificationOutcome) =>
    verify.mutate(
      { code },
      {
        onSuccess: (result) => {
          if (!result.success) {
            outcome.refused(result.message);
            return;
          }
          notify.success(TWO_FACTOR_TEXT.enabledTitle, TWO_FACTOR_TEXT.enabledMessage);
          showState(result.state);
          setEnteringCode(false);
          void utils.settings.sessions.invalidate();
        },
        onError: outcome.failed,
      },
    );

  const turnOff = ({ password }: PasswordProof, proofForm: { fail: (title: string) => (error: unknown) => void }) =>
    disable.mutate(
      { password },
      {
        onSuccess: (state) => {
          notify.success(TWO_FACTOR_TEXT.disabledTitle, TWO_FACTOR_TEXT.disabledMessage);
          setProofFor(null);
          showState(state);
          void utils.settings.sessions.invalidate();
        },
        onError: proofForm.fail('Error'),
      },
    );

  const onSwitch = (checked: boolean) => {
    if (checked && countdown.remaining > 0 && sentMethod === method) setEnteringCode(true);
    else if (checked) void requestCode();
    else if (isEnteringCode) setEnteringCode(false);
    else setProofFor('disable');
  };

  const methodChoice = (
    <Field.Root invalid={Boolean(shownMethodError)}>
      <RadioGroup.Root
        name={methodField.name}
        value={method}
        onValueChange={(event) => {
          if (event.value === 'sms' || event.value === 'email') methodField.onChange(event.value);
        }}
        colorPalette="blue"
        aria-describedby={shownMethodError ? 'two-factor-method-error' : undefined}
      >
        <RadioGroup.Label fontWeight="medium">Send codes by</RadioGroup.Label>
        <HStack gap="6" mt="2">
          {TWO_FACTOR_METHODS.map((value) => (
            <RadioGroup.Item key={value} value={value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{methodLabel[value]}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
      {shownMethodError ? (
        <Field.ErrorText id="two-factor-method-error" color="red.700">
          {shownMethodError}
        </Field.ErrorText>
      ) : (
        <Field.HelperText color="gray.700">
          {method === 'sms' ? `Codes go to ${profile.phone ?? 'the phone on your profile'}.` : `Codes go to ${profile.email}.`} Turning it
          on or off signs out your other devices.
        </Field.HelperText>
      )}
    </Field.Root>
  );

  return (
    <SettingsCard title="Two-Factor Authentication" description="Ask for a code sent to your phone or email each time you sign in">
      <Stack gap="5">
        <Switch.Root
          // Follows each request as it goes, so a refused one turns the switch back (the switch only
          // re-reads `checked` when it changes).
          checked={isEnteringCode || sendCode.isPending || (enabled && !disable.isPending)}
          onCheckedChange={(event) => onSwitch(event.checked)}
          disabled={sendCode.isPending || disable.isPending || verify.isPending}
          colorPalette="blue"
        >
          <Switch.HiddenInput role="switch" />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>Two-factor authentication</Switch.Label>
        </Switch.Root>

        {isEnteringCode ? (
          <VerificationCodeStep
            sentTo={method === 'sms' ? 'your phone' : 'your email'}
            isVerifying={verify.isPending}
            onVerify={onVerify}
            onCancel={() => setEnteringCode(false)}
            resendInSeconds={countdown.remaining}
            isResending={sendCode.isPending}
            onResend={() => void (enabled ? setProofFor('change') : requestCode())}
          />
        ) : enabled ? (
          <Stack gap="4">
            <Box role="status" bg="green.50" borderWidth="1px" borderColor="green.200" borderRadius="md" px="4" py="3">
              <Text color="green.900">
                <Text as="span" fontWeight="semibold">
                  Status:
                </Text>{' '}
                2FA is enabled via {methodLabel[profile.twoFactor.method]}
              </Text>
            </Box>
            {proofFor === 'disable' ? (
              <PasswordProofStep
                reason="Enter your current password to turn off two-factor authentication."
                submitLabel="Turn Off 2FA"
                isSubmitting={disable.isPending}
                onSubmit={turnOff}
                onCancel={() => setProofFor(null)}
              />
            ) : proofFor === 'change' ? (
              <Stack gap="4">
                {methodChoice}
                <PasswordProofStep
                  reason="Codes keep going where they go now until the new phone or email is verified. Enter your current password to send it a code."
                  submitLabel="Send Code"
                  isSubmitting={sendCode.isPending}
                  onSubmit={requestChange}
                  onCancel={() => setProofFor(null)}
                />
              </Stack>
            ) : (
              <Box>
                <Button variant="outline" size="sm" onClick={() => setProofFor('change')}>
                  Change Phone or Method
                </Button>
              </Box>
            )}
          </Stack>
        ) : (
          methodChoice
        )}
      </Stack>
    </SettingsCard>
  );
}
