import { useEffect } from 'react';
import { Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { VERIFICATION_TEXTS } from '#shared/schemas/verification.js';
import { Form } from '../../components/Form';
import { notify } from '../../components/toaster';
import { reportFailure } from '../../lib/errors';
import { switchIdentity } from '../../lib/identity';
import { errorDetails, trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { AuthFrame } from './AuthFrame';
import { emptyNewPassword, NewPasswordFields, newPasswordForm } from './NewPasswordFields';

/**
 * /verify-email: the one screen of an account whose address is not proven yet (the guard of the
 * signed-in screens sends it here), and of a new sign-up before any session. With ?token= it is
 * the mailed link: its opener sets the account's password, which proves the address and signs the
 * browser in (the link alone proves nothing: someone else may have typed the address), then on to
 * the dashboard.
 */
export function VerifyEmailPage({ token, email }: { token?: string | undefined; email?: string | undefined }) {
  return token ? (
    <AuthFrame title={VERIFICATION_TEXTS.setPasswordTitle}>
      <SetPassword token={token} />
    </AuthFrame>
  ) : (
    <AuthFrame title={VERIFICATION_TEXTS.title}>
      <CheckYourEmail email={email} />
    </AuthFrame>
  );
}

/** The mailed link: the password is set, and the address proven, only when this form is sent. */
function SetPassword({ token }: { token: string }) {
  const form = useZodForm(newPasswordForm, emptyNewPassword);
  const verify = trpc.auth.verifyEmail.useMutation();
  const navigate = useNavigate();

  const onSubmit = form.handleSubmit(({ password }) =>
    verify.mutate(
      { token, password },
      {
        onSuccess: (session) => {
          if (!session) return;
          switchIdentity(session);
          notify.success('Success', VERIFICATION_TEXTS.verified);
          void navigate({ to: '/dashboard', replace: true });
        },
        onError: (error) => {
          // A dead link is told on the page (below), not beside a field.
          if (errorDetails(error).field !== 'token') form.fail('Error')(error);
        },
      },
    ),
  );

  if (verify.isError && errorDetails(verify.error).field === 'token') {
    return (
      <Stack gap="4">
        <Text role="alert">{errorDetails(verify.error).message}</Text>
        <Button asChild colorPalette="blue">
          <Link to="/auth">{VERIFICATION_TEXTS.backToSignIn}</Link>
        </Button>
      </Stack>
    );
  }
  if (verify.isSuccess && verify.data === null) {
    return (
      <Stack gap="4">
        <Text role="status">{VERIFICATION_TEXTS.verifiedSignIn}</Text>
        <Button asChild colorPalette="blue">
          <Link to="/auth">{VERIFICATION_TEXTS.backToSignIn}</Link>
        </Button>
      </Stack>
    );
  }
  return (
    <Form label={VERIFICATION_TEXTS.setPasswordTitle} onSubmit={onSubmit}>
      <Text color="gray.700">{VERIFICATION_TEXTS.setPasswordIntro}</Text>
      <NewPasswordFields control={form.control} />
      <Button type="submit" colorPalette="blue" loading={verify.isPending} loadingText={VERIFICATION_TEXTS.setPasswordBusy}>
        {VERIFICATION_TEXTS.setPasswordSubmit}
      </Button>
    </Form>
  );
}

/** Until the link is opened: where it went, a new one, and a way out. */
function CheckYourEmail({ email }: { email?: string | undefined }) {
  const session = trpc.auth.session.useQuery();
  const resend = trpc.auth.resendVerification.useMutation();
  const signOut = trpc.auth.signOut.useMutation();
  const navigate = useNavigate();
  const signedIn = session.data ?? null;

  useEffect(() => {
    // Proven meanwhile (another tab opened the link): nothing to do here.
    if (signedIn?.emailVerified) void navigate({ to: '/dashboard', replace: true });
  }, [navigate, signedIn]);

  const address = signedIn?.user.email ?? email;
  const onResend = () =>
    resend.mutate(signedIn ? undefined : { email: address ?? '' }, {
      onSuccess: () => notify.success('Email sent', VERIFICATION_TEXTS.resent),
      onError: (error) => reportFailure('Error', error),
    });
  const onSignOut = () =>
    signOut.mutate(
      { scope: 'local' },
      {
        onSuccess: () => {
          switchIdentity(null);
          void navigate({ to: '/auth', replace: true });
        },
        onError: (error) => reportFailure('Error', error),
      },
    );

  if (session.isPending) {
    return (
      <Center py="8" role="status">
        <Spinner color="blue.600" />
      </Center>
    );
  }
  return (
    <Stack gap="4">
      <Text>{address ? VERIFICATION_TEXTS.sent(address) : VERIFICATION_TEXTS.sentGeneric}</Text>
      <Text color="gray.700" fontSize="sm">
        {VERIFICATION_TEXTS.expires}
      </Text>
      {address ? (
        <Button colorPalette="blue" onClick={onResend} loading={resend.isPending}>
          {VERIFICATION_TEXTS.resend}
        </Button>
      ) : null}
      {signedIn ? (
        <Button variant="outline" onClick={onSignOut} loading={signOut.isPending}>
          {VERIFICATION_TEXTS.signOut}
        </Button>
      ) : (
        <Button asChild variant="outline">
          <Link to="/auth">{VERIFICATION_TEXTS.backToSignIn}</Link>
        </Button>
      )}
    </Stack>
  );
}
