import { useState } from 'react';
import { Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '#shared/constants.js';
import { ACCOUNT_INVITE_TEXTS, inviteBlocker } from '#shared/schemas/invitations.js';
import { QueryState } from '../../components/QueryState';
import { notify } from '../../components/toaster';
import { ViewDialog } from '../../components/ViewDialog';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { RemoveAccountButton } from '../team/RemoveAccountButton';

/**
 * Invite Carrier User: one of the carrier's drivers (a carrier user is an account linked to a
 * driver record of the carrier, docs/fleet.md) is invited by email; accepting opens the carrier
 * portal. Drivers without an email or already with an account are listed, disabled, with the reason.
 */
export function InviteCarrierUserDialog({
  carrierId,
  carrierName,
  onClose,
}: {
  carrierId: string;
  carrierName: string;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const candidates = trpc.carriers.userCandidates.useQuery({ id: carrierId });
  useFailureToast(candidates);
  const [driverId, setDriverId] = useState('');
  const invite = trpc.carriers.inviteUser.useMutation({
    onSuccess: (sent) => {
      notify.success(ACCOUNT_INVITE_TEXTS.invitationSent, `An invitation was sent to ${sent.email}`);
      void utils.carriers.userCandidates.invalidate({ id: carrierId });
    },
    // The spec's invite failure: the server's message, or "Failed to send invitation".
    onError: (error) => reportFailure('Error', error, ACCOUNT_INVITE_TEXTS.inviteFailed),
  });
  const rows = candidates.data ?? [];
  const chosen = rows.find((row) => row.driverId === driverId) ?? null;
  const carrierUsers = rows.flatMap((row) => (row.carrierUserId ? [{ row, userId: row.carrierUserId }] : []));
  return (
    <ViewDialog
      title="Invite Carrier User"
      description={carrierName}
      size="lg"
      onClose={onClose}
      actions={
        <Button
          colorPalette="blue"
          disabled={!chosen || inviteBlocker(chosen) !== null}
          loading={invite.isPending}
          loadingText="Sending..."
          onClick={() => invite.mutate({ carrierId, driverId })}
        >
          Send Invitation
        </Button>
      }
    >
      <Text mb="3">
        The carrier user gets a {PRODUCT_NAME} account to see {carrierName}&apos;s drivers, loads and documents in the carrier portal.
      </Text>
      <QueryState
        isLoading={candidates.isLoading}
        error={candidates.error}
        isEmpty={rows.length === 0}
        emptyText="This carrier has no drivers yet. Add a driver with this carrier and an email first."
        loadingText="Loading drivers..."
        onRetry={() => void candidates.refetch()}
      >
        <Stack gap="3">
          <Stack gap="1">
            <label htmlFor="carrier-user-driver">
              <Text fontSize="sm" fontWeight="medium">
                Driver record
              </Text>
            </label>
            <NativeSelect.Root>
              <NativeSelect.Field id="carrier-user-driver" value={driverId} onChange={(event) => setDriverId(event.currentTarget.value)}>
                <option value="">Choose a driver of this carrier</option>
                {rows.map((row) => {
                  const blocker = inviteBlocker(row);
                  return (
                    <option key={row.driverId} value={row.driverId} disabled={blocker !== null}>
                      {row.name}
                      {row.email ? ` (${row.email})` : ''}
                      {blocker ? `: ${blocker}` : row.pendingInvitation ? ': invitation pending' : ''}
                    </option>
                  );
                })}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
          {chosen?.pendingInvitation ? (
            <Text color="gray.700">An invitation is pending: sending again makes a new link; the old one stops working.</Text>
          ) : null}
          {carrierUsers.length > 0 ? (
            <Stack gap="2" as="section" aria-label="Carrier users">
              <Text fontSize="sm" fontWeight="medium">
                Carrier users
              </Text>
              {carrierUsers.map(({ row, userId }) => (
                <HStack key={userId} justify="space-between" gap="3" wrap="wrap">
                  <Text wordBreak="break-all">
                    {row.name}
                    {row.email ? ` (${row.email})` : ''}
                  </Text>
                  <RemoveAccountButton
                    userId={userId}
                    name={row.name}
                    kind="carrier user"
                    onRemoved={() => void utils.carriers.userCandidates.invalidate({ id: carrierId })}
                  />
                </HStack>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </QueryState>
    </ViewDialog>
  );
}
