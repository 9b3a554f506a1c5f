import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '#shared/constants.js';
import { ACCOUNT_INVITE_TEXTS, inviteBlocker } from '#shared/schemas/invitations.js';
import { QueryState } from '../../components/QueryState';
import { notify } from '../../components/toaster';
import { ViewDialog } from '../../components/ViewDialog';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { RemoveAccountButton } from '../team/RemoveAccountButton';

/**
 * Invite to Haulwise: the driver's email, and a button that sends the invitation (the team's link,
 * valid 7 days): accepting creates the driver's account, linked to this record, and opens the
 * driver portal. Disabled, with the reason, when the record has no email or already has an account;
 * an open invitation is sent again with a new link.
 */
export function InviteDriverDialog({ driverId, driverName, onClose }: { driverId: string; driverName: string; onClose: () => void }) {
  const utils = trpc.useUtils();
  const account = trpc.drivers.account.useQuery({ driverId });
  useFailureToast(account);
  const invite = trpc.drivers.invite.useMutation({
    onSuccess: (sent) => {
      notify.success(ACCOUNT_INVITE_TEXTS.invitationSent, `${driverName} will receive an invitation at ${sent.email}`);
      void utils.drivers.account.invalidate({ driverId });
    },
    // The spec's invite failure: the server's message, or "Failed to send invitation".
    onError: (error) => reportFailure('Error', error, ACCOUNT_INVITE_TEXTS.inviteFailed),
  });
  const data = account.data;
  const blocker = data ? inviteBlocker(data) : null;
  const pending = data?.pendingInvitation ?? null;
  return (
    <ViewDialog
      title={ACCOUNT_INVITE_TEXTS.inviteTitle}
      description={driverName}
      size="lg"
      onClose={onClose}
      actions={
        <>
          {data?.accountUserId ? (
            <RemoveAccountButton
              userId={data.accountUserId}
              name={driverName}
              kind="driver"
              onRemoved={() => void utils.drivers.account.invalidate({ driverId })}
            />
          ) : null}
          <Button
            colorPalette="blue"
            disabled={!data || blocker !== null}
            loading={invite.isPending}
            loadingText="Sending..."
            onClick={() => invite.mutate({ driverId })}
          >
            {pending ? 'Send Invitation Again' : 'Send Invitation'}
          </Button>
        </>
      }
    >
      <QueryState
        isLoading={account.isLoading}
        error={account.error}
        isEmpty={false}
        emptyText=""
        loadingText="Loading driver..."
        onRetry={() => void account.refetch()}
      >
        {data ? (
          <Stack gap="3">
            <Text>
              {driverName} gets a {PRODUCT_NAME} account of their own: the driver portal with their loads, documents, POD upload and
              location sharing.
            </Text>
            <Stack gap="0.5">
              <Text fontSize="sm" fontWeight="medium">
                Email
              </Text>
              <Text wordBreak="break-all">{data.email ?? '—'}</Text>
            </Stack>
            {blocker ? (
              <Alert.Root status="info" role="status">
                <Alert.Indicator />
                <Alert.Title>{blocker}</Alert.Title>
              </Alert.Root>
            ) : pending ? (
              <Text color="gray.700">
                An invitation to {pending.email} is pending (sent {formatDate(pending.lastSentAt)}, expires {formatDate(pending.expiresAt)}
                ). Sending again makes a new link; the old one stops working.
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </QueryState>
    </ViewDialog>
  );
}
