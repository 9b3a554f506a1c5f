import type { FormEvent } from 'react';
import { Button, Card, Center, chakra, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { PRODUCT_NAME } from '#shared/constants.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { existingAccountFields, newAccountFields, ROLE_LABELS, TEAM_TEXTS, type InvitationPreview } from '#shared/schemas/team.js';
import { FormField } from '../../components/FormField';
import { Logo } from '../../components/Logo';
import { notify } from '../../components/toaster';
import { formatDate } from '../../lib/format';
import { switchIdentity } from '../../lib/identity';
import { errorDetails, trpc } from '../../lib/trpc';
import { useForm } from '../../lib/use-form';

/**
 * The page an invitation's link opens (/invite/<token>): the company, the role, and a form to
 * join: a new account's names (prefilled) and password, or the password of the account the
 * email already has. Expired, revoked, used and unknown links all read the same.
 */
export function InvitationPage({ token }: { token: string }) {
  const preview = trpc.invitations.preview.useQuery({ token }, { retry: false, staleTime: Infinity });

  return (
    <Center as="main" minH="100vh" bg="gray.100" px="4" py="10">
      <Stack gap="6" w="full" maxW="md">
        <Stack align="center">
          <Link to="/" aria-label={`${PRODUCT_NAME} home`}>
            <Logo size={10} />
          </Link>
        </Stack>
        <Card.Root>
          {preview.isPending ? (
            <Card.Body>
              <Center py="8" role="status">
                <Stack align="center" gap="2">
                  <Spinner color="blue.600" />
                  <Text color="gray.700">Loading invitation...</Text>
                </Stack>
              </Center>
            </Card.Body>
          ) : preview.data ? (
            <JoinCompany token={token} invitation={preview.data} onInvalid={() => void preview.refetch()} />
          ) : (
            <InvalidInvitation message={preview.error ? errorDetails(preview.error).message : TEAM_TEXTS.invalidInvitation} />
          )}
        </Card.Root>
      </Stack>
    </Center>
  );
}

function InvalidInvitation({ message }: { message: string }) {
  return (
    <>
      <Card.Header>
        <Card.Title as="h1" fontSize="2xl">
          Invitation unavailable
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Text role="alert">{message}</Text>
          <Text color="gray.700">Ask your company admin to send you a new invitation.</Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button asChild colorPalette="blue">
              <Link to="/auth">Go to Sign In</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/">Return to Home</Link>
            </Button>
          </Stack>
        </Stack>
      </Card.Body>
    </>
  );
}

/** Joined: the tab becomes the new member (as after sign-in). */
function useJoined() {
  const navigate = useNavigate();
  return (session: SessionOutput, invitation: InvitationPreview) => {
    switchIdentity(session);
    notify.success(`Welcome to ${invitation.companyName}`, `You joined as ${ROLE_LABELS[invitation.role]}`);
    void navigate({ to: '/dashboard' });
  };
}

function JoinCompany({ token, invitation, onInvalid }: { token: string; invitation: InvitationPreview; onInvalid: () => void }) {
  const role = ROLE_LABELS[invitation.role];
  return (
    <>
      <Card.Header>
        <Card.Title as="h1" fontSize="2xl">
          Join {invitation.companyName}
        </Card.Title>
        <Card.Description>
          You have been invited to join {invitation.companyName} on {PRODUCT_NAME} as {role}. This invitation expires on{' '}
          {formatDate(invitation.expiresAt)}.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {invitation.hasAccount ? (
          <ExistingAccountForm token={token} invitation={invitation} onInvalid={onInvalid} />
        ) : (
          <NewAccountForm token={token} invitation={invitation} onInvalid={onInvalid} />
        )}
      </Card.Body>
    </>
  );
}

interface FormProps {
  token: string;
  invitation: InvitationPreview;
  onInvalid: () => void;
}

function useAccept(invitation: InvitationPreview, onInvalid: () => void, applyServerError: (error: unknown) => string) {
  const accept = trpc.invitations.accept.useMutation();
  const onJoined = useJoined();
  const options = {
    onSuccess: (session: SessionOutput) => onJoined(session, invitation),
    onError: (error: unknown) => {
      const message = applyServerError(error);
      notify.error('Error', message);
      // The link stopped working meanwhile (used, revoked or expired): show that instead of the form.
      if (message === TEAM_TEXTS.invalidInvitation) onInvalid();
    },
  };
  return { accept, options };
}

function NewAccountForm({ token, invitation, onInvalid }: FormProps) {
  const form = useForm(newAccountFields, { firstName: invitation.firstName, lastName: invitation.lastName, password: '' });
  const { accept, options } = useAccept(invitation, onInvalid, form.applyServerError);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (input) accept.mutate({ token, ...input }, options);
  };

  return (
    <chakra.form onSubmit={onSubmit} noValidate aria-label="Accept invitation">
      <Stack gap="4">
        <Stack gap="0.5">
          <Text fontSize="sm" fontWeight="medium">
            Email
          </Text>
          <Text wordBreak="break-all">{invitation.email}</Text>
        </Stack>
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
        <Button type="submit" colorPalette="blue" loading={accept.isPending} loadingText="Joining...">
          Accept Invitation
        </Button>
      </Stack>
    </chakra.form>
  );
}

function ExistingAccountForm({ token, invitation, onInvalid }: FormProps) {
  const form = useForm(existingAccountFields, { password: '' });
  const { accept, options } = useAccept(invitation, onInvalid, form.applyServerError);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (input) accept.mutate({ token, ...input }, options);
  };

  return (
    <chakra.form onSubmit={onSubmit} noValidate aria-label="Accept invitation">
      <Stack gap="4">
        <Text>
          <strong>{invitation.email}</strong> already has a {PRODUCT_NAME} account. Sign in with its password to join{' '}
          {invitation.companyName}.
        </Text>
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
        <Button type="submit" colorPalette="blue" loading={accept.isPending} loadingText="Joining...">
          Sign In and Join
        </Button>
      </Stack>
    </chakra.form>
  );
}
