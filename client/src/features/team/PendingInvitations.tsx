import { useState } from 'react';
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { RefreshCw, X } from 'lucide-react';
import { ROLE_LABELS, type PendingInvitation } from '#shared/schemas/team.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { LoadMore } from '../../components/records/record-parts';
import { notify } from '../../components/toaster';
import { formatDateTime } from '../../lib/format';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { usePagedList } from '../../lib/use-paged-list';
import { fullName, notifyInvitationSent } from './team-texts';

/**
 * Invitations not yet accepted: an admin resends one (a new link, a new 7-day expiry, at most
 * once a minute) or revokes it (its link stops working). Expired ones stay listed to resend.
 */
export function PendingInvitations() {
  const { rows, query: invitations } = usePagedList(trpc.team.invitations, {});
  useFailureToast(invitations, 'Error', 'Failed to load invitations');
  const utils = trpc.useUtils();
  const resend = trpc.team.resendInvitation.useMutation({ onSettled: () => void utils.team.invitations.invalidate() });
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);

  const columns: Column<PendingInvitation>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (invitation) => (
        <Text fontWeight="medium" whiteSpace="nowrap">
          {fullName(invitation)}
        </Text>
      ),
    },
    { key: 'email', header: 'Email', cell: (invitation) => <Text whiteSpace="nowrap">{invitation.email}</Text> },
    { key: 'role', header: 'Role', cell: (invitation) => <Text whiteSpace="nowrap">{ROLE_LABELS[invitation.role]}</Text> },
    {
      key: 'sent',
      header: 'Sent',
      cell: (invitation) => (
        <Stack gap="0">
          <Text whiteSpace="nowrap">{formatDateTime(invitation.lastSentAt)}</Text>
          {invitation.invitedByName ? (
            <Text fontSize="xs" color="gray.700" whiteSpace="nowrap">
              by {invitation.invitedByName}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'expires',
      header: 'Expires',
      cell: (invitation) =>
        invitation.isExpired ? (
          <Badge colorPalette="red" variant="subtle">
            Expired
          </Badge>
        ) : (
          <Text whiteSpace="nowrap">{formatDateTime(invitation.expiresAt)}</Text>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (invitation) => (
        <HStack gap="2" justify="flex-end">
          <Button
            size="xs"
            variant="outline"
            onClick={() =>
              resend.mutate({ id: invitation.id }, { onSuccess: notifyInvitationSent, onError: (error) => reportFailure('Error', error) })
            }
            loading={resend.isPending && resend.variables.id === invitation.id}
            loadingText="Sending..."
            aria-label={`Resend invitation to ${invitation.email}`}
          >
            <RefreshCw aria-hidden /> Resend
          </Button>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={() => setRevoking(invitation)}
            aria-label={`Revoke invitation to ${invitation.email}`}
          >
            <X aria-hidden /> Revoke
          </Button>
        </HStack>
      ),
    },
  ];

  return (
    <>
      <DataTable
        label="Pending invitations"
        columns={columns}
        rows={invitations.isPending ? undefined : rows}
        rowKey={(invitation) => invitation.id}
        isLoading={invitations.isPending}
        error={invitations.error}
        emptyText="No pending invitations"
        loadingText="Loading invitations..."
        onRetry={() => void invitations.refetch()}
      />
      <LoadMore
        hasMore={invitations.hasNextPage}
        isLoading={invitations.isFetchingNextPage}
        onLoad={() => void invitations.fetchNextPage()}
      />
      {revoking ? <RevokeDialog key={revoking.id} invitation={revoking} onClose={() => setRevoking(null)} /> : null}
    </>
  );
}

function RevokeDialog({ invitation, onClose }: { invitation: PendingInvitation; onClose: () => void }) {
  const utils = trpc.useUtils();
  const revoke = trpc.team.revokeInvitation.useMutation({ onSettled: () => void utils.team.invitations.invalidate() });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Revoke invitation"
      description={`Revoke the invitation to ${fullName(invitation)} (${invitation.email})? The link in their email stops working.`}
      confirmLabel="Revoke"
      busyLabel="Revoking..."
      isPending={revoke.isPending}
      onConfirm={() =>
        revoke.mutate(
          { id: invitation.id },
          {
            onSuccess: () => {
              notify.success('Invitation revoked', `The link sent to ${invitation.email} no longer works`);
              onClose();
            },
            onError: (error) => reportFailure('Error', error),
          },
        )
      }
    />
  );
}
