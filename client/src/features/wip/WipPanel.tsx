import { useEffect, useState } from 'react';
import { Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Check, Plus, X } from 'lucide-react';
import { WIP_NOTES_MAX, wipRequestInput, type WipAssignment } from '#shared/schemas/wip.js';
import { DataTable, type Column } from '../../components/DataTable';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { StatusBadge } from '../../components/StatusBadge';
import { notify } from '../../components/toaster';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { useWipList } from './use-wip';

export const WIP_TEXTS = {
  adminHeading: 'Review and approve assignment requests',
  staffHeading: 'Your pending assignment requests',
  empty: 'No assignments found',
} as const;

type Decision = 'approve' | 'reject';

/**
 * The WIP assignments panel: admins review every request of the company and approve or
 * reject pending ones; other staff see their own and may request an assignment. Re-reads
 * whenever the table changes. Used by the generic and the role dashboards.
 */
export function WipPanel() {
  const session = useSession();
  const isAdmin = Boolean(session && (session.isMasterAdmin || session.role === 'admin'));
  const canList = Boolean(session && (session.isMasterAdmin || session.role));
  const canRequest = Boolean(session && !session.isMasterAdmin && session.role && session.role !== 'admin');

  const { rows, query: list } = useWipList(canList);

  useEffect(() => {
    if (list.errorUpdatedAt > 0) notify.error('Error', 'Failed to load WIP assignments');
  }, [list.errorUpdatedAt]);

  const [deciding, setDeciding] = useState<{ assignment: WipAssignment; decision: Decision } | null>(null);
  const [isRequesting, setRequesting] = useState(false);

  const columns: Column<WipAssignment>[] = [
    { key: 'name', header: 'Requested by', cell: (item) => <Text fontWeight="medium">{item.userName}</Text> },
    {
      key: 'status',
      header: 'Status',
      cell: (item) => (
        <Stack gap="0.5" align="flex-start">
          <StatusBadge status={item.status} />
          {item.status !== 'pending' && item.assignedAt ? (
            <Text fontSize="xs" color="gray.700" whiteSpace="nowrap">
              {item.assignedByName ? `by ${item.assignedByName}, ` : ''}
              {formatDateTime(item.assignedAt)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'requested', header: 'Requested', cell: (item) => <Text whiteSpace="nowrap">{formatDateTime(item.requestedAt)}</Text> },
    {
      key: 'notes',
      header: 'Notes',
      cell: (item) => (
        <Text minW="40" maxW="md" whiteSpace="pre-wrap" wordBreak="break-word" color={item.notes ? undefined : 'gray.700'}>
          {item.notes ?? '—'}
        </Text>
      ),
    },
  ];
  if (isAdmin) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (item) =>
        item.status === 'pending' ? (
          <HStack gap="2" justify="flex-end">
            <Button
              size="xs"
              colorPalette="blue"
              onClick={() => setDeciding({ assignment: item, decision: 'approve' })}
              aria-label={`Approve request from ${item.userName}`}
            >
              <Check aria-hidden /> Approve
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => setDeciding({ assignment: item, decision: 'reject' })}
              aria-label={`Reject request from ${item.userName}`}
            >
              <X aria-hidden /> Reject
            </Button>
          </HStack>
        ) : null,
    });
  }

  return (
    <Card.Root variant="outline" bg="white" as="section" aria-labelledby="wip-heading">
      <Card.Header pb="2">
        <Flex justify="space-between" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} gap="3">
          <Stack gap="1">
            <Heading as="h2" size="lg" id="wip-heading">
              WIP Assignments
            </Heading>
            <Text color="gray.700">{isAdmin ? WIP_TEXTS.adminHeading : WIP_TEXTS.staffHeading}</Text>
          </Stack>
          {canRequest ? (
            <Button colorPalette="blue" size="sm" onClick={() => setRequesting(true)}>
              <Plus aria-hidden /> Request assignment
            </Button>
          ) : null}
        </Flex>
      </Card.Header>
      <Card.Body pt="2">
        {canList ? (
          <DataTable
            label="WIP assignments"
            columns={columns}
            rows={rows}
            rowKey={(item) => item.id}
            isLoading={list.isPending}
            error={list.error ? { message: 'Failed to load WIP assignments' } : null}
            emptyText={WIP_TEXTS.empty}
            loadingText="Loading assignments..."
            onRetry={() => void list.refetch()}
          />
        ) : (
          <Text color="gray.700" py="6" textAlign="center">
            Assignment requests are shown to company staff.
          </Text>
        )}
      </Card.Body>
      {deciding ? (
        <DecisionDialog key={`${deciding.assignment.id}-${deciding.decision}`} {...deciding} onClose={() => setDeciding(null)} />
      ) : null}
      {canRequest ? <RequestDialog open={isRequesting} onClose={() => setRequesting(false)} /> : null}
    </Card.Root>
  );
}

