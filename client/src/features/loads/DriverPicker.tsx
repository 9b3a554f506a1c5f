import { useMemo, useRef, useState } from 'react';
import { Badge, Button, chakra, Dialog, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import type { DriverChoice, LoadListItem } from '#shared/schemas/loads.js';
import { DialogFrame } from '../../components/DialogFrame';
import { PlaceName } from '../../components/PlaceName';
import { QueryState } from '../../components/QueryState';
import { statusLabel } from '../../components/StatusBadge';
import { notify } from '../../components/toaster';
import { useFailureToast } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { usePlaceNames } from '../../lib/use-place-names';
import { useAssignDriver } from './use-load-actions';

/**
 * Assign or change a load's driver from the list (issue 26, item 2): every driver with their
 * current load, their last known place and its age, and whether they are free by the load's
 * pickup date; a search over the names. Choosing one assigns them (a pending load becomes
 * Assigned); "Unassign" takes the driver off.
 */
export function DriverPicker({ load, onClose }: { load: LoadListItem; onClose: () => void }) {
  const choices = trpc.loads.driverChoices.useQuery(load.pickupDate ? { pickupDate: load.pickupDate } : {});
  useFailureToast(choices, 'Failed to load drivers');
  const [search, setSearch] = useState('');
  const drivers = useMemo(() => {
    const words = search.trim().toLowerCase();
    return (choices.data?.drivers ?? []).filter((driver) => driver.name.toLowerCase().includes(words));
  }, [choices.data, search]);
  const places = usePlaceNames(drivers.map((driver) => driver.lastPosition ?? { lat: null, lng: null }));
  // Told in the mutation's own success (the picker closes with it, so a call's callbacks could be dropped).
  const chosen = useRef<DriverChoice | null>(null);
  const assign = useAssignDriver(() => {
    const driver = chosen.current;
    notify.success(driver ? 'Driver assigned' : 'Driver removed', driver ? `${driver.name} on ${load.loadNumber}` : load.loadNumber);
    onClose();
  });
  const choose = (driver: DriverChoice | null) => {
    chosen.current = driver;
    assign.mutate({ id: load.id, driverId: driver?.id ?? null });
  };
  const now = Date.now();

  return (
    <DialogFrame
      open
      onClose={onClose}
      size="md"
      title={`Driver for ${load.loadNumber}`}
      description={load.pickupDate ? `Pickup ${formatDate(load.pickupDate)}` : 'No pickup date: free means no active load'}
    >
      <Dialog.Body>
        <Stack gap="3">
          <Field.Root>
            <Field.Label>Search drivers</Field.Label>
            <Input type="search" value={search} maxLength={100} onChange={(event) => setSearch(event.target.value)} placeholder="Name" />
          </Field.Root>
          <QueryState
            isLoading={choices.isLoading}
            error={choices.error}
            isEmpty={drivers.length === 0}
            emptyText={search ? 'No driver matches your search.' : 'No drivers yet.'}
            loadingText="Loading drivers..."
            onRetry={() => void choices.refetch()}
          >
            <chakra.ul listStyleType="none" display="flex" flexDirection="column" gap="2" aria-label="Drivers">
              {drivers.map((driver, index) => {
                const isCurrent = driver.id === load.driverId;
                return (
                  <li key={driver.id}>
                    <chakra.button
                      type="button"
                      w="full"
                      textAlign="start"
                      borderWidth="1px"
                      borderColor={isCurrent ? 'blue.600' : 'gray.200'}
                      borderRadius="md"
                      px="3"
                      py="2"
                      bg={isCurrent ? 'blue.50' : 'white'}
                      cursor="pointer"
                      _hover={{ borderColor: 'blue.400' }}
                      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '1px' }}
                      disabled={assign.isPending}
                      aria-current={isCurrent || undefined}
                      onClick={() => choose(driver)}
                      data-testid="driver-choice"
                    >
                      <Flex as="span" justify="space-between" gap="2" align="start" minW="0">
                        <Stack as="span" gap="0.5" minW="0" fontSize="sm">
                          <Text as="span" fontWeight="semibold" truncate>
                            {driver.name}
                          </Text>
                          <Text as="span" color="gray.700">
                            {driver.currentLoad
                              ? `On ${driver.currentLoad.loadNumber} (${statusLabel(driver.currentLoad.status)})`
                              : `No active load · ${statusLabel(driver.status)}`}
                          </Text>
                          {driver.lastPosition ? (
                            <PlaceName
                              lat={driver.lastPosition.lat}
                              lng={driver.lastPosition.lng}
                              at={driver.lastPosition.at}
                              now={now}
                              place={places[index]}
                              coordinates="tooltip"
                              lines="truncate"
                              color="gray.700"
                            />
                          ) : (
                            <Text as="span" color="gray.700">
                              No position yet
                            </Text>
                          )}
                        </Stack>
                        <Badge as="span" colorPalette={driver.freeByPickup ? 'green' : 'orange'} variant="subtle" flexShrink={0}>
                          {driver.freeByPickup ? 'Free by pickup' : 'Busy at pickup'}
                        </Badge>
                      </Flex>
                    </chakra.button>
                  </li>
                );
              })}
            </chakra.ul>
            {choices.data?.truncated ? (
              <Text fontSize="sm" color="gray.700" mt="2">
                Only the first {choices.data.drivers.length} drivers are listed: search to narrow them.
              </Text>
            ) : null}
          </QueryState>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        {load.driverId ? (
          <Button variant="outline" colorPalette="red" onClick={() => choose(null)} loading={assign.isPending}>
            Unassign
          </Button>
        ) : null}
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </DialogFrame>
  );
}
