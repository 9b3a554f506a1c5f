import { Text } from '@chakra-ui/react';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { TRAILER_TYPE_LABELS, type createTrailerInput, type Trailer } from '#shared/schemas/equipment.js';
import { RecordListPage, type RecordScreen } from '../../components/records/RecordListPage';
import { StatusBadge } from '../../components/StatusBadge';
import { trpc } from '../../lib/trpc';
import { EquipmentFilterBar } from './EquipmentFilterBar';
import { trailerForm } from './TrailerForm';
import { plateOf } from './TrucksPage';
import { equipmentPermissions, useTrailerList, type EquipmentFilters } from './use-equipment';

/** The Trailers screen: Unit, Type, Plate, Status (issue 31). */
export function TrailersPage({
  session,
  filters,
  onFiltersChange,
}: {
  session: SessionOutput;
  filters: EquipmentFilters;
  onFiltersChange: (filters: EquipmentFilters) => void;
}) {
  const screen: RecordScreen<Trailer, typeof createTrailerInput> = {
    domain: {
      noun: 'Trailer',
      procedures: trpc.trailers,
      refresh: (utils) => Promise.all([utils.trailers.invalidate(), utils.loads.formOptions.invalidate()]),
    },
    form: trailerForm,
    subtitle: 'Your trailers by type and plate',
    nameOf: (trailer) => trailer.unitNumber,
    nameHeader: 'Unit',
    filters: (
      <EquipmentFilterBar
        idPrefix="trailers"
        placeholder="Search by unit or plate..."
        filters={filters}
        onFiltersChange={onFiltersChange}
      />
    ),
    columns: [
      { key: 'type', header: 'Type', cell: (trailer) => <Text>{TRAILER_TYPE_LABELS[trailer.trailerType]}</Text> },
      {
        key: 'plate',
        header: 'Plate',
        cell: (trailer) => (plateOf(trailer) ? <Text whiteSpace="nowrap">{plateOf(trailer)}</Text> : <Text color="gray.600">—</Text>),
      },
      { key: 'status', header: 'Status', cell: (trailer) => <StatusBadge status={trailer.status} /> },
    ],
    card: {
      badge: (trailer) => <StatusBadge status={trailer.status} />,
      subtitle: (trailer) => TRAILER_TYPE_LABELS[trailer.trailerType],
      details: (trailer) => (plateOf(trailer) ? <Text>Plate: {plateOf(trailer)}</Text> : null),
    },
    keptAfterDelete: 'A trailer on loads cannot be deleted: set it inactive instead.',
    permissions: equipmentPermissions('trailers'),
    useList: function useTrailers() {
      const { trailers, query } = useTrailerList(filters);
      return { rows: trailers, query };
    },
  };
  return <RecordListPage screen={screen} session={session} />;
}
