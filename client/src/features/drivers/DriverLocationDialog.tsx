import { QueryState } from '../../components/QueryState';
import { ViewDialog } from '../../components/ViewDialog';
import { useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { DriverLocationMap } from '../maps/DriverLocationMap';

/** The driver's last known position on the map and how long ago it was reported, or "Never". */
export function DriverLocationDialog({ driverId, driverName, onClose }: { driverId: string; driverName: string; onClose: () => void }) {
  const location = trpc.drivers.location.useQuery({ id: driverId });
  useFailureToast(location);
  return (
    <ViewDialog title="Driver Location" description={driverName} size="lg" onClose={onClose}>
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
    </ViewDialog>
  );
}
