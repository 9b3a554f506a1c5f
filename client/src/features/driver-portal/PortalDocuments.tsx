import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { formatFileSize } from '#shared/schemas/documents.js';
import { DataTable, type Column } from '../../components/DataTable';
import { StatusBadge } from '../../components/StatusBadge';
import { useFailureToast } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';

type PortalDocument = {
  id: string;
  fileName: string;
  documentType: string;
  fileSize: number;
  loadNumber: string | null;
  createdAt: string;
};

const columns: Column<PortalDocument>[] = [
  { key: 'name', header: 'File name', cell: (document) => <Text wordBreak="break-all">{document.fileName}</Text> },
  { key: 'type', header: 'Type', cell: (document) => <StatusBadge status={document.documentType} /> },
  { key: 'load', header: 'Load', cell: (document) => document.loadNumber ?? '—' },
  { key: 'size', header: 'Size', cell: (document) => formatFileSize(document.fileSize) },
  { key: 'date', header: 'Uploaded', cell: (document) => formatDate(document.createdAt) },
];

/** The portals' documents (documents.mine): a driver's marked driver on their loads, a carrier user's marked carrier for their carrier. */
export function PortalDocuments({ title = 'My Documents' }: { title?: string }) {
  const documents = trpc.documents.mine.useQuery({ limit: 50 });
  useFailureToast(documents);
  return (
    <Card.Root variant="outline" bg="white" as="section" aria-labelledby="portal-documents-heading">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="md" id="portal-documents-heading">
            {title}
          </Heading>
          <DataTable
            label={title}
            columns={columns}
            rows={documents.data?.items}
            rowKey={(document) => document.id}
            isLoading={documents.isPending}
            error={documents.error}
            emptyText="No documents shared with you yet."
            onRetry={() => void documents.refetch()}
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
