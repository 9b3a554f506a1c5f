import { Button, CloseButton, Dialog, Portal, useBreakpointValue } from '@chakra-ui/react';
import { QueryState } from '../../components/QueryState';
import { useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { DriverLocationMap } from '../maps/DriverLocationMap';

/** The driver's last known position on the map and how long ago it was reported, or "Never". */
export function DriverLocationDialog({ driverId, driverName, onClose }: { driverId: string; driverName: string; onClose: () => void }) {
  const location = trpc.drivers.location.useQuery({ id: driverId });
  useFailureToast(location);
  // Whole screen on a phone; a centred dialog elsewhere (a responsive size would keep the phone's full height).
  const size = useBreakpointValue<'full' | 'lg'>({ base: 'full', md: 'lg' }) ?? 'lg';
  return (
    <Dialog.Root open onOpenChange={(event) => (event.open ? undefined : onClose())} size={size} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
              <Dialog.Title>Driver Location</Dialog.Title>
              <Dialog.Description>{driverName}</Dialog.Description>
            </Dialog.Header>
            <Dialog.Body>
              <QueryState
                isLoading={location.isLoading}
                error={location.error}
                isEmpty={false}
                emptyText=""
                loadingText="Loading location..."
                onRetry={() => void location.refetch()}
              >
                {location.data ? (
                  <DriverLocationMap
                    lat={location.data.lat}
                    lng={location.data.lng}
                    label={location.data.name}
                    lastUpdate={location.data.lastLocationUpdate}
                  />
                ) : null}
              </QueryState>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
