import { useState } from 'react';
import { Button, Flex, Text } from '@chakra-ui/react';
import { Download, ScanText, Trash2 } from 'lucide-react';
import { confirmDeleteText, DOCUMENT_TYPE_LABELS, formatFileSize, type DocumentListItem } from '#shared/schemas/documents.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { formatDate } from '../../lib/format';
import { ExtractPodDialog } from './ExtractPodDialog';
import { useDocumentActions } from './use-documents';

/** The spec's document table: file name, type, size, uploaded date, download, delete (after the spec's confirmation). */
export function DocumentsTable({
  label,
  documents,
  canDelete,
  isLoading,
  error,
  emptyText,
  onRetry,
  showLoad = true,
}: {
  label: string;
  documents: DocumentListItem[];
  canDelete: boolean;
  isLoading: boolean;
  error: unknown;
  emptyText: string;
  onRetry: () => void;
  showLoad?: boolean;
}) {
  const { download, downloadingId, deleteDocument, isDeleting } = useDocumentActions();
  const [deleting, setDeleting] = useState<DocumentListItem | null>(null);
  const [extracting, setExtracting] = useState<DocumentListItem | null>(null);

  const columns: Column<DocumentListItem>[] = [
    {
      key: 'name',
      header: 'File Name',
      cell: (document) => (
        <Text fontWeight="medium" wordBreak="break-all" minW="40">
          {document.fileName}
        </Text>
      ),
    },
    { key: 'type', header: 'Type', cell: (document) => DOCUMENT_TYPE_LABELS[document.documentType] },
    ...(showLoad ? [{ key: 'load', header: 'Load', cell: (document: DocumentListItem) => document.loadNumber ?? '—' }] : []),
    { key: 'size', header: 'Size', cell: (document) => <Text whiteSpace="nowrap">{formatFileSize(document.fileSize)}</Text> },
    { key: 'uploaded', header: 'Uploaded', cell: (document) => <Text whiteSpace="nowrap">{formatDate(document.createdAt)}</Text> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (document) => (
        <Flex gap="2" justify="end">
          {/* The spec: Extract Data only on PODs (and for those who may change documents). */}
          {canDelete && document.documentType === 'pod' ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setExtracting(document)}
              aria-label={`Extract Data from ${document.fileName}`}
            >
              <ScanText aria-hidden="true" /> Extract Data
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="outline"
            onClick={() => download(document)}
            loading={downloadingId === document.id}
            aria-label={`Download ${document.fileName}`}
          >
            <Download aria-hidden="true" /> Download
          </Button>
          {canDelete ? (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setDeleting(document)}
              aria-label={`Delete ${document.fileName}`}
            >
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={documents}
        rowKey={(document) => document.id}
        isLoading={isLoading}
        error={documents.length === 0 ? error : null}
        emptyText={emptyText}
        loadingText="Loading documents..."
        onRetry={onRetry}
      />
      {extracting ? <ExtractPodDialog document={extracting} onClose={() => setExtracting(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete Document"
        description={deleting ? confirmDeleteText(deleting.fileName) : ''}
        isPending={isDeleting}
        onConfirm={() => deleting && deleteDocument(deleting, () => setDeleting(null))}
      />
    </>
  );
}
