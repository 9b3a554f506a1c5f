import { createFileRoute } from '@tanstack/react-router';
import { isImportEntity, type ImportEntity } from '#shared/import-entities.js';
import type { RawSearch } from '../../lib/search-params';
import { ImportPage } from '../../features/imports/ImportPage';

/** `entity`: what the list screen's "Import CSV" came from (loads, drivers, brokers, carriers); anything else: none. */
function importSearch(search: RawSearch): { entity?: ImportEntity } {
  return isImportEntity(search.entity) ? { entity: search.entity } : {};
}

export const Route = createFileRoute('/_authed/import')({
  validateSearch: importSearch,
  component: ImportRoute,
});

function ImportRoute() {
  const { entity } = Route.useSearch();
  return <ImportPage entity={entity} />;
}
