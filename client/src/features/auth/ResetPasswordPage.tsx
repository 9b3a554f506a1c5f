import { useState } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { PASSWORD_RESET_TEXTS, requestPasswordResetInput } from '#shared/schemas/auth.js';
import { Form } from '../../components/Form';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/toaster';
import { errorDetails, trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { AuthFrame } from './AuthFrame';
import { emptyNewPassword, NewPasswordFields, newPasswordForm } from './NewPasswordFields';

/**
 * /reset-password: "Forgot password?" from the sign-in tab asks for the address (the answer is
 * the same whether it has an account); with ?token= it is the mailed link, where the new password
 * is chosen. No session starts: the person signs in with it (and a code, with two-factor on).
 */
export function ResetPasswordPage({ token }: { token?: string | undefined }) {
  return token ? (
    <AuthFrame title={PASSWORD_RESET_TEXTS.resetTitle}>
      <ChooseNewPassword token={token} />
    </AuthFrame>
  ) : (
    <AuthFrame title={PASSWORD_RESET_TEXTS.forgotTitle}>
      <RequestResetLink />
    </AuthFrame>
  );
}

function RequestResetLink() {
  const form = useZodForm(requestPasswordResetInput, { email: '' });
  const request = trpc.auth.requestPasswordReset.useMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((input) =>
    request.mutate(input, {
      onSuccess: () => setSentTo(input.email),
      onError: form.fail('Error'),
    }),
  );

  if (sentTo) {
    return (
      <Stack gap="4">
        <Text role="status">{PASSWORD_RESET_TEXTS.sent(sentTo)}</Text>
        <Button asChild colorPalette="blue">
          <Link to="/auth">{PASSWORD_RESET_TEXTS.backToSignIn}</Link>
        </Button>
      </Stack>
    );
  }
  return (
    <Form label={PASSWORD_RESET_TEXTS.forgotTitle} onSubmit={onSubmit}>
      <Text color="gray.700">{PASSWORD_RESET_TEXTS.forgotIntro}</Text>
      <FormField control={form.control} name="email" label="Email" type="email" required autoComplete="email" />
      <Button type="submit" colorPalette="blue" loading={request.isPending} loadingText={PASSWORD_RESET_TEXTS.forgotBusy}>
        {PASSWORD_RESET_TEXTS.forgotSubmit}
      </Button>
      <Button asChild variant="outline">
        <Link to="/auth">{PASSWORD_RESET_TEXTS.backToSignIn}</Link>
      </Button>
    </Form>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const form = useZodForm(newPasswordForm, emptyNewPassword);
  const reset = trpc.auth.resetPassword.useMutation();
  const navigate = useNavigate();

  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          notify.success('Success', PASSWORD_RESET_TEXTS.changed);
          void navigate({ to: '/auth', replace: true });
        },
        onError: (error) => {
          // A dead link is told on the page (below), not beside a field.
          if (errorDetails(error).field !== 'token') form.fail('Error')(error);
        },
      },
    ),
  );

  if (reset.isError && errorDetails(reset.error).field === 'token') {
    return (
      <Stack gap="4">
        <Text role="alert">{errorDetails(reset.error).message}</Text>
        <Button asChild colorPalette="blue">
          <Link to="/reset-password">{PASSWORD_RESET_TEXTS.askAgain}</Link>
        </Button>
      </Stack>
    );
  }
  return (
    <Form label={PASSWORD_RESET_TEXTS.resetTitle} onSubmit={onSubmit}>
      <Text color="gray.700">{PASSWORD_RESET_TEXTS.resetIntro}</Text>
      <NewPasswordFields control={form.control} />
      <Button type="submit" colorPalette="blue" loading={reset.isPending} loadingText={PASSWORD_RESET_TEXTS.resetBusy}>
        {PASSWORD_RESET_TEXTS.resetSubmit}
      </Button>
    </Form>
  );
}
