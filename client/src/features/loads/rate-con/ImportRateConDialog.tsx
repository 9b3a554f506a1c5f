import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, chakra, Dialog, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { FileUp } from 'lucide-react';
import type { RateConExtractOutput } from '#shared/schemas/rate-cons.js';
import { DialogFrame } from '../../../components/DialogFrame';
import { RATE_CON_ACCEPT } from './files';
import { uploadRateCon } from './upload-rate-con';

type Step = { kind: 'choose' } | { kind: 'uploading'; percent: number } | { kind: 'reading' } | { kind: 'failed'; message: string };

/**
 * "Import Rate Con": choose (or drop) the broker's rate confirmation, a PDF or a photo; it is sent
 * and read ("Reading the rate con…": a scan takes seconds), then `onRead` opens the Create Load
 * form prefilled. A file that cannot be read shows the server's message here and nothing is made.
 * `initialFile`: a file dropped on the loads page, sent at once.
 */
export function ImportRateConDialog({
  initialFile,
  onRead,
  onClose,
}: {
  initialFile: File | null;
  onRead: (read: RateConExtractOutput) => void;
  onClose: () => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const input = useRef<HTMLInputElement>(null);
  const started = useRef(false);
  const busy = step.kind === 'uploading' || step.kind === 'reading';

  const send = async (file: File) => {
    setStep({ kind: 'uploading', percent: 0 });
    const outcome = await uploadRateCon(file, (percent) => setStep(percent >= 100 ? { kind: 'reading' } : { kind: 'uploading', percent }));
    if (outcome.ok) onRead(outcome.read);
    else setStep({ kind: 'failed', message: outcome.message });
  };
  // A dropped file is sent once, as the dialog opens.
  useEffect(() => {
    if (!initialFile || started.current) return;
    started.current = true;
    void send(initialFile);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the file the dialog opened with
  }, [initialFile]);

  return (
    <DialogFrame
      open
      onClose={() => (busy ? undefined : onClose())}
      size="md"
      title="Import Rate Con"
      description="Choose the broker's rate confirmation (PDF, JPEG or PNG). It is read on our server and opens a new load for you to check."
    >
      <Dialog.Body>
        <Stack gap="4" aria-live="polite" aria-busy={busy}>
          {step.kind === 'uploading' ? (
            <Stack gap="2">
              <Text>Uploading… {step.percent}%</Text>
              <Progress.Root value={step.percent} size="sm" aria-label="Upload progress">
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Stack>
          ) : null}
          {step.kind === 'reading' ? (
            <Stack direction="row" gap="3" align="center">
              <Spinner size="sm" aria-hidden="true" />
              <Text>Reading the rate con… a scan or photo can take a few seconds.</Text>
            </Stack>
          ) : null}
          {step.kind === 'failed' ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>The rate con could not be imported</Alert.Title>
                <Alert.Description>{step.message}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {busy ? null : (
            <Box borderWidth="2px" borderStyle="dashed" borderColor="gray.300" borderRadius="md" p="6" textAlign="center">
              <chakra.input
                ref={input}
                type="file"
                id="rate-con-file"
                aria-label="Rate confirmation file"
                accept={RATE_CON_ACCEPT}
                srOnly
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  event.currentTarget.value = '';
                  if (file) void send(file);
                }}
              />
              <Button colorPalette="blue" onClick={() => input.current?.click()}>
                <FileUp aria-hidden="true" /> {step.kind === 'failed' ? 'Choose another file' : 'Choose file'}
              </Button>
              <Text fontSize="sm" color="gray.700" mt="2">
                Or drop the file on the loads page.
              </Text>
            </Box>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
