import { Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { Truck } from '#shared/schemas/equipment.js';
import { QueryState } from '../../components/QueryState';
import { StatusBadge } from '../../components/StatusBadge';
import { ViewDialog } from '../../components/ViewDialog';
import { notify } from '../../components/toaster';
import { reportFailure } from '../../lib/errors';
import { formatDateAtTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';

/** A truck's details and its assignment history, newest first; the running assignment may be ended here. */
export function TruckDetailDialog({ truck, canWrite, onClose }: { truck: Truck; canWrite: boolean; onClose: () => void }) {
  const history = trpc.trucks.assignments.useQuery({ truckId: truck.id });
  const utils = trpc.useUtils();
  const end = trpc.trucks.endAssignment.useMutation({
    onSuccess: () => void Promise.all([utils.trucks.invalidate(), utils.loads.formOptions.invalidate()]),
  });
  const rows = history.data?.items ?? [];
  const details: [string, string | null][] = [
    ['VIN', truck.vin],
    ['Make / Model / Year', [truck.make, truck.model, truck.year].filter(Boolean).join(' ') || null],
    ['Plate', truck.plate ? `${truck.plate}${truck.plateState ? ` (${truck.plateState})` : ''}` : null],
    ['IFTA base', truck.iftaBaseJurisdiction],
    ['Notes', truck.notes],
  ];
  return (
    <ViewDialog title={`Truck ${truck.unitNumber}`} badge={<StatusBadge status={truck.status} />} size="lg" onClose={onClose}>
      <Stack gap="5">
        <Stack as="dl" gap="1" fontSize="sm">
          {details.map(([label, value]) => (
            <HStack key={label} gap="1" align="baseline">
              <Text as="dt" fontWeight="medium">
                {label}:
              </Text>
              <Text as="dd">{value ?? '—'}</Text>
            </HStack>
          ))}
        </Stack>
        <Stack gap="2">
          <Text as="h3" fontWeight="semibold">
            Assignment history
          </Text>
          <QueryState
            isLoading={history.isLoading}
            error={history.error}
            isEmpty={rows.length === 0}
            emptyText="No driver has been assigned to this truck yet."
            loadingText="Loading assignments..."
            onRetry={() => void history.refetch()}
          >
            <Table.Root size="sm" aria-label="Assignment history">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Driver</Table.ColumnHeader>
                  <Table.ColumnHeader>From</Table.ColumnHeader>
                  <Table.ColumnHeader>Until</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={row.id}>
                    <Table.Cell>{row.driverName}</Table.Cell>
                    <Table.Cell>{formatDateAtTime(row.startsAt)}</Table.Cell>
                    <Table.Cell>
                      {row.endsAt ? (
                        formatDateAtTime(row.endsAt)
                      ) : canWrite ? (
                        <Button
                          size="xs"
                          variant="outline"
                          loading={end.isPending}
                          aria-label={`End now: ${row.driverName}'s assignment`}
                          onClick={() =>
                            end.mutate(
                              { id: row.id },
                              { onSuccess: () => notify.success('Assignment ended'), onError: (error) => reportFailure('Error', error) },
                            )
                          }
                        >
                          End now
                        </Button>
                      ) : (
                        'Current'
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </QueryState>
        </Stack>
      </Stack>
    </ViewDialog>
  );
}
