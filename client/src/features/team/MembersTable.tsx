import { useState } from 'react';
import { Badge, Button, NativeSelect, Text } from '@chakra-ui/react';
import { UserMinus } from 'lucide-react';
import type { StaffRole } from '#shared/constants.js';
import { ROLE_LABELS, TEAM_TEXTS, type TeamMember } from '#shared/schemas/team.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { LoadMore } from '../../components/records/record-parts';
import { notify } from '../../components/toaster';
import { formatDate } from '../../lib/format';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { usePagedList } from '../../lib/use-paged-list';
import { fullName, ROLE_OPTIONS } from './team-texts';

type PendingChange = { kind: 'role'; member: TeamMember; role: StaffRole } | { kind: 'remove'; member: TeamMember };

/**
 * The spec's members table (name, email, role, joined, status Active), where an admin also
 * changes a member's role and removes a member. Both end that member's sessions at once, so
 * both are confirmed first.
 */
export function MembersTable({ companyName }: { companyName: string }) {
  const { rows, query: members } = usePagedList(trpc.team.members, {});
  const [pending, setPending] = useState<PendingChange | null>(null);

  useFailureToast(members, 'Error', TEAM_TEXTS.loadFailed);

  const columns: Column<TeamMember>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (member) => (
        <Text fontWeight="medium" whiteSpace="nowrap">
          {fullName(member)}
          {member.isCurrentUser ? (
            <Text as="span" color="gray.700" fontWeight="normal">
              {' '}
              (you)
            </Text>
          ) : null}
        </Text>
      ),
    },
    { key: 'email', header: 'Email', cell: (member) => <Text whiteSpace="nowrap">{member.email}</Text> },
    {
      key: 'role',
      header: 'Role',
      cell: (member) =>
        member.isCurrentUser ? (
          <Text whiteSpace="nowrap">{ROLE_LABELS[member.role]}</Text>
        ) : (
          <NativeSelect.Root size="sm" minW="36">
            <NativeSelect.Field
              aria-label={`Role of ${fullName(member)}`}
              value={member.role}
              onChange={(event) => setPending({ kind: 'role', member, role: event.target.value as StaffRole })}
              bg="white"
            >
              {ROLE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ),
    },
    { key: 'joined', header: 'Joined', cell: (member) => <Text whiteSpace="nowrap">{formatDate(member.joinedAt)}</Text> },
    {
      key: 'status',
      header: 'Status',
      cell: (member) => (
        <Badge colorPalette="green" variant="subtle">
          {member.status}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (member) =>
        member.isCurrentUser ? null : (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={() => setPending({ kind: 'remove', member })}
            aria-label={`Remove ${fullName(member)}`}
          >
            <UserMinus aria-hidden /> Remove
          </Button>
        ),
    },
  ];

  return (
    <>
      <DataTable
        label="Team members"
        columns={columns}
        rows={members.isPending ? undefined : rows}
        rowKey={(member) => member.userId}
        isLoading={members.isPending}
        error={members.error}
        emptyText="No team members yet"
        loadingText="Loading team members..."
        onRetry={() => void members.refetch()}
      />
      <LoadMore hasMore={members.hasNextPage} isLoading={members.isFetchingNextPage} onLoad={() => void members.fetchNextPage()} />
      {pending?.kind === 'role' ? <ChangeRoleDialog key={pending.member.userId} change={pending} onClose={() => setPending(null)} /> : null}
      {pending?.kind === 'remove' ? (
        <RemoveMemberDialog
          key={pending.member.userId}
          member={pending.member}
          companyName={companyName}
          onClose={() => setPending(null)}
        />
      ) : null}
    </>
  );
}

function ChangeRoleDialog({ change, onClose }: { change: { member: TeamMember; role: StaffRole }; onClose: () => void }) {
  const utils = trpc.useUtils();
  const mutation = trpc.team.changeRole.useMutation({
    onSettled: () => void Promise.all([utils.team.members.invalidate(), utils.team.adminStats.invalidate()]),
  });
  const name = fullName(change.member);
  const label = ROLE_LABELS[change.role];
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Change role"
      description={`Make ${name} ${label}? They will be signed out on every device and sign in again with the new role.`}
      confirmLabel="Change Role"
      busyLabel="Changing..."
      isPending={mutation.isPending}
      onConfirm={() =>
        mutation.mutate(
          { userId: change.member.userId, role: change.role },
          {
            onSuccess: () => {
              notify.success('Role updated', `${name} is now ${label}`);
              onClose();
            },
            onError: (error) => reportFailure('Error', error),
          },
        )
      }
    />
  );
}

function RemoveMemberDialog({ member, companyName, onClose }: { member: TeamMember; companyName: string; onClose: () => void }) {
  const utils = trpc.useUtils();
  const mutation = trpc.team.removeMember.useMutation({
    onSettled: () => void Promise.all([utils.team.members.invalidate(), utils.team.adminStats.invalidate()]),
  });
  const name = fullName(member);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Remove team member"
      description={`Remove ${name} (${member.email}) from ${companyName}? They are signed out at once and lose access to the company. Their account stays, and you can invite them again.`}
      confirmLabel="Remove"
      busyLabel="Removing..."
      isPending={mutation.isPending}
      onConfirm={() =>
        mutation.mutate(
          { userId: member.userId },
          {
            onSuccess: () => {
              notify.success('Member removed', `${name} was removed from the team`);
              onClose();
            },
            onError: (error) => reportFailure('Error', error),
          },
        )
      }
    />
  );
}
