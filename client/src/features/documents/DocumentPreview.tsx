import { useState, type ReactNode } from 'react';
import { Button, chakra, CloseButton, DataList, Drawer, Flex, Image, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { Download, FileX, RotateCw } from 'lucide-react';
import { DOCUMENT_TYPE_LABELS, formatFileSize, type DocumentListItem } from '#shared/schemas/documents.js';
import { formatDate } from '../../lib/format';
import { FileName } from './FileName';
import { previewKindOf, usePreviewLink } from './use-documents';

export const NO_PREVIEW_TEXT = 'No preview for this type';

/**
 * A document's preview in a side panel (a drawer on the right; the whole screen on a phone): its
 * name, type, load, size and upload date, the file itself (a PDF in a frame, an image as an
 * image, through the same signed link a download uses, asked for inline), Download and Close.
 * Another type says so and offers the download. The panel keeps the document it shows while it
 * slides out (`document` is the last one opened; `open` says whether it is).
 */
export function DocumentPreview({
  document,
  open,
  onClose,
  onExitComplete,
  onDownload,
  isDownloading,
  finalFocusEl,
}: {
  document: DocumentListItem | null;
  open: boolean;
  onClose: () => void;
  onExitComplete: () => void;
  onDownload: (document: DocumentListItem) => void;
  isDownloading: boolean;
  /** Where focus goes back to when the panel closes (the row's Actions button). */
  finalFocusEl?: () => HTMLElement | null;
}) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(event) => (event.open ? undefined : onClose())}
      onExitComplete={onExitComplete}
      placement="end"
      size={{ base: 'full', md: 'lg', xl: 'xl' }}
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            {document ? <PreviewContent document={document} onDownload={onDownload} isDownloading={isDownloading} /> : null}
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function PreviewContent({
  document,
  onDownload,
  isDownloading,
}: {
  document: DocumentListItem;
  onDownload: (document: DocumentListItem) => void;
  isDownloading: boolean;
}) {
  const kind = previewKindOf(document.contentType);
  return (
    <>
      <Drawer.Header pe="14">
        {/* The panel's accessible name is the whole file name; on screen its stem is cut, never the extension. */}
        <Drawer.Title minW="0">
          <FileName name={document.fileName} fontWeight="semibold" />
        </Drawer.Title>
      </Drawer.Header>
      <Drawer.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close preview" />
      </Drawer.CloseTrigger>
      <Drawer.Body display="flex" flexDirection="column" gap="4" pb="4">
        <DataList.Root orientation="horizontal" size="sm" gap="2" aria-label="Document details">
          <Detail label="Type" value={DOCUMENT_TYPE_LABELS[document.documentType]} />
          <Detail label="Load" value={document.loadNumber ?? '—'} />
          <Detail label="Size" value={formatFileSize(document.fileSize)} />
          <Detail label="Uploaded" value={formatDate(document.createdAt)} />
        </DataList.Root>
        {kind ? (
          <PreviewFrame key={document.id} document={document} kind={kind} onDownload={onDownload} isDownloading={isDownloading} />
        ) : (
          <NoPreview document={document} onDownload={onDownload} isDownloading={isDownloading} />
        )}
      </Drawer.Body>
      <Drawer.Footer borderTopWidth="1px">
        <Drawer.ActionTrigger asChild>
          <Button variant="outline">Close</Button>
        </Drawer.ActionTrigger>
        <Button
          colorPalette="blue"
          onClick={() => onDownload(document)}
          loading={isDownloading}
          aria-label={`Download ${document.fileName}`}
        >
          <Download aria-hidden="true" /> Download
        </Button>
      </Drawer.Footer>
    </>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="24">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** The file itself, once its inline link is made: a PDF in a frame that fills the panel, an image scaled to fit. */
function PreviewFrame({
  document,
  kind,
  onDownload,
  isDownloading,
}: {
  document: DocumentListItem;
  kind: 'pdf' | 'image';
  onDownload: (document: DocumentListItem) => void;
  isDownloading: boolean;
}) {
  const { url, failed, retry } = usePreviewLink(document);
  const [imageFailed, setImageFailed] = useState(false);
  const label = `Preview of ${document.fileName}`;

  if (failed || imageFailed) {
    return (
      <Placeholder>
        <Text role="alert">Could not load the preview.</Text>
        <Flex gap="2" wrap="wrap" justify="center">
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setImageFailed(false);
              retry();
            }}
          >
            <RotateCw aria-hidden="true" /> Try again
          </Button>
          <Button size="sm" variant="outline" onClick={() => onDownload(document)} loading={isDownloading}>
            <Download aria-hidden="true" /> Download instead
          </Button>
        </Flex>
      </Placeholder>
    );
  }
  if (!url) {
    return (
      <Placeholder>
        <Spinner size="md" color="blue.600" aria-hidden="true" />
        <Text role="status">Loading preview...</Text>
      </Placeholder>
    );
  }
  if (kind === 'pdf') {
    return (
      <chakra.iframe
        src={url}
        title={label}
        flex="1"
        w="full"
        minH={{ base: '60dvh', md: '70dvh' }}
        borderWidth="1px"
        borderRadius="md"
        bg="gray.100"
      />
    );
  }
  return (
    <Flex flex="1" align="start" justify="center" borderWidth="1px" borderRadius="md" bg="gray.50" p="2" minH="48">
      <Image src={url} alt={label} maxW="full" maxH="70dvh" objectFit="contain" onError={() => setImageFailed(true)} />
    </Flex>
  );
}

function NoPreview({
  document,
  onDownload,
  isDownloading,
}: {
  document: DocumentListItem;
  onDownload: (document: DocumentListItem) => void;
  isDownloading: boolean;
}) {
  return (
    <Placeholder>
      <FileX size={32} aria-hidden="true" />
      <Text fontWeight="medium">{NO_PREVIEW_TEXT}</Text>
      <Button size="sm" variant="outline" onClick={() => onDownload(document)} loading={isDownloading}>
        <Download aria-hidden="true" /> Download to open it
      </Button>
    </Placeholder>
  );
}

function Placeholder({ children }: { children: ReactNode }) {
  return (
    <Stack
      flex="1"
      align="center"
      justify="center"
      gap="3"
      minH="48"
      borderWidth="1px"
      borderStyle="dashed"
      borderRadius="md"
      p="6"
      color="fg.muted"
      textAlign="center"
    >
      {children}
    </Stack>
  );
}
