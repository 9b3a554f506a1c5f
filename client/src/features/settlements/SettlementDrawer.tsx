import { useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  DataList,
  Drawer,
  Flex,
  Heading,
  HStack,
  IconButton,
  Portal,
  SimpleGrid,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { CircleCheck, FileDown, Pencil, Plus, Trash2, Wallet } from 'lucide-react';
import { DRIVER_PAY_TYPE_LABELS, PAYMENT_METHOD_LABELS, SETTLEMENT_LINE_KIND_LABELS } from '#shared/schemas/settlements.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { StatusBadge } from '../../components/StatusBadge';
import { notify } from '../../components/toaster';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Money } from './PeriodsTab';
import { formatWeek } from './settlement-rules';
import { AddLineDialog, EditLineDialog, MarkPaidDialog, RemoveLineDialog } from './SettlementLineDialogs';
import {
  LINE_GROUPS,
  SETTLEMENT_TEXTS,
  useRefreshSettlements,
  useStatementPdf,
  type SettlementDetail,
  type SettlementLine,
} from './use-settlements';

type Editing = { kind: 'edit' | 'remove'; line: SettlementLine } | { kind: 'add' } | { kind: 'paid' } | { kind: 'approve' } | null;

/**
 * One driver's settlement (the whole screen on a phone, a side panel from md up): its lines in
 * groups (loads, extra pay, deductions and advances, adjustments), each with its load, lane, date,
 * quantity × rate (miles marked "est." when estimated) and amount; on a draft, edit, add and
 * remove lines (each with a reason), and approve; once approved, mark paid; the statement PDF.
 */
