import { useState } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { DOCUMENT_SEARCH_MAX, DOCUMENT_TYPE_FILTERS, DOCUMENT_TYPE_LABELS, type DocumentTypeFilter } from '#shared/schemas/documents.js';
import { FilterBar } from '../../components/FilterBar';
import { PageHeader } from '../../components/PageHeader';
import { PlainSelect } from '../../components/PlainFields';
import { LoadMore } from '../../components/records/record-parts';
import { trpc } from '../../lib/trpc';
import { useSearchBox } from '../../lib/use-paged-list';
import { DocumentsTable } from './DocumentsTable';
import { UploadDialog } from './UploadDialog';
import { documentPermissions, useDocumentList, type DocumentFilters } from './use-documents';

const TYPE_OPTIONS = DOCUMENT_TYPE_FILTERS.map((type) => ({
  value: type,
  label: type === 'all' ? 'All types' : DOCUMENT_TYPE_LABELS[type],
}));

/** The Documents screen: search by file name, type and load filters (in the address), the table paged with "Load more", and the upload dialog. */
export function DocumentsPage({
  session,
  filters,
  onFiltersChange,
}: {
  session: SessionOutput;
  filters: DocumentFilters;
  onFiltersChange: (filters: DocumentFilters) => void;
}) {
  const permissions = documentPermissions(session);
  const [isUploading, setUploading] = useState(false);
  const { query, documents } = useDocumentList(filters);
  const loads = trpc.loads.list.useQuery({ search: '', status: 'all', limit: 100 });
  const [searchText, setSearchText] = useSearchBox(filters.search, (search) => onFiltersChange({ ...filters, search }));
  const hasFilters = filters.search !== '' || filters.documentType !== 'all' || filters.loadId !== '' || searchText !== '';

  return (
    <>
      <PageHeader
        title="Documents"
        subtitle="Rate confirmations, BOLs, PODs and every other paper of your loads"
        actions={
          permissions.canUpload ? (
            <Button colorPalette="blue" onClick={() => setUploading(true)} alignSelf={{ base: 'stretch', md: 'center' }}>
              <Upload aria-hidden="true" /> Upload Document
            </Button>
          ) : null
        }
      />
      <FilterBar
        searchId="document-search"
        placeholder="Search by file name..."
        maxLength={DOCUMENT_SEARCH_MAX}
        searchText={searchText}
        onSearchText={setSearchText}
        hasFilters={hasFilters}
        onClear={() => onFiltersChange({ search: '', documentType: 'all', loadId: '' })}
      >
        <Stack minW={{ md: '48' }}>
          <PlainSelect
            label="Type"
            name="documentType"
            value={filters.documentType}
            onChange={(value) => onFiltersChange({ ...filters, documentType: value as DocumentTypeFilter })}
            options={TYPE_OPTIONS}
          />
        </Stack>
        <Stack minW={{ md: '48' }}>
          <PlainSelect
            label="Load"
            name="loadId"
            value={filters.loadId}
            onChange={(loadId) => onFiltersChange({ ...filters, loadId })}
            options={[
              { value: '', label: 'All loads' },
              ...(loads.data?.items ?? []).map((load) => ({ value: load.id, label: load.loadNumber })),
            ]}
          />
        </Stack>
      </FilterBar>

      <DocumentsTable
        label="Documents"
        documents={documents}
        canDelete={permissions.canDelete}
        isLoading={query.isLoading}
        error={query.error}
        emptyText={hasFilters ? 'No documents match your filters.' : 'No documents yet. Upload your first document to get started.'}
        onRetry={() => void query.refetch()}
      />
      <LoadMore hasMore={query.hasNextPage} isLoading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      {isUploading ? <UploadDialog onClose={() => setUploading(false)} /> : null}
    </>
  );
}
