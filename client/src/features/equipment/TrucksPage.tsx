import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { Info, UserRoundCheck } from 'lucide-react';
import { can } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { createTruckInput, Truck } from '#shared/schemas/equipment.js';
import { RecordListPage, type RecordScreen } from '../../components/records/RecordListPage';
import { StatusBadge } from '../../components/StatusBadge';
import { trpc } from '../../lib/trpc';
import { AssignDriverDialog } from './AssignDriverDialog';
import { EquipmentFilterBar } from './EquipmentFilterBar';
import { TruckDetailDialog } from './TruckDetailDialog';
import { truckForm } from './TruckForm';
import { equipmentPermissions, useTruckList, type EquipmentFilters } from './use-equipment';

const dash = <Text color="gray.600">—</Text>;
const makeModelYear = (truck: Truck) => [truck.make, truck.model, truck.year].filter(Boolean).join(' ') || null;
const plateOf = (truck: { plate: string | null; plateState: string | null }) =>
  truck.plate ? `${truck.plate}${truck.plateState ? ` (${truck.plateState})` : ''}` : null;

/** The Trucks screen: Unit first, the current driver, and assignments with dates (issue 31). */
export function TrucksPage({
  session,
  filters,
  onFiltersChange,
}: {
  session: SessionOutput;
  filters: EquipmentFilters;
  onFiltersChange: (filters: EquipmentFilters) => void;
}) {
  const canWrite = can(session, 'trucks', 'write');
  const screen: RecordScreen<Truck, typeof createTruckInput> = {
    domain: {
      noun: 'Truck',
      procedures: trpc.trucks,
      refresh: (utils) => Promise.all([utils.trucks.invalidate(), utils.loads.formOptions.invalidate()]),
    },
    form: truckForm,
    subtitle: 'Your power units, who drives each, and their plates and IFTA base',
    nameOf: (truck) => truck.unitNumber,
    nameHeader: 'Unit',
    filters: (
      <EquipmentFilterBar
        idPrefix="trucks"
        placeholder="Search by unit, VIN, plate, make or model..."
        filters={filters}
        onFiltersChange={onFiltersChange}
      />
    ),
    columns: [
      { key: 'driver', header: 'Driver', cell: (truck) => (truck.currentDriverName ? <Text>{truck.currentDriverName}</Text> : dash) },
      {
        key: 'makeModelYear',
        header: 'Make/Model/Year',
        cell: (truck) => (makeModelYear(truck) ? <Text>{makeModelYear(truck)}</Text> : dash),
      },
      { key: 'plate', header: 'Plate', cell: (truck) => (plateOf(truck) ? <Text whiteSpace="nowrap">{plateOf(truck)}</Text> : dash) },
      {
        key: 'vin',
        header: 'VIN',
        cell: (truck) =>
          truck.vin ? (
            <Text fontFamily="mono" fontSize="sm">
              {truck.vin}
            </Text>
          ) : (
            dash
          ),
      },
      {
        key: 'ifta',
        header: 'IFTA Base',
        cell: (truck) => (truck.iftaBaseJurisdiction ? <Text>{truck.iftaBaseJurisdiction}</Text> : dash),
      },
      { key: 'status', header: 'Status', cell: (truck) => <StatusBadge status={truck.status} /> },
    ],
    card: {
      badge: (truck) => <StatusBadge status={truck.status} />,
      subtitle: (truck) => makeModelYear(truck),
      details: (truck) => (
        <>
          <Text>Driver: {truck.currentDriverName ?? 'None'}</Text>
          {plateOf(truck) ? <Text>Plate: {plateOf(truck)}</Text> : null}
          {truck.vin ? <Text overflowWrap="anywhere">VIN: {truck.vin}</Text> : null}
          {truck.iftaBaseJurisdiction ? <Text>IFTA base: {truck.iftaBaseJurisdiction}</Text> : null}
        </>
      ),
    },
    keptAfterDelete: 'Its assignment history goes with it. A truck on loads cannot be deleted: set it inactive instead.',
    permissions: equipmentPermissions('trucks'),
    useList: function useTrucks() {
      const { trucks, query } = useTruckList(filters);
      return { rows: trucks, query };
    },
    useMoreActions: function useTruckActions() {
      const [assigning, setAssigning] = useState<Truck | null>(null);
      const [viewing, setViewing] = useState<Truck | null>(null);
      return {
        actions: (truck) => [
          { label: 'Details', icon: <Info aria-hidden="true" />, onClick: () => setViewing(truck) },
          ...(canWrite && truck.companyId === session.company.id
            ? [{ label: 'Assign Driver', icon: <UserRoundCheck aria-hidden="true" />, onClick: () => setAssigning(truck) }]
            : []),
        ],
        dialogs: (
          <>
            {assigning ? (
              <AssignDriverDialog truckId={assigning.id} truckUnit={assigning.unitNumber} onClose={() => setAssigning(null)} />
            ) : null}
            {viewing ? <TruckDetailDialog truck={viewing} canWrite={canWrite} onClose={() => setViewing(null)} /> : null}
          </>
        ),
      };
    },
  };
  return <RecordListPage screen={screen} session={session} />;
}

export { plateOf };