const decisionTexts = {
  approve: {
    title: 'Approve assignment',
    submit: 'Approve',
    busy: 'Approving...',
    success: () => notify.success('Success', 'Assignment approved successfully'),
    failure: (message: string) => notify.error('Failed to approve assignment', message),
  },
  reject: {
    title: 'Reject assignment',
    submit: 'Reject',
    busy: 'Rejecting...',
    success: () => notify.success('Assignment rejected'),
    failure: (message: string) => notify.error('Failed to reject assignment', message),
  },
} as const;

/** Approve or reject one pending request, with optional notes for the record. */
function DecisionDialog({ assignment, decision, onClose }: { assignment: WipAssignment; decision: Decision; onClose: () => void }) {
  const form = useZodForm(wipRequestInput, { notes: '' });
  const utils = trpc.useUtils();
  const onSettled = () => void utils.wip.list.invalidate();
  const approve = trpc.wip.approve.useMutation({ onSettled });
  const reject = trpc.wip.reject.useMutation({ onSettled });
  const mutation = decision === 'approve' ? approve : reject;
  const texts = decisionTexts[decision];

  const submit = form.handleSubmit((input) =>
    mutation.mutate(
      { id: assignment.id, notes: input.notes ?? undefined },
      {
        onSuccess: () => {
          texts.success();
          onClose();
        },
        onError: (error) => texts.failure(form.showServerErrors(error)),
      },
    ),
  );

  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={texts.title}
      description={`Request from ${assignment.userName}, ${formatDateTime(assignment.requestedAt)}${assignment.notes ? `: “${assignment.notes}”` : ''}`}
      submitLabel={texts.submit}
      busyLabel={texts.busy}
      isPending={mutation.isPending}
      onSubmit={(event) => void submit(event)}
      size="sm"
    >
      <FormField control={form.control} name="notes" label="Notes (optional)" multiline={3} maxLength={WIP_NOTES_MAX + 100} />
    </FormDialog>
  );
}

/** Non-admin staff ask an admin for an assignment, with optional notes. */
function RequestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useZodForm(wipRequestInput, { notes: '' });
  const utils = trpc.useUtils();
  const request = trpc.wip.request.useMutation({ onSettled: () => void utils.wip.list.invalidate() });

  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit((input) =>
    request.mutate(
      { notes: input.notes ?? undefined },
      {
        onSuccess: () => {
          notify.success('Request sent', 'An admin will review your assignment request');
          close();
        },
        onError: form.fail('Failed to request assignment'),
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title="Request assignment"
      description="Ask an admin to assign you work. Add notes to say what you would like to take on."
      submitLabel="Send request"
      busyLabel="Sending..."
      isPending={request.isPending}
      onSubmit={(event) => void submit(event)}
      size="sm"
    >
      <FormField control={form.control} name="notes" label="Notes (optional)" multiline={4} maxLength={WIP_NOTES_MAX + 100} />
    </FormDialog>
  );
}
