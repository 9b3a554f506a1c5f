import { useState } from 'react';
import { Button, Flex, Stack } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import { FETCH_FAILED, useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { usePagedList } from '../../lib/use-paged-list';
import { LoadMore } from '../../components/records/record-parts';
import { DocumentsTable } from '../documents/DocumentsTable';
import { UploadDialog } from '../documents/UploadDialog';

/** How many of the load's documents the user may see: the tab's count (the same query the tab lists, so one read). */
export function useLoadDocumentCount(loadId: string): number | null {
  const query = trpc.documents.forLoad.useInfiniteQuery({ loadId }, { getNextPageParam: (page) => page.nextCursor });
  return query.data?.pages[0]?.total ?? null;
}

/** The load detail's Documents tab: the load's documents newest first, download, delete, and upload (type load_document unless chosen). */
export function LoadDocumentsTab({ loadId, canUpload, canDelete }: { loadId: string; canUpload: boolean; canDelete: boolean }) {
  const { rows, query } = usePagedList(trpc.documents.forLoad, { loadId });
  const [isUploading, setUploading] = useState(false);
  useFailureToast(query, 'Error', FETCH_FAILED);
  return (
    <Stack gap="3" pt="2">
      {canUpload ? (
        <Flex justify="end">
          <Button size="sm" colorPalette="blue" onClick={() => setUploading(true)}>
            <Upload aria-hidden="true" /> Upload Document
          </Button>
        </Flex>
      ) : null}
      <DocumentsTable
        label="Load documents"
        documents={rows}
        canDelete={canDelete}
        isLoading={query.isLoading}
        error={query.error}
        emptyText="No documents yet"
        onRetry={() => void query.refetch()}
        showLoad={false}
      />
      <LoadMore hasMore={query.hasNextPage} isLoading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      {isUploading ? <UploadDialog loadId={loadId} defaultType="load_document" onClose={() => setUploading(false)} /> : null}
    </Stack>
  );
}
