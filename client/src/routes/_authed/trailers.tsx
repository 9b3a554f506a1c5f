import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { TrailersPage } from '../../features/equipment/TrailersPage';
import { equipmentSearch, useEquipmentAddress, type EquipmentSearch } from '../../features/equipment/equipment-address';

export const Route = createFileRoute('/_authed/trailers')({
  validateSearch: equipmentSearch,
  component: TrailersRoute,
});

function TrailersRoute() {
  const { session } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const replaceSearch = useCallback((search: EquipmentSearch) => void navigate({ search, replace: true }), [navigate]);
  const address = useEquipmentAddress(Route.useSearch(), replaceSearch);
  return <TrailersPage session={session} filters={address.filters} onFiltersChange={address.onFiltersChange} />;
}
