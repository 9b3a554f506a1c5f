import { useRef, useState } from 'react';
import { Button, Progress, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Camera } from 'lucide-react';
import { DOCUMENT_TEXTS } from '#shared/schemas/documents.js';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { uploadDocument } from '../documents/use-documents';

/** What the phone's camera or files may give: a photo or a PDF (the server checks the content). */
export const POD_ACCEPT = 'image/*,application/pdf';

type PodState = { state: 'idle' } | { state: 'uploading'; progress: number } | { state: 'failed'; message: string };

/**
 * Upload POD on one of the driver's loads: opens the phone's camera (a file picker elsewhere),
 * sends the photo or PDF as the load's proof of delivery through POST /api/documents (which admits
 * a driver only for a POD of their own load), shows the progress, then "Document Uploaded" or why not.
 * The document then shows in the portal's documents.
 */
export function PodUpload({ loadId, loadNumber }: { loadId: string; loadNumber: string }) {
  const input = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const [pod, setPod] = useState<PodState>({ state: 'idle' });

  const send = async (file: File) => {
    setPod({ state: 'uploading', progress: 0 });
    const outcome = await uploadDocument(file, { documentType: 'pod', loadId }, (progress) => setPod({ state: 'uploading', progress }));
    if (outcome.ok) {
      setPod({ state: 'idle' });
      notify.success(DOCUMENT_TEXTS.uploaded, `Proof of delivery for ${loadNumber}`);
      void utils.documents.mine.invalidate();
    } else {
      setPod({ state: 'failed', message: outcome.message });
      notify.error(DOCUMENT_TEXTS.uploadFailed, outcome.message);
    }
  };

  const uploading = pod.state === 'uploading';
  return (
    <Stack gap="1" alignSelf="stretch">
      <Button
        alignSelf="start"
        size="sm"
        variant="outline"
        loading={uploading}
        loadingText="Uploading..."
        onClick={() => input.current?.click()}
        aria-label={`Upload POD: ${loadNumber}`}
      >
        <Camera aria-hidden="true" /> Upload POD
      </Button>
      <VisuallyHidden asChild>
        <input
          ref={input}
          type="file"
          accept={POD_ACCEPT}
          capture="environment"
          aria-label={`Proof of delivery for ${loadNumber}`}
          tabIndex={-1}
          data-testid={`pod-input-${loadNumber}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void send(file);
          }}
        />
      </VisuallyHidden>
      {uploading ? (
        <Progress.Root value={pod.progress} size="sm" colorPalette="blue">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
          <Progress.Label fontSize="sm" fontWeight="normal" color="gray.700">{`Uploading POD... ${pod.progress}%`}</Progress.Label>
        </Progress.Root>
      ) : null}
      {pod.state === 'failed' ? (
        <Text fontSize="sm" color="red.700" role="alert">
          {pod.message}
        </Text>
      ) : null}
    </Stack>
  );
}
