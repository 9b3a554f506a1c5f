import { useRef, useState, type DragEvent } from 'react';
import { Box, Button, Dialog, Flex, Progress, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { CheckCircle2, CircleAlert, Upload } from 'lucide-react';
import {
  DOCUMENT_TEXTS,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_VISIBILITIES,
  DOCUMENT_VISIBILITY_LABELS,
  formatFileSize,
  UPLOAD_ACCEPT,
  UPLOAD_DOCUMENT_TYPES,
  type DocumentType,
  type DocumentVisibility,
} from '#shared/schemas/documents.js';
import { DialogFrame } from '../../components/DialogFrame';
import { PlainSelect } from '../../components/PlainFields';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { uploadDocument } from './use-documents';

interface QueuedFile {
  key: string;
  file: File;
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  message: string | null;
}

const none = { value: '', label: 'None' };

/**
 * The upload dialog: files by picker or drag and drop, several at once, each with its own
 * progress bar and outcome; document type (default other, or load_document from a load),
 * visibility (default dispatcher), and an optional load, driver and carrier. The server checks
 * every file (type by content, size, name); its refusal shows beside the file.
 */
export function UploadDialog({
  onClose,
  loadId,
  defaultType = 'other',
}: {
  onClose: () => void;
  loadId?: string;
  defaultType?: DocumentType;
}) {
  const utils = trpc.useUtils();
  const options = trpc.loads.formOptions.useQuery();
  const loads = trpc.loads.list.useQuery({ search: '', status: 'all', limit: 100 }, { enabled: !loadId });
  const input = useRef<HTMLInputElement>(null);
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [documentType, setDocumentType] = useState<DocumentType>(defaultType);
  const [visibility, setVisibility] = useState<DocumentVisibility>('dispatcher');
  const [chosenLoad, setChosenLoad] = useState(loadId ?? '');
  const [driverId, setDriverId] = useState('');
  const [carrierId, setCarrierId] = useState('');
  const [isDragging, setDragging] = useState(false);
  const [isUploading, setUploading] = useState(false);
  const [missingFile, setMissingFile] = useState(false);

  const addFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setMissingFile(false);
    const added = [...files].map((file) => ({ key: crypto.randomUUID(), file, progress: 0, state: 'waiting' as const, message: null }));
    setQueue((current) => [...current.filter((item) => item.state !== 'done'), ...added]);
  };
  const update = (key: string, change: Partial<QueuedFile>) =>
    setQueue((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  const start = async () => {
    const pending = queue.filter((item) => item.state === 'waiting' || item.state === 'failed');
    if (pending.length === 0) {
      setMissingFile(true);
      notify.error('Error', DOCUMENT_TEXTS.selectFile);
      return;
    }
    setUploading(true);
    let uploaded = 0;
    let firstFailure: string | null = null;
    // One after the other: each file has the connection to itself and its own outcome.
    for (const item of pending) {
      update(item.key, { state: 'uploading', progress: 0, message: null });
      const outcome = await uploadDocument(item.file, { documentType, visibility, loadId: chosenLoad, driverId, carrierId }, (progress) =>
        update(item.key, { progress }),
      );
      if (outcome.ok) {
        uploaded += 1;
        update(item.key, { state: 'done', progress: 100 });
      } else {
        firstFailure ??= outcome.message;
        update(item.key, { state: 'failed', message: outcome.message });
      }
    }
    setUploading(false);
    if (uploaded > 0) {
      notify.success(DOCUMENT_TEXTS.uploaded, uploaded > 1 ? `${uploaded} files uploaded` : undefined);
      void utils.documents.invalidate();
    }
    if (firstFailure) notify.error(DOCUMENT_TEXTS.uploadFailed, firstFailure);
    else onClose();
  };

  const pickList = (items: { id: string; name: string }[] | undefined) => [
    none,
    ...(items ?? []).map((item) => ({ value: item.id, label: item.name })),
  ];

  return (
    <DialogFrame open onClose={onClose} size="lg" title="Upload Document" description="PDF, Word (doc, docx), JPG or PNG, up to 25 MB each">
      <Dialog.Body>
        <Stack gap="4">
          <Box
            borderWidth="2px"
            borderStyle="dashed"
            borderColor={isDragging ? 'blue.500' : missingFile ? 'red.500' : 'gray.300'}
            bg={isDragging ? 'blue.50' : 'gray.50'}
            borderRadius="md"
            p="6"
            textAlign="center"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="upload-drop-zone"
          >
            <Stack align="center" gap="2">
              <Upload aria-hidden="true" />
              <Text>Drag and drop files here, or</Text>
              <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={isUploading}>
                Choose files
              </Button>
              <VisuallyHidden asChild>
                <input
                  ref={input}
                  type="file"
                  multiple
                  accept={UPLOAD_ACCEPT}
                  aria-label="Files"
                  tabIndex={-1}
                  onChange={(event) => {
                    addFiles(event.target.files);
                    event.target.value = '';
                  }}
                />
              </VisuallyHidden>
              {missingFile ? (
                <Text color="red.600" role="alert">
                  {DOCUMENT_TEXTS.selectFile}
                </Text>
              ) : null}
            </Stack>
          </Box>

          {queue.length > 0 ? (
            <Stack as="ul" listStyleType="none" gap="3" aria-label="Files to upload">
              {queue.map((item) => (
                <Box as="li" key={item.key} borderWidth="1px" borderRadius="md" p="3" bg="white">
                  <Flex justify="space-between" gap="3" align="center">
                    <Text fontWeight="medium" wordBreak="break-all">
                      {item.file.name}
                    </Text>
                    <Text fontSize="sm" color="gray.700" whiteSpace="nowrap">
                      {formatFileSize(item.file.size)}
                    </Text>
                  </Flex>
                  <Progress.Root value={item.progress} size="sm" mt="2" colorPalette={item.state === 'failed' ? 'red' : 'blue'}>
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                    <VisuallyHidden>
                      <Progress.Label>{`${item.file.name} upload progress`}</Progress.Label>
                    </VisuallyHidden>
                  </Progress.Root>
                  <Text
                    fontSize="sm"
                    mt="1"
                    color={item.state === 'failed' ? 'red.700' : 'gray.700'}
                    role={item.state === 'failed' ? 'alert' : undefined}
                  >
                    {item.state === 'done' ? (
                      <>
                        <CheckCircle2 size={14} aria-hidden="true" style={{ display: 'inline' }} /> Uploaded
                      </>
                    ) : item.state === 'failed' ? (
                      <>
                        <CircleAlert size={14} aria-hidden="true" style={{ display: 'inline' }} /> {item.message}
                      </>
                    ) : item.state === 'uploading' ? (
                      `Uploading... ${item.progress}%`
                    ) : (
                      'Ready to upload'
                    )}
                  </Text>
                </Box>
              ))}
            </Stack>
          ) : null}

          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <PlainSelect
              label="Document Type"
              name="documentType"
              value={documentType}
              onChange={(value) => setDocumentType(value as DocumentType)}
              options={[
                ...UPLOAD_DOCUMENT_TYPES.map((type) => ({ value: type, label: DOCUMENT_TYPE_LABELS[type] })),
                ...(defaultType === 'load_document' ? [{ value: 'load_document', label: DOCUMENT_TYPE_LABELS.load_document }] : []),
              ]}
            />
            <PlainSelect
              label="Visibility"
              name="visibility"
              value={visibility}
              onChange={(value) => setVisibility(value as DocumentVisibility)}
              options={DOCUMENT_VISIBILITIES.map((value) => ({ value, label: DOCUMENT_VISIBILITY_LABELS[value] }))}
            />
            {loadId ? null : (
              <PlainSelect
                label="Load (optional)"
                name="loadId"
                value={chosenLoad}
                onChange={setChosenLoad}
                options={pickList(loads.data?.items.map((load) => ({ id: load.id, name: load.loadNumber })))}
              />
            )}
            <PlainSelect
              label="Driver (optional)"
              name="driverId"
              value={driverId}
              onChange={setDriverId}
              options={pickList(options.data?.drivers)}
            />
            <PlainSelect
              label="Carrier (optional)"
              name="carrierId"
              value={carrierId}
              onChange={setCarrierId}
              options={pickList(options.data?.carriers)}
            />
          </SimpleGrid>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={isUploading}>
          Cancel
        </Button>
        <Button colorPalette="blue" onClick={() => void start()} loading={isUploading} loadingText="Uploading...">
          <Upload aria-hidden="true" /> Upload
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
