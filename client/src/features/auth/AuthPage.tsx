import { useState, type FormEvent } from 'react';
import { Button, chakra, Card, Center, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { signInInput, signUpInput, type SessionOutput } from '#shared/schemas/auth.js';
import { TWO_FACTOR_TEXT, type TwoFactorRequiredOutput } from '#shared/schemas/two-factor.js';
import { TAGLINE } from '#shared/constants.js';
import { FormField } from '../../components/FormField';
import { Logo } from '../../components/Logo';
import { notify } from '../../components/toaster';
import { useForm } from '../../lib/use-form';
import { switchIdentity } from '../../lib/identity';
import { errorDetails, trpc } from '../../lib/trpc';
import { useCountdown } from '../settings/use-countdown';
import { VerificationCodeStep } from '../settings/VerificationCodeStep';

function useSignedIn() {
  const navigate = useNavigate();
  return (session: SessionOutput) => {
    switchIdentity(session);
    void navigate({ to: '/dashboard' });
  };
}

export function AuthPage() {
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
  const form = useForm(signInInput, { email: '', password: '' });
  const signIn = trpc.auth.signIn.useMutation();
  const onSignedIn = useSignedIn();
  // With two-factor authentication on, the password step answers a challenge instead of a session.
  const [challenge, setChallenge] = useState<TwoFactorRequiredOutput | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    signIn.mutate(input, {
      onSuccess: (answer) => {
        if (answer.status === 'two_factor_required') {
          notify.success(TWO_FACTOR_TEXT.sentTitle, TWO_FACTOR_TEXT.sentMessage(answer.method));
          setChallenge(answer);
          return;
        }
        const { status: _status, ...session } = answer;
        notify.success('Success', 'Logged in successfully');
        onSignedIn(session);
      },
      onError: (error) => notify.error('Error', form.applyServerError(error)),
    });
  };

  if (challenge) {
    return (
      <SignInCodeStep
        challenge={challenge}
        onCancel={() => {
          setChallenge(null);
          form.setField('password', '');
        }}
      />
    );
  }

  return (
    <chakra.form onSubmit={onSubmit} noValidate aria-label="Login">
      <Stack gap="4" pt="2">
        <FormField
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          value={form.values.email}
          onChange={(value) => form.setField('email', value)}
          error={form.errors.email}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
          value={form.values.password}
          onChange={(value) => form.setField('password', value)}
          error={form.errors.password}
        />
        <Button type="submit" colorPalette="blue" loading={signIn.isPending} loadingText="Loading...">
          Sign In
        </Button>
      </Stack>
    </chakra.form>
  );
}

/** The sign-in's second step: the code sent by the account's method, before any session exists. */
function SignInCodeStep({ challenge, onCancel }: { challenge: TwoFactorRequiredOutput; onCancel: () => void }) {
  const verify = trpc.auth.verifySignIn.useMutation();
  const resend = trpc.auth.resendSignInCode.useMutation();
  const countdown = useCountdown(challenge.resendAfterSeconds);
  const [method, setMethod] = useState(challenge.method);
  const onSignedIn = useSignedIn();

  const onVerify = (code: string) =>
    verify.mutate(
      { challenge: challenge.challenge, code },
      {
        onSuccess: (session) => {
          notify.success('Success', 'Logged in successfully');
          onSignedIn(session);
        },
        onError: (error) => {
          const { message } = errorDetails(error);
          notify.error(message === TWO_FACTOR_TEXT.invalidMessage ? TWO_FACTOR_TEXT.invalidTitle : 'Error', message);
        },
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
          const { message, field } = errorDetails(error);
          notify.error('Error', message);
          // The sign-in itself has expired: back to the password.
          if (field === 'challenge') onCancel();
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
  const form = useForm(signUpInput, { companyName: '', firstName: '', lastName: '', email: '', password: '' });
  const signUp = trpc.auth.signUp.useMutation();
  const onSignedIn = useSignedIn();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    signUp.mutate(input, {
      onSuccess: (session) => {
        notify.success('Success', 'Account created successfully');
        onSignedIn(session);
      },
      onError: (error) => {
        const message = form.applyServerError(error);
        notify.error('Signup Error', message || 'Failed to create account. Please try again.');
      },
    });
  };

  return (
    <chakra.form onSubmit={onSubmit} noValidate aria-label="Sign up">
      <Stack gap="4" pt="2">
        <FormField
          label="Company Name"
          name="companyName"
          required
          autoComplete="organization"
          value={form.values.companyName}
          onChange={(value) => form.setField('companyName', value)}
          error={form.errors.companyName}
        />
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
          <FormField
            label="First Name"
            name="firstName"
            required
            autoComplete="given-name"
            value={form.values.firstName}
            onChange={(value) => form.setField('firstName', value)}
            error={form.errors.firstName}
          />
          <FormField
            label="Last Name"
            name="lastName"
            required
            autoComplete="family-name"
            value={form.values.lastName}
            onChange={(value) => form.setField('lastName', value)}
            error={form.errors.lastName}
          />
        </Stack>
        <FormField
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          value={form.values.email}
          onChange={(value) => form.setField('email', value)}
          error={form.errors.email}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          required
          autoComplete="new-password"
          helperText="At least 6 characters"
          value={form.values.password}
          onChange={(value) => form.setField('password', value)}
          error={form.errors.password}
        />
        <Button type="submit" colorPalette="blue" loading={signUp.isPending} loadingText="Creating Account...">
          Create Account
        </Button>
      </Stack>
    </chakra.form>
  );
}
