import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Card, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { PRODUCT_NAME } from '#shared/constants.js';
import { VERIFICATION_TEXTS } from '#shared/schemas/verification.js';
import { Logo } from '../../components/Logo';
import { notify } from '../../components/toaster';
import { reportFailure } from '../../lib/errors';
import { switchIdentity } from '../../lib/identity';
import { errorDetails, trpc } from '../../lib/trpc';

/**
 * /verify-email: the one screen of an account whose address is not proven yet (the guard of the
 * signed-in screens sends it here), and of a new sign-up before any session. With ?token= it is
 * the mailed link: the address is proven and the browser signed in, then on to the dashboard.
 */
export function VerifyEmailPage({ token, email }: { token?: string | undefined; email?: string | undefined }) {
  return <VerifyFrame>{token ? <OpenLink token={token} /> : <CheckYourEmail email={email} />}</VerifyFrame>;
}

function VerifyFrame({ children }: { children: ReactNode }) {
  return (
    <Center as="main" minH="100vh" bg="gray.100" px="4" py="10">
      <Stack gap="6" w="full" maxW="md">
        <Stack align="center">
          <Link to="/" aria-label={`${PRODUCT_NAME} home`}>
            <Logo size={10} />
          </Link>
        </Stack>
        <Card.Root>
          <Card.Header>
            <Card.Title as="h1" fontSize="2xl">
              {VERIFICATION_TEXTS.title}
            </Card.Title>
          </Card.Header>
          <Card.Body>{children}</Card.Body>
        </Card.Root>
      </Stack>
    </Center>
  );
}

/** The mailed link: used once, as soon as the page opens. */
function OpenLink({ token }: { token: string }) {
  const verify = trpc.auth.verifyEmail.useMutation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate(
      { token },
      {
        onSuccess: (session) => {
          if (!session) return;
          switchIdentity(session);
          notify.success('Success', 'Your email is verified');
          void navigate({ to: '/dashboard', replace: true });
        },
      },
    );
  }, [navigate, token, verify]);

  if (verify.isError) {
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
        <Text>{VERIFICATION_TEXTS.verifiedSignIn}</Text>
        <Button asChild colorPalette="blue">
          <Link to="/auth">{VERIFICATION_TEXTS.backToSignIn}</Link>
        </Button>
      </Stack>
    );
  }
  return (
    <Center py="8" role="status">
      <Stack align="center" gap="2">
        <Spinner color="blue.600" />
        <Text color="gray.700">{VERIFICATION_TEXTS.verifying}</Text>
      </Stack>
    </Center>
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
