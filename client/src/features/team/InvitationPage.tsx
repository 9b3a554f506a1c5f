import type { ReactNode } from 'react';
import { Button, Card, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { FieldValues } from 'react-hook-form';
import { PRODUCT_NAME } from '#shared/constants.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import {
  INVITATION_ROLE_LABELS,
  invitationLanding,
  type AccountInvitationPreview as InvitationPreview,
} from '#shared/schemas/invitations.js';
import { existingAccountFields, newAccountFields, TEAM_TEXTS } from '#shared/schemas/team.js';
import { Form } from '../../components/Form';
import { FormField } from '../../components/FormField';
import { NameFields, NewPasswordField } from '../../components/PersonFields';
import { Logo } from '../../components/Logo';
import { notify } from '../../components/toaster';
import { formatDate } from '../../lib/format';
import { switchIdentity } from '../../lib/identity';
import { errorDetails, trpc } from '../../lib/trpc';
import { useZodForm, type ZodForm } from '../../lib/use-form';

/**
 * The page an invitation's link opens (/invite/<token>): the company, the role, and a form to
 * join: a new account's names (prefilled) and password, or the password of the account the
 * email already has. Expired, revoked, used and unknown links all read the same.
 */
export function InvitationPage({ token }: { token: string }) {
  // Read once by the route's loader (invitationPreview): not again on mount, even after a refusal.
  const preview = trpc.invitations.preview.useQuery({ token }, { ...invitationPreview, retryOnMount: false });
  return (
    <InvitationFrame>
      {preview.isPending ? (
        <InvitationLoadingBody />
      ) : preview.data ? (
        <JoinCompany token={token} invitation={preview.data} onInvalid={() => void preview.refetch()} />
      ) : (
        <InvalidInvitation message={preview.error ? errorDetails(preview.error).message : TEAM_TEXTS.invalidInvitation} />
      )}
    </InvitationFrame>
  );
}

/** How the invitation is read: once (a refused link stays refused), kept while the page is open. */
export const invitationPreview = { retry: false, staleTime: Infinity } as const;

/** The invitation page while its route reads the invitation. */
export function InvitationLoading() {
  return (
    <InvitationFrame>
      <InvitationLoadingBody />
    </InvitationFrame>
  );
}

function InvitationFrame({ children }: { children: ReactNode }) {
  return (
    <Center as="main" minH="100vh" bg="gray.100" px="4" py="10">
      <Stack gap="6" w="full" maxW="md">
        <Stack align="center">
          <Link to="/" aria-label={`${PRODUCT_NAME} home`}>
            <Logo size={10} />
          </Link>
        </Stack>
        <Card.Root>{children}</Card.Root>
      </Stack>
    </Center>
  );
}

function InvitationLoadingBody() {
  return (
    <Card.Body>
      <Center py="8" role="status">
        <Stack align="center" gap="2">
          <Spinner color="blue.600" />
          <Text color="gray.700">Loading invitation...</Text>
        </Stack>
      </Center>
    </Card.Body>
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
    notify.success(`Welcome to ${invitation.companyName}`, `You joined as ${INVITATION_ROLE_LABELS[invitation.role]}`);
    // A driver lands on the driver portal, a carrier user on the carrier portal, staff on their dashboard.
    void navigate({ to: invitationLanding(invitation.role) });
  };
}

function JoinCompany({ token, invitation, onInvalid }: { token: string; invitation: InvitationPreview; onInvalid: () => void }) {
  const role = INVITATION_ROLE_LABELS[invitation.role];
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

/**
 * Accepting: joined, the tab becomes the new member; a failure is one toast, the fields it names
 * marked; a link that stopped working meanwhile (used, revoked or expired) shows that instead of the form.
 */
/** What either form gives the accept call: a password, and a new account's names. */
type AcceptFields = { password: string; firstName?: string; lastName?: string };

function useAccept(token: string, invitation: InvitationPreview, onInvalid: () => void) {
  const accept = trpc.invitations.accept.useMutation();
  const onJoined = useJoined();
  const submit = <Values extends FieldValues, Output extends AcceptFields>(form: ZodForm<Values, Output>) =>
    form.handleSubmit((input) =>
      accept.mutate(
        { token, ...input },
        {
          onSuccess: (session) => onJoined(session, invitation),
          onError: (error) => {
            form.fail('Error')(error);
            if (errorDetails(error).message === TEAM_TEXTS.invalidInvitation) onInvalid();
          },
        },
      ),
    );
  return { isPending: accept.isPending, submit };
}

function NewAccountForm({ token, invitation, onInvalid }: FormProps) {
  const form = useZodForm(newAccountFields, { firstName: invitation.firstName, lastName: invitation.lastName, password: '' });
  const accept = useAccept(token, invitation, onInvalid);
  const onSubmit = accept.submit(form);

  return (
    <Form label="Accept invitation" onSubmit={onSubmit}>
      <Stack gap="0.5">
        <Text fontSize="sm" fontWeight="medium">
          Email
        </Text>
        <Text wordBreak="break-all">{invitation.email}</Text>
      </Stack>
      <NameFields control={form.control} />
      <NewPasswordField control={form.control} name="password" />
      <Button type="submit" colorPalette="blue" loading={accept.isPending} loadingText="Joining...">
        Accept Invitation
      </Button>
    </Form>
  );
}

function ExistingAccountForm({ token, invitation, onInvalid }: FormProps) {
  const form = useZodForm(existingAccountFields, { password: '' });
  const accept = useAccept(token, invitation, onInvalid);
  const onSubmit = accept.submit(form);

  return (
    <Form label="Accept invitation" onSubmit={onSubmit}>
      <Text>
        <strong>{invitation.email}</strong> already has a {PRODUCT_NAME} account. Sign in with its password to join {invitation.companyName}
        .
      </Text>
      <FormField control={form.control} name="password" label="Password" type="password" required autoComplete="current-password" />
      <Button type="submit" colorPalette="blue" loading={accept.isPending} loadingText="Joining...">
        Sign In and Join
      </Button>
    </Form>
  );
}