export function SettlementDrawer({ id, canChange, onClose }: { id: string; canChange: boolean; onClose: () => void }) {
  const size = useBreakpointValue({ base: 'full', md: 'xl' } as const) ?? 'xl';
  const settlement = trpc.settlements.getSettlement.useQuery({ id });
  useFailureToast(settlement);
  const data = settlement.data;
  return (
    <Drawer.Root open onOpenChange={(event) => (event.open ? undefined : onClose())} placement="end" size={size}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="settlement-drawer">
            <Drawer.Header pe="12">
              <Stack gap="1">
                <HStack gap="3" wrap="wrap">
                  <Drawer.Title overflowWrap="anywhere">{data ? data.driverName : 'Settlement'}</Drawer.Title>
                  {data ? <StatusBadge status={data.status} /> : null}
                </HStack>
                {data ? (
                  <Text fontSize="sm" color="gray.700">
                    {DRIVER_PAY_TYPE_LABELS[data.driverType]} · {formatWeek(data.periodStartsOn, data.periodEndsOn)}
                  </Text>
                ) : null}
              </Stack>
            </Drawer.Header>
            <Drawer.Body>
              <QueryState
                isLoading={settlement.isLoading}
                error={settlement.error}
                isEmpty={!data}
                emptyText="This settlement could not be found."
                loadingText="Loading settlement..."
                onRetry={() => void settlement.refetch()}
              >
                {data ? <SettlementBody settlement={data} canChange={canChange} /> : null}
              </QueryState>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function SettlementBody({ settlement, canChange }: { settlement: SettlementDetail; canChange: boolean }) {
  const [editing, setEditing] = useState<Editing>(null);
  const refresh = useRefreshSettlements();
  const approve = trpc.settlements.approve.useMutation({ onSettled: refresh });
  const { download, downloadingId } = useStatementPdf();
  const isDraft = settlement.status === 'draft';
  const editable = canChange && isDraft;
  const close = () => setEditing(null);

  return (
    <Stack gap="6">
      {isDraft ? null : (
        <Alert.Root status="info" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {settlement.status === 'paid'
                ? `Paid ${formatDate(settlement.paidAt)}${settlement.paidMethod ? ` by ${PAYMENT_METHOD_LABELS[settlement.paidMethod]}` : ''}`
                : `Approved ${formatDateTime(settlement.approvedAt)}`}
            </Alert.Title>
            <Alert.Description>{SETTLEMENT_TEXTS.approvedLocked}.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      <Flex gap="2" wrap="wrap">
        <Button
          variant="outline"
          loading={downloadingId === settlement.id}
          loadingText="Preparing..."
          onClick={() => download(settlement.id)}
        >
          <FileDown aria-hidden="true" /> Statement PDF
        </Button>
        {editable ? (
          <>
            <Button variant="outline" onClick={() => setEditing({ kind: 'add' })}>
              <Plus aria-hidden="true" /> Add line
            </Button>
            <Button colorPalette="green" onClick={() => setEditing({ kind: 'approve' })}>
              <CircleCheck aria-hidden="true" /> Approve
            </Button>
          </>
        ) : null}
        {canChange && settlement.status === 'approved' ? (
          <Button colorPalette="blue" onClick={() => setEditing({ kind: 'paid' })}>
            <Wallet aria-hidden="true" /> Mark paid
          </Button>
        ) : null}
      </Flex>

      {LINE_GROUPS.map((group) => {
        const lines = settlement.lines.filter((line) => (group.kinds as readonly string[]).includes(line.kind));
        return (
          <Stack as="section" key={group.title} gap="2" aria-label={group.title}>
            <Heading as="h3" size="sm">
              {group.title}
            </Heading>
            {lines.length === 0 ? (
              <Text fontSize="sm" color="gray.700">
                None
              </Text>
            ) : (
              <DataTable
                label={group.title}
                columns={lineColumns(editable, setEditing)}
                rows={lines}
                rowKey={(line) => line.id}
                isLoading={false}
                error={null}
                emptyText="None"
              />
            )}
          </Stack>
        );
      })}

      <Box as="section" aria-label="Totals" borderWidth="1px" borderRadius="md" p="4" bg="gray.50">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <DataList.Root orientation="horizontal" size="sm">
            <Total label="Gross" value={settlement.gross} />
            <Total label="Deductions" value={settlement.deductions} />
            <Total label="Net" value={settlement.net} strong />
          </DataList.Root>
          <DataList.Root orientation="horizontal" size="sm">
            <Total label="Escrow balance" value={settlement.escrowBalance} />
            <Total label="Year to date, gross" value={settlement.ytdGross} />
            <Total label="Year to date, net" value={settlement.ytdNet} />
          </DataList.Root>
        </SimpleGrid>
        <Text fontSize="xs" color="gray.700" mt="3">
          {settlement.loadCount} loads · {formatNumber(settlement.miles)} miles
        </Text>
      </Box>

      {editing?.kind === 'edit' ? <EditLineDialog line={editing.line} onClose={close} /> : null}
      {editing?.kind === 'remove' ? <RemoveLineDialog line={editing.line} onClose={close} /> : null}
      {editing?.kind === 'add' ? <AddLineDialog settlement={settlement} onClose={close} /> : null}
      {editing?.kind === 'paid' ? <MarkPaidDialog settlement={settlement} onClose={close} /> : null}
      <ConfirmDialog
        open={editing?.kind === 'approve'}
        onOpenChange={(open) => (open ? undefined : close())}
        title="Approve settlement"
        description={`Approve ${settlement.driverName}'s settlement, net ${formatMoney(settlement.net)}? ${SETTLEMENT_TEXTS.approveWarning}: a correction is an adjustment in a later week. The driver is told their statement is ready.`}
        confirmLabel="Approve"
        busyLabel="Approving..."
        isPending={approve.isPending}
        onConfirm={() =>
          approve.mutate(
            { id: settlement.id },
            {
              onSuccess: () => {
                close();
                notify.success('Settlement approved', `${settlement.driverName}: ${formatMoney(settlement.net)}`);
              },
              onError: (error) => reportFailure('Failed to approve the settlement', error),
            },
          )
        }
      />
    </Stack>
  );
}

function Total({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue justifyContent="flex-end">
        <Money value={value} strong={strong} />
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** A line's columns: what it is (its load and lane, or its description), date, quantity × rate, amount; edit and remove on a draft. */
function lineColumns(editable: boolean, setEditing: (editing: Editing) => void): Column<SettlementLine>[] {
  const columns: Column<SettlementLine>[] = [
    {
      key: 'line',
      header: 'Line',
      cell: (line) => (
        <Stack gap="0" minW="0">
          <Text fontWeight="medium">{line.loadNumber ? `Load ${line.loadNumber}` : line.description}</Text>
          {line.lane ? (
            <Text fontSize="xs" color="gray.700">
              {line.lane}
            </Text>
          ) : null}
          {line.loadNumber && line.description ? (
            <Text fontSize="xs" color="gray.700">
              {line.description}
            </Text>
          ) : null}
          {line.kind !== 'load_pay' && line.kind !== 'adjustment' ? (
            <Text fontSize="xs" color="gray.700">
              {SETTLEMENT_LINE_KIND_LABELS[line.kind]}
            </Text>
          ) : null}
          {line.reason ? (
            <Text fontSize="xs" color="gray.700">
              Reason: {line.reason}
              {line.enteredByName ? ` (${line.enteredByName})` : ''}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'date', header: 'Date', cell: (line) => <Text whiteSpace="nowrap">{formatDate(line.loadDate)}</Text> },
    {
      key: 'quantity',
      header: 'Qty × rate',
      align: 'end',
      cell: (line) =>
        line.quantity !== null || line.unitRate !== null ? (
          <HStack gap="1" justify="flex-end" whiteSpace="nowrap">
            <Text as="span">
              {formatNumber(line.quantity)} × {line.unitRate ?? '—'}
            </Text>
            {line.milesEstimated ? (
              <Badge colorPalette="yellow" variant="subtle" title="Miles estimated from the lane">
                est.
              </Badge>
            ) : null}
          </HStack>
        ) : (
          '—'
        ),
    },
    { key: 'amount', header: 'Amount', align: 'end', cell: (line) => <Money value={line.amount} /> },
  ];
  if (!editable) return columns;
  return [
    ...columns,
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (line) => (
        <HStack gap="1" justify="flex-end">
          <IconButton
            size="xs"
            variant="outline"
            aria-label={`Edit line ${line.description}`}
            onClick={() => setEditing({ kind: 'edit', line })}
          >
            <Pencil aria-hidden="true" />
          </IconButton>
          <IconButton
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`Remove line ${line.description}`}
            onClick={() => setEditing({ kind: 'remove', line })}
          >
            <Trash2 aria-hidden="true" />
          </IconButton>
        </HStack>
      ),
    },
  ];
}
