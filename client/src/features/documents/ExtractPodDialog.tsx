import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Center,
  Checkbox,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Progress,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { DOCUMENT_TEXTS, POD_LIMITS, type DocumentListItem, type PodField, type PodProposal } from '#shared/schemas/documents.js';
import { DialogFrame } from '../../components/DialogFrame';
import { notify } from '../../components/toaster';
import { reportFailure } from '../../lib/errors';
import { formatDateAtTime } from '../../lib/format';
import { errorDetails, trpc } from '../../lib/trpc';

interface Values {
  deliveryDate: string;
  deliveryTime: string;
  recipientName: string;
  recipientSignature: boolean;
  location: string;
  condition: 'good' | 'other';
  notes: string;
}

const fromProposal = (proposal: PodProposal): Values => ({
  deliveryDate: proposal.deliveryDate.value ?? '',
  deliveryTime: proposal.deliveryTime.value ?? '',
  recipientName: proposal.recipientName.value ?? '',
  recipientSignature: proposal.recipientSignature.value ?? false,
  location: proposal.location.value ?? '',
  condition: proposal.condition.value ?? 'good',
  notes: proposal.notes.value ?? '',
});

/** Where a proposed value was read, and how sure the reading is. */
function SourceNote({ field }: { field: PodField<unknown> }) {
  if (field.value === null || !field.source) return <Field.HelperText>Not found in the document</Field.HelperText>;
  return (
    <Field.HelperText>
      Read from “{field.source}” · {Math.round(field.confidence * 100)}% confidence
    </Field.HelperText>
  );
}

function Labelled({ label, field, children }: { label: string; field: PodField<unknown>; children: ReactNode }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      {children}
      <SourceNote field={field} />
    </Field.Root>
  );
}

/**
 * "Extract Data" on a POD: reads it (progress shown while it runs), then a review form with each
 * proposed field, the text it was read from and the reading's confidence. Nothing is stored until
 * the person confirms; they may correct any field first.
 */
export function ExtractPodDialog({ document, onClose }: { document: DocumentListItem; onClose: () => void }) {
  const utils = trpc.useUtils();
  const extract = trpc.documents.extractPod.useMutation();
  const confirm = trpc.documents.confirmPod.useMutation({ onSuccess: () => utils.documents.podData.invalidate({ id: document.id }) });
  const confirmed = trpc.documents.podData.useQuery({ id: document.id });
  const [proposal, setProposal] = useState<PodProposal | null>(null);
  const [values, setValues] = useState<Values | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    extract.mutate(
      { id: document.id },
      {
        onSuccess: (result) => {
          setProposal(result.proposal);
          setValues(fromProposal(result.proposal));
          notify.success(DOCUMENT_TEXTS.extracted);
        },
        onError: (error) => notify.error(DOCUMENT_TEXTS.extractionFailed, errorDetails(error).message),
      },
    );
  }, [document.id, extract]);

  const set = <Key extends keyof Values>(key: Key, value: Values[Key]) =>
    setValues((current) => (current ? { ...current, [key]: value } : current));

  const submit = () => {
    if (!values) return;
    confirm.mutate(
      { id: document.id, ...values },
      {
        onSuccess: () => {
          notify.success('POD Data Confirmed');
          onClose();
        },
        onError: (error) => reportFailure('Error', error),
      },
    );
  };

  const previous = confirmed.data;
  return (
    <DialogFrame open onClose={onClose} size="lg" title="Extract Data" description={document.fileName}>
      <Dialog.Body>
        {extract.isPending ? (
          <Center py="10" role="status">
            <Stack align="center" gap="3" w="full" maxW="sm">
              <Spinner color="blue.600" />
              <Text>Extracting data...</Text>
              <Progress.Root value={null} size="sm" w="full" aria-label="Extraction progress">
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Stack>
          </Center>
        ) : extract.isError ? (
          <Stack gap="3" py="6" align="center">
            <Text role="alert">{DOCUMENT_TEXTS.extractionFailed}</Text>
            <Button variant="outline" onClick={() => extract.mutate({ id: document.id })}>
              Try again
            </Button>
          </Stack>
        ) : proposal && values ? (
          <Stack gap="4">
            <Text color="gray.700">
              Check each value against the document, correct what is wrong, then confirm. Only confirmed values are saved.
            </Text>
            {previous ? (
              <Text fontSize="sm" color="gray.700">
                Confirmed before by {previous.confirmedByName ?? 'a former member'} on {formatDateAtTime(previous.confirmedAt)}.
              </Text>
            ) : null}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Labelled label="Delivery Date" field={proposal.deliveryDate}>
                <Input type="date" value={values.deliveryDate} onChange={(event) => set('deliveryDate', event.target.value)} />
              </Labelled>
              <Labelled label="Delivery Time" field={proposal.deliveryTime}>
                <Input type="time" value={values.deliveryTime} onChange={(event) => set('deliveryTime', event.target.value)} />
              </Labelled>
              <Labelled label="Recipient Name" field={proposal.recipientName}>
                <Input
                  value={values.recipientName}
                  maxLength={POD_LIMITS.recipientName}
                  onChange={(event) => set('recipientName', event.target.value)}
                />
              </Labelled>
              <Labelled label="Location" field={proposal.location}>
                <Input value={values.location} maxLength={POD_LIMITS.location} onChange={(event) => set('location', event.target.value)} />
              </Labelled>
              <Labelled label="Condition" field={proposal.condition}>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={values.condition}
                    onChange={(event) => set('condition', event.target.value as Values['condition'])}
                  >
                    <option value="good">Good</option>
                    <option value="other">Other</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Labelled>
              <Field.Root>
                <Checkbox.Root
                  checked={values.recipientSignature}
                  onCheckedChange={(event) => set('recipientSignature', event.checked === true)}
                  mt={{ md: '7' }}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Recipient signed</Checkbox.Label>
                </Checkbox.Root>
                <SourceNote field={proposal.recipientSignature} />
              </Field.Root>
            </SimpleGrid>
            <Labelled label="Notes" field={proposal.notes}>
              <Textarea value={values.notes} maxLength={POD_LIMITS.notes} onChange={(event) => set('notes', event.target.value)} />
            </Labelled>
          </Stack>
        ) : null}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button colorPalette="blue" onClick={submit} disabled={!values} loading={confirm.isPending} loadingText="Confirming...">
          Confirm
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
