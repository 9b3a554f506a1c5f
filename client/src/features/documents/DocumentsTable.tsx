import { useId, useState } from 'react';
import { Button, Flex, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { Download, EllipsisVertical, Eye, ScanText, Trash2 } from 'lucide-react';
import { confirmDeleteText, DOCUMENT_TYPE_LABELS, formatFileSize, type DocumentListItem } from '#shared/schemas/documents.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { formatDate } from '../../lib/format';
import { DocumentPreview } from './DocumentPreview';
import { ExtractPodDialog } from './ExtractPodDialog';
import { FileName } from './FileName';
import { useDocumentActions } from './use-documents';

/**
 * The spec's document table: file name (on one line, its extension always shown), type, size,
 * uploaded date, Extract Data on a POD, and one "Actions" menu per row (the invoices' pattern):
 * Preview (a side panel), Download, and Delete after the spec's confirmation.
 */
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
  // The panel keeps the last document it showed while it slides out.
  const [previewing, setPreviewing] = useState<DocumentListItem | null>(null);
  const [isPreviewOpen, setPreviewOpen] = useState(false);
  // The row's Actions button, where focus returns when the preview closes.
  const tableId = useId().replace(/[^\w-]/g, '');
  const triggerId = (document: DocumentListItem) => `documents-${tableId}-actions-${document.id}`;

  const openPreview = (document: DocumentListItem) => {
    setPreviewing(document);
    setPreviewOpen(true);
  };

  const columns: Column<DocumentListItem>[] = [
    {
      key: 'name',
      header: 'File Name',
      cell: (document) => <FileName name={document.fileName} maxW={{ base: 'full', md: '56', xl: 'sm' }} />,
    },
    { key: 'type', header: 'Type', cell: (document) => <Text whiteSpace="nowrap">{DOCUMENT_TYPE_LABELS[document.documentType]}</Text> },
    ...(showLoad ? [{ key: 'load', header: 'Load', cell: (document: DocumentListItem) => document.loadNumber ?? '—' }] : []),
    { key: 'size', header: 'Size', cell: (document) => <Text whiteSpace="nowrap">{formatFileSize(document.fileSize)}</Text> },
    { key: 'uploaded', header: 'Uploaded', cell: (document) => <Text whiteSpace="nowrap">{formatDate(document.createdAt)}</Text> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (document) => (
        <Flex gap="2" justify="end" align="center">
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
          <Menu.Root positioning={{ placement: 'bottom-end' }} ids={{ trigger: triggerId(document) }}>
            <Menu.Trigger asChild>
              <IconButton
                size="sm"
                variant="outline"
                loading={downloadingId === document.id}
                aria-label={`Actions for ${document.fileName}`}
              >
                <EllipsisVertical aria-hidden="true" />
              </IconButton>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="44">
                  <Menu.Item value="preview" onSelect={() => openPreview(document)}>
                    <Eye size={16} aria-hidden="true" /> Preview
                  </Menu.Item>
                  <Menu.Item value="download" onSelect={() => download(document)}>
                    <Download size={16} aria-hidden="true" /> Download
                  </Menu.Item>
                  {canDelete ? (
                    <>
                      <Menu.Separator />
                      <Menu.Item value="delete" color="fg.error" onSelect={() => setDeleting(document)}>
                        <Trash2 size={16} aria-hidden="true" /> Delete
                      </Menu.Item>
                    </>
                  ) : null}
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
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
      <DocumentPreview
        document={previewing}
        open={isPreviewOpen}
        onClose={() => setPreviewOpen(false)}
        onExitComplete={() => setPreviewing(null)}
        onDownload={download}
        isDownloading={previewing !== null && downloadingId === previewing.id}
        finalFocusEl={() => (previewing ? window.document.getElementById(triggerId(previewing)) : null)}
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
