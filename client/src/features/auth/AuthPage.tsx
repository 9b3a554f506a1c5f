import { useState } from 'react';
import { Button, Card, Center, Heading, Link as ChakraLink, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { PASSWORD_RESET_TEXTS, signInInput, signUpInput, type SessionOutput } from '#shared/schemas/auth.js';
import { TWO_FACTOR_TEXT, type TwoFactorRequiredOutput } from '#shared/schemas/two-factor.js';
import { TAGLINE } from '#shared/constants.js';
import { Form } from '../../components/Form';
import { FormField } from '../../components/FormField';
import { NameFields, NewPasswordField } from '../../components/PersonFields';
import { Logo } from '../../components/Logo';
import { notify } from '../../components/toaster';
import { reportFailure } from '../../lib/errors';
import { switchIdentity } from '../../lib/identity';
import { errorDetails, trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { useCountdown } from '../settings/use-countdown';
import { VerificationCodeStep, type VerificationOutcome } from '../settings/VerificationCodeStep';
import { useHydratedSignal } from '../public/use-hydrated-signal';

function useSignedIn() {
  const navigate = useNavigate();
  return (session: SessionOutput) => {
    switchIdentity(session);
    void navigate({ to: '/dashboard' });
  };
}

export function AuthPage() {
  useHydratedSignal();
  return (
    <Center as="main" minH="100vh" bg="gray.100" px="4" py="10">
      <Stack gap="6" w="full" maxW="md">
        <Stack align="center" gap="1">
          <Link to="/" aria-label="Haulwise home">
            <Logo size={10} />
          </Link>
          <Text color="gray.700">{TAGLINE}</Text>
        </Stack>
        <Card.Root>
          <Card.Header>
            <Card.Title as="h1" fontSize="2xl">
              Welcome
            </Card.Title>
            <Card.Description>Sign in to your account or create a new company.</Card.Description>
          </Card.Header>
          <Card.Body>
            <Tabs.Root defaultValue="login" variant="enclosed" fitted lazyMount unmountOnExit>
              <Tabs.List>
                <Tabs.Trigger value="login">Login</Tabs.Trigger>
                <Tabs.Trigger value="signup">Sign Up</Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="login">
                <LoginForm />
              </Tabs.Content>
              <Tabs.Content value="signup">
                <SignUpForm />
              </Tabs.Content>
            </Tabs.Root>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Center>
  );
}

function LoginForm() {
  const form = useZodForm(signInInput, { email: '', password: '' });
  const signIn = trpc.auth.signIn.useMutation();
  const onSignedIn = useSignedIn();
  // With two-factor authentication on, the password step answers a challenge instead of a session.
  const [challenge, setChallenge] = useState<TwoFactorRequiredOutput | null>(null);

  const onSubmit = form.handleSubmit((input) =>
    signIn.mutate(input, {
      onSuccess: (answer) => {
        if (answer.status === 'two_factor_required') {
          notify.success(TWO_FACTOR_TEXT.sentTitle, TWO_FACTOR_TEXT.sentMessage(answer.method));
          setChallenge(answer);
          return;
        }
        const { status: _status, ...session } = answer;
        // No toast for an ordinary sign-in: the dashboard opening says it (issue 27, item 5).
        onSignedIn(session);
      },
      onError: form.fail('Error'),
    }),
  );

  if (challenge) {
    return (
      <SignInCodeStep
        challenge={challenge}
        onCancel={() => {
          setChallenge(null);
          form.setValue('password', '');
        }}
      />
    );
  }

  return (
    <Form label="Login" onSubmit={onSubmit} pt="2">
      <FormField control={form.control} name="email" label="Email" type="email" required autoComplete="email" />
      <FormField control={form.control} name="password" label="Password" type="password" required autoComplete="current-password" />
      <Button type="submit" colorPalette="blue" loading={signIn.isPending} loadingText="Loading...">
        Sign In
      </Button>
      <ChakraLink asChild alignSelf="center" color="blue.700" fontSize="sm">
        <Link to="/reset-password">{PASSWORD_RESET_TEXTS.forgotLink}</Link>
      </ChakraLink>
    </Form>
  );
}

/** The sign-in's second step: the code sent by the account's method, before any session exists. */
function SignInCodeStep({ challenge, onCancel }: { challenge: TwoFactorRequiredOutput; onCancel: () => void }) {
  const verify = trpc.auth.verifySignIn.useMutation();
  const resend = trpc.auth.resendSignInCode.useMutation();
  const countdown = useCountdown(challenge.resendAfterSeconds);
  const [method, setMethod] = useState(challenge.method);
  const onSignedIn = useSignedIn();

  const onVerify = (code: string, outcome: VerificationOutcome) =>
    verify.mutate(
      { challenge: challenge.challenge, code },
      {
        onSuccess: (session) => onSignedIn(session),
        onError: outcome.failed,
      },
    );

  const onResend = () =>
    resend.mutate(
      { challenge: challenge.challenge },
      {
        onSuccess: (sent) => {
          setMethod(sent.method);
          countdown.restart(sent.resendAfterSeconds);
          notify.success(TWO_FACTOR_TEXT.sentTitle, TWO_FACTOR_TEXT.sentMessage(sent.method));
        },
        onError: (error) => {
          reportFailure('Error', error);
          // The sign-in itself has expired: back to the password.
          if (errorDetails(error).field === 'challenge') onCancel();
        },
      },
    );

  return (
    <Stack gap="4" pt="2">
      <Heading as="h2" size="md">
        Verification code
      </Heading>
      <VerificationCodeStep
        sentTo={method === 'sms' ? 'your phone' : 'your email'}
        isVerifying={verify.isPending}
        onVerify={onVerify}
        onCancel={onCancel}
        resendInSeconds={countdown.remaining}
        isResending={resend.isPending}
        onResend={onResend}
      />
    </Stack>
  );
}

function SignUpForm() {
  const form = useZodForm(signUpInput, { companyName: '', firstName: '', lastName: '', email: '', password: '' });
  const signUp = trpc.auth.signUp.useMutation();
  const navigate = useNavigate();

  // The same answer whether or not the address already has an account: a link (or a note) is mailed.
  const onSubmit = form.handleSubmit((input) =>
    signUp.mutate(input, {
      onSuccess: (answer) => {
        notify.success('Success', 'Check your email to finish creating your account');
        void navigate({ to: '/verify-email', search: { email: answer.email } });
      },
      onError: form.fail('Signup Error', 'Failed to create account. Please try again.'),
    }),
  );

  return (
    <Form label="Sign up" onSubmit={onSubmit} pt="2">
      <FormField control={form.control} name="companyName" label="Company Name" required autoComplete="organization" />
      <NameFields control={form.control} />
      <FormField control={form.control} name="email" label="Email" type="email" required autoComplete="email" />
      <NewPasswordField control={form.control} name="password" />
      <Button type="submit" colorPalette="blue" loading={signUp.isPending} loadingText="Creating Account...">
        Create Account
      </Button>
    </Form>
  );
}
