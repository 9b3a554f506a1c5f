import { useState } from 'react';
import { Button, Menu, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, FileDown, FileText, Send } from 'lucide-react';
import { LOAD_PAPERWORK_TEXTS, sendConfirmationInput } from '#shared/schemas/load-paperwork.js';
import type { LoadDetail } from '#shared/schemas/loads.js';
import { FormDialog } from '../../components/FormDialog';
import { QueryState } from '../../components/QueryState';
import { ToggleField } from '../../components/ToggleField';
import { notify } from '../../components/toaster';
import { reportFailure } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { saveFile } from '../invoices/use-invoices';

/**
 * The load's paperwork (issue 26, item 7), in the load detail dialog: the load confirmation (the
 * driver's dispatch sheet) and the bill of lading, each a PDF made on the server and saved as a
 * file, and "Send to driver" for those who may change the load (disabled, with its reason, while
 * the load has no driver).
 */
export function LoadPaperworkMenu({ load, canSend }: { load: LoadDetail; canSend: boolean }) {
  const [sending, setSending] = useState(false);
  const confirmation = trpc.loadPaperwork.confirmationPdf.useMutation();
  const billOfLading = trpc.loadPaperwork.billOfLadingPdf.useMutation();
  const busy = confirmation.isPending || billOfLading.isPending;
  const save = {
    onSuccess: ({ fileName, contentBase64 }: { fileName: string; contentBase64: string }) => saveFile(fileName, contentBase64),
  };
  const hasDriver = load.driverId !== null;

  return (
    <>
      <Menu.Root positioning={{ placement: 'top-end' }}>
        <Menu.Trigger asChild>
          <Button variant="outline" loading={busy} loadingText="Preparing PDF...">
            <FileText aria-hidden="true" /> Paperwork <ChevronDown aria-hidden="true" />
          </Button>
        </Menu.Trigger>
        {/* Not portalled: inside the load's modal dialog, whose focus trap keeps focus in it (Ark's advice for a menu in a dialog). */}
        <Menu.Positioner>
          <Menu.Content minW="64">
            <Menu.Item
              value="confirmation"
              onSelect={() =>
                confirmation.mutate(
                  { loadId: load.id },
                  { ...save, onError: (error) => reportFailure('Failed to make the load confirmation', error) },
                )
              }
            >
              <FileDown size={16} aria-hidden="true" /> {LOAD_PAPERWORK_TEXTS.confirmation}
            </Menu.Item>
            {canSend ? (
              <Menu.Item value="send" disabled={!hasDriver} onSelect={() => setSending(true)}>
                <Send size={16} aria-hidden="true" />
                <Stack gap="0">
                  <Text as="span">{LOAD_PAPERWORK_TEXTS.send}</Text>
                  {hasDriver ? null : (
                    <Text as="span" fontSize="xs" color="gray.700">
                      {LOAD_PAPERWORK_TEXTS.noDriver}
                    </Text>
                  )}
                </Stack>
              </Menu.Item>
            ) : null}
            <Menu.Item
              value="bol"
              onSelect={() =>
                billOfLading.mutate(
                  { loadId: load.id },
                  { ...save, onError: (error) => reportFailure('Failed to make the bill of lading', error) },
                )
              }
            >
              <FileDown size={16} aria-hidden="true" /> {LOAD_PAPERWORK_TEXTS.billOfLading}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
      {sending ? <SendConfirmationDialog load={load} onClose={() => setSending(false)} /> : null}
    </>
  );
}

const emailChoice = sendConfirmationInput.pick({ emailDriver: true });

/**
 * "Send to driver": names the driver and their email, offers to email the PDF (on when the driver
 * has an address), and sends: the driver's portal shows the confirmation from then on.
 */
function SendConfirmationDialog({ load, onClose }: { load: LoadDetail; onClose: () => void }) {
  const status = trpc.loadPaperwork.confirmationStatus.useQuery({ loadId: load.id });
  const utils = trpc.useUtils();
  const send = trpc.loadPaperwork.sendConfirmation.useMutation({
    onSettled: () => void utils.loadPaperwork.confirmationStatus.invalidate({ loadId: load.id }),
  });
  const driver = status.data?.driver ?? null;
  const form = useZodForm(emailChoice, { emailDriver: true });
  const canEmail = Boolean(driver?.email);
  const onSubmit = form.handleSubmit((input) => {
    if (!driver) return;
    send.mutate(
      { loadId: load.id, emailDriver: canEmail && input.emailDriver },
      {
        onSuccess: (sent) => {
          notify.success(
            LOAD_PAPERWORK_TEXTS.sent,
            sent.emailedTo
              ? `${load.loadNumber} was sent to ${sent.driverName} (${sent.emailedTo}) and is in their portal`
              : `${load.loadNumber} is in ${sent.driverName}'s portal`,
          );
          onClose();
        },
        onError: form.fail('Failed to send the load confirmation'),
      },
    );
  });

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Send load confirmation"
      description={`Send the load confirmation of ${load.loadNumber} to its driver.`}
      submitLabel={LOAD_PAPERWORK_TEXTS.send}
      busyLabel="Sending..."
      isPending={send.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <QueryState
        isLoading={status.isLoading}
        error={status.error}
        loadingText="Loading the driver..."
        isEmpty={!status.data}
        emptyText="Load not found"
        onRetry={() => void status.refetch()}
      >
        {driver ? (
          <Stack gap="3">
            <Text>
              Driver: <strong>{driver.name}</strong>
              {driver.email ? ` (${driver.email})` : ''}
            </Text>
            {canEmail ? (
              <ToggleField control={form.control} name="emailDriver" label={`Email the PDF to ${driver.email ?? ''}`} />
            ) : (
              <Text fontSize="sm" color="gray.700">
                {driver.name} has no email address: the confirmation goes to their driver portal only.
              </Text>
            )}
            <Text fontSize="sm" color="gray.700">
              The driver sees it in their portal once sent.
              {status.data?.lastSentAt ? ` Last sent ${formatDateTime(status.data.lastSentAt)}.` : ''}
            </Text>
          </Stack>
        ) : (
          <Text role="status">{LOAD_PAPERWORK_TEXTS.noDriver}.</Text>
        )}
      </QueryState>
    </FormDialog>
  );
}
