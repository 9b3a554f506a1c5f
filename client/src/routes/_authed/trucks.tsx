import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { TrucksPage } from '../../features/equipment/TrucksPage';
import { equipmentSearch, useEquipmentAddress, type EquipmentSearch } from '../../features/equipment/equipment-address';

export const Route = createFileRoute('/_authed/trucks')({
  validateSearch: equipmentSearch,
  component: TrucksRoute,
});

function TrucksRoute() {
  const { session } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const replaceSearch = useCallback((search: EquipmentSearch) => void navigate({ search, replace: true }), [navigate]);
  const address = useEquipmentAddress(Route.useSearch(), replaceSearch);
  return <TrucksPage session={session} filters={address.filters} onFiltersChange={address.onFiltersChange} />;
}
