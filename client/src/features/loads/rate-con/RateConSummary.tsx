import { useState } from 'react';
import { Alert, Button, Link, Stack, Text } from '@chakra-ui/react';
import { UserPlus } from 'lucide-react';
import { createBrokerInput } from '#shared/schemas/brokers.js';
import type { RateConExtractOutput } from '#shared/schemas/rate-cons.js';
import { reportFailure } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { notify } from '../../../components/toaster';

/**
 * Above the prefilled Create Load form: where the values came from, a possible duplicate (a load
 * of the company with the same broker reference, amber, with a link), and the broker: matched
 * (the form's Broker is set, its mark says how), or "Add broker 'X' (MC …)", which creates the
 * broker with the name, MC number, phone and email read (brokers.create) and selects it.
 */
export function RateConSummary({ read, onBroker }: { read: RateConExtractOutput; onBroker: (brokerId: string) => void }) {
  const { fields } = read;
  const utils = trpc.useUtils();
  const create = trpc.brokers.create.useMutation();
  const [added, setAdded] = useState<string | null>(null);
  const name = fields.brokerName.value?.trim() ?? '';
  const mc = fields.brokerMc.value?.replace(/\D/g, '') ?? '';

  const addBroker = () => {
    // What the form would refuse (an unreadable phone or email) is left out rather than blocking the broker.
    const candidate = { name, companyName: name, mcNumber: mc || null, phone: fields.brokerPhone.value, email: fields.brokerEmail.value };
    const checked = createBrokerInput.safeParse(candidate);
    const input = checked.success
      ? candidate
      : {
          ...candidate,
          ...Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), null]).filter(([key]) => key !== 'name')),
        };
    create.mutate(input, {
      onSuccess: (broker) => {
        void utils.loads.formOptions.invalidate();
        void utils.brokers.invalidate();
        setAdded(broker.name);
        onBroker(broker.id);
        notify.success('Broker added', `${broker.name} is this load's broker.`);
      },
      onError: (error) => reportFailure('Failed to add broker', error),
    });
  };

  return (
    <Stack gap="3">
      <Text fontSize="sm" color="gray.700">
        Read from{' '}
        <Text as="span" fontWeight="semibold">
          {read.fileName}
        </Text>
        {read.method === 'ocr' ? ' (a scan, read by OCR)' : ''}. Fields marked “From rate con” were read from it; check those marked “Check
        this”. The document is attached to the load when you create it.
      </Text>
      {read.duplicateOf ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Possible duplicate of load {read.duplicateOf.loadNumber} (same broker reference)</Alert.Title>
            <Alert.Description>
              <Link href={`/loads?load=${read.duplicateOf.id}`} target="_blank" rel="noopener" textDecoration="underline">
                Open {read.duplicateOf.loadNumber} in a new tab
              </Link>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {!read.brokerMatch && name && !added ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              No broker of yours matches “{name}”{mc ? ` (MC ${mc})` : ''}
            </Alert.Title>
            <Alert.Description>
              <Button
                size="sm"
                mt="2"
                variant="outline"
                bg="white"
                whiteSpace="normal"
                h="auto"
                py="1.5"
                textAlign="start"
                onClick={addBroker}
                loading={create.isPending}
                loadingText="Adding broker..."
              >
                <UserPlus aria-hidden="true" /> Add broker “{name}”{mc ? ` (MC ${mc})` : ''}
              </Button>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
